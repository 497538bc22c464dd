import {KitErrorCodes, KitException, kitCaller, kitReceiver} from 'kit-chat-uikit-angular';
import type {KitCall, KitCallType, KitErrorCode, KitUser} from 'kit-chat-uikit-angular';
import type {KitInMemoryCalls} from './in-memory-device';
import {KitInMemorySession, RINGING} from './in-memory-sessions';

/** An SDK action whose next use can be made to fail with `KitInMemoryFarSide.failNext`. */
export type KitInMemoryAction =
  'initiate' | 'accept' | 'reject' | 'end' | 'hold' | 'unhold' | 'transfer';

/** What a simulated user does when a call rings for it. */
export type KitInMemoryAnswer = 'accept' | 'reject' | 'busy' | 'never';

/**
 * Plays the people at the far side of calls on a `KitInMemorySwitchboard`, and injects faults. Reached as
 * `switchboard.control`.
 */
export class KitInMemoryFarSide {
  readonly #switchboard: KitInMemoryCalls;
  /** The faults injected with `failNext`, each spent by the next use of its action. */
  readonly #faults: {action: KitInMemoryAction; code: KitErrorCode}[] = [];
  /** What the simulated users answer when a call rings for them, set with `autoAnswer`. */
  readonly #answers = new Map<string, {answer: KitInMemoryAnswer; afterMs: number}>();

  /**
   * Made by its switchboard: reach it as `switchboard.control`.
   * @param switchboard The switchboard whose far side this plays.
   */
  constructor(switchboard: KitInMemoryCalls) {
    this.#switchboard = switchboard;
  }

  /**
   * Sets the delay of every answer and callback.
   * @param ms Milliseconds.
   */
  setLatency(ms: number): void {
    this.#switchboard.latency = Math.max(0, ms);
  }

  /**
   * Makes the next use of an SDK action fail, by whichever side uses it.
   * @param action `'initiate'`, `'accept'`, `'reject'`, `'end'`, `'hold'` or `'unhold'` (the far side refuses the
   *   user's hold, or its end).
   * @param code Code of the `KitException` (default `ERR_NETWORK`).
   */
  failNext(action: KitInMemoryAction, code: KitErrorCode = KitErrorCodes.NETWORK): void {
    this.#faults.push({action, code});
  }

  /**
   * Sets what a simulated user does when a call rings for it. The user is then online: its phone rings, so the
   * caller hears `onOutgoingCallRinging` ("Ringing…") a latency after the call was placed, then the answer comes
   * (a busy user answers busy with no ringing). A simulated user with no answer set stays "Calling…".
   * @param uid The simulated user.
   * @param answer `'accept'`, `'reject'`, `'busy'` or `'never'` (it rings until cancelled).
   * @param afterMs How long it rings first.
   */
  autoAnswer(uid: string, answer: KitInMemoryAnswer, afterMs = 1000): void {
    this.#answers.set(uid, {answer, afterMs});
  }

  /**
   * A callee that never answers.
   * @param uid The simulated user.
   */
  neverAnswer(uid: string): void {
    this.autoAnswer(uid, 'never');
  }

  /**
   * Adds users to the directory, for contact lists.
   * @param users The users.
   */
  addUsers(...users: KitUser[]): void {
    users.forEach(user => this.#switchboard._register(user));
  }

  /**
   * A simulated user calls someone.
   * @param from The caller.
   * @param to The callee (usually the user logged in on a device).
   * @param type `'audio'` or `'video'`.
   * @param sessionId The call's session id (default: the switchboard makes one), as a server that rings a call
   *   announced by a push gives it.
   * @returns The call, once the switchboard registered it.
   */
  ring(from: KitUser, to: KitUser, type: KitCallType = 'audio', sessionId = ''): Promise<KitCall> {
    const call: KitCall = {
      sessionId,
      type,
      sender: from,
      callInitiator: from,
      receiver: to,
      callReceiver: to,
    };
    return this.#switchboard._initiate(null, from, call);
  }

  /**
   * The callee of a call accepts it; in a group call, the member `uid` (which also joins a call it missed).
   * @param sessionId The call.
   * @param uid Who accepts (default: the callee, the first one of a group call).
   * @returns The accepted call.
   */
  accept(sessionId: string, uid = this.#receiverOf(sessionId)): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'accept', 'ongoing');
  }

  /**
   * The callee of a call declines it; in a group call, the member `uid` (the others keep ringing).
   * @param sessionId The call.
   * @param uid Who declines (default: the callee).
   * @returns The call.
   */
  reject(sessionId: string, uid = this.#receiverOf(sessionId)): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'reject', 'rejected');
  }

  /**
   * The callee of a call answers busy; in a group call, the member `uid`.
   * @param sessionId The call.
   * @param uid Who is busy (default: the callee).
   * @returns The call.
   */
  busy(sessionId: string, uid = this.#receiverOf(sessionId)): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'reject', 'busy');
  }

  /**
   * The network's word on a ringing call: the callee could not be reached (`'unavailable'`: offline, unknown), or
   * the call broke (`'failed'`: a server error, a lost connection), as a SIP proxy's 480 or 5xx would say.
   * @param sessionId The call.
   * @param status `'unavailable'` or `'failed'`.
   * @returns The ended call.
   */
  unreachable(
    sessionId: string,
    status: 'unavailable' | 'failed' = 'unavailable',
  ): Promise<KitCall> {
    return this.#switchboard._act(null, this.#receiverOf(sessionId), sessionId, 'reject', status);
  }

  /** The caller of a call cancels it. @param sessionId The call. @returns The cancelled call. */
  cancel(sessionId: string): Promise<KitCall> {
    const call = this.#switchboard.getCall(sessionId);
    return this.#switchboard._act(
      null,
      call ? kitCaller(call).uid : '',
      sessionId,
      'reject',
      'cancelled',
    );
  }

