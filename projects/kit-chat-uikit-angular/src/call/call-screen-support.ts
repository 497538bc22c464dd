import {inject} from '@angular/core';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCode, KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitUser} from '../sdk/models';
import {KitCallEndReason} from './call-lifecycle';

/** The SDK and the logged-in user as a call screen sees them, or why it cannot use them. */
export interface KitSdkConnection {
  /** The SDK, when one was provided. */
  readonly sdk: KitCallsSdk | null;
  /** The logged-in user, when there is one. */
  readonly me: KitUser | null;
  /** `ERR_NOT_INITIALIZED`, `ERR_NOT_LOGGED_IN` or `ERR_SDK` when the screen cannot work. */
  readonly error: KitException | null;
}

/**
 * Finds the SDK and the logged-in user. Must run in an injection context. Never throws.
 * @returns The connection, with an error when the SDK is missing, throws, or nobody is logged in.
 * @docs-private
 */
export function kitConnectSdk(): KitSdkConnection {
  const sdk = inject(KitCallsSdk, {optional: true});
  if (!sdk) {
    return {
      sdk: null,
      me: null,
      error: new KitException(
        KitErrorCodes.NOT_INITIALIZED,
        'No call SDK: add provideKitUIKit({callsSdk}) or KitCallsModule.forRoot({callsSdk}).',
      ),
    };
  }
  let me: KitUser | null;
  try {
    me = sdk.getLoggedInUser();
  } catch (error) {
    return {
      sdk,
      me: null,
      error: KitException.from(error, KitErrorCodes.SDK, 'getLoggedInUser() failed'),
    };
  }
  if (!me) {
    return {
      sdk,
      me: null,
      error: new KitException(KitErrorCodes.NOT_LOGGED_IN, 'No user is logged in.'),
    };
  }
  return {sdk, me, error: null};
}

/**
 * Runs an SDK action so that a synchronous throw and a rejection both become a rejected `KitException`.
 * @param action The SDK call.
 * @param code Code of the exception when the error is not a `KitException` already.
 * @param message What failed, for the exception's message.
 * @returns The action's promise, with errors as `KitException`s whose cause is kept.
 * @docs-private
 */
export function kitRunSdk<T>(
  action: () => Promise<T>,
  code: KitErrorCode,
  message: string,
): Promise<T> {
  try {
    return Promise.resolve(action()).catch((error: unknown) => {
      throw wrap(error, code, message);
    });
  } catch (error) {
    return Promise.reject(wrap(error, code, message));
  }
}

function wrap(error: unknown, code: KitErrorCode, message: string): KitException {
  // Keep the SDK's own code (ERR_NETWORK...) in `details`, but report a failed action as ERR_CALL_FAILED.
  return error instanceof KitException && error.code === code
    ? error
    : new KitException(
        code,
        `${message}: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
}

/**
 * The status line for an ended call.
 * @param intl The strings.
 * @param reason Why the call ended.
 * @returns The text to show.
 * @docs-private
 */
export function kitEndReasonText(intl: KitCallsIntl, reason: KitCallEndReason): string {
  switch (reason) {
    case 'rejected':
      return intl.declined;
    case 'busy':
      return intl.busy;
    case 'unanswered':
      return intl.noAnswer;
    case 'cancelled':
      return intl.cancelled;
    case 'failed':
      return intl.failed;
    case 'accepted-elsewhere':
      return intl.answeredElsewhere;
    case 'rejected-elsewhere':
      return intl.declinedElsewhere;
    default:
      return intl.ended;
  }
}

/**
 * Calls an app's callback so that an exception in it is logged instead of thrown into the screen.
 * @param callback The app's callback, if any.
 * @param args Its arguments.
 * @docs-private
 */
export function kitInvokeSafely<A extends unknown[]>(
  callback: ((...args: A) => void) | null | undefined,
  ...args: A
): void {
  try {
    callback?.(...args);
  } catch (error) {
    console.error('kit-chat-uikit-angular: an app callback threw', error);
  }
}
