import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, Injectable, signal} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS} from '../core/config';
import {provideKitUIKit} from '../provide/provide-kit-uikit';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallEventsService} from '../events/call-events';
import {KitCallListener, KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';

const ME: KitUser = {uid: 'me', name: 'Me'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};

function ring(from: KitUser, sessionId: string, to: KitUser = ME): KitCall {
  return {
    sessionId,
    type: 'audio',
    sender: from,
    callInitiator: from,
    receiver: to,
    callReceiver: to,
  };
}

/** An adapter that keeps its listeners, so a test can deliver anything, and can be told to throw. */
@Injectable()
class HandDrivenSdk extends KitCallsSdk {
  static throwOnAdd = false;
  static throwOnRemove = false;
  static user: (() => KitUser | null) | null = null;
  readonly listeners = new Map<string, KitCallListener>();
  readonly sent: string[] = [];
  getLoggedInUser = () => (HandDrivenSdk.user ? HandDrivenSdk.user() : ME);
  initiateCall = (call: KitCall) => {
    this.sent.push('initiateCall');
    return Promise.resolve({...call, sessionId: 'out-1'});
  };
  acceptCall = (id: string) => {
    this.sent.push(`acceptCall ${id}`);
    return new Promise<KitCall>(() => {});
  };
  rejectCall = (id: string, status: string) => {
    this.sent.push(`rejectCall ${id} ${status}`);
    return Promise.resolve({...ring(ADA, id), status} as KitCall);
  };
  endCall = (id: string) => {
    this.sent.push(`endCall ${id}`);
    return Promise.resolve();
  };
  addCallListener(id: string, listener: KitCallListener): void {
    if (HandDrivenSdk.throwOnAdd) {
      throw new TypeError('the adapter is not ready');
    }
    this.listeners.set(id, listener);
  }
  removeCallListener(id: string): void {
    if (HandDrivenSdk.throwOnRemove) {
      throw new TypeError('already disposed');
    }
    this.listeners.delete(id);
  }
  /** Delivers an event to every listener, like an SDK's dispatch loop would (which must never see a throw). */
  deliver(method: keyof KitCallListener, payload: unknown): void {
    this.listeners.forEach(listener => listener[method]?.(payload as KitCall));
  }
}

@Component({
  imports: [KitIncomingCallComponent],
  template: `<kit-incoming-call [call]="call()" (error)="errors.push($event)" />`,
})
class LayoutHost {
  readonly call = signal<KitCall | null>(null);
  readonly errors: KitException[] = [];
}

describe("KitCallRegistry: the library's only SDK listener", () => {
  let errors: unknown[];

  beforeEach(() => {
    jest.useFakeTimers();
    errors = [];
    HandDrivenSdk.throwOnAdd = false;
    HandDrivenSdk.throwOnRemove = false;
    HandDrivenSdk.user = null;
  });

  afterEach(() => {
    HandDrivenSdk.throwOnRemove = false;
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  function withAdapter(config: {autoRing?: boolean} = {}) {
    TestBed.configureTestingModule({
      providers: [
        provideKitUIKit({callsSdk: HandDrivenSdk, onError: e => errors.push(e), ...config}),
      ],
    });
    TestBed.inject(KitCallOverlay); // Bootstraps the environment initializers.
    TestBed.createComponent(LayoutHost);
    return TestBed.inject(KitCallsSdk) as HandDrivenSdk;
  }

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
  }

  const panes = () =>
    TestBed.inject(OverlayContainer).getContainerElement().querySelectorAll('.cdk-overlay-pane');

  it('should add exactly one listener to the SDK for the whole app, whatever is on screen', async () => {
    const sdk = withAdapter();
    expect(sdk.listeners.size).toBe(1);
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    await settle();
    expect(panes()).toHaveLength(1);
    expect(sdk.listeners.size).toBe(1);
  });

  it('should ignore null, empty, malformed and foreign payloads, report each as a KitException and throw nothing back', async () => {
    const sdk = withAdapter();
    const bad: [keyof KitCallListener, unknown][] = [
      ['onIncomingCallReceived', null],
      ['onIncomingCallReceived', {}],
      ['onIncomingCallReceived', {...ring(ADA, 'a1'), sender: null, callInitiator: null}],
      ['onIncomingCallReceived', ring(ADA, 'a2', BOB)],
      ['onIncomingCallCancelled', null],
      ['onOutgoingCallAccepted', {}],
      ['onOutgoingCallRejected', 42],
      ['onCallEnded', 'ended'],
    ];
    for (const [method, payload] of bad) {
      expect(() => sdk.deliver(method, payload)).not.toThrow();
    }
    await settle();
    expect(panes()).toHaveLength(0);
    expect(errors).toHaveLength(bad.length);
    for (const error of errors) {
      expect(error).toBeInstanceOf(KitException);
      expect((error as KitException).code).toBe(KitErrorCodes.INVALID_CALL);
    }
  });

  it('should survive an adapter whose addCallListener throws: bootstrap goes on, ERR_SDK is reported', () => {
    HandDrivenSdk.throwOnAdd = true;
    expect(() => withAdapter()).not.toThrow();
    expect(errors.map(error => (error as KitException).code)).toEqual([KitErrorCodes.SDK]);
  });

  it('should remove its listener from the SDK when the app is destroyed', () => {
    const sdk = withAdapter();
    const ids = [...sdk.listeners.keys()];
    const remove = jest.spyOn(sdk, 'removeCallListener');
    TestBed.resetTestingModule();
    // The adapter outlives the app (a singleton SDK): a listener left behind would dispatch into a dead app.
    expect(remove.mock.calls).toEqual([ids]);
    expect(sdk.listeners.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('should survive an adapter whose removeCallListener throws when the app is destroyed', () => {
    withAdapter();
    HandDrivenSdk.throwOnRemove = true;
    expect(() => TestBed.resetTestingModule()).not.toThrow();
    expect(errors.map(error => (error as KitException).code)).toEqual([KitErrorCodes.SDK]);
  });

  it('should leave no overlay behind for a ring it refuses (nobody logged in, getLoggedInUser throws)', async () => {
    const sdk = withAdapter();
    HandDrivenSdk.user = () => null;
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    HandDrivenSdk.user = () => {
      throw new Error('session expired');
    };
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a2'));
    await settle();
    expect(panes()).toHaveLength(0);
    expect(errors.map(error => (error as KitException).code)).toEqual([
      KitErrorCodes.NOT_LOGGED_IN,
      KitErrorCodes.SDK,
    ]);
    // Later calls ring as usual: nothing was left busy.
    HandDrivenSdk.user = null;
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a3'));
    await settle();
    expect(panes()).toHaveLength(1);
    expect(sdk.sent).toEqual([]);
  });

  it('should refuse startCall to a user without a uid or a name, or to myself, with ERR_INVALID_CALL', async () => {
    const sdk = withAdapter();
    const overlay = TestBed.inject(KitCallOverlay);
    for (const receiver of [{uid: '', name: 'X'}, {uid: 'x', name: ' '}, ME, null]) {
      await expect(overlay.startCall(receiver as KitUser)).rejects.toMatchObject({
        code: KitErrorCodes.INVALID_CALL,
      });
    }
    expect(sdk.sent).toEqual([]);
    expect(panes()).toHaveLength(0);
  });

  it('should open one pane per call: opening the same call twice returns the same reference', async () => {
    withAdapter({autoRing: false});
    const overlay = TestBed.inject(KitCallOverlay);
    const first = overlay.openIncomingCall(ring(ADA, 'a1'));
    const second = overlay.openIncomingCall(ring(ADA, 'a1'));
    await settle();
    expect(second).toBe(first);
    expect(panes()).toHaveLength(1);
    expect(overlay.openCalls).toHaveLength(1);
  });

  it('should not ring a call whose status says it is over, nor a later ring of it (a ghost)', async () => {
    const sdk = withAdapter();
    sdk.deliver('onIncomingCallReceived', {...ring(ADA, 'a1'), status: 'cancelled'});
    await settle();
    expect(panes()).toHaveLength(0);
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    await settle();
    expect(panes()).toHaveLength(0);
    expect(sdk.sent).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('should keep ghost rings away for the 500 newest ended calls, and forget older ones (bounded memory)', () => {
    const sdk = withAdapter();
    for (let i = 0; i <= 500; i++) {
      sdk.deliver('onIncomingCallCancelled', {...ring(ADA, `g${i}`), status: 'cancelled'});
    }
    const overlay = TestBed.inject(KitCallOverlay);
    expect(overlay.hasEnded('g0')).toBe(false);
    expect(overlay.hasEnded('g1')).toBe(true);
    expect(overlay.hasEnded('g500')).toBe(true);
  });

  it.each([
    [15, 'ongoing'],
    [16, 'dialing'],
  ] as const)(
    'should hand an answer that came before initiateCall resolved to the call, and keep the 16 newest such news (bounded memory): %i later news → %s',
    async (later, stage) => {
      const sdk = withAdapter();
      let registered!: (call: KitCall) => void;
      sdk.initiateCall = (call: KitCall) =>
        new Promise<KitCall>(resolve => (registered = placed => resolve({...call, ...placed})));
      const started = TestBed.inject(KitCallOverlay).startCall(ADA);
      await settle();
      // Ada picks up before the SDK handed out the session id; news of other unknown calls follows.
      sdk.deliver('onOutgoingCallAccepted', ring(ME, 'out-1', ADA));
      for (let i = 0; i < later; i++) {
        sdk.deliver('onOutgoingCallRinging', ring(ME, `other-${i}`, BOB));
      }
      registered({sessionId: 'out-1'} as KitCall);
      const ref = await started;
      await settle();
      expect(ref.stage()).toBe(stage);
    },
  );

  it('should let go of a second call whose busy answer the SDK refused: it rings there, and nothing here acts on it later', async () => {
    const sdk = withAdapter();
    const rejectCall = sdk.rejectCall;
    sdk.rejectCall = (id: string, status: string) =>
      id === 'b1'
        ? (sdk.sent.push(`rejectCall ${id} ${status}`),
          Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline')))
        : rejectCall(id, status);
    const ended: string[] = [];
    TestBed.inject(KitCallEventsService).ccCallEnded.subscribe(call => ended.push(call.sessionId));
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    await settle();
    sdk.deliver('onIncomingCallReceived', ring(BOB, 'b1'));
    await settle();
    expect(sdk.sent).toEqual(['rejectCall b1 busy']);
    expect(panes()).toHaveLength(1);
    // Long past any ring time-out, and Bob's side ends the call: nothing here answers or announces it.
    await settle(120_000);
    sdk.deliver('onIncomingCallCancelled', {...ring(BOB, 'b1'), status: 'cancelled'});
    await settle();
    expect(sdk.sent.filter(sent => sent.includes('b1'))).toEqual(['rejectCall b1 busy']);
    expect(ended).not.toContain('b1');
  });

  it.each([
    ['the default', undefined, 45_000],
    ['a per-open ringTimeout', {ringTimeout: 30_000}, 30_000],
  ])(
    "should count an outgoing call's ring time-out (%s) from the moment the SDK registered it, not from the press",
    async (_, config, timeout) => {
      const sdk = withAdapter();
      let registered!: () => void;
      sdk.initiateCall = (call: KitCall) => {
        sdk.sent.push('initiateCall');
        return new Promise<KitCall>(
          resolve => (registered = () => resolve({...call, sessionId: 'out-1'})),
        );
      };
      const started = TestBed.inject(KitCallOverlay).startCall(ADA, 'audio', config);
      // A slow network: the SDK takes 10 s to place the call.
      await settle(10_000);
      registered();
      const ref = await started;
      await settle(timeout - 1_000);
      expect(ref.stage()).toBe('dialing');
      expect(sdk.sent).toEqual(['initiateCall']);
      await settle(2_000);
      expect(sdk.sent).toEqual(['initiateCall', 'rejectCall out-1 unanswered']);
    },
  );

  it('should ignore a ring whose caller is the logged-in user, and report it with ERR_INVALID_CALL', async () => {
    const sdk = withAdapter();
    sdk.deliver('onIncomingCallReceived', ring(ME, 'self-1', ME));
    await settle();
    expect(panes()).toHaveLength(0);
    expect(errors.map(error => (error as KitException).code)).toEqual([KitErrorCodes.INVALID_CALL]);
    expect(sdk.sent).toEqual([]);
  });

  it('should refuse startCall when the logged-in user has no uid or no name, before anything is sent', async () => {
    const sdk = withAdapter();
    const overlay = TestBed.inject(KitCallOverlay);
    for (const me of [{uid: '', name: 'Me'}, {name: 'Me'}, {uid: 'me', name: ''}]) {
      HandDrivenSdk.user = () => me as KitUser;
      await expect(overlay.startCall(ADA)).rejects.toMatchObject({
        code: KitErrorCodes.INVALID_USER,
      });
    }
    expect(sdk.sent).toEqual([]);
    expect(panes()).toHaveLength(0);
  });

  it('should hold a glare winner until my withdrawal settled, then show one call; a further ring is answered busy', async () => {
    // I (me) call Ada; Ada calls me at the same moment. "ada" < "me": her call wins, mine is withdrawn.
    const sdk = withAdapter();
    sdk.rejectCall = (id: string, status: string) => {
      sdk.sent.push(`rejectCall ${id} ${status}`);
      return Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
    };
    const overlay = TestBed.inject(KitCallOverlay);
    await overlay.startCall(ADA);
    await settle();
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    await settle();
    // The withdrawal failed: it was given up, and her call goes through the policies (busy: mine dials on).
    expect(sdk.sent).toEqual(['initiateCall', 'rejectCall out-1 cancelled', 'rejectCall a1 busy']);
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a1'));
    sdk.deliver('onIncomingCallReceived', ring(ADA, 'a2'));
    await settle();
    expect(sdk.sent.filter(sent => sent.endsWith('cancelled'))).toHaveLength(1);
    expect(panes()).toHaveLength(1);
  });
});

describe('<kit-incoming-call> placed in a layout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should ring for a new call given through [call] while another one rang', async () => {
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config: {autoRing: false}})],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    const fixture = TestBed.createComponent(LayoutHost);
    const first = calls.farSide.ring(ADA, calls.me);
    const second = calls.farSide.ring(BOB, calls.me);
    await jest.advanceTimersByTimeAsync(10);
    fixture.componentInstance.call.set(await first);
    await jest.advanceTimersByTimeAsync(10);
    fixture.detectChanges();
    expect(calls.audio.playing()).toHaveLength(1);
    fixture.componentInstance.call.set(await second);
    await jest.advanceTimersByTimeAsync(10);
    fixture.detectChanges();
    expect(fixture.nativeElement.textContent).toContain('Bob Kahn');
    expect(calls.audio.playing()).toEqual([{tone: 'ringtone'}]);
    expect(calls.audio.tracks.filter(track => track.playing)).toHaveLength(1);
  });

  /**
   * A call rung to a screen placed in a page, with the ring time-outs of the config's overlay defaults and of
   * KIT_CALL_OVERLAY_DEFAULT_OPTIONS.
   */
  async function ringInPage(inConfig: number, inDefaults: number | undefined) {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false, overlay: {ringTimeout: inConfig}}}),
        {provide: KIT_CALL_OVERLAY_DEFAULT_OPTIONS, useValue: {ringTimeout: inDefaults}},
      ],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    const fixture = TestBed.createComponent(LayoutHost);
    const call = calls.farSide.ring(ADA, calls.me);
    await jest.advanceTimersByTimeAsync(10);
    fixture.componentInstance.call.set(await call);
    await jest.advanceTimersByTimeAsync(10);
    fixture.detectChanges();
    return {calls, call};
  }

  it("should time out with KIT_CALL_OVERLAY_DEFAULT_OPTIONS over the config's overlay defaults, as the overlay does", async () => {
    const {calls, call} = await ringInPage(20_000, 3_000);
    expect(calls.audio.playing()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(3_100);
    expect(calls.switchboard.getCall((await call).sessionId)?.status).toBe('unanswered');
    expect(calls.audio.playing()).toEqual([]);
  });

  const neverTimesOut: [string, number, number | undefined][] = [
    ['KIT_CALL_OVERLAY_DEFAULT_OPTIONS over the config', 20_000, 0],
    ["the config's overlay defaults", 0, undefined],
  ];
  it.each(neverTimesOut)(
    'should ring on with a ring time-out of 0 in %s (0 rings forever)',
    async (_, inConfig, inDefaults) => {
      const {calls, call} = await ringInPage(inConfig, inDefaults);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls.switchboard.getCall((await call).sessionId)?.status).toBe('initiated');
      expect(calls.audio.playing()).toHaveLength(1);
    },
  );
});
