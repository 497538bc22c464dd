import {KitCallStatus} from '../sdk/models';
import * as fx from './call-session-effects';
import {KitCallEffectRun} from './call-session-effects';
import {KitCallEndReason} from './call-session-types';

// The words the transition table is written in: the states, the events, the effects, the guards,
// the endings the rows name, and the rows that several cells share. The table itself is in five
// parts (call-session-table-incoming.ts, -declining.ts, -outgoing.ts, -withdrawing.ts and
// -ongoing.ts), put together in call-session-table.ts. Internal to the library.

/**
 * Every state of a call session. The part before the first dot is the public phase (`withdrawing`
 * is `cancelling`); the rest says why the call is there: what a decline or cancel sends, whether
 * the far side went silent, whether the ring time-out's own decline was refused once.
 */
export type KitCallStep =
  | 'ringing'
  /** An earlier action was never answered: the far side is silent, the ring time-out gives up. */
  | 'ringing.hung'
  /** The ring time-out's decline was refused once: its retry is the last try. */
  | 'ringing.refused'
  /**
   * The user's accept, pressed in this very tick: a decline now is the same gesture's second press.
   */
  | 'accepting.fresh'
  | 'accepting'
  /** A decline superseded the accept and the SDK refused it: the accept's own answer decides. */
  | 'accepting.awaited'
  /** The user's decline on its way (`rejectCall(id, 'rejected')`). */
  | 'declining.user'
  /** The busy answer on its way (`rejectCall(id, 'busy')`). */
  | 'declining.busy'
  /** The ring time-out's decline on its way (`rejectCall(id, 'unanswered')`). */
  | 'declining.timeout'
  /** ... sent again after a refusal: a second refusal ends the call here. */
  | 'declining.timeout.again'
  /** The user's decline superseded their accept in flight. */
  | 'declining.overAccept'
  /**
   * ... and the accept landed meanwhile: should the decline fail, the call is live and must be
   * ended.
   */
  | 'declining.overLanded'
  /** The accept landed before the decline: `endCall`, the user's last decision wins. */
  | 'declining.endCrossed'
  /** `initiateCall` on its way: no session id yet. */
  | 'dialing.starting'
  | 'dialing'
  /** An earlier withdrawal was never answered: the ring time-out gives up. */
  | 'dialing.hung'
  /** The ring time-out's cancel was refused once: its retry is the last try. */
  | 'dialing.refused'
  /** The user hung up before the SDK knew the call: the cancel goes out with the session id. */
  | 'cancelling.queued'
  /** The user's cancel on its way (`rejectCall(id, 'cancelled')`). */
  | 'cancelling'
  /** The callee picked up while the user hung up: `endCall`. */
  | 'cancelling.endCrossed'
  /** The app withdraws the call (glare) before the SDK knew it. */
  | 'withdrawing.queued'
  /** The app withdraws the call (`rejectCall(id, 'cancelled')`): a pick-up that crosses it wins. */
  | 'withdrawing'
  /** The ring time-out withdraws the call before the SDK knew it. */
  | 'withdrawing.timeout.queued'
  /** The ring time-out withdraws the call (`rejectCall(id, 'unanswered')`). */
  | 'withdrawing.timeout'
  /** ... sent again after a refusal: a second refusal ends the call here. */
  | 'withdrawing.timeout.again'
  | 'ongoing'
  /**
   * The media path or the SDK's connection dropped: the call waits for it to come back, for a
   * bound ("Reconnecting…").
   */
  | 'ongoing.reconnecting'
  /** The user's hang-up on its way (`endCall`). */
  | 'ending'
  /** ... of a call that was reconnecting: a refusal leaves it reconnecting. */
  | 'ending.reconnecting'
  /** Over; its outcome may stay on screen for the close delay. */
  | 'ended'
  /** Over and off screen: views close. */
  | 'done';