  /** The far side hangs up an ongoing call. @param sessionId The call. @returns The ended call. */
  end(sessionId: string): Promise<KitCall> {
    return this.#switchboard._act(null, this.#receiverOf(sessionId), sessionId, 'end', 'ended');
  }

  /**
   * The network drops the connection of an ongoing call: both sides hear `onCallReconnecting` (the ongoing screen
   * says "Reconnecting…"), as over SIP when ICE disconnects. Nothing happens to a call that is not ongoing.
   * @param sessionId The call.
   */
  dropConnection(sessionId: string): void {
    this.#switchboard._tell(sessionId, 'onCallReconnecting');
  }

  /** The dropped connection of an ongoing call is back (`onCallReconnected`). @param sessionId The call. */
  restoreConnection(sessionId: string): void {
    this.#switchboard._tell(sessionId, 'onCallReconnected');
  }

  /**
   * The far side puts an ongoing call on hold, or takes it off: the user hears `onCallHeld` / `onCallResumed`
   * ("Ada put you on hold" with `withHold()`), and the in-memory media SDK silences the far side meanwhile.
   * @param sessionId The call.
   * @param on Whether it is on hold (default) or taken off.
   */
  hold(sessionId: string, on = true): void {
    this.#switchboard._tell(sessionId, on ? 'onCallHeld' : 'onCallResumed');
  }

  /**
   * The newest call of a user, to act on it (`accept(farSide.lastCallOf('ada')!.sessionId)`).
   * @param uid A user.
   * @returns The newest call that involves the user, if any.
   */
  lastCallOf(uid: string): KitCall | undefined {
    return this.#switchboard
      .calls()
      .reverse()
      .find(call => kitCaller(call).uid === uid || kitReceiver(call).uid === uid);
  }

  /**
   * Spends the oldest fault injected for an action. @docs-private
   * @param action The action about to be used.
   * @returns The error it fails with, or `null` when it goes through.
   */
  _fault(action: KitInMemoryAction): KitException | null {
    const index = this.#faults.findIndex(fault => fault.action === action);
    if (index < 0) {
      return null;
    }
    const [fault] = this.#faults.splice(index, 1);
    return new KitException(
      fault.code,
      typeof ngDevMode === 'undefined' || ngDevMode
        ? `Injected fault: the next "${action}" fails.`
        : '',
    );
  }

  /**
   * Whether a simulated user's phone rings for a call: once an answer is set for it (`autoAnswer`, `neverAnswer`),
   * except busy. @docs-private
   * @param uid The callee.
   */
  _rings(uid: string): boolean {
    const rule = this.#answers.get(uid);
    return !!rule && rule.answer !== 'busy';
  }

  /**
   * Plays the callee's answer to a call that rings, when one is set for the callee. @docs-private
   * @param session The call.
   * @param uid The callee (a member of a group call).
   * @param rings Whether it still rings for the callee.
   */
  _answer(
    session: KitInMemorySession,
    uid = kitReceiver(session.call).uid,
    rings = () => session.status === RINGING,
  ): void {
    const rule = this.#answers.get(uid);
    if (!rule || rule.answer === 'never') {
      return;
    }
    const answer = rule.answer;
    setTimeout(() => {
      if (rings()) {
        // The answers are named after the methods that play them: accept, reject, busy. A fault injected for the far
        // side is the test's business: nothing to report here.
        this[answer](session.call.sessionId, uid).catch(() => {});
      }
    }, rule.afterMs);
  }

  #receiverOf(sessionId: string): string {
    const call = this.#switchboard.getCall(sessionId);
    return call ? kitReceiver(call).uid : '';
  }
}
