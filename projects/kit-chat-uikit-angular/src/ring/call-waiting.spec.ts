import {OverlayContainer} from '@angular/cdk/overlay';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitUIKitConfig} from '../core/config';
import {KitCallEventsService} from '../events/call-events';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {withCallWaiting} from './call-features';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};

@Component({template: ''})
class Page {}

describe('Call waiting: how many calls wait', () => {
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let events: string[];
  let errors: KitException[];

  async function setup(config: Omit<KitUIKitConfig, 'callsSdk'> = {}) {
    errors = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => errors.push(error), ...config},
          features: [withCallWaiting()],
        }),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    events = [];
    const bus = TestBed.inject(KitCallEventsService);
    bus.ccCallAccepted.subscribe(call => events.push(`accepted ${call.sessionId}`));
    bus.ccCallRejected.subscribe(call => events.push(`rejected ${call.sessionId} ${call.status}`));
    bus.ccCallEnded.subscribe(call => events.push(`ended ${call.sessionId} ${call.status}`));
    TestBed.createComponent(Page);
    await settle();
  }

  /** Lets the switchboard deliver and Angular render (zoneless: both run on timers). */
  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ringFrom(user: KitUser): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, calls.me, 'audio');
    await settle();
    return ringing;
  }

  /** A call on screen: Ada rings and the user accepts. */
  async function inACallWithAda(): Promise<KitCall> {
    const call = await ringFrom(ADA);
    container.querySelector<HTMLElement>('.kit-incoming-call-accept-button')!.click();
    await settle();
    expect(container.querySelector('kit-ongoing-call')).not.toBeNull();
    return call;
  }

  const statusOf = (call: KitCall) => calls.switchboard.getCall(call.sessionId)?.status;
  const bannerNames = () =>
    [...container.querySelectorAll('.kit-call-waiting-name')].map(name => name.textContent?.trim());

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should answer busy through the SDK a call that rings past the one waiting call (the default)', async () => {
    await setup();
    const first = await inACallWithAda();
    const waiting = await ringFrom(ZED);
    const rejectCall = jest.spyOn(calls.sdk, 'rejectCall');
    const third = await ringFrom(BOB);

    expect(rejectCall.mock.calls).toEqual([[third.sessionId, 'busy']]);
    // The caller's side hears busy, as when a second call rings without call waiting.
    expect(statusOf(third)).toBe('busy');
    expect(bannerNames()).toEqual(['Zed Shaw']);
    expect(statusOf(waiting)).toBe('initiated');
    expect(statusOf(first)).toBe('ongoing');
    // The busy answer is the policy's, as without call waiting: no call event, no error, nothing rings.
    expect(events).toEqual([`accepted ${first.sessionId}`]);
    expect(errors).toEqual([]);
    expect(calls.audio.playing()).toEqual([]);
  });

  it('should keep the banner in the page when a call placed meanwhile ends and its screen closes', async () => {
    await setup();
    await inACallWithAda();
    const zed = await ringFrom(ZED);
    // The user places a call while Zed waits: the banner moves into its screen; Bob declines it.
    const placed = TestBed.inject(KitCallOverlay).startCall(BOB);
    await settle();
    const bob = (await placed).call();
    expect(container.querySelectorAll('.cdk-overlay-pane').length).toBe(2);
    void calls.farSide.reject(bob.sessionId);
    await settle(6_000);
    expect(container.querySelectorAll('.cdk-overlay-pane').length).toBe(1);
    expect(statusOf(zed)).toBe('initiated');
    expect(bannerNames()).toEqual(['Zed Shaw']);
    expect(document.contains(container.querySelector('.kit-call-waiting'))).toBe(true);
  });

  it('should show two banners with maxWaitingCalls 2, and answer the third waiting call busy', async () => {
    await setup({maxWaitingCalls: 2});
    await inACallWithAda();
    const zed = await ringFrom(ZED);
    const bob = await ringFrom(BOB);
    const eve = await ringFrom({uid: 'eve', name: 'Eve Hopper'});
    expect(bannerNames()).toEqual(['Bob Kahn', 'Zed Shaw']);
    expect([statusOf(zed), statusOf(bob), statusOf(eve)]).toEqual([
      'initiated',
      'initiated',
      'busy',
    ]);
  });

  it('should let a new call wait once the waiting call was declined, never touching the call on screen', async () => {
    await setup();
    const first = await inACallWithAda();
    const zed = await ringFrom(ZED);
    container.querySelector<HTMLElement>('.kit-call-waiting-decline')!.click();
    await settle();
    expect(statusOf(zed)).toBe('rejected');
    expect(statusOf(first)).toBe('ongoing');
    expect(container.querySelector('kit-ongoing-call')).not.toBeNull();

    const bob = await ringFrom(BOB);
    expect(statusOf(bob)).toBe('initiated');
    expect(bannerNames()).toEqual(['Bob Kahn']);
    expect(statusOf(first)).toBe('ongoing');
  });

  it('should leave nothing behind after a flood of rings during a call', async () => {
    await setup();
    const first = await inACallWithAda();
    const ringing = Promise.all(
      Array.from({length: 50}, (_, i) =>
        calls.farSide.ring({uid: `caller-${i}`, name: `Caller ${i}`}, calls.me, 'audio'),
      ),
    );
    await settle();
    const flood = await ringing;
    expect(container.querySelectorAll('kit-call-waiting')).toHaveLength(1);
    expect(flood.filter(call => statusOf(call) === 'busy')).toHaveLength(49);
    expect(calls.audio.playing()).toEqual([]);

    const ending = Promise.all([
      calls.farSide.cancel(flood[0].sessionId),
      calls.farSide.end(first.sessionId),
    ]);
    await settle();
    await ending;
    await settle();
    expect(container.querySelector('kit-call-waiting')).toBeNull();
    expect(container.querySelector('kit-ongoing-call')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('should not ring the waiting call when the app is destroyed and the call on screen closes with it', async () => {
    await setup();
    await inACallWithAda();
    await ringFrom(ZED);
    expect(bannerNames()).toEqual(['Zed Shaw']);
    const body = container.ownerDocument.body;
    expect(() => TestBed.resetTestingModule()).not.toThrow();
    await jest.advanceTimersByTimeAsync(50);
    expect(body.querySelector('kit-incoming-call, kit-call-waiting, kit-ongoing-call')).toBeNull();
    expect(calls.audio.playing()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
