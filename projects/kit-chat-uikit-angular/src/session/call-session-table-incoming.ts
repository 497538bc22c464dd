import * as fx from './call-session-effects';
import {
  KitCallIgnoresPart,
  KitCallStep,
  KitCallTablePart,
  OVER,
  REMOTE_CANCELLED,
  REMOTE_ENDED,
  connect,
  dismiss,
  finish,
  giveUp,
  go,
} from './call-session-rows';

// The incoming call's rows of the transition table: ringing, and the user's accept on its way
// (the declines: call-session-table-declining.ts; call-session-table.ts puts the parts together).
// Internal to the library.

/** The states of an incoming call that rings or is being accepted. */
export type KitIncomingStep = Extract<
  KitCallStep,
  | 'ringing'
  | 'ringing.hung'
  | 'ringing.refused'
  | 'accepting.fresh'
  | 'accepting'
  | 'accepting.awaited'
>;

/** The rows of an incoming call that rings or is being accepted. */
export const KIT_INCOMING_ROWS: KitCallTablePart<KitIncomingStep> = {
  ringing: {
    accept: go('accepting.fresh', fx.sendAccept),
    decline: go('declining.user', fx.sendDecline),
    busy: go('declining.busy', fx.sendDecline),
    hangUp: go('declining.user', fx.sendDecline),
    timeOut: go('declining.timeout', fx.sendDecline),
    ringExpired: go('declining.timeout', fx.sendDecline),
    // The SDK accepted after all, after the accept's time-out.
    acceptLanded: connect,
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  // The far side is silent: the ring time-out does not send another action that would hang as
  // long.
  'ringing.hung': {
    accept: go('accepting.fresh', fx.sendAccept),
    decline: go('declining.user', fx.sendDecline),
    busy: go('declining.busy', fx.sendDecline),
    hangUp: go('declining.user', fx.sendDecline),
    timeOut: go('declining.timeout', fx.sendDecline),
    ringExpired: giveUp,
    acceptLanded: connect,
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  'ringing.refused': {
    accept: go('accepting.fresh', fx.sendAccept),
    decline: go('declining.user', fx.sendDecline),
    busy: go('declining.busy', fx.sendDecline),
    hangUp: go('declining.user', fx.sendDecline),
    timeOut: go('declining.timeout.again', fx.sendDecline),
    ringExpired: go('declining.timeout.again', fx.sendDecline),
    acceptLanded: connect,
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  'accepting.fresh': {
    tick: go('accepting'),
    ringExpired: go('accepting.fresh', fx.retry),
    answered: connect,
    refused: go('ringing', fx.back),
    timedOut: go('ringing.hung', fx.back),
    over: finish(OVER),
    overLive: finish(OVER),
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  // A hang-up while the accept is in flight (End and accept, a headset's hang-up) is the user's
  // decline.
  accepting: {
    decline: go('declining.overAccept', fx.sendDecline),
    hangUp: go('declining.overAccept', fx.sendDecline),
    ringExpired: go('accepting', fx.retry),
    answered: connect,
    refused: go('ringing', fx.back),
    timedOut: go('ringing.hung', fx.back),
    over: finish(OVER),
    overLive: finish(OVER),
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
  'accepting.awaited': {
    decline: go('declining.overAccept', fx.sendDecline),
    hangUp: go('declining.overAccept', fx.sendDecline),
    ringExpired: go('accepting.awaited', fx.retry),
    answered: connect,
    refused: go('ringing', fx.back),
    timedOut: go('ringing.hung', fx.back),
    over: finish(OVER),
    overLive: finish(OVER),
    remoteCancelled: finish(REMOTE_CANCELLED),
    remoteEnded: finish(REMOTE_ENDED),
    appConnected: connect,
    dispose: dismiss,
  },
};

/**
 * The events the ringing and accepting states ignore on purpose: their empty cells, written down.
 * Every state ignores the outgoing call's events (never routed to it); a pending decision ignores
 * the presses (the first decision wins); only the ongoing states hear of the connection. A
 * function, so that production builds drop the lists with it.
 * @returns The ignored events by state.
 */
export function kitIncomingIgnores(): KitCallIgnoresPart<KitIncomingStep> {
  return {
    ringing: [
      'start',
      'withdraw',
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
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
    'ringing.hung': [
      'start',
      'withdraw',
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
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
    'ringing.refused': [
      'start',
      'withdraw',
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
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
    // A decline in the accept's own tick is the same gesture's second press: the first press wins.
    'accepting.fresh': [
      'start',
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'closed',
      'reconnectExpired',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
    // The accept's own answer comes as `answered`.
    accepting: [
      'start',
      'accept',
      'busy',
      'timeOut',
      'withdraw',
      'tick',
      'closed',
      'reconnectExpired',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
    'accepting.awaited': [
      'start',
      'accept',
      'busy',
      'timeOut',
      'withdraw',
      'tick',
      'closed',
      'reconnectExpired',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'reconnecting',
      'reconnected',
    ],
  };
}
