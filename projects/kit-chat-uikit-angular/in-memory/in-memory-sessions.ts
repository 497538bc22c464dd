import {
  KitCall,
  KitCallStatus,
  KitErrorCodes,
  KitException,
  KitUser,
  kitCaller,
  kitReceiver,
  kitValidateCall,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryDevice} from './in-memory-device';

/** A call as the switchboard keeps it. */
export interface KitInMemorySession {
  call: KitCall;
  status: KitCallStatus;
  /** Device that initiated the call, or `null` when the far side rang. */
  callerDevice: KitInMemoryDevice | null;
  /** Device that accepted the call, once accepted (`null` for the simulated callee). */
  answerDevice?: KitInMemoryDevice | null;
  /** Whether the caller was told that the callee's device rings. */
  rang?: boolean;
}

/** Status of a call that rings. */
export const RINGING: KitCallStatus = 'initiated';

/** Extra delay, in ms, of the busy answer of a callee that is in a call. */
export const BUSY_ANSWER_DELAY = 100;

/** How many ended calls the switchboard remembers the outcome of; the oldest are forgotten beyond. */
const SESSIONS_KEPT = 200;

/**
 * A copy of a call with its current status: what the switchboard hands out, so no one changes its own record.
 * @param session The call.
 * @returns The copy.
 */
export function kitSessionSnapshot(session: KitInMemorySession): KitCall {
  const {call} = session;
  return {
    ...call,
    sender: {...call.sender},
    receiver: {...call.receiver},
    callInitiator: {...call.callInitiator},
    callReceiver: {...call.callReceiver},
    status: session.status,
  };
}

/**
 * The live calls of a switchboard (a map of them by session id: ringing or ongoing), apart from who is told of
 * them: checks, session ids, and the outcome of the newest calls that ended, once they left the map.
 */
export class KitInMemorySessions extends Map<string, KitInMemorySession> {
  #sequence = 0;
  /** The newest calls that ended, oldest first: for `getCall`, and to tell an ended call from an unknown one. */
  readonly #ended = new Map<string, KitInMemorySession>();

  /**
   * @param sessionId A session id.
   * @returns The call, live or among the newest that ended.
   */
  known(sessionId: string): KitInMemorySession | undefined {
    return this.get(sessionId) ?? this.#ended.get(sessionId);
  }

  /** @returns Every call remembered: the newest that ended, then the live ones. */
  all(): KitInMemorySession[] {
    return [...this.#ended.values(), ...this.values()];
  }

  /**
   * Gives a call its new status. A call that ended leaves the live calls at once, so a flood of calls leaves nothing
   * behind once they are over; its outcome stays among the newest `SESSIONS_KEPT` endings.
   * @param session The call.
   * @param status Its new status.
   */
  setStatus(session: KitInMemorySession, status: KitCallStatus): void {
    const {sessionId} = session.call;
    session.status = status;
    if (status !== RINGING && status !== 'ongoing' && this.delete(sessionId)) {
      this.#ended.set(sessionId, session);
      if (this.#ended.size > SESSIONS_KEPT) {
        this.#ended.delete(this.#ended.keys().next().value!);
      }
    }
  }

  /**
   * Checks a call about to be placed.
   * @param caller The user who calls.
   * @param input The call as the caller gave it.
   * @returns Why the call cannot be placed, or `null`.
   */
  check(caller: KitUser, input: KitCall): KitException | null {
    const invalid = kitValidateCall(
      {...input, sender: caller, callInitiator: caller},
      {
        requireSessionId: false,
      },
    );
    if (invalid) {
      return invalid;
    }
    if (kitReceiver(input).uid === caller.uid) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'A user cannot call itself.' : '',
        input,
      );
    }
    if (input.sessionId && this.known(input.sessionId)) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `Session "${input.sessionId}" exists already.`
          : '',
      );
    }
    return null;
  }

  /**
   * Remembers a new ringing call (checked first).
   * @param caller The user who calls.
   * @param input The call as the caller gave it; without a session id, it gets a new one.
   * @param callerDevice The device that placed it, or `null` when the far side rang.
   * @returns The call.
   */
  open(
    caller: KitUser,
    input: KitCall,
    callerDevice: KitInMemoryDevice | null,
  ): KitInMemorySession {
    const receiver = kitReceiver(input);
    // Unique across tabs too: a counter, the time and a random part.
    const sessionId =
      input.sessionId ||
      `call-${++this.#sequence}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const call: KitCall = {
      sessionId,
      type: input.type,
      sender: {...caller},
      callInitiator: {...caller},
      receiver: {...receiver},
      callReceiver: {...receiver},
    };
    const session: KitInMemorySession = {call, status: RINGING, callerDevice};
    this.set(sessionId, session);
    return session;
  }

  /**
   * The call a user acts on, in the status the action needs: ringing to accept (the callee only) or to reject or
   * cancel (either side, with an ending that side may give), ongoing to end (either side).
   * @param sessionId Session id of the call.
   * @param actorUid The user who acts.
   * @param action What the user does.
   * @param status The status the action gives the call.
   * @returns The call, or the error of the action.
   */
  find(
    sessionId: string,
    actorUid: string,
    action: 'accept' | 'reject' | 'end' | 'invite',
    status: KitCallStatus,
  ): KitInMemorySession | KitException {
    const session = this.known(sessionId);
    if (!session) {
      return new KitException(
        KitErrorCodes.UNKNOWN_SESSION,
        typeof ngDevMode === 'undefined' || ngDevMode ? `Unknown call session "${sessionId}".` : '',
      );
    }
    const isCaller = kitCaller(session.call).uid === actorUid;
    // A call between two people has no invite (group calls take theirs).
    if (
      action === 'invite' ||
      (kitReceiver(session.call).uid !== actorUid && (action === 'accept' || !isCaller))
    ) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? action === 'end'
            ? `"${actorUid}" is not in this call.`
            : `"${actorUid}" cannot ${action} call "${sessionId}".`
          : '',
      );
    }
    if (session.status !== (action === 'end' ? 'ongoing' : RINGING)) {
      return new KitException(
        KitErrorCodes.CALL_ENDED,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `Call "${sessionId}" is ${session.status} and cannot be acted on.`
          : '',
        kitSessionSnapshot(session),
      );
    }
    const endings: KitCallStatus[] = isCaller
      ? ['cancelled', 'unanswered']
      : ['rejected', 'busy', 'unanswered', 'unavailable', 'failed'];
    return action !== 'reject' || endings.includes(status)
      ? session
      : new KitException(
          KitErrorCodes.INVALID_CALL,
          typeof ngDevMode === 'undefined' || ngDevMode
            ? `The ${isCaller ? 'caller' : 'receiver'} cannot end a ringing call as "${status}"; use ${endings.join(' or ')}.`
            : '',
        );
  }

  /**
   * @param uid A user.
   * @param exceptSessionId A call not to count (the new one).
   * @returns Whether the user is in another ongoing call.
   */
  isInCall(uid: string, exceptSessionId: string): boolean {
    // Every ring scans the live calls: values, not entries, allocate nothing per call.
    for (const session of this.values()) {
      if (
        session.status === 'ongoing' &&
        session.call.sessionId !== exceptSessionId &&
        (kitCaller(session.call).uid === uid || kitReceiver(session.call).uid === uid)
      ) {
        return true;
      }
    }
    return false;
  }
}
