import {KitCallPhase} from './call-session-types';

// The call session's states and transitions as data: one table of state x event -> next state + effects. A state
// names every sub-state that used to hide in flags ("accepting, the answer landed" is a state of its own), and an
// event a state ignores is written down in its `ignores`. The session (call-session.ts) only looks rows up and runs
// their effects. Internal to the library.

/** Every state of a call session. The part before the dot is the public phase (`withdrawing` is `cancelling`). */
export type KitCallStep =
  | 'ringing'
  /** The user's accept, pressed in this very tick: a decline now is the same gesture's second press. */
  | 'accepting.fresh'
  | 'accepting'
  /** A decline superseded the accept and the SDK refused it: the accept's own answer decides. */
  | 'accepting.awaited'
  | 'declining'
  /** The user's decline superseded their accept in flight. */
  | 'declining.overAccept'
  /** ... and the accept landed meanwhile: should the decline fail, the call is live and must be ended. */
  | 'declining.overLanded'
  /** The accept landed before the decline: `endCall`, the user's last decision wins. */
  | 'declining.endCrossed'
  /** `initiateCall` on its way: no session id yet. */
  | 'dialing.starting'
  | 'dialing'
  /** The user hung up before the SDK knew the call: the cancel goes out with the session id. */
  | 'cancelling.queued'
  | 'cancelling'
  /** The callee picked up while the user hung up: `endCall`. */
  | 'cancelling.endCrossed'
  /** The app withdraws the call (ring time-out, glare) before the SDK knew it. */
  | 'withdrawing.queued'
  /** The app withdraws the call: a pick-up that crosses it wins. */
  | 'withdrawing'
  | 'ongoing'
  | 'ending'
  /** Over; its outcome may stay on screen for the close delay. */
  | 'ended'
  /** Over and off screen: views close. */
  | 'done';

/** The user's and the app's moves. */
const PRESSES = [
  'start',
  'accept',
  'decline',
  'busy',
  'hangUp',
  'timeOut',
  'withdraw',
  'dispose',
] as const;
/** The session's own clocks: the tick after a press, the ring time-out, the close delay. */
const CLOCKS = ['tick', 'ringExpired', 'closed'] as const;
/** The SDK's answer to the action in flight, classified by `classifyFailure`. */
const ANSWERS = ['answered', 'refused', 'over', 'overLive', 'timedOut'] as const;
/** The answers to `initiateCall`, and to an accept that a decline superseded. */
const SIDE_ANSWERS = ['initiated', 'initiateFailed', 'acceptLanded'] as const;
/** What the SDK says of an incoming call. */
const INCOMING_NEWS = ['remoteCancelled'] as const;
/** What the SDK says of an outgoing call. */
const OUTGOING_NEWS = ['remoteRinging', 'remoteAccepted', 'remoteRejected', 'appEnded'] as const;
/** What the SDK or the app says of any call. */
const ANY_NEWS = ['remoteEnded', 'appConnected'] as const;

/** Every event a session handles. */
export const KIT_CALL_EVENTS = [
  ...PRESSES,
  ...CLOCKS,
  ...ANSWERS,
  ...SIDE_ANSWERS,
  ...INCOMING_NEWS,
  ...OUTGOING_NEWS,
  ...ANY_NEWS,
] as const;

/** An event of a session. */
export type KitCallEventType = (typeof KIT_CALL_EVENTS)[number];

/** Effects a row asks of the session; each is one private method of the session. */
export type KitCallEffect =
  | 'sendInitiate'
  | 'sendAccept'
  | 'sendDecline'
  | 'sendCancel'
  | 'sendEnd'
  | 'awaitAccept'
  | 'queueCancel'
  | 'registered'
  | 'connect'
  | 'markRinging'
  | 'report'
  | 'back'
  | 'hung'
  | 'retry'
  | 'finish'
  | 'giveUp'
  | 'cancelUnseen'
  | 'dismiss'
  | 'close';

/** Named conditions a row may depend on, evaluated by the session. */
export type KitCallGuard =
  /** An earlier action of the ringing call was never answered: the far side is silent. */
  | 'hung'
  /** The ring time-out fired. */
  | 'expired'
  /** The ring time-out's own decline or cancel was refused before. */
  | 'refusedBefore'
  /** No SDK: a callee shown with no call. */
  | 'noSdk';

