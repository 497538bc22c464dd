import {ADA, ADA_CALLS_ME, ME, recordCallPaths} from './call-paths.spec-helper';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KIT_BROWSER_CLOCK} from './call-session-host';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallStatus} from '../sdk/models';
import {KitCallSession} from './call-session';
import {kitEndOf} from './call-session-rules';
import {
  KIT_CALL_EVENTS,
  KIT_CALL_IGNORES,
  KIT_CALL_TABLE,
  KitCallRow,
  KitCallState,
  KitCallStep,
} from './call-session-table';

describe('the call session transition table', () => {
  const steps = Object.keys(KIT_CALL_TABLE) as KitCallStep[];

  it('should give every state x event cell either a row or a written-down ignore, never both', () => {
    const problems: string[] = [];
    for (const step of steps) {
      const on = KIT_CALL_TABLE[step];
      const ignores = KIT_CALL_IGNORES![step];
      for (const event of KIT_CALL_EVENTS) {
        const rows = event in on ? 1 : 0;
        const ignored = ignores.filter(ignore => ignore === event).length;
        if (rows + ignored !== 1) {
          problems.push(`${step} x ${event}: ${rows} row(s), ignored ${ignored} time(s)`);
        }
      }
      for (const event of [...Object.keys(on), ...ignores]) {
        if (!(KIT_CALL_EVENTS as readonly string[]).includes(event)) {
          problems.push(`${step} names an unknown event ${event}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('should lead every row to a state, and end every guarded cell with a row that needs no guard', () => {
    const problems: string[] = [];
    for (const step of steps) {
      for (const [event, cell] of Object.entries(KIT_CALL_TABLE[step])) {
        const rows = ([] as KitCallRow[]).concat(cell ?? []);
        if (rows.some(row => !steps.includes(row.to))) {
          problems.push(`${step} x ${event} leads nowhere`);
        }
        if (rows[rows.length - 1]?.when) {
          problems.push(`${step} x ${event} has no fallback row`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('should name the ending on every row that ends the call, and on no other row', () => {
    const problems: string[] = [];
    let endings = 0;
    for (const step of steps) {
      for (const [event, cell] of Object.entries(KIT_CALL_TABLE[step])) {
        for (const row of ([] as KitCallRow[]).concat(cell ?? [])) {
          const ends = row.to === 'ended' && step !== 'ended';
          if (ends !== !!row.end) {
            problems.push(`${step} x ${event} -> ${row.to}: ending ${JSON.stringify(row.end)}`);
          }
          endings += ends ? 1 : 0;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(endings).toBeGreaterThan(100);
  });

  it('should end each row as the event and the state say: what was sent, what the SDK says', () => {
    // The ending a row gives, for what the event says of the call (`news`).
    const ending = (step: KitCallStep, event: keyof KitCallState, news?: Partial<KitCall>) => {
      const end = ([] as KitCallRow[]).concat(KIT_CALL_TABLE[step][event] ?? []).at(-1)?.end;
      return end ? kitEndOf(end, news, undefined, ADA_CALLS_ME).ending : undefined;
    };
    // What a decline or cancel sent is in the state's name, and its answer ends the call so.
    expect(ending('declining.user', 'answered')).toMatchObject({
      reason: 'rejected',
      event: 'rejected',
    });
    expect(ending('declining.busy', 'answered')).toMatchObject({reason: 'busy', event: null});
    expect(ending('declining.timeout', 'answered')).toMatchObject({reason: 'unanswered'});
    expect(ending('withdrawing.timeout', 'answered')).toMatchObject({reason: 'unanswered'});
    expect(ending('withdrawing', 'answered')).toMatchObject({reason: 'cancelled', delay: 0});
    expect(ending('cancelling', 'answered')).toMatchObject({reason: 'cancelled', delay: 0});
    // The user's decision that crossed a pick-up closes at once, whatever the SDK says.
    expect(ending('declining.endCrossed', 'over')).toMatchObject({reason: 'rejected', delay: 0});
    expect(ending('cancelling.endCrossed', 'timedOut')).toMatchObject({reason: 'cancelled'});
    // The SDK's status says why, with a fallback.
    expect(ending('ringing', 'remoteCancelled', {status: 'unanswered'})).toMatchObject({
      reason: 'unanswered',
    });
    expect(ending('ringing', 'remoteCancelled')).toMatchObject({reason: 'cancelled'});
    expect(ending('dialing', 'remoteRejected', {status: 'busy'})).toMatchObject({reason: 'busy'});
    expect(ending('dialing', 'remoteRejected')).toMatchObject({reason: 'rejected'});
    expect(ending('ongoing', 'remoteEnded')).toMatchObject({reason: 'ended', event: 'ended'});
    expect(ending('ongoing', 'remoteEnded')?.delay).toBeUndefined(); // Shown for closeDelay.
  });

  it('should let no state but done be a dead end: every other one leads on', () => {
    const dead = steps.filter(
      step =>
        step !== 'done' &&
        Object.values(KIT_CALL_TABLE[step])
          .flatMap(cell => ([] as KitCallRow[]).concat(cell ?? []))
          .every(row => row.to === step),
    );
    expect(dead).toEqual([]);
  });

  describe('walks (each asserts the states a flow goes through)', () => {
    const path = recordCallPaths();

    /** An SDK whose answers the walk scripts, one per action, in order. */
    function session(direction: 'incoming' | 'outgoing', sessionId = 's1') {
      const answers: ((call: KitCall) => Promise<unknown>)[] = [];
      const sdk = {
        getLoggedInUser: () => ME,
        initiateCall: (c: KitCall) => next(c),
        acceptCall: () => next(call),
        rejectCall: (_: string, status: KitCallStatus) => next({...call, status}),
        endCall: () => next({...call, status: 'ended'}),
        addCallListener: () => {},
        removeCallListener: () => {},
      } as unknown as KitCallsSdk;
      const next = (c: KitCall) => (answers.shift() ?? (() => new Promise(() => {})))(c);
      const [from, to] = direction === 'incoming' ? [ADA, ME] : [ME, ADA];
      const call: KitCall = {
        sessionId,
        type: 'audio',
        sender: from,
        receiver: to,
        callInitiator: from,
        callReceiver: to,
      };
      const s = new KitCallSession(
        direction,
        call,
        {
          sdk,
          events: {
            publishCallAccepted: () => {},
            publishCallRejected: () => {},
            publishCallEnded: () => {},
            publishOutgoingCall: () => {},
          },
          sound: {start: () => ({state: () => 'playing', stop: () => {}})},
          clock: KIT_BROWSER_CLOCK,
          report: () => {},
        },
        {ringTimeout: 45_000, actionTimeout: 15_000, closeDelay: 0},
      );
      s.attach({});
      const ok = (value?: Partial<KitCall>) => () => Promise.resolve({...call, ...value});
      const refuse = () => () => Promise.reject(new KitException(KitErrorCodes.NETWORK, 'no'));
      const later = () => {
        let settle!: (value: unknown) => void;
        answers.push(() => new Promise(resolve => (settle = resolve)));
        return (value: Partial<KitCall>) => settle({...call, ...value});
      };
      return {s, answers, ok, refuse, later, call};
    }

    const flush = () => jest.advanceTimersByTimeAsync(0);

    it('accept: ringing → accepting (fresh, then next tick) → ongoing', async () => {
      const t = session('incoming');
      t.answers.push(t.ok({status: 'ongoing'}));
      await t.s.accept();
      expect(path).toEqual(['accepting.fresh', 'accepting', 'ongoing']);
    });

    it("decline: ringing → declining (the user's) → ended → done", async () => {
      const t = session('incoming');
      t.answers.push(t.ok());
      await t.s.decline();
      await flush();
      expect(path).toEqual(['declining.user', 'ended', 'done']);
    });

    it('a decline over an accept that lands, the decline refused: the call is ended with endCall', async () => {
      const t = session('incoming');
      const accept = t.later();
      t.answers.push(
        () => new Promise((_, reject) => setTimeout(() => reject(new Error('no')), 10)),
        t.ok(),
      );
      void t.s.accept();
      await flush();
      void t.s.decline();
      accept({status: 'ongoing'});
      await jest.advanceTimersByTimeAsync(10);
      expect(path).toEqual([
        'accepting.fresh',
        'accepting',
        'declining.overAccept',
        'declining.overLanded',
        'declining.endCrossed',
        'ended',
        'done',
      ]);
    });

    it('a decline over an accept, refused before the accept is answered: the accept decides', async () => {
      const t = session('incoming');
      const accept = t.later();
      t.answers.push(t.refuse());
      void t.s.accept();
      await flush();
      void t.s.decline();
      await flush();
      accept({status: 'ongoing'});
      await flush();
      expect(path).toEqual([
        'accepting.fresh',
        'accepting',
        'declining.overAccept',
        'accepting.awaited',
        'ongoing',
      ]);
    });

    it('a silent far side: ringing → declining at the ring time-out → ended when it never answers', async () => {
      session('incoming');
      await jest.advanceTimersByTimeAsync(45_000 + 15_000);
      expect(path).toEqual(['declining.timeout', 'ended', 'done']);
    });

    it('outgoing: dialing.starting → dialing → ongoing on the pick-up → ending → ended', async () => {
      const t = session('outgoing', '');
      t.answers.push(t.ok({sessionId: 'o1'}), t.ok());
      await t.s.start();
      t.s._hear('remoteAccepted', {...t.call, sessionId: 'o1', status: 'ongoing'});
      await t.s.hangUp();
      await flush();
      expect(path).toEqual(['dialing', 'ongoing', 'ending', 'ended', 'done']);
    });

    it('a hang-up before the SDK knew the call is queued, then sent with the id', async () => {
      const t = session('outgoing', '');
      const initiated = t.later();
      t.answers.push(t.ok());
      void t.s.start().catch(() => {});
      void t.s.hangUp();
      initiated({sessionId: 'o1'});
      await flush();
      expect(path).toEqual(['cancelling.queued', 'cancelling', 'ended', 'done']);
    });

    it("a hang-up that crosses the callee's pick-up ends the call with endCall", async () => {
      const t = session('outgoing');
      const cancel = t.later();
      t.answers.push(t.ok());
      void t.s.hangUp();
      t.s._hear('remoteAccepted', {...t.call, status: 'ongoing'});
      cancel({status: 'cancelled'});
      await flush();
      expect(path).toEqual(['cancelling', 'cancelling.endCrossed', 'ended', 'done']);
    });

    it("a withdrawal (glare) loses to the callee's pick-up", async () => {
      const t = session('outgoing');
      t.later();
      void t.s.withdraw();
      t.s._hear('remoteAccepted', {...t.call, status: 'ongoing'});
      await flush();
      expect(path).toEqual(['withdrawing', 'ongoing']);
    });

    it('initiateCall answered without a session id: a failed start', async () => {
      const t = session('outgoing', '');
      t.answers.push(t.ok({sessionId: ''}));
      await expect(t.s.start()).rejects.toMatchObject({code: KitErrorCodes.INVALID_CALL});
      await flush();
      expect(path).toEqual(['ended', 'done']);
    });

    it('dispose: the call ends here, then leaves', async () => {
      const t = session('incoming');
      t.s.dispose();
      await flush();
      expect(path).toEqual(['ended', 'done']);
    });
  });
});
