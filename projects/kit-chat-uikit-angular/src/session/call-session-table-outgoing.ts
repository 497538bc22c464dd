import {
  KitCallIgnoresPart,
  KitCallStep,
  KitCallTablePart,
  connect,
  dismiss,
  finish,
  giveUp,
  go,
  lateGiveUp,
  noSdk,
  refusedTwice,
} from './call-session-rows';

// The outgoing call's rows of the transition table: dialing, and the user's cancel and the app's
// withdrawal on their way (call-session-table.ts puts the parts together). Internal to the library.

/** The states of an outgoing call until it is connected or over. */
export type KitOutgoingStep = Extract<
  KitCallStep,
  | 'dialing.starting'
  | 'dialing'
  | 'cancelling.queued'
  | 'cancelling'
  | 'cancelling.endCrossed'
  | 'withdrawing.queued'
  | 'withdrawing'
>;

/** The rows of an outgoing call until it is connected or over. */
export const KIT_OUTGOING_ROWS: KitCallTablePart<KitOutgoingStep> = {
  'dialing.starting': {
    on: {
      start: go('dialing.starting', 'sendInitiate'),
      initiated: go('dialing', 'registered'),
      initiateFailed: finish,
      hangUp: [noSdk, go('cancelling.queued', 'queueCancel')],
      timeOut: [noSdk, go('withdrawing.queued', 'queueCancel')],
      withdraw: [noSdk, go('withdrawing.queued', 'queueCancel')],
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
  dialing: {
    on: {
      hangUp: [noSdk, go('cancelling', 'sendCancel')],
      timeOut: [noSdk, go('withdrawing', 'sendCancel')],
      withdraw: [noSdk, go('withdrawing', 'sendCancel')],
      ringExpired: [giveUp, noSdk, go('withdrawing', 'sendCancel')],
      remoteRinging: go('dialing', 'markRinging'),
      remoteAccepted: connect,
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
  'cancelling.queued': {
    on: {
      start: go('cancelling.queued', 'sendInitiate'),
      initiated: go('cancelling', 'registered', 'sendCancel'),
      initiateFailed: finish,
      remoteRinging: go('cancelling.queued', 'markRinging'),
      remoteAccepted: go('cancelling.endCrossed', 'sendEnd'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
  cancelling: {
    on: {
      answered: finish,
      refused: go('dialing', 'back'),
      // The user left: the call closes here; the SDK finishes in the background.
      timedOut: finish,
      over: finish,
      overLive: go('cancelling.endCrossed', 'sendEnd'),
      ringExpired: go('cancelling', 'retry'),
      remoteRinging: go('cancelling', 'markRinging'),
      remoteAccepted: go('cancelling.endCrossed', 'sendEnd'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
  // endCall of a decision that crossed a pick-up: a refusal means the call is live after all.
  'cancelling.endCrossed': {
    on: {
      answered: finish,
      refused: go('ongoing', 'report', 'connect'),
      timedOut: finish,
      over: finish,
      overLive: finish,
      ringExpired: go('cancelling.endCrossed', 'retry'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      dispose: dismiss,
    },
  },
  'withdrawing.queued': {
    on: {
      start: go('withdrawing.queued', 'sendInitiate'),
      initiated: go('withdrawing', 'registered', 'sendCancel'),
      initiateFailed: finish,
      remoteRinging: go('withdrawing.queued', 'markRinging'),
      remoteAccepted: connect,
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
  withdrawing: {
    on: {
      answered: finish,
      refused: [refusedTwice, go('dialing', 'back')],
      timedOut: [lateGiveUp, go('dialing', 'hung', 'back')],
      over: finish,
      // A pick-up crossed the time-out or the glare: it wins.
      overLive: connect,
      ringExpired: go('withdrawing', 'retry'),
      remoteRinging: go('withdrawing', 'markRinging'),
      remoteAccepted: connect,
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: connect,
      dispose: dismiss,
    },
  },
};

/**
 * The events the outgoing states ignore on purpose: their empty cells, written down. Every state
 * ignores the incoming call's events (never routed to it); a pending decision ignores the presses
 * (the first decision wins); only the ongoing states hear of the connection. A function, so that
 * production builds drop the lists with it.
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
    'withdrawing.queued': [
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
    withdrawing: [
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
  };
}