/** Every event a session handles (only the specs and the development checks read the list). */
export const KIT_CALL_EVENTS = [
  // The user's and the app's moves.
  'start',
  'accept',
  'decline',
  'busy',
  'hangUp',
  'timeOut',
  'withdraw',
  'dispose',
  // The session's own clocks: the tick after a press, the ring time-out, the close delay, the
  // reconnect bound.
  'tick',
  'ringExpired',
  'closed',
  'reconnectExpired',
  // The SDK's answer to the action in flight, classified by `classifyFailure`.
  'answered',
  'refused',
  'over',
  'overLive',
  'timedOut',
  // The answers to `initiateCall`, and to an accept that a decline superseded.
  'initiated',
  'initiateFailed',
  'acceptLanded',
  // What the SDK says of an incoming call.
  'remoteCancelled',
  // What the SDK says of an outgoing call.
  'remoteRinging',
  'remoteAccepted',
  'remoteRejected',
  'appEnded',
  // What the SDK or the app says of any call.
  'remoteEnded',
  'appConnected',
  // What the SDK says of a live call's connection.
  'reconnecting',
  'reconnected',
] as const;

/** An event of a session. */
export type KitCallEventType = (typeof KIT_CALL_EVENTS)[number];

/**
 * An effect a row asks for: one function of call-session-effects.ts (`fx.sendDecline`), named by
 * the row itself.
 */
export type KitCallEffect = KitCallEffectRun;

/** Named conditions a row may depend on: they read the event's world, never what an effect wrote. */
export type KitCallGuard =
  /** No SDK (a port of the session): a callee shown with no call. */
  'noSdk';

/** The part of an ending that says its reason: a reason, or where to read it, with a fallback. */
type KitCallEndingWhy = KitCallEndReason | `${'status' | 'given'}/${KitCallEndReason}`;

/**
 * How a row ends the call, as data, in one short text of words split by spaces (read by
 * `kitEndingOf`, call-session-rules.ts): `why event call [status] [0]`.
 * - why: the reason; `status/R` the one the event's call status stands for, else `R`;
 *   `given/R` the one the event gives (`dispose(reason)`), else `R`.
 * - event: the global event, `ended` (`ccCallEnded`), `rejected` (`ccCallRejected`) or `-` (none).
 * - call: the final call: `kept` as the session knew it (with the status set, if given); `news`
 *   the event's call over it (its status, else the status given); `newsStatus` only the event's
 *   status, if any; `sent` the SDK's answer over it, with the status that was sent.
 * - status: a call status, or `-` for none.
 * - `0`: closes at once; absent, the ending stays for the close delay if its kind is shown.
 */
export type KitCallRowEnding = `${KitCallEndingWhy} ${'ended' | 'rejected' | '-'} ${
  | 'kept'
  | 'news'
  | 'newsStatus'
  | 'sent'}${'' | ` ${KitCallStatus | '-'}` | ` ${KitCallStatus | '-'} 0`}`;

/** A state the call leaves to and stays in (every state but `ended`). */
export type KitCallGoingStep = Exclude<KitCallStep, 'ended'>;

/**
 * One row: where the event leads, what it does, the condition (rows of a cell are tried in order),
 * and, for a row that ends the call, its ending (required).
 */
export type KitCallRow =
  | {
      readonly to: KitCallGoingStep;
      readonly fx?: readonly KitCallEffect[];
      readonly when?: KitCallGuard;
      readonly end?: undefined;
    }
  | {
      readonly to: 'ended';
      readonly fx: readonly KitCallEffect[];
      readonly when?: KitCallGuard;
      /** How the call ends; `null` only on a row of `ended` itself (the call already ended). */
      readonly end: KitCallRowEnding | null;
    };

/** A state's rows by event. */
export type KitCallState = Readonly<
  Partial<Record<KitCallEventType, KitCallRow | readonly KitCallRow[]>>
>;

/** The rows of some states: one part of the table. */
export type KitCallTablePart<S extends KitCallStep> = Readonly<Record<S, KitCallState>>;

/** The empty cells of some states, written down: one part of the table's ignores. */
export type KitCallIgnoresPart<S extends KitCallStep> = Record<S, readonly KitCallEventType[]>;

/**
 * @param step The state the row leads to.
 * @param fx The effects it runs, in order.
 * @returns The row.
 */
export const go = (step: KitCallGoingStep, ...effects: KitCallEffect[]): KitCallRow => ({
  to: step,
  fx: effects,
});
/**
 * @param end How the call ends.
 * @param effect The effect that ends it (default `fx.finish`: the failure said, if any).
 * @returns A row that ends the call.
 */
export const finish = (end: KitCallRowEnding, effect: KitCallEffect = fx.finish): KitCallRow => ({
  to: 'ended',
  fx: [effect],
  end,
});
/** The call is live: ongoing. */
export const connect = go('ongoing', fx.connect);