/** One row: where the event leads, what it does, and the condition (rows of a cell are tried in order). */
export interface KitCallRow {
  readonly to: KitCallStep;
  readonly fx?: readonly KitCallEffect[];
  readonly when?: KitCallGuard;
}

/** A state's rows by event, and the events it ignores on purpose. */
export interface KitCallState {
  readonly on: Partial<Record<KitCallEventType, KitCallRow | readonly KitCallRow[]>>;
  readonly ignores: readonly KitCallEventType[];
}

const stay = (step: KitCallStep, ...fx: KitCallEffect[]): KitCallRow => ({to: step, fx});
const go = (step: KitCallStep, ...fx: KitCallEffect[]): KitCallRow => ({to: step, fx});
const finish: KitCallRow = go('ended', 'finish');
/** The app closed the call's screen: it ends here without a word to the SDK. */
const dismiss: KitCallRow = go('ended', 'dismiss');
/** The ring time-out of a silent far side: the call ends here, with the error said. */
const giveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'hung'};
/** An action never answered after the ring time-out: no time is left to wait on another one. */
const lateGiveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'expired'};
const refusedTwice: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'refusedBefore'};
const noSdk: KitCallRow = {to: 'ended', fx: ['finish'], when: 'noSdk'};

/** The events of the other direction: never routed to this session, ignored if they are. */
const NOT_INCOMING = [
  ...OUTGOING_NEWS,
  'withdraw',
  'start',
  'initiated',
  'initiateFailed',
] as const;
const NOT_OUTGOING = [...INCOMING_NEWS, 'accept', 'decline', 'busy', 'acceptLanded'] as const;

