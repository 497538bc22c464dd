import {ADA_CALLS_ME, ME, recordCallPaths, tableProblems} from '../session/call-paths.spec-helper';
import {KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallSession} from '../session/call-session';
import {KIT_BROWSER_CLOCK} from '../session/call-session-host';
import {KitCallStep} from '../session/call-session-table';
import {KIT_TRANSFER_ROWS, kitTransferTable} from './transfer-table';

const ALAN: KitUser = {uid: 'alan', name: 'Alan Turing'};
const CALL: KitCall = ADA_CALLS_ME;

/** A call with Ada, on hold, whose SDK answers each action as the test scripts it (in order). */
async function heldCall() {
  const answers: (() => Promise<unknown>)[] = [() => Promise.resolve()];
  const sent: unknown[][] = [];
  const errors: KitException[] = [];
  const ended: string[] = [];
  const next =
    (name: string) =>
    (...args: unknown[]) => {
      sent.push([name, ...args]);
      return (answers.shift() ?? (() => new Promise(() => {})))() as Promise<never>;
    };
  const sdk = {
    getLoggedInUser: () => ME,
    endCall: next('endCall'),
    hold: next('hold'),
    unhold: next('unhold'),
    transfer: next('transfer'),
    attendedTransfer: true,
    addCallListener: () => {},
    removeCallListener: () => {},
  } as unknown as KitCallsSdk & KitPhoneCallsSdk;
  const session = new KitCallSession(
    'incoming',
    CALL,
    {
      sdk,
      events: {
        publishCallAccepted: () => {},
        publishCallRejected: () => {},
        publishCallEnded: call => ended.push(call.sessionId),
        publishOutgoingCall: () => {},
      },
      sound: {start: () => ({state: () => 'playing', stop: () => {}})},
      clock: KIT_BROWSER_CLOCK,
      report: () => {},
    },
    {ringTimeout: 30_000, actionTimeout: 15_000, closeDelay: 2_000, reconnectTimeout: 30_000},
    'ongoing',
  );
  session.attach({}, {onError: error => errors.push(error)});
  await session.hold!(true);
  sent.length = 0;
  const ok = () => answers.push(() => Promise.resolve());
  const refuse = (code = KitErrorCodes.CALL_FAILED) =>
    answers.push(() => Promise.reject(new KitException(code, 'Alan hung up')));
  return {session, sent, errors, ended, ok, refuse};
}

describe('the rows of an attended transfer (withTransfer())', () => {
  beforeAll(() => kitTransferTable());
  const path = recordCallPaths();
  /** @returns The held call, its path so far forgotten. */
  const held = async () => {
    const t = await heldCall();
    path.length = 0;
    return t;
  };

  it('should give every cell of its states a row or a written-down ignore, never both', () => {
    kitTransferTable(); // Twice changes nothing.
    expect(tableProblems(Object.keys(KIT_TRANSFER_ROWS) as KitCallStep[])).toEqual([]);
    expect(Object.keys(KIT_TRANSFER_ROWS)).toContain('ongoing.held.consulting');
  });

  it('held → consulting → transferring with the consultation → ended as the user hung up', async () => {
    const t = await held();
    expect(t.session.consult!(ALAN)).toBe(true);
    expect(t.session.consulting!()).toBe(true);
    expect(t.session.state).toMatchObject({phase: 'ongoing', hold: 'held'});
    t.ok();
    const done = t.session.transfer!(ALAN, 'c1');
    expect(t.session.state.transferTo).toEqual(ALAN);
    await expect(done).resolves.toBe(true);
    expect(t.sent).toEqual([['transfer', 's1', ALAN, 'c1']]);
    expect(t.session.state).toMatchObject({phase: 'ended', endReason: 'ended', transferTo: null});
    expect(t.ended).toEqual(['s1']);
    expect(path).toEqual([
      'ongoing.held.consulting',
      'ongoing.held.transferring',
      'ended',
      // The user's own decision: it closes at once.
      'done',
    ]);
    expect(t.errors).toEqual([]);
  });

  it('a blind transfer still sends no consultation', async () => {
    const t = await held();
    t.ok();
    await expect(t.session.transfer!(ALAN)).resolves.toBe(true);
    expect(t.sent).toEqual([['transfer', 's1', ALAN]]);
  });

  it('an attended transfer refused gives the call back on hold, with onError', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.refuse();
    await expect(t.session.transfer!(ALAN, 'c1')).resolves.toBe(false);
    expect(t.session.state).toMatchObject({phase: 'ongoing', hold: 'held', transferTo: null});
    expect(t.session.consulting!()).toBe(false);
    expect(t.errors.map(e => e.code)).toEqual([KitErrorCodes.CALL_FAILED]);
    expect(path).toEqual(['ongoing.held.consulting', 'ongoing.held.transferring', 'ongoing.held']);
  });

  it('the call to the person ending (declined, busy, no answer, hung up) gives the call back', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.session.consultEnded!();
    expect(t.session.state).toMatchObject({phase: 'ongoing', hold: 'held'});
    // Not consulting any more: a second word of it changes nothing.
    t.session.consultEnded!();
    expect(path).toEqual(['ongoing.held.consulting', 'ongoing.held']);
    expect(t.sent).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('the far side hangs up while consulting: the call ends as they ended it, no word to the SDK', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.session._hear('remoteEnded', {...CALL, status: 'ended'});
    expect(t.session.state).toMatchObject({phase: 'ended', endReason: 'ended'});
    expect(t.sent).toEqual([]);
    expect(path).toEqual(['ongoing.held.consulting', 'ended']);
  });

  it('the user hangs up the held call while consulting: it ends (endCall)', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.ok();
    await expect(t.session.hangUp()).resolves.toBe(true);
    expect(t.sent).toEqual([['endCall', 's1']]);
    expect(path).toEqual(['ongoing.held.consulting', 'ending.held', 'ended', 'done']);
  });

  it('a resume while consulting lets the consultation go and takes the call off hold', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.ok();
    const resumed = t.session.hold!(false);
    expect(t.session.state.hold).toBe('resuming');
    await expect(resumed).resolves.toBe(true);
    expect(t.session.state.hold).toBeNull();
    expect(t.sent).toEqual([['unhold', 's1']]);
    expect(path).toEqual(['ongoing.held.consulting', 'ongoing.resuming', 'ongoing']);
  });

  it('the connection drops while consulting: held and reconnecting, the consultation let go', async () => {
    const t = await held();
    t.session.consult!(ALAN);
    t.session._hear('remoteHeld', CALL);
    t.session._hear('reconnecting', CALL);
    expect(t.session.state).toMatchObject({reconnecting: true, hold: 'held'});
    t.session._hear('reconnected', CALL);
    expect(t.session.consulting!()).toBe(false);
    expect(path).toEqual(['ongoing.held.consulting', 'ongoing.held.reconnecting', 'ongoing.held']);
  });

  it('only a held call can wait for a consultation', async () => {
    const t = await held();
    t.ok();
    await t.session.hold!(false);
    expect(t.session.consult!(ALAN)).toBe(false);
    expect(t.session.consulting!()).toBe(false);
  });
});
