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
  /** The media path or the SDK's connection dropped: the call waits for it to come back, for a bound. */
  | 'ongoing.reconnecting'
  | 'ending'
  /** Over; its outcome may stay on screen for the close delay. */
  | 'ended'
  /** Over and off screen: views close. */
  | 'done';

/** The user's and the app's moves. */
// prettier-ignore
const PRESSES = ['start', 'accept', 'decline', 'busy', 'hangUp', 'timeOut', 'withdraw', 'dispose'] as const;
/** The session's own clocks: the tick after a press, the ring time-out, the close delay, the reconnect bound. */
const CLOCKS = ['tick', 'ringExpired', 'closed', 'reconnectExpired'] as const;
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
/** What the SDK says of a live call's connection. */
const LINK_NEWS = ['reconnecting', 'reconnected'] as const;

/** Every event a session handles (only the specs and the development checks read the list). */
// prettier-ignore
export const KIT_CALL_EVENTS = /* @__PURE__ */ joinEvents(
  PRESSES, CLOCKS, ANSWERS, SIDE_ANSWERS, INCOMING_NEWS, OUTGOING_NEWS, ANY_NEWS, LINK_NEWS,
);

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
  | 'reconnect'
  | 'lose'
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

/** A state's rows by event. */
export interface KitCallState {
  readonly on: Partial<Record<KitCallEventType, KitCallRow | readonly KitCallRow[]>>;
}

const go = (step: KitCallStep, ...fx: KitCallEffect[]): KitCallRow => ({to: step, fx});
const connect = go('ongoing', 'connect');
const finish = go('ended', 'finish');
/** The app closed the call's screen: it ends here without a word to the SDK. */
const dismiss = go('ended', 'dismiss');
/** The ring time-out of a silent far side: the call ends here, with the error said. */
const giveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'hung'};
/** An action never answered after the ring time-out: no time is left to wait on another one. */
const lateGiveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'expired'};
const refusedTwice: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'refusedBefore'};
const noSdk: KitCallRow = {to: 'ended', fx: ['finish'], when: 'noSdk'};

