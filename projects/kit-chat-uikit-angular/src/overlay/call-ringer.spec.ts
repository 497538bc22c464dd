import {OverlayContainer} from '@angular/cdk/overlay';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitUIKitConfig} from '../core/config';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {provideKitUIKit} from '../core/provide-kit-uikit';
import {KitCallOverlay} from './call-overlay';
import {KitCallRinger} from './call-ringer';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

/** A stand-in for the browser's Notification, recording what the ringer does with it. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;

  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }

  close(): void {
    this.closed = true;
  }
}

describe('KitCallRinger', () => {
  let calls: KitCallsTestingController;
  let visibility: DocumentVisibilityState;
  const settle = () => jest.advanceTimersByTimeAsync(50);

  function setup(config: Omit<KitUIKitConfig, 'callsSdk'>): void {
    TestBed.configureTestingModule({providers: [provideKitCallsTesting({config})]});
    calls = TestBed.inject(KitCallsTestingController);
  }

  async function ring(): Promise<KitCall> {
    const ringing = calls.farSide.ring(ADA, calls.me, 'video');
    await settle();
    return ringing;
  }

  beforeEach(() => {
    jest.useFakeTimers();
    visibility = 'hidden';
    jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    FakeNotification.shown = [];
    FakeNotification.permission = 'granted';
    (window as unknown as {Notification: unknown}).Notification = FakeNotification;
  });

  afterEach(() => {
    TestBed.resetTestingModule();
    delete (window as unknown as {Notification?: unknown}).Notification;
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  describe('notification while the tab is hidden (opt-in)', () => {
    it('should raise a notification for a call that rings in a hidden tab, and close it when the call ends', async () => {
      setup({notifyWhenHidden: true});
      const call = await ring();
      expect(FakeNotification.shown.map(n => n.title)).toEqual([
        'Incoming video call from Ada Lovelace',
      ]);
      const cancelled = calls.farSide.cancel(call.sessionId);
      await settle();
      await cancelled;
      await settle();
      expect(FakeNotification.shown[0].closed).toBe(true);
    });

    it('should focus the window when the notification is clicked', async () => {
      setup({notifyWhenHidden: true});
      const focus = jest.spyOn(window, 'focus').mockImplementation(() => {});
      await ring();
      FakeNotification.shown[0].onclick?.();
      expect(focus).toHaveBeenCalled();
      expect(FakeNotification.shown[0].closed).toBe(true);
    });

    it('should raise none when the tab is visible, when not opted in, or without permission', async () => {
      setup({notifyWhenHidden: true});
      visibility = 'visible';
      await ring();
      TestBed.resetTestingModule();
      visibility = 'hidden';
      setup({});
      await ring();
      TestBed.resetTestingModule();
      FakeNotification.permission = 'default';
      setup({notifyWhenHidden: true});
      await ring();
      expect(FakeNotification.shown).toEqual([]);
    });
  });

  it('should report a ring with an invalid call through onError, and open nothing', async () => {
    const errors: KitException[] = [];
    setup({onError: error => errors.push(error)});
    const broken = {
      sessionId: 'x1',
      type: 'audio',
      sender: ADA,
      callInitiator: ADA,
    } as unknown as KitCall;
    calls.sdk._deliver('onIncomingCallReceived', broken);
    await settle();
    expect(errors.map(error => error.code)).toEqual(['ERR_INVALID_CALL']);
    expect(TestBed.inject(KitCallOverlay).openCalls).toEqual([]);
  });

  it('should report a missing SDK through onError instead of throwing', () => {
    const errors: KitException[] = [];
    TestBed.configureTestingModule({
      providers: [provideKitUIKit({onError: error => errors.push(error)})],
    });
    expect(() => TestBed.inject(KitCallRinger)).not.toThrow();
    expect(errors.map(error => error.code)).toEqual(['ERR_NOT_INITIALIZED']);
    expect(TestBed.inject(KitCallRinger).isStarted).toBe(false);
  });

  it('should listen while nobody is logged in yet, so a later login rings', async () => {
    const errors: KitException[] = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({user: null, config: {onError: error => errors.push(error)}}),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    expect(TestBed.inject(KitCallRinger).isStarted).toBe(true);
    calls.sdk.login({uid: 'me', name: 'Me'});
    await ring();
    expect(TestBed.inject(KitCallOverlay).openCalls).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('should open the call screen right to left on a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    try {
      setup({});
      await ring();
      const wrapper = TestBed.inject(OverlayContainer)
        .getContainerElement()
        .querySelector('.cdk-global-overlay-wrapper');
      expect(wrapper?.getAttribute('dir')).toBe('rtl');
    } finally {
      document.documentElement.dir = '';
    }
  });
});