/** Every state x event of a call. */
export const KIT_CALL_TABLE: Readonly<Record<KitCallStep, KitCallState>> = {
  ringing: {
    on: {
      accept: go('accepting.fresh', 'sendAccept'),
      decline: go('declining', 'sendDecline'),
      busy: go('declining', 'sendDecline'),
      hangUp: go('declining', 'sendDecline'),
      timeOut: go('declining', 'sendDecline'),
      ringExpired: [giveUp, go('declining', 'sendDecline')],
      acceptLanded: go('ongoing', 'connect'), // The SDK accepted after all, after the accept's time-out.
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [...NOT_INCOMING, ...ANSWERS, 'tick', 'closed'],
  },
  'accepting.fresh': {
    on: {
      tick: go('accepting'),
      answered: go('ongoing', 'connect'),
      refused: go('ringing', 'back'),
      timedOut: [lateGiveUp, go('ringing', 'hung', 'back')],
      over: finish,
      overLive: finish,
      ringExpired: stay('accepting.fresh', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    // A decline in the accept's own tick is the same gesture's second press: the first press wins.
    ignores: [
      ...NOT_INCOMING,
      'accept',
      'decline',
      'busy',
      'hangUp',
      'timeOut',
      'acceptLanded',
      'closed',
    ],
  },
  accepting: {
    on: {
      decline: go('declining.overAccept', 'sendDecline'),
      answered: go('ongoing', 'connect'),
      refused: go('ringing', 'back'),
      timedOut: [lateGiveUp, go('ringing', 'hung', 'back')],
      over: finish,
      overLive: finish,
      ringExpired: stay('accepting', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    // The accept's own answer comes as `answered`.
    ignores: [
      ...NOT_INCOMING,
      ...(['accept', 'busy', 'hangUp', 'timeOut', 'tick', 'acceptLanded', 'closed'] as const),
    ],
  },
  'accepting.awaited': {
    on: {
      decline: go('declining.overAccept', 'sendDecline'),
      answered: go('ongoing', 'connect'),
      refused: go('ringing', 'back'),
      timedOut: [lateGiveUp, go('ringing', 'hung', 'back')],
      over: finish,
      overLive: finish,
      ringExpired: stay('accepting.awaited', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_INCOMING,
      ...(['accept', 'busy', 'hangUp', 'timeOut', 'tick', 'acceptLanded', 'closed'] as const),
    ],
  },
  declining: {
    on: {
      answered: finish,
      refused: [refusedTwice, go('ringing', 'back')],
      timedOut: [lateGiveUp, go('ringing', 'hung', 'back')],
      over: finish,
      overLive: finish,
      ringExpired: stay('declining', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_INCOMING,
      ...(['accept', 'decline', 'busy', 'hangUp', 'timeOut', 'tick', 'acceptLanded'] as const),
      'closed',
    ],
  },
  'declining.overAccept': {
    on: {
      answered: finish,
      refused: go('accepting.awaited', 'awaitAccept'),
      timedOut: go('accepting.awaited', 'awaitAccept'),
      over: finish,
      overLive: go('declining.endCrossed', 'sendEnd'),
      acceptLanded: go('declining.overLanded'),
      ringExpired: stay('declining.overAccept', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [...NOT_INCOMING, 'accept', 'decline', 'busy', 'hangUp', 'timeOut', 'tick', 'closed'],
  },
  'declining.overLanded': {
    on: {
      answered: finish,
      refused: go('declining.endCrossed', 'sendEnd'),
      timedOut: go('declining.endCrossed', 'sendEnd'),
      over: go('declining.endCrossed', 'sendEnd'),
      overLive: go('declining.endCrossed', 'sendEnd'),
      ringExpired: stay('declining.overLanded', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_INCOMING,
      ...(['accept', 'decline', 'busy', 'hangUp', 'timeOut', 'tick', 'acceptLanded'] as const),
      'closed',
    ],
  },
  'declining.endCrossed': {
    on: {
      answered: finish,
      refused: go('ongoing', 'report', 'connect'), // The SDK keeps the call: it is live after all.
      timedOut: finish,
      over: finish,
      overLive: finish,
      ringExpired: stay('declining.endCrossed', 'retry'),
      remoteCancelled: finish,
      remoteEnded: finish,
      dispose: dismiss,
    },
    ignores: [
      ...NOT_INCOMING,
      ...(['accept', 'decline', 'busy', 'hangUp', 'timeOut', 'tick', 'acceptLanded'] as const),
      ...(['appConnected', 'closed'] as const),
    ],
  },
  'dialing.starting': {
    on: {
      start: stay('dialing.starting', 'sendInitiate'),
      initiated: go('dialing', 'registered'),
      initiateFailed: finish,
      hangUp: [noSdk, go('cancelling.queued', 'queueCancel')],
      timeOut: [noSdk, go('withdrawing.queued', 'queueCancel')],
      withdraw: [noSdk, go('withdrawing.queued', 'queueCancel')],
      appConnected: go('ongoing', 'connect'),
      remoteEnded: finish,
      remoteRejected: finish,
      appEnded: finish,
      dispose: dismiss,
    },
    // Nothing can be routed to a call without a session id; the ring time-out counts from the id on.
    ignores: [
      ...NOT_OUTGOING,
      ...ANSWERS,
      ...(['remoteRinging', 'remoteAccepted', 'tick', 'ringExpired', 'closed'] as const),
    ],
  },
  dialing: {
    on: {
      hangUp: [noSdk, go('cancelling', 'sendCancel')],
      timeOut: [noSdk, go('withdrawing', 'sendCancel')],
      withdraw: [noSdk, go('withdrawing', 'sendCancel')],
      ringExpired: [giveUp, noSdk, go('withdrawing', 'sendCancel')],
      remoteRinging: stay('dialing', 'markRinging'),
      remoteAccepted: go('ongoing', 'connect'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_OUTGOING,
      ...ANSWERS,
      'start',
      'initiated',
      'initiateFailed',
      'tick',
      'closed',
    ],
  },
  'cancelling.queued': {
    on: {
      start: stay('cancelling.queued', 'sendInitiate'),
      initiated: go('cancelling', 'registered', 'sendCancel'),
      initiateFailed: finish,
      remoteRinging: stay('cancelling.queued', 'markRinging'),
      remoteAccepted: go('cancelling.endCrossed', 'sendEnd'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_OUTGOING,
      ...ANSWERS,
      ...(['hangUp', 'timeOut', 'withdraw', 'tick', 'ringExpired', 'closed'] as const),
    ],
  },
  cancelling: {
    on: {
      answered: finish,
      refused: go('dialing', 'back'),
      timedOut: finish, // The user left: the call closes here; the SDK finishes in the background.
      over: finish,
      overLive: go('cancelling.endCrossed', 'sendEnd'),
      ringExpired: stay('cancelling', 'retry'),
      remoteRinging: stay('cancelling', 'markRinging'),
      remoteAccepted: go('cancelling.endCrossed', 'sendEnd'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_OUTGOING,
      ...(['start', 'hangUp', 'timeOut', 'withdraw', 'tick', 'closed'] as const),
      ...(['initiated', 'initiateFailed'] as const),
    ],
  },
  'cancelling.endCrossed': {
    on: {
      answered: finish,
      refused: go('ongoing', 'report', 'connect'),
      timedOut: finish,
      over: finish,
      overLive: finish,
      ringExpired: stay('cancelling.endCrossed', 'retry'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      dispose: dismiss,
    },
    // endCall is on its way: a pick-up (or the app's word of it) changes nothing.
    ignores: [
      ...NOT_OUTGOING,
      ...(['start', 'hangUp', 'timeOut', 'withdraw', 'tick', 'closed'] as const),
      ...([
        'initiated',
        'initiateFailed',
        'remoteRinging',
        'remoteAccepted',
        'appConnected',
      ] as const),
    ],
  },
  'withdrawing.queued': {
    on: {
      start: stay('withdrawing.queued', 'sendInitiate'),
      initiated: go('withdrawing', 'registered', 'sendCancel'),
      initiateFailed: finish,
      remoteRinging: stay('withdrawing.queued', 'markRinging'),
      remoteAccepted: go('ongoing', 'connect'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_OUTGOING,
      ...ANSWERS,
      ...(['hangUp', 'timeOut', 'withdraw', 'tick', 'ringExpired', 'closed'] as const),
    ],
  },
  withdrawing: {
    on: {
      answered: finish,
      refused: [refusedTwice, go('dialing', 'back')],
      timedOut: [lateGiveUp, go('dialing', 'hung', 'back')],
      over: finish,
      overLive: go('ongoing', 'connect'), // A pick-up crossed the time-out or the glare: it wins.
      ringExpired: stay('withdrawing', 'retry'),
      remoteRinging: stay('withdrawing', 'markRinging'),
      remoteAccepted: go('ongoing', 'connect'),
      remoteRejected: finish,
      remoteEnded: finish,
      appEnded: finish,
      appConnected: go('ongoing', 'connect'),
      dispose: dismiss,
    },
    ignores: [
      ...NOT_OUTGOING,
      ...(['start', 'hangUp', 'timeOut', 'withdraw', 'tick', 'closed'] as const),
      ...(['initiated', 'initiateFailed'] as const),
    ],
  },
  ongoing: {
    on: {
      hangUp: go('ending', 'sendEnd'),
      remoteEnded: finish,
      dispose: dismiss,
    },
    ignores: [
      ...PRESSES.filter(event => event !== 'hangUp' && event !== 'dispose'),
      ...CLOCKS,
      ...ANSWERS,
      ...SIDE_ANSWERS,
      ...INCOMING_NEWS,
      ...OUTGOING_NEWS,
      'appConnected',
    ],
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
    ignores: [
      ...PRESSES.filter(event => event !== 'dispose'),
      ...CLOCKS,
      ...SIDE_ANSWERS,
      ...INCOMING_NEWS,
      ...OUTGOING_NEWS,
      'appConnected',
    ],
  },
  ended: {
    on: {
      closed: go('done', 'close'),
      dispose: go('done', 'close'),
      initiated: stay('ended', 'cancelUnseen'),
    },
    ignores: [
      ...PRESSES.filter(event => event !== 'dispose'),
      'tick',
      'ringExpired',
      ...ANSWERS,
      'initiateFailed',
      'acceptLanded',
      ...INCOMING_NEWS,
      ...OUTGOING_NEWS,
      ...ANY_NEWS,
    ],
  },
  done: {
    // Closed before the SDK knew the call: nobody could cancel it, so it must not ring on at the callee.
    on: {initiated: stay('done', 'cancelUnseen')},
    ignores: KIT_CALL_EVENTS.filter(event => event !== 'initiated'),
  },
};

/**
 * @param step A state.
 * @returns The public phase of that state.
 */
export function kitPhaseOf(step: KitCallStep): KitCallPhase {
  const base = step.split('.')[0];
  return base === 'withdrawing' ? 'cancelling' : base === 'done' ? 'ended' : (base as KitCallPhase);
}