/** What an incoming call that is not decided yet still hears: the caller's cancel, an end, the app. */
const INCOMING_NEWS_ROWS = {
  remoteCancelled: finish,
  remoteEnded: finish,
  appConnected: connect,
  dispose: dismiss,
};
/** What an outgoing call that is not connected yet still hears. */
// prettier-ignore
const OUTGOING_NEWS_ROWS = {remoteRejected: finish, remoteEnded: finish, appEnded: finish, appConnected: connect, dispose: dismiss};
/** The SDK's answer to the user's accept. */
// prettier-ignore
const ACCEPT_ANSWERS = {answered: connect, refused: go('ringing', 'back'), timedOut: [lateGiveUp, go('ringing', 'hung', 'back')], over: finish, overLive: finish};
/** The user's decline (or hang-up) over an accept in flight: it supersedes the accept. */
const overAccept = go('declining.overAccept', 'sendDecline');
/** The SDK's answer to the endCall of a decision that crossed a pick-up: a refusal means the call is live after all. */
// prettier-ignore
const CROSSED_ANSWERS = {answered: finish, refused: go('ongoing', 'report', 'connect'), timedOut: finish, over: finish, overLive: finish};
/** Every state x event of a call that does something: its rows (the empty cells are in KIT_CALL_IGNORES). */
// prettier-ignore
export const KIT_CALL_TABLE: Readonly<Record<KitCallStep, KitCallState>> = {
  ringing: {
    on: {
      accept: go('accepting.fresh', 'sendAccept'), decline: go('declining', 'sendDecline'),
      busy: go('declining', 'sendDecline'), hangUp: go('declining', 'sendDecline'),
      timeOut: go('declining', 'sendDecline'), ringExpired: [giveUp, go('declining', 'sendDecline')],
      acceptLanded: connect, // The SDK accepted after all, after the accept's time-out.
      ...INCOMING_NEWS_ROWS,
    },
  },
  'accepting.fresh': {
    on: {tick: go('accepting'), ringExpired: go('accepting.fresh', 'retry'), ...ACCEPT_ANSWERS, ...INCOMING_NEWS_ROWS},
  },
  // A hang-up while the accept is in flight (End and accept, a headset's hang-up) is the user's decline.
  accepting: {
    on: {decline: overAccept, hangUp: overAccept, ringExpired: go('accepting', 'retry'), ...ACCEPT_ANSWERS, ...INCOMING_NEWS_ROWS},
  },
  'accepting.awaited': {
    on: {decline: overAccept, hangUp: overAccept, ringExpired: go('accepting.awaited', 'retry'), ...ACCEPT_ANSWERS, ...INCOMING_NEWS_ROWS},
  },
  declining: {
    on: {
      answered: finish, refused: [refusedTwice, go('ringing', 'back')], timedOut: [lateGiveUp, go('ringing', 'hung', 'back')],
      over: finish, overLive: finish, ringExpired: go('declining', 'retry'), ...INCOMING_NEWS_ROWS,
    },
  },
  'declining.overAccept': {
    on: {
      answered: finish, refused: go('accepting.awaited', 'awaitAccept'), timedOut: go('accepting.awaited', 'awaitAccept'),
      over: finish, overLive: go('declining.endCrossed', 'sendEnd'), acceptLanded: go('declining.overLanded'),
      ringExpired: go('declining.overAccept', 'retry'), ...INCOMING_NEWS_ROWS,
    },
  },
  'declining.overLanded': {
    on: {
      answered: finish, refused: go('declining.endCrossed', 'sendEnd'), timedOut: go('declining.endCrossed', 'sendEnd'),
      over: go('declining.endCrossed', 'sendEnd'), overLive: go('declining.endCrossed', 'sendEnd'),
      ringExpired: go('declining.overLanded', 'retry'), ...INCOMING_NEWS_ROWS,
    },
  },
  'declining.endCrossed': {
    on: {
      ...CROSSED_ANSWERS, ringExpired: go('declining.endCrossed', 'retry'),
      remoteCancelled: finish, remoteEnded: finish, dispose: dismiss,
    },
  },
  'dialing.starting': {
    on: {
      start: go('dialing.starting', 'sendInitiate'), initiated: go('dialing', 'registered'), initiateFailed: finish,
      hangUp: [noSdk, go('cancelling.queued', 'queueCancel')], timeOut: [noSdk, go('withdrawing.queued', 'queueCancel')],
      withdraw: [noSdk, go('withdrawing.queued', 'queueCancel')], ...OUTGOING_NEWS_ROWS,
    },
  },
  dialing: {
    on: {
      hangUp: [noSdk, go('cancelling', 'sendCancel')], timeOut: [noSdk, go('withdrawing', 'sendCancel')],
      withdraw: [noSdk, go('withdrawing', 'sendCancel')], ringExpired: [giveUp, noSdk, go('withdrawing', 'sendCancel')],
      remoteRinging: go('dialing', 'markRinging'), remoteAccepted: connect, ...OUTGOING_NEWS_ROWS,
    },
  },
  'cancelling.queued': {
    on: {
      start: go('cancelling.queued', 'sendInitiate'), initiated: go('cancelling', 'registered', 'sendCancel'),
      initiateFailed: finish, remoteRinging: go('cancelling.queued', 'markRinging'),
      remoteAccepted: go('cancelling.endCrossed', 'sendEnd'), ...OUTGOING_NEWS_ROWS,
    },
  },
  cancelling: {
    on: {
      answered: finish, refused: go('dialing', 'back'),
      timedOut: finish, // The user left: the call closes here; the SDK finishes in the background.
      over: finish, overLive: go('cancelling.endCrossed', 'sendEnd'), ringExpired: go('cancelling', 'retry'),
      remoteRinging: go('cancelling', 'markRinging'), remoteAccepted: go('cancelling.endCrossed', 'sendEnd'),
      ...OUTGOING_NEWS_ROWS,
    },
  },
  'cancelling.endCrossed': {
    on: {
      ...CROSSED_ANSWERS, ringExpired: go('cancelling.endCrossed', 'retry'),
      remoteRejected: finish, remoteEnded: finish, appEnded: finish, dispose: dismiss,
    },
  },
  'withdrawing.queued': {
    on: {
      start: go('withdrawing.queued', 'sendInitiate'), initiated: go('withdrawing', 'registered', 'sendCancel'),
      initiateFailed: finish, remoteRinging: go('withdrawing.queued', 'markRinging'), remoteAccepted: connect,
      ...OUTGOING_NEWS_ROWS,
    },
  },
  withdrawing: {
    on: {
      answered: finish, refused: [refusedTwice, go('dialing', 'back')], timedOut: [lateGiveUp, go('dialing', 'hung', 'back')],
      over: finish, overLive: connect, // A pick-up crossed the time-out or the glare: it wins.
      ringExpired: go('withdrawing', 'retry'), remoteRinging: go('withdrawing', 'markRinging'), remoteAccepted: connect,
      ...OUTGOING_NEWS_ROWS,
    },
  },
  ongoing: {
    on: {hangUp: go('ending', 'sendEnd'), remoteEnded: finish, dispose: dismiss, reconnecting: go('ongoing.reconnecting', 'reconnect')},
  },
  'ongoing.reconnecting': {
    on: {
      reconnected: go('ongoing', 'reconnect'), reconnectExpired: go('ended', 'lose'), // Gone for good: "Call failed".
      hangUp: go('ending', 'sendEnd'), remoteEnded: finish, dispose: dismiss,
    },
  },
  ending: {
    on: {answered: finish, refused: go('ongoing', 'back'), timedOut: finish, over: finish, overLive: finish, remoteEnded: finish, dispose: dismiss},
  },
  ended: {
    on: {closed: go('done', 'close'), dispose: go('done', 'close'), initiated: go('ended', 'cancelUnseen')},
  },
  done: {
    // Closed before the SDK knew the call: nobody could cancel it, so it must not ring on at the callee.
    on: {initiated: go('done', 'cancelUnseen')},
  },
};

