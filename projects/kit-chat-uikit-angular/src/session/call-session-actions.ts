import {kitAttempt} from '../core/invoke-safely';
import {KitErrorCode, KitErrorCodes, KitException} from '../sdk/kit-exception';

// The session's SDK actions as data: their names in the SDK port, their failure texts, and how any rejection becomes
// a KitException. Internal to the library.

/** Codes of an SDK failure that mean the call is over, not that the action can be tried again. */
export const CALL_OVER: readonly string[] = [
  KitErrorCodes.CALL_ENDED,
  KitErrorCodes.UNKNOWN_SESSION,
];

/** What a session asks of the SDK. */
export type Action =
  'initiate' | 'accept' | 'decline' | 'cancel' | 'end' | 'busy' | 'hold' | 'resume' | 'transfer';

/** The exceptions made by an action's time-out (not by the SDK). */
export const TIMED_OUT = new WeakSet<KitException>();

/** The SDK port's method behind each action, for error texts. */
export const ACTION_NAMES: Record<Action, string> | null =
  typeof ngDevMode === 'undefined' || ngDevMode
    ? {
        initiate: 'initiateCall',
        accept: 'acceptCall',
        decline: 'rejectCall',
        cancel: 'rejectCall',
        end: 'endCall',
        busy: 'rejectCall',
        hold: 'hold',
        resume: 'unhold',
        transfer: 'transfer',
      }
    : null;

/** How each action's failure starts, in a `KitException` message (development builds only). */
export const ACTION_FAILED: Record<Action, string> | null =
  typeof ngDevMode === 'undefined' || ngDevMode
    ? {
        initiate: 'The call could not start',
        accept: 'The call could not be accepted',
        decline: 'The call could not be rejected',
        cancel: 'Cancelling the call failed',
        end: 'Ending the call failed',
        busy: 'Busy answer failed',
        hold: 'The call could not be put on hold',
        resume: 'The call could not be resumed',
        transfer: 'The call could not be transferred',
      }
    : null;

/** Any rejection value becomes a `KitException` with `code`; the SDK's own exception is kept as `details`. */
export function wrap(error: unknown, code: KitErrorCode, action: Action): KitException {
  if (error instanceof KitException && error.code === code) {
    return error;
  }
  const reason =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : error === undefined || error === null
          ? 'no reason given'
          : safeString(error);
  return new KitException(
    code,
    typeof ngDevMode === 'undefined' || ngDevMode ? `${ACTION_FAILED![action]}: ${reason}` : reason,
    error,
  );
}

/** A rejection value that is neither an Error nor a string, as text (never throws). */
function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** How the one action in flight was answered. */
export type KitCallOutcome<T> =
  {readonly ok: true; readonly value: T} | {readonly ok: false; readonly error: KitException};

/** The clock an action's time-out runs on. */
export interface KitCallActionClock {
  setTimeout(task: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The one SDK action of a session in flight: its token, its time-out, and what supersedes it (a later `send`, or
 * `abort`). Its answer comes back once, as an outcome: a sync throw, a rejection with any value and a time-out all
 * become a failed outcome with a `KitException`; a superseded action's late answer is dropped.
 */
export class KitCallAction {
  #token = 0;
  #timer: unknown = null;
  #name: Action | null = null;

  readonly #clock: KitCallActionClock;
  readonly #timeout: () => number;

  /**
   * @param clock The clock of the time-outs.
   * @param timeout Milliseconds an action may stay unanswered.
   */
  constructor(clock: KitCallActionClock, timeout: () => number) {
    this.#clock = clock;
    this.#timeout = timeout;
  }

  /**
   * Sends an action, superseding the one in flight.
   * @param name The action.
   * @param run Calls the SDK.
   * @param answer Receives the outcome, unless a later action or `abort` superseded this one.
   */
  send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer: (outcome: KitCallOutcome<T>) => void,
  ): void {
    const token = ++this.#token;
    this.#clearTimer();
    this.#name = name;
    const settle = (outcome: KitCallOutcome<T>) => {
      if (token === this.#token) {
        this.#clearTimer();
        this.#name = null;
        answer(outcome);
      }
    };
    this.#timer = this.#clock.setTimeout(() => {
      const error = new KitException(
        KitErrorCodes.NETWORK,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `The call SDK did not answer ${ACTION_NAMES![name]} within ${this.#timeout()} ms.`
          : '',
      );
      TIMED_OUT.add(error);
      settle({ok: false, error});
    }, this.#timeout());
    kitAttempt(run).then(
      value => settle({ok: true, value}),
      (error: unknown) => settle({ok: false, error: wrap(error, KitErrorCodes.CALL_FAILED, name)}),
    );
  }

  /**
   * Drops the action in flight: its late answer changes nothing.
   * @param keep An action that survives (initiateCall's answer still counts, to cancel a call nobody saw).
   */
  abort(keep?: Action): void {
    if (this.#name !== null && this.#name === keep) {
      return;
    }
    this.#token++;
    this.#name = null;
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer !== null) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }
}
