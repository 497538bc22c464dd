import {OverlayContainer} from '@angular/cdk/overlay';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitInMemorySwitchboard, kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitFakeAudioPlayer} from '../../testing/fake-audio-player';
import {KitCallRegistry} from '../registry/call-registry';
import {withAutoRing, withCallWaiting, withHiddenTabNotifications} from '../ring/call-features';
import {KitCall, KitUser} from '../sdk/models';
import {KitException} from '../sdk/kit-exception';
import {KitAudioPlayer} from '../sound/audio-player';
import {KitCallsFeature} from '../core/calls-feature';
import {KitUIKitConfig} from '../core/config';
import {provideKitCalls} from './provide-kit-calls';
import {provideKitUIKit} from './provide-kit-uikit';

const ME: KitUser = {uid: 'me', name: 'Me'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};

@Component({template: '<p>Page</p>'})
class Page {}

/** A stand-in for the browser's Notification: records what the kit shows and closes. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
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

describe('provideKitCalls and its features', () => {
  let switchboard: KitInMemorySwitchboard;
  let container: HTMLElement;

  async function setup(providers: unknown[]): Promise<void> {
    TestBed.configureTestingModule({
      providers: [
        ...(providers as never[]),
        {provide: KitAudioPlayer, useClass: KitFakeAudioPlayer},
      ],
    });
    switchboard = TestBed.inject(KitInMemorySwitchboard);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    TestBed.createComponent(Page);
    await settle();
  }

  const core = (config: KitUIKitConfig = {}, ...features: KitCallsFeature[]) =>
    provideKitCalls({...config, callsSdk: kitInMemoryCallsSdk(ME)}, ...features);
  const batteries = (config: KitUIKitConfig = {}, ...features: KitCallsFeature[]) =>
    provideKitUIKit({...config, callsSdk: kitInMemoryCallsSdk(ME)}, ...features);

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ringFrom(user: KitUser, type = 'audio'): Promise<KitCall> {
    const ringing = switchboard.control.ring(user, ME, type);
    await settle();
    return ringing;
  }

  const find = (selector: string) => container.querySelector<HTMLElement>(selector);
  const statusOf = (call: KitCall) => switchboard.getCall(call.sessionId)?.status;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  describe('with no feature (an app that places the screens in its own templates)', () => {
    it('should listen to the SDK but open no screen when a call rings', async () => {
      await setup([core()]);
      const call = await ringFrom(ADA);
      expect(find('.kit-call-overlay-pane')).toBeNull();
      expect(find('kit-incoming-call')).toBeNull();
      // The call is known, so a screen the app places shows it.
      expect(TestBed.inject(KitCallRegistry).find(call.sessionId)).toBeDefined();
      expect(statusOf(call)).toBe('initiated');
    });

    it('should let a second call ring rather than answer it busy', async () => {
      await setup([core()]);
      await ringFrom(ADA);
      const second = await ringFrom(ZED);
      expect(statusOf(second)).toBe('initiated');
    });
  });

  describe('withAutoRing()', () => {
    it('should open the incoming screen full-screen when a call rings', async () => {
      await setup([core({}, withAutoRing())]);
      await ringFrom(ADA, 'video');
      expect(find('.kit-call-overlay-pane kit-incoming-call')).not.toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Ada Lovelace');
    });

    it('should answer busy a call that rings while another is on screen, with no banner', async () => {
      await setup([core({}, withAutoRing())]);
      await ringFrom(ADA);
      const second = await ringFrom(ZED);
      await settle(1000);
      expect(statusOf(second)).toBe('busy');
      expect(find('kit-call-waiting')).toBeNull();
    });
  });

  describe('withCallWaiting()', () => {
    it('should show a call that rings beside another one in a banner instead of answering it busy', async () => {
      await setup([core({}, withAutoRing(), withCallWaiting())]);
      await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      const banner = find('kit-call-waiting')?.textContent ?? '';
      expect(banner).toContain('Zed Shaw');
      expect(banner).toContain('Incoming video call');
      expect(statusOf(second)).toBe('initiated');
    });
  });

  describe('withHiddenTabNotifications()', () => {
    let visibility: jest.SpyInstance;

    beforeEach(() => {
      FakeNotification.shown = [];
      (window as unknown as {Notification: unknown}).Notification = FakeNotification;
      visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    });
    afterEach(() => {
      visibility.mockRestore();
      delete (window as unknown as {Notification?: unknown}).Notification;
    });

    it('should raise a notification for a call that rings while the tab is hidden, and close it when the call is over', async () => {
      await setup([core({}, withAutoRing(), withHiddenTabNotifications())]);
      const call = await ringFrom(ADA, 'video');
      expect(FakeNotification.shown.map(n => n.title)).toEqual([
        'Incoming video call from Ada Lovelace',
      ]);
      expect(FakeNotification.shown[0].closed).toBe(false);
      const cancelled = switchboard.control.cancel(call.sessionId).catch(() => {});
      await settle(3000);
      await cancelled;
      expect(FakeNotification.shown[0].closed).toBe(true);
    });

    it('should raise no notification without the feature', async () => {
      await setup([core({}, withAutoRing())]);
      await ringFrom(ADA);
      expect(FakeNotification.shown).toEqual([]);
    });

    it('should raise no notification while the tab is visible', async () => {
      visibility.mockReturnValue('visible');
      await setup([core({}, withHiddenTabNotifications())]);
      await ringFrom(ADA);
      expect(FakeNotification.shown).toEqual([]);
    });

    it('should be added by provideKitUIKit when given after the config', async () => {
      await setup([batteries({}, withHiddenTabNotifications())]);
      await ringFrom(ADA);
      expect(FakeNotification.shown).toHaveLength(1);
    });

    it('should say through onError that notifyWhenHidden alone adds no notification', async () => {
      const errors: KitException[] = [];
      await setup([batteries({notifyWhenHidden: true, onError: error => errors.push(error)})]);
      await ringFrom(ADA);
      expect(FakeNotification.shown).toEqual([]);
      expect(errors.map(error => error.code)).toEqual(['ERR_NOT_INITIALIZED']);
      expect(errors[0].message).toContain('withHiddenTabNotifications()');
    });
  });

  describe('provideKitUIKit (the defaults)', () => {
    it('should ring by itself with no feature given', async () => {
      await setup([batteries()]);
      await ringFrom(ADA);
      expect(find('.kit-call-overlay-pane kit-incoming-call')).not.toBeNull();
    });

    it('should not ring by itself with autoRing: false', async () => {
      await setup([batteries({autoRing: false})]);
      await ringFrom(ADA);
      expect(find('.kit-call-overlay-pane')).toBeNull();
    });

    it("should answer a second call busy for busyPolicy: 'wait' without withCallWaiting(), and say why", async () => {
      const errors: KitException[] = [];
      await setup([batteries({busyPolicy: 'wait', onError: error => errors.push(error)})]);
      await ringFrom(ADA);
      await ringFrom(ZED);
      expect(find('kit-call-waiting')).toBeNull();
      expect(errors.map(error => error.code)).toEqual(['ERR_NOT_INITIALIZED']);
      expect(errors[0].message).toContain("busyPolicy: 'wait' needs withCallWaiting()");
    });

    it("should report nothing for busyPolicy: 'wait' given with withCallWaiting()", async () => {
      const errors: KitException[] = [];
      await setup([
        batteries({busyPolicy: 'wait', onError: error => errors.push(error)}, withCallWaiting()),
      ]);
      await ringFrom(ADA);
      await ringFrom(ZED);
      expect(find('kit-call-waiting')).not.toBeNull();
      expect(errors).toEqual([]);
    });

    it('should add the features given after the config', async () => {
      await setup([batteries({}, withCallWaiting())]);
      await ringFrom(ADA);
      await ringFrom(ZED);
      expect(find('kit-call-waiting')).not.toBeNull();
    });
  });
});
