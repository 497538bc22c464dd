/**
 * Error codes of `KitException`. The README lists when each one is raised.
 */
export const KitErrorCodes = {
  /** No call SDK was provided (`provideKitUIKit({callsSdk})` or `KitCallsModule.forRoot`). */
  NOT_INITIALIZED: 'ERR_NOT_INITIALIZED',
  /** The SDK has no logged-in user. */
  NOT_LOGGED_IN: 'ERR_NOT_LOGGED_IN',
  /** A call is missing its session id, sender/initiator or receiver, or calls oneself. */
  INVALID_CALL: 'ERR_INVALID_CALL',
  /** A user is missing its uid or name. */
  INVALID_USER: 'ERR_INVALID_USER',
  /** The SDK could not accept, reject, cancel, start or end a call. `details`/`cause` keep the reason. */
  CALL_FAILED: 'ERR_CALL_FAILED',
  /** The network failed (as reported by the SDK). */
  NETWORK: 'ERR_NETWORK',
  /** The SDK threw an error that is not a `KitException`. */
  SDK: 'ERR_SDK',
  /** The session id is not known to the SDK. */
  UNKNOWN_SESSION: 'ERR_UNKNOWN_SESSION',
  /** The call already ended (cancelled, rejected, ended) and cannot be acted on. */
  CALL_ENDED: 'ERR_CALL_ENDED',
  /** The browser's autoplay policy blocked the ringtone; it starts on the next user gesture. */
  SOUND_BLOCKED: 'ERR_SOUND_BLOCKED',
  /** The ringtone could not be played (unsupported or unreachable sound URL). */
  SOUND_FAILED: 'ERR_SOUND_FAILED',
} as const;

/** One of the `KitErrorCodes` values. */
export type KitErrorCode = (typeof KitErrorCodes)[keyof typeof KitErrorCodes];

/** The error every part of the library reports, through `onError` / `(error)` or a rejected promise. */
export class KitException extends Error {
  override readonly name = 'KitException';

  /**
   * @param code One of `KitErrorCodes`.
   * @param message A sentence for developers (not shown to users); production builds of the kit pass none, and the
   *     code stands in.
   * @param details What caused the error: the original error, or data that helps to debug it.
   */
  constructor(
    readonly code: KitErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    // Production builds drop the kit's own messages (as Angular drops its own): the code says what happened.
    super(message || code, details === undefined ? undefined : {cause: details});
  }

  /**
   * Wraps anything thrown into a `KitException`. A `KitException` is returned as it is.
   * @param error What was thrown or what a promise rejected with.
   * @param code Code used when `error` is not already a `KitException`.
   * @param message Message used when `error` is not already a `KitException`.
   * @returns A `KitException` that keeps `error` as its cause.
   */
  static from(
    error: unknown,
    code: KitErrorCode = KitErrorCodes.SDK,
    message?: string,
  ): KitException {
    if (error instanceof KitException) {
      return error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new KitException(code, message ? `${message}: ${reason}` : reason, error);
  }
}
