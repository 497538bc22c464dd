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
