import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallEndReason} from './call-session';

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
