import {OverlayContainer} from '@angular/cdk/overlay';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KitCall,
  KitCallOverlay,
  KitCallsFeature,
  KitException,
  KitUIKitConfig,
  KitTransfer,
  KitUser,
  withTransfer,
} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallLog} from './call-log';
import {KitCallLogEntry, KitCallLogOptions} from './call-log-entry';
import {withCallLog} from './call-log-feature';
import {KitCallLogStore, KitMemoryCallLogStore} from './call-log-store';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};

@Component({template: ''})
class Page {}

/** A store whose every promise rejects, as IndexedDB does when it is blocked or the disk is full. */
class BrokenStore extends KitCallLogStore {
  load(): Promise<KitCallLogEntry[]> {
    return Promise.reject(new Error('blocked'));
  }
  save(): Promise<void> {
    return Promise.reject(new Error('quota'));
  }
}

describe('KitCallLog', () => {
  let calls: KitCallsTestingController;
  let log: KitCallLog;
  let store: KitCallLogStore;
  let errors: KitException[];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function setup(
    options: KitCallLogOptions = {},
    config: Omit<KitUIKitConfig, 'callsSdk'> = {},
    logStore: KitCallLogStore = new KitMemoryCallLogStore(),
    features: KitCallsFeature[] = [],
  ) {
    errors = [];
    store = logStore;
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => errors.push(error), ...config},
          features: [withCallLog(options), ...features],
        }),
        {provide: KitCallLogStore, useValue: store},
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    calls.farSide.addUsers(ADA, BOB, ZED);
    log = TestBed.inject(KitCallLog);
    TestBed.createComponent(Page);
    await settle();
  }

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ringFrom(user: KitUser, type = 'audio'): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, calls.me, type);
    await settle();
    return ringing;
  }

  /** `user` rings `to` (me by default), then gives up. */
  async function missFrom(user: KitUser, to?: KitUser): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, to ?? calls.me, 'audio');
    await settle();
    const call = await ringing;
    const cancelled = calls.farSide.cancel(call.sessionId);
    await settle();
    await cancelled;
    return call;
  }

  function click(selector: string): void {
    const container = TestBed.inject(OverlayContainer).getContainerElement();
    container.querySelector<HTMLElement>(selector)!.click();
  }

  it('should record a call that rang and was cancelled by the caller as missed, for the badge', async () => {
    await setup();
    const call = await missFrom(ADA);

    expect(log.entries()).toEqual([
      expect.objectContaining({
        id: call.sessionId,
        direction: 'incoming',
        people: [ADA],
        type: 'audio',
        duration: 0,
        reason: 'cancelled',
        missed: true,
        seen: false,
      }),
    ]);
    expect(log.missedCount()).toBe(1);
    expect(await store.load('me')).toHaveLength(1);
  });

  it('should count missed calls until they are marked seen', async () => {
    await setup();
    await missFrom(ADA);
    await missFrom(BOB);
    expect(log.missedCount()).toBe(2);

    log.markSeen();
    await settle();

    expect(log.missedCount()).toBe(0);
    expect((await store.load('me')).map(entry => entry.seen)).toEqual([true, true]);
  });

  it('should record a call declined here as not missed', async () => {
    await setup();
    await ringFrom(ADA, 'video');
    click('.kit-incoming-call-reject-button');
    await settle();

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({reason: 'rejected', type: 'video', missed: false, seen: true}),
    );
    expect(log.missedCount()).toBe(0);
  });

  it('should record a call answered busy during another call as missed: the user never saw it ring', async () => {
    await setup();
    await ringFrom(ADA);
    click('.kit-incoming-call-accept-button');
    await settle();
    const second = await ringFrom(BOB);

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({id: second.sessionId, people: [BOB], reason: 'busy', missed: true}),
    );
    expect(log.missedCount()).toBe(1);
  });

  it('should record how long an answered call lasted', async () => {
    await setup();
    const call = await ringFrom(ADA);
    click('.kit-incoming-call-accept-button');
    await settle();
    await settle(65_000);
    const ended = calls.farSide.end(call.sessionId);
    await settle();
    await ended;

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({direction: 'incoming', reason: 'ended', missed: false}),
    );
    expect(log.entries()[0].duration).toBeGreaterThanOrEqual(65);
    expect(log.entries()[0].duration).toBeLessThan(67);
  });

  it('should record how long a call handed over already connected lasted, not as missed', async () => {
    await setup({}, {}, undefined, [withTransfer()]);
    // An attended transfer hands this device a call already connected (SIP: an INVITE with Replaces).
    const sdk = calls.sdk as KitInMemoryCallsSdk;
    const listen = jest.spyOn(sdk, 'addCallListener');
    TestBed.inject(KitTransfer).start();
    const call: KitCall = {
      sessionId: 'replacing-1',
      type: 'audio',
      sender: ADA,
      callInitiator: ADA,
      receiver: calls.me,
      callReceiver: calls.me,
      status: 'ongoing',
    };
    listen.mock.calls[0][1].onCallTransferred!(call);
    await settle();
    await settle(65_000);
    sdk._deliver('onCallEnded', {...call, status: 'ended'});
    await settle();

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({direction: 'incoming', reason: 'ended', missed: false}),
    );
    expect(log.entries()[0].duration).toBeGreaterThanOrEqual(65);
    expect(log.entries()[0].duration).toBeLessThan(67);
  });

  it('should record an outgoing call nobody answered, not as missed', async () => {
    await setup({}, {overlay: {ringTimeout: 1000}});
    calls.farSide.neverAnswer(BOB.uid);
    void TestBed.inject(KitCallOverlay).startCall(BOB, 'audio');
    await settle(1500);

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({
        direction: 'outgoing',
        people: [BOB],
        reason: 'unanswered',
        duration: 0,
        missed: false,
      }),
    );
    expect(log.missedCount()).toBe(0);
  });

  it('should keep the newest calls only, up to maxEntries', async () => {
    await setup({maxEntries: 2});
    await missFrom(ADA);
    await missFrom(BOB);
    await missFrom(ZED);

    expect(log.entries().map(entry => entry.people[0].name)).toEqual([ZED.name, BOB.name]);
    expect((await store.load('me')).map(entry => entry.people[0].uid)).toEqual(['zed', 'bob']);
  });

  it("should show the signed-in user's calls only", async () => {
    const seeded = new KitMemoryCallLogStore();
    const other: KitCallLogEntry = {
      id: 'old',
      direction: 'incoming',
      people: [BOB],
      type: 'audio',
      startedAt: 1,
      duration: 0,
      reason: 'cancelled',
      missed: true,
      seen: false,
    };
    await seeded.save('someone-else', [other]);
    await seeded.save('me', [{...other, id: 'mine', people: [ADA]}]);
    await setup({}, {}, seeded);

    expect(log.entries().map(entry => entry.id)).toEqual(['mine']);
    await missFrom(ZED);
    expect((await seeded.load('someone-else')).map(entry => entry.id)).toEqual(['old']);
    expect((await seeded.load('me')).map(entry => entry.id)).toHaveLength(2);
  });

  it('should show the log of whoever signed in since, once reloaded, and none while nobody is', async () => {
    await setup();
    await missFrom(ADA);
    calls.sdk.logout();
    log.reload();
    await settle();
    expect(log.entries()).toEqual([]);

    calls.sdk.login({uid: 'me', name: 'Me'});
    log.reload();
    await settle();
    expect(log.entries().map(entry => entry.people[0].uid)).toEqual(['ada']);
  });

  it('should not record a ringing call whose screen closed with the app: it did not end', async () => {
    await setup();
    await ringFrom(ADA);
    // The app is destroyed (a reload, a logout that tears it down): its call screens close with it.
    TestBed.resetTestingModule();
    await jest.advanceTimersByTimeAsync(50);
    expect(await store.load('me')).toEqual([]);
  });

  it('should keep each user their own log when another user signs in without a sign-out between', async () => {
    await setup();
    await missFrom(ADA);
    // Another account signs in over this one (an app that switches accounts).
    const grace: KitUser = {uid: 'grace', name: 'Grace Hopper'};
    calls.sdk.login(grace);
    log.reload();
    await settle();
    expect(log.entries()).toEqual([]);
    const call = await missFrom(BOB, grace);
    expect(log.entries().map(entry => entry.id)).toEqual([call.sessionId]);
    expect((await store.load('grace')).map(entry => entry.people[0].uid)).toEqual(['bob']);
    expect((await store.load('me')).map(entry => entry.people[0].uid)).toEqual(['ada']);
  });

  it('should report a failing store to onError and go on in memory', async () => {
    await setup({}, {}, new BrokenStore());
    await missFrom(ADA);

    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toBeInstanceOf(KitException);
    expect(log.entries().map(entry => entry.people[0].uid)).toEqual(['ada']);
    expect(log.missedCount()).toBe(1);
  });

  it('should record a call that ends as the store fails to load the log of who just signed in', async () => {
    /** A store that cannot read Grace's log (a disk error), and keeps the others. */
    class FailsForGrace extends KitMemoryCallLogStore {
      override load(userId: string): Promise<KitCallLogEntry[]> {
        return userId === 'grace' ? Promise.reject(new Error('read error')) : super.load(userId);
      }
    }
    await setup({}, {}, new FailsForGrace());
    const grace: KitUser = {uid: 'grace', name: 'Grace Hopper'};
    calls.sdk.login(grace);
    // Her first call ends before anything else loaded her log.
    const call = await missFrom(BOB, grace);
    expect(errors.map(error => error.message)).toEqual([
      expect.stringContaining('The call log is kept in memory only'),
    ]);
    expect(log.entries().map(entry => entry.id)).toEqual([call.sessionId]);
    expect(log.missedCount()).toBe(1);
  });

  it('should call back the person of a call through the outgoing screen', async () => {
    await setup();
    await missFrom(ADA);
    calls.farSide.neverAnswer(ADA.uid);
    const placed = log.callBack(log.entries()[0]);
    await settle();

    const ref = await placed;
    expect(ref.direction).toBe('outgoing');
    expect(ref.call().receiver.uid).toBe(ADA.uid);
    expect(TestBed.inject(OverlayContainer).getContainerElement().textContent).toContain(ADA.name);
  });
});
