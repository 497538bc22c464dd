import * as fx from './call-session-effects';
import {
  APP_ENDED,
  ENDED_CANCELLING,
  KitCallIgnoresPart,
  KitCallStep,
  KitCallTablePart,
  OVER,
  REMOTE_REJECTED,
  SENT_CANCELLED,
  SENT_UNANSWERED,
  START_FAILED_LEAVING,
  connect,
  dismiss,
  finish,
  giveUp,
  go,
} from './call-session-rows';

// The outgoing call's withdrawals on their way: the app's (glare) and the ring time-out's; a
// pick-up that crosses either wins (call-session-table.ts puts the parts together). Internal to
// the library.

/** The states of an outgoing call that the app or the ring time-out withdraws. */
export type KitWithdrawingStep = Extract<
  KitCallStep,
  | 'withdrawing.queued'
  | 'withdrawing'
  | 'withdrawing.timeout.queued'
  | 'withdrawing.timeout'
  | 'withdrawing.timeout.again'
>;

/** The rows of an outgoing call that the app or the ring time-out withdraws. */
export const KIT_WITHDRAWING_ROWS: KitCallTablePart<KitWithdrawingStep> = {
  'withdrawing.queued': {
    start: go('withdrawing.queued', fx.sendInitiate),
    initiated: go('withdrawing', fx.registered, fx.sendCancel),
    initiateFailed: finish(START_FAILED_LEAVING),
    remoteRinging: go('withdrawing.queued', fx.markRinging),
    remoteAccepted: connect,
    remoteRejected: finish(REMOTE_REJECTED),
    remoteEnded: finish(ENDED_CANCELLING),
    appEnded: finish(APP_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  withdrawing: {
    answered: finish(SENT_CANCELLED),
    refused: go('dialing', fx.back),
    timedOut: go('dialing.hung', fx.back),
    over: finish(OVER),
    // A pick-up crossed the glare: it wins.
    overLive: connect,
    ringExpired: go('withdrawing', fx.retry),
    remoteRinging: go('withdrawing', fx.markRinging),
    remoteAccepted: connect,
    remoteRejected: finish(REMOTE_REJECTED),
    remoteEnded: finish(ENDED_CANCELLING),
    appEnded: finish(APP_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  'withdrawing.timeout.queued': {
    start: go('withdrawing.timeout.queued', fx.sendInitiate),
    initiated: go('withdrawing.timeout', fx.registered, fx.sendCancel),
    initiateFailed: finish(START_FAILED_LEAVING),
    remoteRinging: go('withdrawing.timeout.queued', fx.markRinging),
    remoteAccepted: connect,
    remoteRejected: finish(REMOTE_REJECTED),
    remoteEnded: finish(ENDED_CANCELLING),
    appEnded: finish(APP_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  // The ring time-out fired: no time is left to wait on another action; a refusal is tried once
  // more, a little later.
  'withdrawing.timeout': {
    answered: finish(SENT_UNANSWERED),
    refused: go('dialing.refused', fx.back, fx.retry),
    timedOut: giveUp,
    over: finish(OVER),
    // A pick-up crossed the time-out: it wins.
    overLive: connect,
    ringExpired: go('withdrawing.timeout', fx.retry),
    remoteRinging: go('withdrawing.timeout', fx.markRinging),
    remoteAccepted: connect,
    remoteRejected: finish(REMOTE_REJECTED),
    remoteEnded: finish(ENDED_CANCELLING),
    appEnded: finish(APP_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  'withdrawing.timeout.again': {
    answered: finish(SENT_UNANSWERED),
    refused: giveUp,
    timedOut: giveUp,
    over: finish(OVER),
    overLive: connect,
    ringExpired: go('withdrawing.timeout.again', fx.retry),
    remoteRinging: go('withdrawing.timeout.again', fx.markRinging),
    remoteAccepted: connect,
    remoteRejected: finish(REMOTE_REJECTED),
    remoteEnded: finish(ENDED_CANCELLING),
    appEnded: finish(APP_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
};

/**
 * The events the withdrawing states ignore on purpose: their empty cells, written down. A pending
 * decision ignores the presses (the first decision wins). A function, so that production builds
 * drop the lists with it.
 * @returns The ignored events by state.
 */
export function kitWithdrawingIgnores(): KitCallIgnoresPart<KitWithdrawingStep> {
  return {
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
    'withdrawing.timeout.queued': [
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
    'withdrawing.timeout': [
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
    'withdrawing.timeout.again': [
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
