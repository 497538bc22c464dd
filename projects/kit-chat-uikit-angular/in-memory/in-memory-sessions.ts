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
// Type-only: the switchboard keeps its calls here, so a value import would be a cycle.
import type {KitInMemoryDevice} from './in-memory-switchboard';

/** A call as the switchboard keeps it. */
export interface KitInMemorySession {
  call: KitCall;
  status: KitCallStatus;
  /** Device that initiated the call, or `null` when the far side rang. */
  callerDevice: KitInMemoryDevice | null;
  /** Whether the caller was told that the callee's device rings. */
  rang?: boolean;
}

/** Status of a call that rings. */
export const RINGING: KitCallStatus = 'initiated';

/** How many calls the switchboard remembers; the oldest ended ones are forgotten beyond. */
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
 * @param session A call.
 * @param uid A user.
 * @returns Whether the user is the caller or the callee of the call.
 */
export function kitIsSessionParty(session: KitInMemorySession, uid: string): boolean {
  return kitCaller(session.call).uid === uid || kitReceiver(session.call).uid === uid;
}

/**
 * @param sessionId A session id no call has.
 * @returns The error of an action on it.
 */
export function kitUnknownSession(sessionId: string): KitException {
  return new KitException(
    KitErrorCodes.UNKNOWN_SESSION,
    typeof ngDevMode === 'undefined' || ngDevMode ? `Unknown call session "${sessionId}".` : '',
  );
}

/**
 * @param session A call that is over (or ongoing, for an action on a ringing call).
 * @returns The error of an action that needs another status.
 */
export function kitEndedSession(session: KitInMemorySession): KitException {
  return new KitException(
    KitErrorCodes.CALL_ENDED,
    typeof ngDevMode === 'undefined' || ngDevMode
      ? `Call "${session.call.sessionId}" is ${session.status} and cannot be acted on.`
      : '',
    kitSessionSnapshot(session),
  );
}

/** The calls a switchboard remembers, apart from who is told of them: lookups, session ids and forgetting. */
export class KitInMemorySessions {
  readonly #sessions = new Map<string, KitInMemorySession>();
  #sequence = 0;

  /**
   * @param sessionId Session id of a call.
   * @returns The call, or `undefined` when unknown.
   */
  get(sessionId: string): KitInMemorySession | undefined {
    return this.#sessions.get(sessionId);
  }

  /** @returns The calls remembered, oldest first. */
  all(): KitInMemorySession[] {
    return [...this.#sessions.values()];
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
    if (input.sessionId && this.#sessions.has(input.sessionId)) {
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
   * Remembers a new ringing call (checked first), and forgets the oldest ended ones past the limit.
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
    this.#sessions.set(sessionId, session);
    this.#forgetOldCalls();
    return session;
  }

  /**
   * The ringing call a user may accept (`'receiver'`) or reject or cancel (`'either'`).
   * @param sessionId Session id of the call.
   * @param actorUid The user who acts.
   * @param role Who may act.
   * @returns The call, or the error of the action.
   */
  ringing(
    sessionId: string,
    actorUid: string,
    role: 'receiver' | 'either',
  ): KitInMemorySession | KitException {
    const session = this.#sessions.get(sessionId);
    if (!session) {
      return kitUnknownSession(sessionId);
    }
    const isReceiver = kitReceiver(session.call).uid === actorUid;
    if (!isReceiver && (role === 'receiver' || kitCaller(session.call).uid !== actorUid)) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `"${actorUid}" cannot ${role === 'receiver' ? 'accept' : 'reject'} call "${sessionId}".`
          : '',
      );
    }
    return session.status === RINGING ? session : kitEndedSession(session);
  }

  /**
   * @param uid A user.
   * @param exceptSessionId A call not to count (the new one).
   * @returns Whether the user is in another ongoing call.
   */
  isInCall(uid: string, exceptSessionId: string): boolean {
    // Every ring scans the calls kept (up to SESSIONS_KEPT): values, not entries, allocate nothing per call.
    for (const session of this.#sessions.values()) {
      if (
        session.status === 'ongoing' &&
        session.call.sessionId !== exceptSessionId &&
        kitIsSessionParty(session, uid)
      ) {
        return true;
      }
    }
    return false;
  }

  /** Keeps memory flat in a long-lived demo: the oldest ended calls are forgotten past `SESSIONS_KEPT`. */
  #forgetOldCalls(): void {
    for (const [id, session] of this.#sessions) {
      if (this.#sessions.size <= SESSIONS_KEPT) {
        return;
      }
      if (session.status !== RINGING && session.status !== 'ongoing') {
        this.#sessions.delete(id);
      }
    }
  }
}
