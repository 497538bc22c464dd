import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitCallStatus, KitUser} from '../sdk/models';

// The public types of a call session (its phases, end reasons, state snapshot, ports and options), apart from the
// session's state machine in call-session.ts.

/** Where a call stands. A hang-up in flight is `cancelling` (still dialing) or `ending` (ongoing). */
export type KitCallPhase =
  'ringing' | 'dialing' | 'accepting' | 'declining' | 'cancelling' | 'ongoing' | 'ending' | 'ended';

/** Why a call (or its screen) ended. */
export type KitCallEndReason =
  | 'rejected'
  | 'cancelled'
  | 'busy'
  | 'unanswered'
  | 'unavailable'
  | 'ended'
  | 'failed'
  | 'accepted-elsewhere'
  | 'rejected-elsewhere'
  | 'dismissed';

/** Which side of the call this device is on. */
export type KitCallDirection = 'incoming' | 'outgoing';

/** State of the looping sound of a call (see `KitRingtone`). */
export type KitCallSoundState =
  'starting' | 'playing' | 'blocked' | 'failed' | 'silent' | 'stopped';

/** The statuses that end a call, each the end reason of the same name. */
const ENDING_STATUSES: readonly (KitCallStatus | undefined)[] = [
  'rejected',
  'cancelled',
  'busy',
  'unanswered',
  'unavailable',
  'failed',
  'ended',
  'accepted-elsewhere',
  'rejected-elsewhere',
] satisfies KitCallEndReason[];

/**
 * @param status A call status from the SDK.
 * @returns The end reason that status stands for, or `null` when the status does not end a call.
 */
export function kitEndReasonOf(status: KitCallStatus | undefined): KitCallEndReason | null {
  return ENDING_STATUSES.includes(status) ? (status as KitCallEndReason) : null;
}