/**
 * The events each state ignores on purpose: the table's empty cells, written down. Checked in development builds
 * (a cell with neither a row nor an ignore is logged) and by the specs; production builds drop it.
 */
export const KIT_CALL_IGNORES: Readonly<Record<KitCallStep, readonly KitCallEventType[]>> | null =
  typeof ngDevMode === 'undefined' || ngDevMode ? withLinkIgnored(ignoredCells()) : null;

/** The empty cells by state (a function, so that production builds drop the lists with it). */
function ignoredCells(): Record<KitCallStep, readonly KitCallEventType[]> {
  /** The events of the other direction: never routed to this session, ignored if they are. */
  // prettier-ignore
  const notIncoming = [...OUTGOING_NEWS, 'withdraw', 'start', 'initiated', 'initiateFailed'] as const;
  const notOutgoing = [...INCOMING_NEWS, 'accept', 'decline', 'busy', 'acceptLanded'] as const;
  /** Presses that a pending incoming decision ignores: the first decision wins. */
  const pendingIn = [
    ...notIncoming,
    'accept',
    'busy',
    'hangUp',
    'timeOut',
    'tick',
    'closed',
  ] as const;
  /** Presses that a pending outgoing decision ignores. */
  const pendingOut = [
    ...notOutgoing,
    'start',
    'hangUp',
    'timeOut',
    'withdraw',
    'tick',
    'closed',
  ] as const;

  // prettier-ignore
  return {
    ringing: [...notIncoming, ...ANSWERS, 'tick', 'closed'],
    // A decline in the accept's own tick is the same gesture's second press: the first press wins.
    'accepting.fresh': [...notIncoming, 'accept', 'decline', 'busy', 'hangUp', 'timeOut', 'acceptLanded', 'closed'],
    // The accept's own answer comes as `answered`.
    accepting: [...pendingIn.filter(event => event !== 'hangUp'), 'acceptLanded'],
    'accepting.awaited': [...pendingIn.filter(event => event !== 'hangUp'), 'acceptLanded'],
    declining: [...pendingIn, 'decline', 'acceptLanded'],
    'declining.overAccept': [...pendingIn, 'decline'],
    'declining.overLanded': [...pendingIn, 'decline', 'acceptLanded'],
    'declining.endCrossed': [...pendingIn, 'decline', 'acceptLanded', 'appConnected'],
    // Nothing can be routed to a call without a session id; the ring time-out counts from the id on.
    'dialing.starting': [...notOutgoing, ...ANSWERS, 'remoteRinging', 'remoteAccepted', 'tick', 'ringExpired', 'closed'],
    dialing: [...notOutgoing, ...ANSWERS, 'start', 'initiated', 'initiateFailed', 'tick', 'closed'],
    'cancelling.queued': [...pendingOut.filter(event => event !== 'start'), ...ANSWERS, 'ringExpired'],
    cancelling: [...pendingOut, 'initiated', 'initiateFailed'],
    // endCall is on its way: a pick-up (or the app's word of it) changes nothing.
    'cancelling.endCrossed': [...pendingOut, 'initiated', 'initiateFailed', 'remoteRinging', 'remoteAccepted', 'appConnected'],
    'withdrawing.queued': [...pendingOut.filter(event => event !== 'start'), ...ANSWERS, 'ringExpired'],
    withdrawing: [...pendingOut, 'initiated', 'initiateFailed'],
    ongoing: [
      ...PRESSES.filter(event => event !== 'hangUp' && event !== 'dispose'), ...CLOCKS, ...ANSWERS, ...SIDE_ANSWERS,
      ...INCOMING_NEWS, ...OUTGOING_NEWS, 'appConnected',
    ],
    ending: [
      ...PRESSES.filter(event => event !== 'dispose'), ...CLOCKS, ...SIDE_ANSWERS, ...INCOMING_NEWS, ...OUTGOING_NEWS,
      'appConnected',
    ],
    ended: [
      ...PRESSES.filter(event => event !== 'dispose'), 'tick', 'ringExpired', ...ANSWERS, 'initiateFailed',
      'acceptLanded', ...INCOMING_NEWS, ...OUTGOING_NEWS, ...ANY_NEWS,
    ],
    done: KIT_CALL_EVENTS.filter(event => event !== 'initiated'),
    'ongoing.reconnecting': [
      ...PRESSES.filter(event => event !== 'hangUp' && event !== 'dispose'), 'tick', 'ringExpired', 'closed', ...ANSWERS,
      ...SIDE_ANSWERS, ...INCOMING_NEWS, ...OUTGOING_NEWS, 'appConnected', 'reconnecting',
    ],
  };
}

/** A live call's connection news matter to the ongoing states only: every other state ignores them. */
function withLinkIgnored(
  ignores: Record<KitCallStep, readonly KitCallEventType[]>,
): Record<KitCallStep, readonly KitCallEventType[]> {
  for (const step of Object.keys(ignores) as KitCallStep[]) {
    const extra =
      step === 'ongoing'
        ? ['reconnected']
        : step === 'ongoing.reconnecting'
          ? []
          : [...LINK_NEWS, 'reconnectExpired'];
    ignores[step] = [...new Set([...ignores[step], ...extra])] as KitCallEventType[];
  }
  return ignores;
}

/** @returns The groups' events, in one list. */
function joinEvents<T extends readonly (readonly string[])[]>(
  ...groups: T
): readonly T[number][number][] {
  return groups.flat();
}

/**
 * @param step A state.
 * @returns The public phase of that state.
 */
export function kitPhaseOf(step: KitCallStep): KitCallPhase {
  const base = step.split('.')[0];
  return base === 'withdrawing' ? 'cancelling' : base === 'done' ? 'ended' : (base as KitCallPhase);
}
