import * as fx from './call-session-effects';
import {
  KitCallEffect,
  KitCallGoingStep,
  KitCallRow,
  KitCallRowEnding,
} from './call-session-context';

export {KIT_CALL_EVENTS} from './call-session-types';
export type {KitCallEventType, KitCallStep} from './call-session-types';
export type {
  KitCallEffect,
  KitCallGoingStep,
  KitCallGuard,
  KitCallIgnoresPart,
  KitCallRow,
  KitCallRowEnding,
  KitCallState,
  KitCallTablePart,
} from './call-session-context';

// The words the transition table is written in: the states, the events, the effects, the guards,
// the endings the rows name, and the rows that several cells share. The table itself is in five
// parts (call-session-table-incoming.ts, -declining.ts, -outgoing.ts, -withdrawing.ts and
// -ongoing.ts), put together in call-session-table.ts. Internal to the library.

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
