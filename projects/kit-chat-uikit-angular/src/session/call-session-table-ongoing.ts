import {
  KitCallIgnoresPart,
  KitCallStep,
  KitCallTablePart,
  dismiss,
  finish,
  go,
} from './call-session-rows';

// The rows of the transition table once a call is connected or over: ongoing, reconnecting, ending,
// ended and done (call-session-table.ts puts the parts together). Internal to the library.

/** The states of a connected call, and of any call once it is over. */
export type KitOngoingStep = Extract<
  KitCallStep,
  'ongoing' | 'ongoing.reconnecting' | 'ending' | 'ended' | 'done'
>;

/** The rows of a connected call, and of any call once it is over. */
export const KIT_ONGOING_ROWS: KitCallTablePart<KitOngoingStep> = {
  ongoing: {
    on: {
      hangUp: go('ending', 'sendEnd'),
      remoteEnded: finish,
      dispose: dismiss,
      reconnecting: go('ongoing.reconnecting', 'reconnect'),
    },
  },
  'ongoing.reconnecting': {
    on: {
      reconnected: go('ongoing', 'reconnect'),
      // Gone for good: "Call failed".
      reconnectExpired: go('ended', 'lose'),
      hangUp: go('ending', 'sendEnd'),
      remoteEnded: finish,
      dispose: dismiss,
    },
  },
  ending: {
    on: {
      answered: finish,
      refused: go('ongoing', 'back'),
      timedOut: finish,
      over: finish,
      overLive: finish,
      remoteEnded: finish,
      dispose: dismiss,
    },
  },
  ended: {
    on: {
      closed: go('done', 'close'),
      dispose: go('done', 'close'),
      initiated: go('ended', 'cancelUnseen'),
    },
  },
  // Closed before the SDK knew the call: nobody could cancel it, so it must not ring on at the
  // callee.
  done: {
    on: {
      initiated: go('done', 'cancelUnseen'),
    },
  },
};

/**
 * The events the connected and the ended states ignore on purpose: their empty cells, written down.
 * A function, so that production builds drop the lists with it.
 * @returns The ignored events by state.
 */
export function kitOngoingIgnores(): KitCallIgnoresPart<KitOngoingStep> {
  return {
    ongoing: [
      'start',
      'accept',
      'decline',
      'busy',
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
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'appConnected',
      'reconnected',
    ],
    'ongoing.reconnecting': [
      'start',
      'accept',
      'decline',
      'busy',
      'timeOut',
      'withdraw',
      'tick',
      'ringExpired',
      'closed',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'appConnected',
      'reconnecting',
    ],
    ending: [
      'start',
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
      'initiated',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'appConnected',
      'reconnecting',
      'reconnected',
    ],
    ended: [
      'start',
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'tick',
      'ringExpired',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'remoteEnded',
      'appConnected',
      'reconnecting',
      'reconnected',
    ],
    done: [
      'start',
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'withdraw',
      'dispose',
      'tick',
      'ringExpired',
      'closed',
      'reconnectExpired',
      'answered',
      'refused',
      'over',
      'overLive',
      'timedOut',
      'initiateFailed',
      'acceptLanded',
      'remoteCancelled',
      'remoteRinging',
      'remoteAccepted',
      'remoteRejected',
      'appEnded',
      'remoteEnded',
      'appConnected',
      'reconnecting',
      'reconnected',
    ],
  };
}