/** What a session needs from the outside world: the SDK, the events, the sound and the clock. */
export interface KitCallSessionPorts {
  /** The SDK; `null` for a callee shown with no call (nothing to tell anyone). */
  readonly sdk: KitCallsSdk | null;
  /** Where the global call events go (`KitCallEventsService` fits). */
  readonly events: {
    publishCallAccepted(call: KitCall): void;
    publishCallRejected(call: KitCall): void;
    publishCallEnded(call: KitCall): void;
    publishOutgoingCall(call: KitCall): void;
  };
  /** Starts the looping sound of a call (`KitRingtone` fits). */
  readonly sound: {
    start(
      kind: 'incoming' | 'outgoing',
      options: {url?: string | null; onError?: (error: KitException) => void},
    ): {readonly state: () => KitCallSoundState; stop(): void};
  };
  /** The clock; on the server, one whose timers never fire. */
  readonly clock: {
    now(): number;
    setTimeout(task: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
    setInterval(task: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  /** Receives the errors that no view of the session listens to. */
  readonly report: (error: KitException) => void;
  /** The engine of calls with several people, when the app named `withGroupCalls()`. */
  readonly group?: _KitGroupEngine | null;
}

/**
 * What `withGroupCalls()` plugs into the call switch and the sessions (kit-chat-uikit-angular/group).
 * @docs-private
 */
export interface _KitGroupEngine {
  /**
   * The SDK's news of a known call, before its session hears it.
   * @param name The listener's method (`undefined` when the engine itself told the session).
   * @param session The call's session.
   * @param call The call from the SDK.
   * @returns Whether the engine took it (the switch then routes nothing).
   */
  hear(name: string, session: _KitGroupSession, call: KitCall): boolean;
  /**
   * @param call A call the user hangs up.
   * @returns `leaveCall` sent for a call with several people, or `null`: `endCall` then.
   */
  end(call: KitCall): Promise<unknown> | null;
  /** `KitCallOverlay.joinCall`. */
  join(sessionId: string, config?: object): Promise<unknown>;
  /**
   * "Call again" on an outgoing call's outcome.
   * @returns Whether the engine rang the call's people again (a call with several people); else a 1:1 call again.
   */
  again(call: KitCall): boolean;
}

/** What the group engine reads of a session and does with it. @docs-private */
export interface _KitGroupSession {
  readonly direction: KitCallDirection;
  readonly state: KitCallSessionState;
  can(type: KitCallEventType): boolean;
  hangUp(): Promise<boolean>;
  _hear(
    news: 'remoteRinging' | 'remoteAccepted' | 'remoteRejected' | 'remoteEnded',
    call: KitCall,
  ): void;
  _set(change: {call: KitCall}): void;
}

/** Options of a session; the registry fills them from the app's configuration. */
export interface KitCallSessionOptions {
  /** Milliseconds a call may ring unanswered before it ends as `unanswered`; 0 rings forever. */
  ringTimeout: number;
  /** Milliseconds an SDK action may stay unanswered before it counts as failed (`ERR_NETWORK`). */
  actionTimeout: number;
  /**
   * Milliseconds an ending the user did not choose stays on screen: an outgoing call's outcome (declined, busy, no
   * answer, failed), an incoming call the caller cancelled, missed, or answered on another device, and an ongoing
   * call the other side ended.
   */
  closeDelay: number;
  /**
   * Milliseconds an ongoing call may stay "Reconnecting…" (the SDK said its connection dropped) before it ends as
   * failed. Default 30000.
   */
  reconnectTimeout?: number;
  /** Milliseconds an outgoing call's outcome stays, time to press "Call again"; `closeDelay` when not set. */
  outcomeDelay?: number;
}

/** Everything a view renders of a call: a snapshot, replaced on every change. */
export interface KitCallSessionState {
  /** The call with its latest known status. An outgoing call has an empty session id until the SDK gives one. */
  readonly call: KitCall;
  /** Where the call stands. */
  readonly phase: KitCallPhase;
  /** Why it ended, once it did. */
  readonly endReason: KitCallEndReason | null;
  /** The phase the call ended from (`accepting`: a decline or the far side crossed the user's accept). */
  readonly endedFrom: KitCallPhase | null;
  /** Whether the callee's device rings (the SDK reported it). */
  readonly remoteRinging: boolean;
  /** The last action of the user that failed while the call still rings, to say on screen. */
  readonly failure: KitException | null;
  /** Whole seconds since the call became ongoing. */
  readonly elapsedSeconds: number;
  /** Whether the call rings in a call-waiting banner, beside another call. */
  readonly waiting: boolean;
  /** Whether the session is over and its outcome was shown: views close. */
  readonly done: boolean;
  /** Whether the call was ever ongoing. */
  readonly connected: boolean;
  /** Whether the ongoing call lost its connection and waits for it to come back ("Reconnecting…"). */
  readonly reconnecting: boolean;
  /**
   * The user's hold of the ongoing call (`withHold()`): asked for (`holding`), on hold (`held`), or the resume asked
   * for (`resuming`); absent or `null` when the call is not held by this side.
   */
  readonly hold?: 'holding' | 'held' | 'resuming' | null;
  /** Whether the far side put the call on hold (`withHold()`: `KitCallListener.onCallHeld`). */
  readonly heldByPeer?: boolean;
  /** Who the call is being handed to (`withTransfer()`), while the transfer is on its way. */
  readonly transferTo?: KitUser | null;
}

/** How a call ends: the reason, the global event published, and how long the ending stays on screen. */
export interface KitCallEnding {
  readonly reason: KitCallEndReason;
  /** The global event: `ccCallEnded`, `ccCallRejected`, or none. */
  readonly event: 'ended' | 'rejected' | null;
  /** `0` closes at once (the user's own decision); `undefined` keeps the ending on screen if it is shown. */
  readonly delay?: 0;
}

/**
 * What a session says once, as it happens: the call connected, the call ended (how), the session is done (its
 * outcome was shown: views close). Views read these instead of comparing states.
 */
export type KitCallFact =
  | {readonly type: 'connected'}
  | {readonly type: 'ended'; readonly ending: KitCallEnding}
  | {readonly type: 'done'};

/** Listens to a session: the new state, and the facts the change brought (most changes bring none). */
export type KitCallSessionListener = (
  state: KitCallSessionState,
  facts: readonly KitCallFact[],
) => void;

/** How a view that shows a session attaches to it. */
export interface KitCallSessionViewOptions {
  /** Whether the view plays the call's sound (the waiting banner does not). Default true. */
  sound?: boolean;
  /** Receives the session's errors; a session with no such view reports to the app's `onError`. */
  onError?: (error: KitException) => void;
  /** Whether the view shows the elapsed time, so the clock ticks while it is attached. Default true. */
  ticks?: boolean;
}

/**
 * @param step A state of the call's table (KitCallStep, call-session-rows.ts).
 * @returns The public phase of that state.
 */
export function kitPhaseOf(step: string): KitCallPhase {
  const base = step.split('.')[0];
  return base === 'withdrawing' ? 'cancelling' : base === 'done' ? 'ended' : (base as KitCallPhase);
}

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
  /** The user's hold on its way (`hold`, `withHold()`): a refusal leaves the call as it was. */
  | 'ongoing.holding'
  /** ... while the far side holds the call too. */
  | 'ongoing.holding.remoteHeld'
  /** The user put the call on hold. */
  | 'ongoing.held'
  /** ... and the far side holds it too. */
  | 'ongoing.held.remoteHeld'
  /** ... and its connection dropped: it waits for it, held. */
  | 'ongoing.held.reconnecting'
  /** ... and handed to someone (`transfer`, `withTransfer()`): done, it ends here; failed, it stays held. */
  | 'ongoing.held.transferring'
  /** ... while the user calls the person first (`consult`: an attended transfer), in a call of its own. */
  | 'ongoing.held.consulting'
  /** The user's resume on its way (`resume`): a refusal leaves the call on hold. */
  | 'ongoing.resuming'
  /** ... while the far side holds the call too. */
  | 'ongoing.resuming.remoteHeld'
  /** The far side put the call on hold ("Ada put you on hold"). */
  | 'ongoing.remoteHeld'
  /** The user's hang-up on its way (`endCall`). */
  | 'ending'
  /** ... of a call the user held: a refusal leaves it on hold. */
  | 'ending.held'
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
  // Hold and resume (`withHold()`): the user's, and what the SDK says of the far side's.
  'hold',
  'resume',
  'remoteHeld',
  'remoteResumed',
  // A held call's transfer (`withTransfer()`): blind, or attended (`consult`, until that call ends: `consultEnded`).
  'transfer',
  'consult',
  'consultEnded',
] as const;

/** An event of a session. */
export type KitCallEventType = (typeof KIT_CALL_EVENTS)[number];

/** One event of a session, with what it carries. */
export interface KitCallEvent {
  readonly type: KitCallEventType;
  /** The call from the SDK or the app (for a failure: what the SDK says of the call). */
  readonly call?: Partial<KitCall>;
  readonly error?: KitException;
  readonly reason?: KitCallEndReason;
  /** Who a transfer hands the call to (`transfer`, `consult`). */
  readonly to?: KitUser;
  /** The session id of the call to `to` that an attended transfer joins the far side to (`transfer`). */
  readonly consultation?: string;
}

/** What the effects and the session may do with the machine. */
export interface KitCallEngine {
  readonly state: KitCallSessionState;
  readonly step: KitCallStep;
  /** Looks the event's row up and takes it. @returns Whether a row took the event. */
  fire(event: KitCallEvent): boolean;
  /** Changes the snapshot (the listeners hear of it at the transition's end). */
  patch(change: Partial<KitCallSessionState>): void;
  /** Says a fact: the listeners hear it with the state it came with. */
  say(fact: KitCallFact): void;
  /** Work left for after the transition that asked for it: the transition completes first. */
  later(task: () => void): void;
  /** The session is done: the listeners are let go. */
  release(): void;
}
