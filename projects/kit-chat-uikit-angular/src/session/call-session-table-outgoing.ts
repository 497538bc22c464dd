import * as fx from './call-session-effects';
import {
  APP_ENDED,
  CANCELLED_OVER_PICK_UP,
  ENDED_CANCELLING,
  KitCallIgnoresPart,
  KitCallStep,
  KitCallTablePart,
  LEFT_CANCELLED,
  OVER,
  REMOTE_ENDED,
  REMOTE_REJECTED,
  SENT_CANCELLED,
  START_FAILED,
  START_FAILED_LEAVING,
  connect,
  dismiss,
  finish,
  giveUp,
  go,
  noSdk,
} from './call-session-rows';

// The outgoing call's rows of the transition table: dialing, and the user's cancel on its way (the
// app's and the ring time-out's withdrawals: call-session-table-withdrawing.ts;
// call-session-table.ts puts the parts together). Internal to the library.

/** The states of an outgoing call that dials, or that the user cancels. */
export type KitOutgoingStep = Extract<
  KitCallStep,
  | 'dialing.starting'
  | 'dialing'
  | 'dialing.hung'
  | 'dialing.refused'
  | 'cancelling.queued'
  | 'cancelling'
  | 'cancelling.endCrossed'
>;

/** The rows of an outgoing call that dials, or that the user cancels. */
export const KIT_OUTGOING_ROWS: KitCallTablePart<KitOutgoingStep> = {
  'dialing.starting': {
    on: {
      start: go('dialing.starting', fx.sendInitiate),
      initiated: go('dialing', fx.registered),
      initiateFailed: finish(START_FAILED),
      hangUp: [noSdk, go('cancelling.queued', fx.queueCancel)],
      timeOut: [noSdk, go('withdrawing.timeout.queued', fx.queueCancel)],
      withdraw: [noSdk, go('withdrawing.queued', fx.queueCancel)],
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(REMOTE_ENDED),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  dialing: {
    on: {
      hangUp: [noSdk, go('cancelling', fx.sendCancel)],
      timeOut: [noSdk, go('withdrawing.timeout', fx.sendCancel)],
      withdraw: [noSdk, go('withdrawing', fx.sendCancel)],
      ringExpired: [noSdk, go('withdrawing.timeout', fx.sendCancel)],
      remoteRinging: go('dialing', fx.markRinging),
      remoteAccepted: connect,
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(REMOTE_ENDED),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  // The far side is silent: the ring time-out does not send another action that would hang as
  // long.
  'dialing.hung': {
    on: {
      hangUp: go('cancelling', fx.sendCancel),
      timeOut: go('withdrawing.timeout', fx.sendCancel),
      withdraw: go('withdrawing', fx.sendCancel),
      ringExpired: giveUp,
      remoteRinging: go('dialing.hung', fx.markRinging),
      remoteAccepted: connect,
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(REMOTE_ENDED),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  'dialing.refused': {
    on: {
      hangUp: go('cancelling', fx.sendCancel),
      timeOut: go('withdrawing.timeout.again', fx.sendCancel),
      withdraw: go('withdrawing', fx.sendCancel),
      ringExpired: go('withdrawing.timeout.again', fx.sendCancel),
      remoteRinging: go('dialing.refused', fx.markRinging),
      remoteAccepted: connect,
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(REMOTE_ENDED),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  'cancelling.queued': {
    on: {
      start: go('cancelling.queued', fx.sendInitiate),
      initiated: go('cancelling', fx.registered, fx.sendCancel),
      initiateFailed: finish(START_FAILED_LEAVING),
      remoteRinging: go('cancelling.queued', fx.markRinging),
      remoteAccepted: go('cancelling.endCrossed', fx.sendEnd),
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(ENDED_CANCELLING),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  cancelling: {
    on: {
      answered: finish(SENT_CANCELLED),
      refused: go('dialing', fx.back),
      // The user left: the call closes here; the SDK finishes in the background.
      timedOut: finish(LEFT_CANCELLED),
      over: finish(OVER),
      overLive: go('cancelling.endCrossed', fx.sendEnd),
      ringExpired: go('cancelling', fx.retry),
      remoteRinging: go('cancelling', fx.markRinging),
      remoteAccepted: go('cancelling.endCrossed', fx.sendEnd),
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(ENDED_CANCELLING),
      appEnded: finish(APP_ENDED),
      appConnected: connect,
      dispose: dismiss,
    },
  },
  // endCall of a decision that crossed a pick-up: a refusal means the call is live after all.
  'cancelling.endCrossed': {
    on: {
      answered: finish(CANCELLED_OVER_PICK_UP),
      refused: go('ongoing', fx.report, fx.connect),
      timedOut: finish(CANCELLED_OVER_PICK_UP),
      over: finish(CANCELLED_OVER_PICK_UP),
      overLive: finish(CANCELLED_OVER_PICK_UP),
      ringExpired: go('cancelling.endCrossed', fx.retry),
      remoteRejected: finish(REMOTE_REJECTED),
      remoteEnded: finish(ENDED_CANCELLING),
      appEnded: finish(APP_ENDED),
      dispose: dismiss,
    },
  },
};

/**
 * The events the dialing and cancelling states ignore on purpose: their empty cells, written
 * down. Every state ignores the incoming call's events (never routed to it); a pending decision
 * ignores the presses (the first decision wins); only the ongoing states hear of the connection. A
 * function, so that production builds drop the lists with it.
 * @returns The ignored events by state.
 */
export function kitOutgoingIgnores(): KitCallIgnoresPart<KitOutgoingStep> {
  return {
    // Nothing can be routed to a call without a session id; the ring time-out counts from the id
    // on.
    'dialing.starting': [
      'accept',
      'decline',
      'busy',
      'tick',
      'ringExpired',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'reconnecting',
      'reconnected',
    ],
    dialing: [
      'start',
      'accept',
      'decline',
      'busy',
      'tick',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'reconnecting',
      'reconnected',
    ],
    'dialing.hung': [
      'start',
      'accept',
      'decline',
      'busy',
      'tick',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'reconnecting',
      'reconnected',
    ],
    'dialing.refused': [
      'start',
      'accept',
      'decline',
      'busy',
      'tick',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'reconnecting',
      'reconnected',
    ],
    'cancelling.queued': [
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'tick',
      'ringExpired',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'acceptLanded',
      'remoteCancelled',
      'reconnecting',
      'reconnected',
    ],
    cancelling: [
      'start',
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'tick',
      'closed',
      'reconnectExpired',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'reconnecting',
      'reconnected',
    ],
    // endCall is on its way: a pick-up (or the app's word of it) changes nothing.
    'cancelling.endCrossed': [
      'start',
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'tick',
      'closed',
      'reconnectExpired',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'appConnected',
      'reconnecting',
      'reconnected',
    ],
  };
}
