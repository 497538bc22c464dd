import {recordCallPaths, tableProblems} from './call-paths.spec-helper';
import {KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCode, KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallSession} from './call-session';
import {KIT_BROWSER_CLOCK} from './call-session-host';
import {KitCallStep} from './call-session-table';
import {KIT_HOLD_ROWS, kitHoldTable} from './call-session-table-hold';

const ME: KitUser = {uid: 'me', name: 'Me'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const CALL: KitCall = {
  sessionId: 's1',
  type: 'audio',
  sender: ME,
  receiver: ADA,
  callInitiator: ME,
  callReceiver: ADA,
  status: 'ongoing',
};

/** An ongoing call whose SDK's hold, unhold and endCall answer as each test scripts them, in order. */
function ongoingCall(sdkHas = true) {
  const answers: (() => Promise<unknown>)[] = [];
  const sent: string[] = [];
  const errors: KitException[] = [];
  const next = (name: string) => {
    sent.push(name);
    return (answers.shift() ?? (() => new Promise(() => {})))() as Promise<never>;
  };
  const sdk = {
    getLoggedInUser: () => ME,
    endCall: () => next('endCall'),
    addCallListener: () => {},
    removeCallListener: () => {},
    ...(sdkHas ? {hold: () => next('hold'), unhold: () => next('unhold')} : {}),
  } as unknown as KitCallsSdk & KitPhoneCallsSdk;
  const session = new KitCallSession(
    'outgoing',
    CALL,
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
    {ringTimeout: 0, actionTimeout: 15_000, closeDelay: 2_000, reconnectTimeout: 30_000},
    'ongoing',
  );
  session.attach({}, {onError: error => errors.push(error)});
  const ok = () => answers.push(() => Promise.resolve());
  const refuse = (code: KitErrorCode = KitErrorCodes.NETWORK) =>
    answers.push(() => Promise.reject(new KitException(code, 'refused')));
  return {session, sent, errors, ok, refuse};
}

describe('the rows of hold and resume (withHold())', () => {
  const path = recordCallPaths();
  const flush = () => jest.advanceTimersByTimeAsync(0);

  it('without withHold(): a hold does nothing and the far side holding changes nothing', async () => {
    const t = ongoingCall();
    expect(t.session.can('hold')).toBe(false);
    // The session has no hold at all: KitCallOverlayRef.hold() resolves false.
    expect(t.session.hold).toBeUndefined();
    t.session._hear('remoteHeld', CALL);
    expect(t.sent).toEqual([]);
    expect(t.session.state.heldByPeer).toBeFalsy();
    expect(path).toEqual([]);
  });

  describe('once added', () => {
    beforeAll(() => kitHoldTable());

    it('should give every cell of its states a row or a written-down ignore, never both', () => {
      kitHoldTable(); // Twice changes nothing.
      expect(tableProblems(Object.keys(KIT_HOLD_ROWS) as KitCallStep[])).toEqual([]);
      expect(Object.keys(KIT_HOLD_ROWS)).toContain('ongoing.held.reconnecting');
    });

    it('hold: ongoing → holding → held, the timer going on; resume: → resuming → ongoing', async () => {
      const t = ongoingCall();
      t.ok();
      const held = t.session.hold!(true);
      expect(t.session.state.hold).toBe('holding');
      await expect(held).resolves.toBe(true);
      expect(t.session.state).toMatchObject({phase: 'ongoing', hold: 'held'});
      await jest.advanceTimersByTimeAsync(3_000);
      expect(t.session.state.elapsedSeconds).toBe(3);
      t.ok();
      await expect(t.session.hold!(false)).resolves.toBe(true);
      expect(t.session.state.hold).toBeNull();
      expect(t.sent).toEqual(['hold', 'unhold']);
      expect(path).toEqual(['ongoing.holding', 'ongoing.held', 'ongoing.resuming', 'ongoing']);
      expect(t.errors).toEqual([]);
    });

    it('a hold refused, or never answered, leaves the call as it was, with onError', async () => {
      const t = ongoingCall();
      t.refuse();
      await expect(t.session.hold!(true)).resolves.toBe(false);
      expect(t.session.state).toMatchObject({phase: 'ongoing', hold: null, failure: null});
      expect(t.errors.map(e => e.code)).toEqual([KitErrorCodes.CALL_FAILED]);
      const unanswered = t.session.hold!(true);
      await jest.advanceTimersByTimeAsync(15_000);
      await expect(unanswered).resolves.toBe(false);
      expect(t.errors.map(e => e.code)).toEqual([KitErrorCodes.CALL_FAILED, KitErrorCodes.NETWORK]);
      expect(path).toEqual(['ongoing.holding', 'ongoing', 'ongoing.holding', 'ongoing']);
    });

    it('a resume refused leaves the call on hold; a hold the SDK says is over ends the call', async () => {
      const t = ongoingCall();
      t.ok();
      await t.session.hold!(true);
      t.refuse();
      await expect(t.session.hold!(false)).resolves.toBe(false);
      expect(t.session.state.hold).toBe('held');
      expect(t.errors).toHaveLength(1);
      const u = ongoingCall();
      u.refuse(KitErrorCodes.CALL_ENDED);
      await u.session.hold!(true);
      expect(u.session.state).toMatchObject({phase: 'ended', endReason: 'ended'});
    });

    it("the far side's hold: 'Ada put you on hold', both held, then each resumes", async () => {
      const t = ongoingCall();
      t.session._hear('remoteHeld', CALL);
      expect(t.session.state).toMatchObject({heldByPeer: true, hold: null});
      t.ok();
      await t.session.hold!(true);
      expect(t.session.state).toMatchObject({heldByPeer: true, hold: 'held'});
      t.session._hear('remoteResumed', CALL);
      expect(t.session.state).toMatchObject({heldByPeer: false, hold: 'held'});
      expect(path).toEqual([
        'ongoing.remoteHeld',
        'ongoing.holding.remoteHeld',
        'ongoing.held.remoteHeld',
        'ongoing.held',
      ]);
    });

    it('the far side hangs up while held: the call ends as they ended it', async () => {
      const t = ongoingCall();
      t.ok();
      await t.session.hold!(true);
      t.session._hear('remoteEnded', {...CALL, status: 'ended'});
      expect(t.session.state).toMatchObject({phase: 'ended', endReason: 'ended'});
      expect(path.at(-1)).toBe('ended');
    });

    it('the network drops while held: reconnecting, still held once back; gone for good, failed', async () => {
      const t = ongoingCall();
      t.ok();
      await t.session.hold!(true);
      t.session._hear('reconnecting', CALL);
      expect(t.session.state).toMatchObject({reconnecting: true, hold: 'held'});
      t.session._hear('reconnected', CALL);
      expect(t.session.state).toMatchObject({reconnecting: false, hold: 'held'});
      t.session._hear('reconnecting', CALL);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(t.session.state).toMatchObject({phase: 'ended', endReason: 'failed'});
      expect(t.sent).toEqual(['hold', 'endCall']);
    });

    it('a hang-up of a held call that the SDK refuses leaves it on hold', async () => {
      const t = ongoingCall();
      t.ok();
      await t.session.hold!(true);
      t.refuse();
      await expect(t.session.hangUp()).resolves.toBe(false);
      expect(t.session.state).toMatchObject({phase: 'ongoing', hold: 'held'});
      t.ok();
      await expect(t.session.hangUp()).resolves.toBe(true);
      await flush();
      expect(path).toEqual([
        'ongoing.holding',
        'ongoing.held',
        'ending.held',
        'ongoing.held',
        'ending.held',
        'ended',
        'done',
      ]);
    });

    it('an adapter without hold: the hold is refused with onError, the call goes on', async () => {
      const t = ongoingCall(false);
      await expect(t.session.hold!(true)).resolves.toBe(false);
      expect(t.session.state.phase).toBe('ongoing');
      expect(t.errors).toHaveLength(1);
    });
  });
});
