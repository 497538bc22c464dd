// The words the transition table is written in: the states, the events, the effects, the guards,
// and the rows that several cells share. The table itself is in three parts
// (call-session-table-incoming.ts, -outgoing.ts and -ongoing.ts), put together in
// call-session-table.ts. Internal to the library.

/**
 * Every state of a call session. The part before the dot is the public phase (`withdrawing` is
 * `cancelling`).
 */
export type KitCallStep =
  | 'ringing'
  /**
   * The user's accept, pressed in this very tick: a decline now is the same gesture's second press.
   */
  | 'accepting.fresh'
  | 'accepting'
  /** A decline superseded the accept and the SDK refused it: the accept's own answer decides. */
  | 'accepting.awaited'
  | 'declining'
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
  /**
   * The media path or the SDK's connection dropped: the call waits for it to come back, for a
   * bound.
   */
  | 'ongoing.reconnecting'
  | 'ending'
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

/**
 * One row: where the event leads, what it does, and the condition (rows of a cell are tried in
 * order).
 */
export interface KitCallRow {
  readonly to: KitCallStep;
  readonly fx?: readonly KitCallEffect[];
  readonly when?: KitCallGuard;
}

/** A state's rows by event. */
export interface KitCallState {
  readonly on: Partial<Record<KitCallEventType, KitCallRow | readonly KitCallRow[]>>;
}

/** The rows of some states: one part of the table. */
export type KitCallTablePart<S extends KitCallStep> = Readonly<Record<S, KitCallState>>;

/** The empty cells of some states, written down: one part of the table's ignores. */
export type KitCallIgnoresPart<S extends KitCallStep> = Record<S, readonly KitCallEventType[]>;

/**
 * @param step The state the row leads to.
 * @param fx The effects it runs, in order.
 * @returns The row.
 */
export const go = (step: KitCallStep, ...fx: KitCallEffect[]): KitCallRow => ({to: step, fx});
/** The call is live: ongoing. */
export const connect = go('ongoing', 'connect');
/** The call ends, as the end-reason rules say. */
export const finish = go('ended', 'finish');
/** The app closed the call's screen: it ends here without a word to the SDK. */
export const dismiss = go('ended', 'dismiss');
/** The ring time-out of a silent far side: the call ends here, with the error said. */
export const giveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'hung'};
/** An action never answered after the ring time-out: no time is left to wait on another one. */
export const lateGiveUp: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'expired'};
/** The ring time-out's decline or cancel, refused a second time: the call ends here. */
export const refusedTwice: KitCallRow = {to: 'ended', fx: ['giveUp'], when: 'refusedBefore'};
/** No SDK (a callee shown with no call): the call ends here, nothing to tell anyone. */
export const noSdk: KitCallRow = {to: 'ended', fx: ['finish'], when: 'noSdk'};
