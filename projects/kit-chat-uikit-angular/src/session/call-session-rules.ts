import {KitException} from '../sdk/kit-exception';
import {KitCall, KitCallStatus} from '../sdk/models';
import {CALL_OVER, TIMED_OUT} from './call-session-actions';
import {KitCallRowEnding} from './call-session-context';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallEnding,
  kitEndReasonOf,
} from './call-session-types';

// The rules that the transition table's rows apply: how a failure reads, which endings stay on screen, and how a
// row's ending reads (its reason and final call). Internal to the library.

/** How the SDK's refusal of an action reads as an event. */
export type KitCallFailure = 'refused' | 'over' | 'overLive' | 'timedOut';

/**
 * The one place that tells failures apart: the action's time-out, the SDK saying the call is over (and whether it
 * is live, picked up meanwhile), or a plain refusal that can be tried again.
 * @param error The action's failure.
 * @returns The event it makes: its kind, the failure, and what the SDK says of the call.
 */
export function classifyFailure(error: KitException): {
  type: KitCallFailure;
  error: KitException;
  call: Partial<KitCall> | undefined;
} {
  const cause = error.details instanceof KitException ? error.details : error;
  const call = cause.details as Partial<KitCall> | undefined;
  return {
    type: TIMED_OUT.has(error)
      ? 'timedOut'
      : !CALL_OVER.includes(cause.code)
        ? 'refused'
        : call?.status === 'ongoing'
          ? 'overLive'
          : 'over',
    error,
    call,
  };
}

/**
 * @param step A state of the table.
 * @returns Whether the call is connected there (an ongoing call, or the user's hang-up of one).
 */
export const kitConnectedIn = (step: string): boolean => /^(ongoing|ending)/.test(step);

/**
 * The endings that stay on screen for `closeDelay`, those the user did not choose (their own decline, cancel and
 * hang-up pass no delay): of a call that was ongoing, the other side hanging up or a failure; of an outgoing call,
 * its outcome; of an incoming call, the caller's cancel, a missed call, an answer on another device, a failure.
 */
export const ENDINGS_SHOWN: Record<'connected' | KitCallDirection, readonly KitCallEndReason[]> = {
  connected: ['ended', 'failed'],
  outgoing: ['rejected', 'busy', 'unanswered', 'unavailable', 'failed'],
  incoming: [
    'cancelled',
    'ended',
    'unanswered',
    'failed',
    'accepted-elsewhere',
    'rejected-elsewhere',
  ],
};

/**
 * Reads a row's ending (a short text, KitCallRowEnding in call-session-context.ts) for the event
 * that took the row: the reason, the global event, the delay, and the final call.
 * @param row The row's ending.
 * @param news What the event says of the call (the SDK's answer or event).
 * @param given The reason the event gives (`dispose(reason)`).
 * @param call The call as the session knew it.
 * @returns The ending said to the listeners, and the call as it ends.
 */
export function kitEndOf(
  row: KitCallRowEnding,
  news: Partial<KitCall> | undefined,
  given: KitCallEndReason | undefined,
  call: KitCall,
): {ending: KitCallEnding; call: KitCall} {
  // The words: why (or where to read it, and its fallback), the event, how the final call is made,
  // the status it is given (`-` none), and `0` if it closes at once.
  const [why, eventWord, how, statusWord, delay] = row.split(' ');
  const [reason, or] = why.split('/') as [KitCallEndReason | 'status' | 'given', KitCallEndReason];
  const event = eventWord === '-' ? null : (eventWord as 'ended' | 'rejected');
  const status = statusWord === '-' ? undefined : (statusWord as KitCallStatus | undefined);
  const said = news?.status;
  const named =
    reason === 'status'
      ? (kitEndReasonOf(said) ?? or)
      : reason === 'given'
        ? (given ?? or)
        : reason;
  // The event's call over the known one (`sent`, `news`), then the status: the event's own
  // (`news` with a status given, `newsStatus`) before the row's.
  const base: KitCall = how === 'sent' || how === 'news' ? {...call, ...news} : {...call};
  const final = (((how === 'news' && status) || how === 'newsStatus') && said) || status;
  return {
    ending: delay ? {reason: named, event, delay: 0} : {reason: named, event},
    call: final ? {...base, status: final} : base,
  };
}