// ---- The endings the rows name (how they read: KitCallRowEnding) ----

/** The user's decline, answered: "Declined", `ccCallRejected`. */
export const DECLINED: KitCallRowEnding = 'rejected rejected sent rejected';
/** The busy answer, answered: no event. */
export const SENT_BUSY: KitCallRowEnding = 'busy - sent busy';
/** The ring time-out's decline or cancel, answered: "No answer" stays on screen. */
export const SENT_UNANSWERED: KitCallRowEnding = 'unanswered ended sent unanswered';
/** The user's (or the app's) cancel, answered: closes at once. */
export const SENT_CANCELLED: KitCallRowEnding = 'cancelled ended sent cancelled 0';
/** The user's hang-up, answered: closes at once. */
export const HUNG_UP: KitCallRowEnding = 'ended ended news ended 0';
/** `endCall` of a decline that crossed a pick-up, settled: declined, closes at once. */
export const DECLINED_OVER_PICK_UP: KitCallRowEnding = 'rejected ended kept ended 0';
/** `endCall` of a cancel that crossed a pick-up, settled: cancelled, closes at once. */
export const CANCELLED_OVER_PICK_UP: KitCallRowEnding = 'cancelled ended kept ended 0';
/** The user's cancel never answered: the user left, the call closes here at once. */
export const LEFT_CANCELLED: KitCallRowEnding = 'cancelled ended kept - 0';
/** The user's hang-up never answered: the user left, the call closes here at once. */
export const LEFT_ENDED: KitCallRowEnding = 'ended ended kept - 0';
/** The SDK says the call is over (refusing an action): as its status says, else failed. */
export const OVER: KitCallRowEnding = 'status/failed ended newsStatus';
/** The SDK says a connected call is over (refusing the hang-up): ended. */
export const OVER_CONNECTED: KitCallRowEnding = 'ended ended newsStatus';
/** The callee rejected (or was busy, or did not answer): `ccCallRejected`. */
export const REMOTE_REJECTED: KitCallRowEnding = 'status/rejected rejected news';
/** The caller cancelled (or another device answered): stays on screen. */
export const REMOTE_CANCELLED: KitCallRowEnding = 'status/cancelled ended news cancelled';
/** The app says the outgoing call ended: closes at once. */
export const APP_ENDED: KitCallRowEnding = 'status/ended ended news - 0';
/** The SDK says a call that was not live ended: as its status says. */
export const REMOTE_ENDED: KitCallRowEnding = 'status/ended ended news ended';
/** The SDK says a live call ended (the other side hung up): stays on screen. */
export const REMOTE_ENDED_LIVE: KitCallRowEnding = 'ended ended news ended';
/** The SDK says the call ended while the user hung up: closes at once. */
export const ENDED_LEAVING: KitCallRowEnding = 'ended ended news ended 0';
/** The SDK says the call ended while the user declined: declined, closes at once. */
export const ENDED_DECLINING: KitCallRowEnding = 'rejected ended news ended 0';
/** The SDK says the call ended while the user cancelled: cancelled, closes at once. */
export const ENDED_CANCELLING: KitCallRowEnding = 'cancelled ended news ended 0';
/** `initiateCall` failed: "Call failed", no event (`start()` rejects). */
export const START_FAILED: KitCallRowEnding = 'failed - kept';
/** `initiateCall` failed after the user (or the app) left: closes at once. */
export const START_FAILED_LEAVING: KitCallRowEnding = 'cancelled - kept - 0';
/** The ring time-out of a silent far side: no answer, closes here at once, the error said. */
export const GIVEN_UP: KitCallRowEnding = 'unanswered ended kept - 0';
/** The connection stayed away: "Call failed". */
export const LOST: KitCallRowEnding = 'failed ended kept failed';

/** The app closed the call's screen: it ends here without a word to the SDK. */
export const dismiss = finish('given/dismissed - kept - 0', fx.dismiss);
/** The ring time-out of a silent far side (or a last try refused): the call ends here. */
export const giveUp = finish(GIVEN_UP, fx.giveUp);
/** No SDK (a callee shown with no call): the call ends here, nothing to tell anyone. */
export const noSdk: KitCallRow = {
  to: 'ended',
  fx: [fx.finish],
  when: 'noSdk',
  end: 'cancelled - kept - 0',
};
