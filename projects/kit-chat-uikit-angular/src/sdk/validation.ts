import {KitException, KitErrorCodes} from './kit-exception';
import {KitCallsSdk} from './calls-sdk';
import {KitCall, KitUser} from './models';

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * Checks that a value is a usable `KitUser` (a `uid` and a `name`).
 * @param user The value to check.
 * @param role Who the user is, for the message ("caller", "callee"...).
 * @returns `null` when valid, else a `KitException` with code `ERR_INVALID_USER`.
 */
export function kitValidateUser(user: unknown, role = 'user'): KitException | null {
  const candidate = user as Partial<KitUser> | null | undefined;
  if (!candidate || typeof candidate !== 'object') {
    return new KitException(
      KitErrorCodes.INVALID_USER,
      typeof ngDevMode === 'undefined' || ngDevMode ? `The ${role} is missing.` : '',
      user,
    );
  }
  if (!isNonEmptyString(candidate.uid)) {
    return new KitException(
      KitErrorCodes.INVALID_USER,
      typeof ngDevMode === 'undefined' || ngDevMode ? `The ${role} has no uid.` : '',
      user,
    );
  }
  if (!isNonEmptyString(candidate.name)) {
    return new KitException(
      KitErrorCodes.INVALID_USER,
      typeof ngDevMode === 'undefined' || ngDevMode
        ? `The ${role} "${candidate.uid}" has no name.`
        : '',
      user,
    );
  }
  return null;
}

/**
 * Checks that a value is a usable `KitCall`: a session id (unless `requireSessionId` is false), a caller
 * (`callInitiator` or `sender`) and a receiver (`callReceiver` or `receiver`), each with a uid and a name.
 * @param call The value to check.
 * @param options `requireSessionId`: whether an empty session id is an error (default true).
 * @returns `null` when valid, else a `KitException` with code `ERR_INVALID_CALL` whose `details` is the call.
 */
export function kitValidateCall(
  call: unknown,
  options: {requireSessionId?: boolean} = {},
): KitException | null {
  const candidate = call as Partial<KitCall> | null | undefined;
  if (!candidate || typeof candidate !== 'object') {
    return new KitException(
      KitErrorCodes.INVALID_CALL,
      typeof ngDevMode === 'undefined' || ngDevMode ? 'The call is missing.' : '',
      call,
    );
  }
  if ((options.requireSessionId ?? true) && !isNonEmptyString(candidate.sessionId)) {
    return new KitException(
      KitErrorCodes.INVALID_CALL,
      typeof ngDevMode === 'undefined' || ngDevMode ? 'The call has no session id.' : '',
      call,
    );
  }
  const parties: [unknown, string][] = [
    [candidate.callInitiator ?? candidate.sender, 'caller'],
    [candidate.callReceiver ?? candidate.receiver, 'receiver'],
  ];
  for (const [user, role] of parties) {
    const problem = kitValidateUser(user, role);
    if (problem) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode ? `Invalid call: ${problem.message}` : '',
        call,
      );
    }
  }
  return null;
}

/** @returns The caller of a call (`callInitiator`, else `sender`). */
export function kitCaller(call: KitCall): KitUser {
  return call.callInitiator ?? call.sender;
}

/** @returns The receiver of a call (`callReceiver`, else `receiver`). */
export function kitReceiver(call: KitCall): KitUser {
  return call.callReceiver ?? call.receiver;
}

/**
 * The logged-in user of an SDK, or why there is none. Never throws.
 * @param sdk The SDK.
 * @returns The user, or a `KitException` (`ERR_NOT_LOGGED_IN`, `ERR_INVALID_USER`, `ERR_SDK`).
 */
export function kitLoggedInUser(sdk: KitCallsSdk): KitUser | KitException {
  try {
    const me = sdk.getLoggedInUser();
    if (!me) {
      return new KitException(
        KitErrorCodes.NOT_LOGGED_IN,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'No user is logged in.' : '',
      );
    }
    // Without a uid, no ring can be told apart from one for somebody else, and no call can name its caller.
    return typeof me.uid === 'string' && me.uid.trim()
      ? me
      : new KitException(
          KitErrorCodes.INVALID_USER,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'The logged-in user has no uid.' : '',
          me,
        );
  } catch (error) {
    return KitException.from(
      error,
      KitErrorCodes.SDK,
      typeof ngDevMode === 'undefined' || ngDevMode ? 'getLoggedInUser() failed' : '',
    );
  }
}
