import {KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {CALL_OVER, TIMED_OUT} from './call-session-actions';
import {KitCallEventType, KitCallStep, kitPhaseOf} from './call-session-table';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallEnding,
  KitCallPhase,
  kitEndReasonOf,
} from './call-session-types';

// The rules that the transition table's rows apply: how a failure reads, which endings stay on screen, and how a
// call ends (its reason, event, delay and final call). Internal to the library.

/** How the SDK's refusal of an action reads as an event. */
export type KitCallFailure = 'refused' | 'over' | 'overLive' | 'timedOut';

/** What a decline or a cancel sends as the call's status. */
export type KitCallSent = 'rejected' | 'busy' | 'unanswered' | 'cancelled';

/**
 * The one place that tells failures apart: the action's time-out, the SDK saying the call is over (and whether it
 * is live, picked up meanwhile), or a plain refusal that can be tried again.
 * @param error The action's failure.
 * @returns Its kind.
 */
export function classifyFailure(error: KitException): KitCallFailure {
  if (TIMED_OUT.has(error)) {
    return 'timedOut';
  }
  const cause = error.details instanceof KitException ? error.details : error;
  if (!CALL_OVER.includes(cause.code)) {
    return 'refused';
  }
  return (cause.details as Partial<KitCall> | undefined)?.status === 'ongoing'
    ? 'overLive'
    : 'over';
}

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
 * The end-reason rules: how a call that was in `from` ends on `event`.
 * @param from The state the call ended from.
 * @param event The event that ended it.
 * @param status The call status the event carries (the SDK's), if any.
 * @param sent The status sent with the decline or cancel in flight, if any.
 * @returns The ending.
 */
export function kitEndingOf(
  from: KitCallStep,
  event: KitCallEventType,
  status: KitCall['status'],
  sent: KitCallSent | null,
): KitCallEnding {
  const phase = kitPhaseOf(from);
  const connected = phase === 'ongoing' || phase === 'ending';
  const crossed = from === 'declining.endCrossed' || from === 'cancelling.endCrossed';
  if (crossed && ['answered', 'timedOut', 'over', 'overLive'].includes(event)) {
    // The user's decision won over a pick-up or their own accept: endCall, and the screen closes at once.
    return {
      reason: from === 'declining.endCrossed' ? 'rejected' : 'cancelled',
      event: 'ended',
      delay: 0,
    };
  }
  switch (event) {
    case 'answered':
      return phase === 'ending' ? {reason: 'ended', event: 'ended', delay: 0} : sentEnding(sent);
    case 'timedOut':
      // The user left and the SDK never answered: the call closes here at once.
      return {reason: connected ? 'ended' : 'cancelled', event: 'ended', delay: 0};
    case 'over':
    case 'overLive':
      return {reason: connected ? 'ended' : (kitEndReasonOf(status) ?? 'failed'), event: 'ended'};
    case 'remoteRejected':
      return {reason: kitEndReasonOf(status) ?? 'rejected', event: 'rejected'};
    case 'remoteCancelled':
      return {reason: kitEndReasonOf(status) ?? 'cancelled', event: 'ended'};
    case 'appEnded':
      return {reason: kitEndReasonOf(status) ?? 'ended', event: 'ended', delay: 0};
    case 'remoteEnded':
      return remoteEnding(phase, connected, status);
    case 'initiateFailed':
      return from === 'dialing.starting'
        ? {reason: 'failed', event: null}
        : {reason: 'cancelled', event: null, delay: 0};
    default:
      // No SDK (a callee shown with no call): nothing to tell anyone.
      return {reason: sent === 'unanswered' ? 'unanswered' : 'cancelled', event: null, delay: 0};
  }
}

/** A decline or cancel the SDK answered. The user's hang-up closes at once; a time-out shows "No answer" first. */
function sentEnding(sent: KitCallSent | null): KitCallEnding {
  switch (sent) {
    case 'busy':
      return {reason: 'busy', event: null};
    case 'cancelled':
      return {reason: 'cancelled', event: 'ended', delay: 0};
    case 'unanswered':
      return {reason: 'unanswered', event: 'ended'};
    default:
      return {reason: 'rejected', event: 'rejected'};
  }
}

/**
 * The SDK says the call ended. A hang-up of a dialing call that crossed the pick-up ends as the user's cancel, a
 * decline that crossed the user's own accept as declined; the user's own hang-up (or crossing decline) on its way
 * closes at once.
 */
function remoteEnding(
  phase: KitCallPhase,
  connected: boolean,
  status: KitCall['status'],
): KitCallEnding {
  const leaving = phase === 'ending' || phase === 'cancelling' || phase === 'declining';
  const reason = connected
    ? 'ended'
    : phase === 'cancelling'
      ? 'cancelled'
      : phase === 'declining'
        ? 'rejected'
        : (kitEndReasonOf(status) ?? 'ended');
  return leaving ? {reason, event: 'ended', delay: 0} : {reason, event: 'ended'};
}

/**
 * The call as it ends.
 * @param from The state the call ended from.
 * @param type The event that ended it.
 * @param call The call as the session knew it.
 * @param news What the event says of the call (the SDK's answer or event).
 * @param sent The status sent with the decline or cancel in flight, if any.
 * @returns The ended call.
 */
export function kitEndedCall(
  from: KitCallStep,
  type: KitCallEventType,
  call: KitCall,
  news: Partial<KitCall> | undefined,
  sent: KitCallSent | null,
): KitCall {
  const crossed = from === 'declining.endCrossed' || from === 'cancelling.endCrossed';
  switch (type) {
    case 'answered':
      return crossed
        ? {...call, status: 'ended'}
        : from === 'ending'
          ? {...call, ...news, status: news?.status ?? 'ended'}
          : {...call, ...news, status: sent ?? 'ended'};
    case 'timedOut':
    case 'over':
    case 'overLive':
      return crossed
        ? {...call, status: 'ended'}
        : type !== 'timedOut' && news?.status
          ? {...call, status: news.status}
          : {...call};
    case 'remoteCancelled':
      return {...call, ...news, status: news?.status ?? 'cancelled'};
    case 'remoteEnded':
      return {...call, ...news, status: news?.status ?? 'ended'};
    case 'remoteRejected':
    case 'appEnded':
      return {...call, ...news};
    default:
      return {...call};
  }
}
