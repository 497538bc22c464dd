import {KitCallsSdk} from '../sdk/calls-sdk';
import {KIT_BROWSER_CLOCK} from './call-session-host';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitCallStatus, KitUser} from '../sdk/models';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallSession,
  KitCallSessionPorts,
} from './call-session';

const ME: KitUser = {uid: 'me', name: 'Me'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

/** A promise whose settlement the test controls. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return {promise, resolve, reject};
}

/** An SDK whose every action waits for the test to answer it (or never answers). */
class ScriptedSdk extends KitCallsSdk {
  readonly sent: string[] = [];
  next: () => Promise<KitCall> = () => new Promise(() => {});
  getLoggedInUser = () => ME;
  initiateCall = (call: KitCall) => this._send('initiateCall', {...call, sessionId: 's1'});
  acceptCall = (id: string) => this._send(`acceptCall(${id})`);
  rejectCall = (id: string, status: KitCallStatus) => this._send(`rejectCall(${id}, ${status})`);
  endCall = (id: string) => this._send(`endCall(${id})`);
  addCallListener = () => {};
  removeCallListener = () => {};

  private _send(what: string, _answer?: KitCall): Promise<KitCall> {
    this.sent.push(what);
    return this.next();
  }
}

function call(direction: KitCallDirection, sessionId = 's1'): KitCall {
  const [from, to] = direction === 'incoming' ? [ADA, ME] : [ME, ADA];
  return {
    sessionId,
    type: 'audio',
    sender: from,
    callInitiator: from,
    receiver: to,
    callReceiver: to,
  };
}

function setup(direction: KitCallDirection, sessionId = 's1') {
  const sdk = new ScriptedSdk();
  const events: string[] = [];
  const reported: unknown[] = [];
  const sounds: {kind: string; stopped: boolean}[] = [];
  const ports: KitCallSessionPorts = {
    sdk,
    events: {
      publishCallAccepted: c => events.push(`accepted ${c.sessionId}`),
      publishCallRejected: c => events.push(`rejected ${c.sessionId}`),
      publishCallEnded: c => events.push(`ended ${c.sessionId}`),
      publishOutgoingCall: c => events.push(`outgoing ${c.sessionId}`),
    },
    sound: {
      start: kind => {
        const sound = {kind, stopped: false};
        sounds.push(sound);
        return {
          state: () => (sound.stopped ? 'stopped' : 'playing'),
          stop: () => (sound.stopped = true),
        };
      },
    },
    clock: KIT_BROWSER_CLOCK,
    report: error => reported.push(error),
  };
  const session = new KitCallSession(direction, call(direction, sessionId), ports, {
    ringTimeout: 45_000,
    actionTimeout: 15_000,
    closeDelay: 2_000,
  });
  const viewErrors: KitException[] = [];
  const view = {};
  const playing = () => sounds.filter(sound => !sound.stopped).map(sound => sound.kind);
  return {sdk, session, events, reported, viewErrors, view, playing};
}

describe('KitCallSession', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  describe('nothing waits forever', () => {
    it('should give the buttons back (ringing) with ERR_NETWORK when an accept is never answered', async () => {
      const t = setup('incoming');
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      void t.session.accept();
      expect(t.session.state.phase).toBe('accepting');
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state.phase).toBe('ringing');
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
      expect(t.session.state.failure?.code).toBe(KitErrorCodes.NETWORK);
      expect(t.playing()).toEqual(['incoming']);
    });

    it('should connect after all when the SDK accepts within the time-out, however late', async () => {
      const t = setup('incoming');
      const answer = deferred<KitCall>();
      t.sdk.next = () => answer.promise;
      t.session.attach(t.view);
      void t.session.accept();
      await jest.advanceTimersByTimeAsync(14_000);
      answer.resolve({...call('incoming'), status: 'ongoing'});
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state.phase).toBe('ongoing');
      expect(t.events).toEqual(['accepted s1']);
    });

    it('should close at once when the user hangs up an ongoing call and the SDK never answers', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ongoing'});
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await t.session.accept();
      t.sdk.next = () => new Promise(() => {});
      void t.session.hangUp();
      expect(t.session.state.phase).toBe('ending');
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ended', done: true}));
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
      expect(t.events).toEqual(['accepted s1', 'ended s1']);
      expect(jest.getTimerCount()).toBe(0);
    });

    it("should close a dialing call at once when the SDK never answers the user's cancel", async () => {
      const t = setup('outgoing');
      t.session.attach(t.view);
      void t.session.hangUp();
      expect(t.session.state.phase).toBe('cancelling');
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'cancelled', done: true}),
      );
      expect(t.playing()).toEqual([]);
    });

    it('should reject start() with ERR_NETWORK and show "failed" when initiateCall never answers', async () => {
      const t = setup('outgoing', '');
      t.session.attach(t.view);
      const started = t.session.start().catch((error: KitException) => error);
      await jest.advanceTimersByTimeAsync(15_000);
      expect(((await started) as KitException).code).toBe(KitErrorCodes.NETWORK);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'failed', done: false}),
      );
      await jest.advanceTimersByTimeAsync(2_000);
      expect(t.session.state.done).toBe(true);
      expect(t.events).toEqual([]);
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  describe('whatever the SDK throws or rejects with', () => {
    const odd: [string, () => Promise<KitCall>][] = [
      [
        'a sync throw',
        () => {
          throw new TypeError('boom');
        },
      ],
      ['undefined', () => Promise.reject(undefined)],
      ['null', () => Promise.reject(null)],
      ['a string', () => Promise.reject('nope')],
      ['a plain object', () => Promise.reject({status: 500})],
      ['a TypeError', () => Promise.reject(new TypeError('x is not a function'))],
    ];
    for (const [name, failure] of odd) {
      it(`should report ${name} as an ERR_CALL_FAILED KitException and ring on`, async () => {
        const t = setup('incoming');
        t.sdk.next = failure;
        t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
        await t.session.decline();
        expect(t.viewErrors).toHaveLength(1);
        expect(t.viewErrors[0]).toBeInstanceOf(KitException);
        expect(t.viewErrors[0].code).toBe(KitErrorCodes.CALL_FAILED);
        expect(t.session.state.phase).toBe('ringing');
      });
    }

    it('should leave no unhandled rejection when an accept answers with a thenable that rejects', async () => {
      jest.useRealTimers(); // Node reports an unhandled rejection on its own real ticks.
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const t = setup('incoming');
        // An adapter's own promise type (not a native Promise), as some SDKs return.
        t.sdk.next = () =>
          ({
            then: (_: unknown, reject: (e: unknown) => void) => reject('nope'),
          }) as Promise<KitCall>;
        t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
        await t.session.accept();
        await new Promise(resolve => setTimeout(resolve, 20));
        expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });
  });

  describe('the first decision wins', () => {
    it('should keep the settings of the accept that went out when a second accept with others comes meanwhile', async () => {
      const t = setup('incoming');
      const answer = deferred<KitCall>();
      const given: unknown[] = [];
      t.sdk.acceptCall = (id: string, settings?: KitCallSettings | null) => {
        given.push(settings);
        t.sdk.sent.push(`acceptCall(${id})`);
        return answer.promise;
      };
      t.session.attach(t.view);
      const video: KitCallSettings = {audioOnly: false, defaultAudioMode: 'SPEAKER'};
      const accepted = t.session.accept(video);
      await jest.advanceTimersByTimeAsync(0);
      // "Answer as voice" pressed in a later tick: the first decision won.
      await expect(t.session.accept({audioOnly: true, defaultAudioMode: 'EARPIECE'})).resolves.toBe(
        false,
      );
      answer.resolve({...call('incoming'), status: 'ongoing'});
      await expect(accepted).resolves.toBe(true);
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
      expect(given).toEqual([video]);
      expect(t.session.state.call.settings).toEqual(video);
    });

    it('should send one accept for a double press, and nothing for a decline in the same tick', async () => {
      const t = setup('incoming');
      void t.session.accept();
      void t.session.accept();
      void t.session.decline();
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
      await jest.advanceTimersByTimeAsync(0);
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
      const u = setup('incoming');
      void u.session.decline();
      void u.session.decline();
      void u.session.accept();
      expect(u.sdk.sent).toEqual(['rejectCall(s1, rejected)']);
    });

    it('should end as cancelled when the caller cancels while my accept is in flight; the late accept changes nothing', async () => {
      const t = setup('incoming');
      const answer = deferred<KitCall>();
      t.sdk.next = () => answer.promise;
      t.session.attach(t.view);
      void t.session.accept();
      t.session._hear('remoteCancelled', {...call('incoming'), status: 'cancelled'});
      answer.resolve({...call('incoming'), status: 'ongoing'});
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'cancelled'}),
      );
      expect(t.events).toEqual(['ended s1']);
    });

    it("should let a pick-up that crosses the ring time-out win, and the user's hang-up win over a pick-up", async () => {
      const timedOut = setup('outgoing');
      timedOut.session.attach(timedOut.view);
      void timedOut.session.timeOut();
      timedOut.session._hear('remoteAccepted', {...call('outgoing'), status: 'ongoing'});
      expect(timedOut.session.state.phase).toBe('ongoing');

      const hungUp = setup('outgoing');
      hungUp.sdk.next = () => Promise.resolve({...call('outgoing'), status: 'ended'});
      hungUp.session.attach(hungUp.view);
      void hungUp.session.hangUp();
      hungUp.session._hear('remoteAccepted', {...call('outgoing'), status: 'ongoing'});
      expect(hungUp.session.state.phase).toBe('cancelling'); // "Ending…" until the SDK ended it.
      await jest.advanceTimersByTimeAsync(0);
      expect(hungUp.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'cancelled', connected: false}),
      );
      expect(hungUp.sdk.sent).toEqual(['rejectCall(s1, cancelled)', 'endCall(s1)']);
      expect(hungUp.events).toEqual(['ended s1']);
    });

    const withdrawals: [string, (t: ReturnType<typeof setup>) => unknown][] = [
      ['the ring time-out', () => jest.advanceTimersByTimeAsync(45_000)],
      ['glare', t => void t.session.withdraw()],
    ];
    it.each(withdrawals)(
      'should show the call connected when %s withdraws it and the SDK refuses because the callee picked up',
      async (_, withdraw) => {
        const t = setup('outgoing');
        const cancel = deferred<KitCall>();
        t.sdk.next = () => cancel.promise;
        t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
        await withdraw(t);
        expect(t.sdk.sent).toEqual([expect.stringMatching(/^rejectCall\(s1, /)]);
        // The callee's pick-up crossed the cancel: the SDK refuses it, the call being live.
        const live = {...call('outgoing'), status: 'ongoing' as const};
        cancel.reject(new KitException(KitErrorCodes.CALL_ENDED, 'Call is ongoing', live));
        await jest.advanceTimersByTimeAsync(0);
        expect(t.session.state).toEqual(
          expect.objectContaining({phase: 'ongoing', connected: true, endReason: null}),
        );
        expect(t.viewErrors).toEqual([]); // No "Call failed" over a connected call.
        expect(t.events).toEqual(['accepted s1']);
        expect(t.playing()).toEqual([]);
      },
    );

    it("should show the call connected when the ring time-out's second cancel is refused because the callee picked up", async () => {
      const t = setup('outgoing');
      t.sdk.next = () => Promise.reject(new Error('refused'));
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(45_000);
      expect(t.session.state.phase).toBe('dialing'); // Refused once: it still dials, tried again soon.
      // The callee picks up before the second try: the SDK refuses it, the call being live.
      const live = {...call('outgoing'), status: 'ongoing' as const};
      t.sdk.next = () =>
        Promise.reject(new KitException(KitErrorCodes.CALL_ENDED, 'Call is ongoing', live));
      await jest.advanceTimersByTimeAsync(5_000);
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)', 'rejectCall(s1, unanswered)']);
      expect(t.session.state).toEqual(
        expect.objectContaining({
          phase: 'ongoing',
          connected: true,
          endReason: null,
          failure: null,
        }),
      );
      // Only the first refusal is said: no "Call failed" over a connected call.
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
      expect(t.events).toEqual(['accepted s1']);
      expect(t.playing()).toEqual([]);
    });

    it('should not announce as accepted a call that the app hands over already connected', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ended'});
      t.session.attach(t.view);
      // The app accepted through the SDK itself and published the accept: the screen gets the call ongoing.
      t.session._update({...call('incoming'), status: 'ongoing'});
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ongoing', connected: true}));
      expect(t.sdk.sent).toEqual([]);
      await t.session.hangUp();
      expect(t.events).toEqual(['ended s1']);
    });

    it("should show the call after all when the user's hang-up crossed a pick-up and the SDK cannot end it", async () => {
      const t = setup('outgoing');
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      void t.session.hangUp();
      t.sdk.next = () => Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      t.session._hear('remoteAccepted', {...call('outgoing'), status: 'ongoing'});
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ongoing', connected: true}));
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
      expect(t.events).toEqual(['accepted s1']);
    });
  });

  describe('a decline while the accept is in flight', () => {
    /** Each SDK action gets its own answer, settled by the test in any order. */
    function scripted(t: ReturnType<typeof setup>) {
      const answers: ReturnType<typeof deferred<KitCall>>[] = [];
      t.sdk.next = () => {
        const answer = deferred<KitCall>();
        answers.push(answer);
        return answer.promise;
      };
      return answers;
    }
    const ongoing = () => ({...call('incoming'), status: 'ongoing' as const});

    /** The user accepts, and declines in a later tick while the accept is in flight. */
    async function acceptThenDecline() {
      const t = setup('incoming');
      const answers = scripted(t);
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      void t.session.accept();
      await jest.advanceTimersByTimeAsync(0);
      const declined = t.session.decline();
      return {t, answers, declined};
    }

    it('should supersede the accept: rejectCall goes out, the call ends declined, the late accept changes nothing', async () => {
      const t = setup('incoming');
      const answers = scripted(t);
      t.session.attach(t.view);
      const accepted = t.session.accept();
      await jest.advanceTimersByTimeAsync(0); // The decline comes in a later tick than the accept.
      const declined = t.session.decline();
      expect(t.session.state.phase).toBe('declining');
      expect(t.sdk.sent).toEqual(['acceptCall(s1)', 'rejectCall(s1, rejected)']);
      await expect(accepted).resolves.toBe(false);
      answers[1].resolve({...call('incoming'), status: 'rejected'});
      await expect(declined).resolves.toBe(true);
      answers[0].resolve(ongoing());
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'rejected', connected: false}),
      );
      expect(t.events).toEqual(['rejected s1']);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('should end the call (endCall) when the accept landed first and the SDK says the call is ongoing', async () => {
      const {t, answers} = await acceptThenDecline();
      answers[0].resolve(ongoing());
      answers[1].reject(new KitException(KitErrorCodes.CALL_ENDED, 'Call is ongoing', ongoing()));
      await jest.advanceTimersByTimeAsync(0);
      expect(t.sdk.sent).toEqual(['acceptCall(s1)', 'rejectCall(s1, rejected)', 'endCall(s1)']);
      expect(t.session.state.phase).toBe('declining'); // "Ending…" until the SDK ended it.
      answers[2].resolve({...call('incoming'), status: 'ended'});
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'rejected', connected: false}),
      );
      expect(t.events).toEqual(['ended s1']); // The SDK had the call ongoing: it ended, never accepted here.
      expect(t.playing()).toEqual([]);
    });

    it('should also end the call when the decline fails for another reason after the accept landed', async () => {
      const {t, answers} = await acceptThenDecline();
      answers[0].resolve(ongoing());
      await jest.advanceTimersByTimeAsync(0);
      answers[1].reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await jest.advanceTimersByTimeAsync(0);
      expect(t.sdk.sent.at(-1)).toBe('endCall(s1)');
    });

    it('should wait for the accept when the SDK refuses the decline first, and show the live call once it lands', async () => {
      const {t, answers, declined} = await acceptThenDecline();
      answers[1].reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await jest.advanceTimersByTimeAsync(0);
      expect(t.viewErrors).toEqual([expect.objectContaining({code: KitErrorCodes.CALL_FAILED})]);
      expect(t.session.state.phase).toBe('accepting'); // "Connecting…": the accept is still on its way.
      answers[0].resolve(ongoing());
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ongoing', connected: true}));
      expect(t.events).toEqual(['accepted s1']);
      await expect(declined).resolves.toBe(false); // The decline did not end the call.
    });

    it('should send no second decision while that accept is on its way, and ring again if it fails', async () => {
      const {t, answers} = await acceptThenDecline();
      answers[1].reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await jest.advanceTimersByTimeAsync(0);
      void t.session.timeOut();
      void t.session.answerBusy();
      void t.session.accept();
      expect(t.sdk.sent).toEqual(['acceptCall(s1)', 'rejectCall(s1, rejected)']);
      answers[0].reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await jest.advanceTimersByTimeAsync(0);
      expect(t.session.state.phase).toBe('ringing');
      expect(t.session.state.failure?.code).toBe(KitErrorCodes.CALL_FAILED);
      expect(t.events).toEqual([]);
    });

    it('should give up on that accept after the action time-out, back to ringing', async () => {
      const {t, answers} = await acceptThenDecline();
      answers[1].reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(t.session.options.actionTimeout + 1);
      expect(t.session.state.phase).toBe('ringing');
      expect(t.session.state.failure?.code).toBe(KitErrorCodes.NETWORK);
      expect(answers).toHaveLength(2);
    });

    it('should not let a time-out or a busy answer supersede the accept', async () => {
      const t = setup('incoming');
      scripted(t);
      void t.session.accept();
      void t.session.timeOut();
      void t.session.answerBusy();
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
      expect(t.session.state.phase).toBe('accepting');
    });
  });

  describe('ring time-out', () => {
    it('should decline an unanswered call once it rang for the ring time-out, counted from the first view', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'unanswered'});
      await jest.advanceTimersByTimeAsync(60_000);
      expect(t.sdk.sent).toEqual([]); // Nobody shows it: nothing rings, nothing times out.
      t.session.attach(t.view);
      await jest.advanceTimersByTimeAsync(45_000);
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
      expect(t.session.state.endReason).toBe('unanswered');
      expect(t.events).toEqual(['ended s1']);
    });

    it('should try again later when it fires while an accept is in flight, which then wins', async () => {
      const t = setup('incoming');
      const answer = deferred<KitCall>();
      t.sdk.next = () => answer.promise;
      t.session.attach(t.view);
      await jest.advanceTimersByTimeAsync(44_000);
      void t.session.accept();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
      answer.resolve({...call('incoming'), status: 'ongoing'});
      await jest.advanceTimersByTimeAsync(10_000);
      expect(t.session.state.phase).toBe('ongoing');
      expect(t.sdk.sent).toEqual(['acceptCall(s1)']);
    });
  });

  describe('a far side that goes silent', () => {
    it('should close an incoming call here, with the error said, when its decline was never answered and the ring time-out comes', async () => {
      const t = setup('incoming');
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(20_000);
      void t.session.decline();
      expect(t.session.state.phase).toBe('declining');
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state.phase).toBe('ringing'); // "That did not work": the user may try again.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ended', done: true}));
      // One decline only: the ring time-out does not send another one that would hang as long, without end.
      expect(t.sdk.sent).toEqual(['rejectCall(s1, rejected)']);
      expect(t.viewErrors.map(error => error.code)).toEqual([
        KitErrorCodes.NETWORK,
        KitErrorCodes.NETWORK,
      ]);
      expect(t.playing()).toEqual([]);
      expect(jest.getTimerCount()).toBe(0);
    });

    it("should close an incoming call here at once when the ring time-out's own decline is never answered", async () => {
      const t = setup('incoming');
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(45_000);
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'unanswered', done: true}),
      );
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
      expect(jest.getTimerCount()).toBe(0);
    });

    it("should close an outgoing call here once the ring time-out's cancel is never answered", async () => {
      const t = setup('outgoing');
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(45_000);
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
      await jest.advanceTimersByTimeAsync(15_000);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ended', done: true}));
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
    });

    it('should give up, not retry without end, when the SDK refuses the time-out twice', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.reject(new Error('refused'));
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(45_000 + 5_000);
      expect(t.session.state).toEqual(expect.objectContaining({phase: 'ended', done: true}));
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)', 'rejectCall(s1, unanswered)']);
      expect(t.viewErrors.map(error => error.code)).toEqual([
        KitErrorCodes.CALL_FAILED,
        KitErrorCodes.CALL_FAILED,
      ]);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(t.sdk.sent).toHaveLength(2);
    });
    it("should give up an outgoing call when the SDK refuses the time-out's cancel twice", async () => {
      const t = setup('outgoing');
      t.sdk.next = () => Promise.reject(new Error('refused'));
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await jest.advanceTimersByTimeAsync(45_000);
      expect(t.session.state.phase).toBe('dialing'); // Refused once: it still dials, tried again soon.
      await jest.advanceTimersByTimeAsync(5_000);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'unanswered', done: true}),
      );
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)', 'rejectCall(s1, unanswered)']);
      expect(t.events).toEqual(['ended s1']);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(t.sdk.sent).toHaveLength(2);
    });
  });

  describe('a connection that drops during the call', () => {
    async function ongoing() {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ongoing'});
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      await t.session.accept();
      return t;
    }

    it('should say "reconnecting" until the SDK says the connection is back, and go on as before', async () => {
      const t = await ongoing();
      t.session._hear('reconnecting');
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ongoing', reconnecting: true}),
      );
      await jest.advanceTimersByTimeAsync(29_000);
      t.session._hear('reconnected');
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ongoing', reconnecting: false}),
      );
      await jest.advanceTimersByTimeAsync(60_000);
      expect(t.session.state.phase).toBe('ongoing');
      expect(t.viewErrors).toEqual([]);
    });

    it('should end the call as failed, with ERR_NETWORK and an endCall, when the connection stays away', async () => {
      const t = await ongoing();
      t.session._hear('reconnecting');
      await jest.advanceTimersByTimeAsync(30_000);
      expect(t.session.state).toEqual(
        expect.objectContaining({
          phase: 'ended',
          endReason: 'failed',
          reconnecting: false,
          done: false,
        }),
      );
      expect(t.viewErrors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
      expect(t.sdk.sent).toEqual(['acceptCall(s1)', 'endCall(s1)']);
      expect(t.events).toEqual(['accepted s1', 'ended s1']);
      await jest.advanceTimersByTimeAsync(2_000); // "Call failed" stays for the close delay.
      expect(t.session.state.done).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('should still let the user hang up while reconnecting, and the far side end the call', async () => {
      const t = await ongoing();
      t.session._hear('reconnecting');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ended'});
      expect(await t.session.hangUp()).toBe(true);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', reconnecting: false}),
      );
      const u = await ongoing();
      u.session._hear('reconnecting');
      u.session._hear('remoteEnded', {...call('incoming'), status: 'ended'});
      expect(u.session.state).toEqual(
        expect.objectContaining({endReason: 'ended', reconnecting: false}),
      );
      await jest.advanceTimersByTimeAsync(60_000);
      expect(u.viewErrors).toEqual([]);
    });

    it('should not say "Reconnecting…" forever when the SDK refuses a hang-up while reconnecting', async () => {
      const refuse = () => Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      const t = await ongoing();
      t.session._hear('reconnecting');
      t.sdk.next = refuse;
      expect(await t.session.hangUp()).toBe(false);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ongoing', reconnecting: true}),
      );
      t.session._hear('reconnected'); // The connection came back: the call goes on.
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ongoing', reconnecting: false}),
      );
      // One that never comes back ends at the bound, as if nobody had pressed.
      const u = await ongoing();
      u.session._hear('reconnecting');
      u.sdk.next = refuse;
      await u.session.hangUp();
      await jest.advanceTimersByTimeAsync(30_000);
      expect(u.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'failed', reconnecting: false}),
      );
    });

    it('should ignore connection news of a call that is not ongoing', async () => {
      const t = setup('incoming');
      t.session.attach(t.view);
      t.session._hear('reconnecting');
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ringing', reconnecting: false}),
      );
    });
  });

  describe('the facts it says', () => {
    function listen(t: ReturnType<typeof setup>) {
      const said: unknown[] = [];
      t.session.subscribe((_, facts) => said.push(...facts));
      return said;
    }

    it('should say connected, ended (with its ending) and done once each, whatever comes after', async () => {
      const t = setup('incoming');
      const said = listen(t);
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ongoing'});
      t.session.attach(t.view);
      await t.session.accept();
      t.session._update({...call('incoming'), status: 'ongoing'});
      t.session._hear('reconnecting');
      t.session._hear('reconnected');
      t.session._hear('remoteEnded', {...call('incoming'), status: 'ended'});
      t.session._hear('remoteEnded', {...call('incoming'), status: 'ended'});
      void t.session.hangUp();
      await jest.advanceTimersByTimeAsync(1_000);
      t.session.dispose();
      t.session.dispose();
      await jest.advanceTimersByTimeAsync(10_000);
      expect(said).toEqual([
        {type: 'connected'},
        {type: 'ended', ending: {reason: 'ended', event: 'ended'}},
        {type: 'done'},
      ]);
    });

    it('should say ended and done once when the app closes a ringing call, then hears of it', async () => {
      const t = setup('incoming');
      const said = listen(t);
      t.session.attach(t.view);
      t.session.dispose();
      t.session._hear('remoteCancelled', {...call('incoming'), status: 'cancelled'});
      t.session.dispose();
      await jest.advanceTimersByTimeAsync(0);
      expect(said).toEqual([
        {type: 'ended', ending: {reason: 'dismissed', event: null, delay: 0}},
        {type: 'done'},
      ]);
    });
  });

  describe('initiateCall', () => {
    it('should fail the start with ERR_INVALID_CALL when the SDK answers without a session id', async () => {
      const t = setup('outgoing', '');
      t.sdk.next = () => Promise.resolve({...call('outgoing', '')});
      t.session.attach(t.view, {onError: error => t.viewErrors.push(error)});
      const started = t.session.start();
      const outcome = started.then(
        () => null,
        (error: KitException) => error.code,
      );
      await jest.advanceTimersByTimeAsync(0);
      expect(await outcome).toBe(KitErrorCodes.INVALID_CALL);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'failed'}),
      );
      expect(t.events).toEqual([]); // No ccOutgoingCall for a call the SDK never registered.
      await jest.advanceTimersByTimeAsync(2_000);
      expect(t.session.state.done).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    });
    const closings: [string, KitCallEndReason | undefined][] = [
      ['closed', undefined],
      ["closed with a reason of the app's", 'cancelled'],
    ];
    it.each(closings)(
      'should cancel a call the app %s before the SDK registered it, once the SDK does',
      async (_, reason) => {
        const t = setup('outgoing', '');
        const initiated = deferred<KitCall>();
        t.sdk.next = () => initiated.promise;
        t.session.attach(t.view);
        const started = t.session.start().catch((error: KitException) => error.code);
        t.session.dispose(reason);
        await jest.advanceTimersByTimeAsync(0);
        expect(await started).toBe(KitErrorCodes.CALL_ENDED);
        expect(t.session.state).toEqual(
          expect.objectContaining({phase: 'ended', endReason: reason ?? 'dismissed', done: true}),
        );
        t.sdk.next = () => Promise.resolve({...call('outgoing', 'o1'), status: 'cancelled'});
        initiated.resolve({...call('outgoing', 'o1'), status: 'initiated'});
        await jest.advanceTimersByTimeAsync(0);
        // Nobody can see the call any more: it must not ring on at the callee.
        expect(t.sdk.sent).toEqual(['initiateCall', 'rejectCall(o1, cancelled)']);
        expect(t.events).toEqual([]); // No ccOutgoingCall for a call the app already closed.
        expect(t.reported).toEqual([]);
      },
    );
  });

  describe('a call waiting in a banner', () => {
    it('should not count towards its ring time-out while it waits, and count once it takes the screen', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'unanswered'});
      t.session._set({waiting: true});
      const detachBanner = t.session.attach({}, {sound: false});
      await jest.advanceTimersByTimeAsync(90_000);
      expect(t.sdk.sent).toEqual([]);
      t.session._set({waiting: false});
      detachBanner();
      t.session.attach(t.view);
      await jest.advanceTimersByTimeAsync(44_000);
      expect(t.sdk.sent).toEqual([]);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(t.sdk.sent).toEqual(['rejectCall(s1, unanswered)']);
    });
  });

  describe('teardown', () => {
    it('should stop the sound and every timer on each way out, and be safe to dispose twice', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.resolve({...call('incoming'), status: 'ongoing'});
      t.session.attach(t.view);
      expect(t.playing()).toEqual(['incoming']);
      await t.session.accept();
      expect(t.playing()).toEqual([]);
      expect(jest.getTimerCount()).toBe(1); // The elapsed time, while a view shows it.
      t.session.dispose();
      t.session.dispose();
      expect(t.session.state).toEqual(
        expect.objectContaining({done: true, endReason: 'dismissed'}),
      );
      expect(jest.getTimerCount()).toBe(0);
      expect(t.events).toEqual(['accepted s1']);
    });

    it('should play the sound only while a view that plays it is attached', () => {
      const t = setup('incoming');
      expect(t.playing()).toEqual([]);
      const detachBanner = t.session.attach({}, {sound: false});
      expect(t.playing()).toEqual([]);
      const detach = t.session.attach(t.view);
      expect(t.playing()).toEqual(['incoming']);
      detach();
      expect(t.playing()).toEqual([]);
      detachBanner();
    });

    it('should keep a waiting call silent, even with a view that plays sound, until it takes the screen', () => {
      const t = setup('incoming');
      // The registry marks a call that rings beside another one as waiting; a screen may still show it.
      t.session._set({waiting: true});
      const detach = t.session.attach(t.view);
      expect(t.playing()).toEqual([]);
      t.session._set({waiting: false});
      expect(t.playing()).toEqual(['incoming']);
      detach();
    });
  });

  describe('who hears what', () => {
    it("should tell a failed initiateCall through start()'s rejection only, not the app's onError, when no view listens", async () => {
      const t = setup('outgoing', '');
      t.sdk.next = () => Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      const started = t.session.start().catch((error: KitException) => error);
      await jest.advanceTimersByTimeAsync(0);
      expect(await started).toBeInstanceOf(KitException);
      expect(t.session.state).toEqual(
        expect.objectContaining({phase: 'ended', endReason: 'failed'}),
      );
      expect(t.reported).toEqual([]);
    });

    it('should tell the app what no view hears: a refused accept with no view attached', async () => {
      const t = setup('incoming');
      t.sdk.next = () => Promise.reject(new KitException(KitErrorCodes.NETWORK, 'offline'));
      await t.session.accept().catch(() => undefined);
      await jest.advanceTimersByTimeAsync(0);
      expect(t.reported.map(error => (error as KitException).code)).toEqual([
        KitErrorCodes.CALL_FAILED,
      ]);
    });

    it('should tell no listener of a repeated ring, which changes nothing', () => {
      const t = setup('outgoing');
      const told: string[] = [];
      t.session.subscribe(state => told.push(state.phase));
      t.session._hear('remoteRinging', call('outgoing'));
      expect(told).toEqual(['dialing']);
      t.session._hear('remoteRinging', call('outgoing'));
      t.session._hear('remoteRinging', call('outgoing'));
      expect(told).toEqual(['dialing']);
    });
  });
});
