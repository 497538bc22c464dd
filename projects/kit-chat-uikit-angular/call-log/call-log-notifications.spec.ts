import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCall, KitCallOverlay, KitUser} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallLog} from './call-log';
import {withCallLog} from './call-log-feature';
import {KitCallLogStore, KitMemoryCallLogStore} from './call-log-store';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({template: ''})
class Page {}

/** The browser's Notification as the log uses it: what it shows, whether it closed, its click. */
class ShownNotification {
  static permission: NotificationPermission = 'granted';
  static all: ShownNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    ShownNotification.all.push(this);
  }
  close(): void {
    this.closed = true;
  }
}

describe('withCallLog(): missed-call notifications', () => {
  let calls: KitCallsTestingController;
  let visibility: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    ShownNotification.all = [];
    (window as unknown as {Notification: unknown}).Notification = ShownNotification;
    visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  });
  afterEach(() => {
    visibility.mockRestore();
    delete (window as unknown as {Notification?: unknown}).Notification;
    jest.useRealTimers();
  });

  async function setup(notifyMissed?: boolean): Promise<void> {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({features: [withCallLog({notifyMissed})]}),
        {provide: KitCallLogStore, useClass: KitMemoryCallLogStore},
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    calls.farSide.addUsers(ADA);
    TestBed.createComponent(Page);
    await jest.advanceTimersByTimeAsync(10);
  }

  async function missFrom(user: KitUser): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, calls.me, 'audio');
    await jest.advanceTimersByTimeAsync(10);
    const call = await ringing;
    const cancelled = calls.farSide.cancel(call.sessionId);
    await jest.advanceTimersByTimeAsync(10);
    await cancelled;
    return call;
  }

  it('should keep a notification of a call missed while the tab was hidden until it is seen', async () => {
    await setup();
    await missFrom(ADA);
    await jest.advanceTimersByTimeAsync(60_000);

    const [missed] = ShownNotification.all;
    expect(missed.title).toBe('Missed call from Ada Lovelace');
    expect(missed.options).toEqual(
      expect.objectContaining({requireInteraction: true, body: 'Call back'}),
    );
    expect(missed.closed).toBe(false);

    TestBed.inject(KitCallLog).markSeen();
    await jest.advanceTimersByTimeAsync(10);
    TestBed.tick();
    expect(missed.closed).toBe(true);
  });

  it('should call back the caller when the notification is clicked', async () => {
    await setup();
    await missFrom(ADA);
    calls.farSide.neverAnswer(ADA.uid);
    jest.spyOn(window, 'focus').mockImplementation(() => {});

    ShownNotification.all[0].onclick!();
    await jest.advanceTimersByTimeAsync(10);

    const [ref] = TestBed.inject(KitCallOverlay).openCalls;
    expect(ref.direction).toBe('outgoing');
    expect(ref.call().receiver.uid).toBe(ADA.uid);
    expect(ShownNotification.all[0].closed).toBe(true);
  });

  it('should raise none while the tab is visible, or with notifyMissed: false', async () => {
    visibility.mockReturnValue('visible');
    await setup();
    await missFrom(ADA);
    visibility.mockReturnValue('hidden');
    TestBed.resetTestingModule();
    await setup(false);
    await missFrom(ADA);

    expect(ShownNotification.all).toEqual([]);
  });

  describe('calls missed while no tab was open (the push worker’s notifications)', () => {
    const ADA_MISSED = {
      callId: 'c1',
      video: true,
      at: 1000,
      caller: {uid: 'ada', name: 'Ada Lovelace'},
    };

    /** The worker's kept missed calls (Cache Storage) and the notifications its registration shows. */
    function workerKept(calls: unknown[], ...shown: Partial<Notification & {closed: boolean}>[]) {
      const all = shown.map(notification => ({
        closed: false,
        close() {
          this.closed = true;
        },
        ...notification,
      }));
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: {
          getRegistration: async () => ({
            getNotifications: async () => all.filter(notification => !notification.closed),
          }),
        },
      });
      const kept = new Map([['/kit-call-missed.json', JSON.stringify(calls)]]);
      const cache = {
        match: async (key: string) =>
          kept.has(key) ? {json: async () => JSON.parse(kept.get(key)!)} : undefined,
        delete: async (key: string) => kept.delete(key),
      };
      (window as {caches?: unknown}).caches = {
        open: async (name: string) => (name === 'kit-call-missed' ? cache : null),
      };
      return {shown: all, kept};
    }

    afterEach(() => {
      delete (navigator as {serviceWorker?: unknown}).serviceWorker;
      delete (window as {caches?: unknown}).caches;
    });

    it('should put each in the log, unseen while its notification shows, and close it once the log is seen', async () => {
      const {shown, kept} = workerKept([ADA_MISSED], {tag: 'kit-missed-c1'}, {tag: 'kit-call-c2'});
      await setup();
      const log = TestBed.inject(KitCallLog);

      expect(log.entries()).toEqual([
        expect.objectContaining({
          id: 'c1',
          direction: 'incoming',
          people: [ADA],
          type: 'video',
          startedAt: 1000,
          missed: true,
          seen: false,
        }),
      ]);
      expect(log.missedCount()).toBe(1);
      expect(kept.size).toBe(0);

      log.markSeen();
      await jest.advanceTimersByTimeAsync(10);
      TestBed.tick();
      await jest.advanceTimersByTimeAsync(10);
      expect(shown.map(notification => notification.closed)).toEqual([true, false]);
    });

    it('should count as seen a missed call whose notification was clicked (Call back) or closed', async () => {
      workerKept([ADA_MISSED]);
      await setup();

      expect(TestBed.inject(KitCallLog).entries()).toEqual([
        expect.objectContaining({id: 'c1', missed: true, seen: true}),
      ]);
    });

    it('should take none that names nobody, and none twice', async () => {
      workerKept([{callId: 'c0', caller: {}}, ADA_MISSED, ADA_MISSED, 'junk', null]);
      await setup();

      expect(
        TestBed.inject(KitCallLog)
          .entries()
          .map(entry => entry.id),
      ).toEqual(['c1']);
    });
  });
});
