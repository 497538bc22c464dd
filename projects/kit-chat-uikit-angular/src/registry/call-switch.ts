import {KitCallListener, KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {kitCaller, kitReceiver, kitValidateCall} from '../sdk/validation';
import {KitCallNews, KitCallSession, kitEndReasonOf} from '../session/call-session';

/** How many ended session ids are remembered to keep ghost rings away. */
const ENDED_MEMORY = 500;
/** How many SDK events for calls not known yet are kept (an answer can come before `initiateCall` resolves). */
const EARLY_EVENTS_KEPT = 16;

type EventName = keyof KitCallListener;

/** The SDK's news of a known call, and the event of its session that each is. */
const ROUTES = {
  onIncomingCallCancelled: 'remoteCancelled',
  onOutgoingCallRinging: 'remoteRinging',
  onOutgoingCallAccepted: 'remoteAccepted',
  onOutgoingCallRejected: 'remoteRejected',
  onCallEnded: 'remoteEnded',
  onCallReconnecting: 'reconnecting',
  onCallReconnected: 'reconnected',
  onCallHeld: 'remoteHeld',
  onCallResumed: 'remoteResumed',
} as const satisfies Record<
  Exclude<EventName, 'onIncomingCallReceived' | 'onParticipantsChanged' | 'onCallTransferred'>,
  KitCallNews
>;

/** @returns The error of every call made with no SDK provided. */
export const kitNoSdk = () =>
  new KitException(
    KitErrorCodes.NOT_INITIALIZED,
    typeof ngDevMode === 'undefined' || ngDevMode
      ? 'No call SDK: add provideKitUIKit({callsSdk}) or KitCallsModule.forRoot({callsSdk}).'
      : '',
  );

/** What the switch needs of the registry. */
export interface KitCallSwitchHost {
  /** Whether the policies (busy or wait, glare) apply: the kit rings by itself. */
  policies(): boolean;
  /** Whether a second call may wait in a banner now instead of being answered busy (call waiting, room left). */
  callWaiting(): boolean;
  /** The live sessions, oldest first. */
  sessions(): KitCallSession[];
  /** The logged-in user, or why there is none. */
  me(): KitUser | KitException;
  /** Reports an error to the app's `onError`. */
  report(error: KitException): void;
  /** The live session of a call. */
  find(sessionId: string): KitCallSession | undefined;
  /** The session of a new ring: shown, waiting in a banner, or hidden while it is answered busy. */
  create(call: KitCall, as: 'shown' | 'waiting' | 'busy'): KitCallSession;
  /** Whether the app is going away: nothing may ring any more. */
  destroyed(): boolean;
}

/**
 * The library's only SDK listener. It checks every payload (a bad one is reported to `onError` and ignored, never
 * thrown back into the SDK), routes events to their session by session id, remembers ended ids (ghost rings) and
 * the answers that came before `initiateCall` resolved, and applies the ring policies: busy or call waiting for a
 * second call, glare. Internal to the library; the registry owns it.
 */
export class KitCallSwitch {
  readonly #ended = new Set<string>();
  readonly #early: {name: EventName; call: KitCall}[] = [];
  /** Rings that lost a glare to my own call, shown once my withdrawal settled. */
  readonly #glare = new Map<string, KitCall>();
  /** My calls whose glare withdrawal was given up: a further ring from that person is a second call. */
  readonly #glareGivenUp = new WeakSet<KitCallSession>();
  #listening = false;
  /** Whether adding the listener failed (reported once; the screens do not try again). */
  #listenFailed = false;
  #destroyed = false;

  readonly #host: KitCallSwitchHost;
  readonly #sdk: KitCallsSdk | null;
  readonly #listenerId: string;

  /**
   * @param host The registry.
   * @param sdk The SDK, if any.
   * @param listenerId The id of the one listener.
   */
  constructor(host: KitCallSwitchHost, sdk: KitCallsSdk | null, listenerId: string) {
    this.#host = host;
    this.#sdk = sdk;
    this.#listenerId = listenerId;
  }

  /** Starts listening to the SDK (once). Does nothing on the server or without an SDK. */
  listen(): void {
    if (this.#listening || this.#listenFailed || this.#destroyed) {
      return;
    }
    if (!this.#sdk) {
      this.#host.report(kitNoSdk());
      return;
    }
    const names = [
      'onIncomingCallReceived',
      'onParticipantsChanged',
      ...Object.keys(ROUTES),
    ] as EventName[];
    const listener: KitCallListener = Object.fromEntries(
      names.map(name => [name, (call: unknown) => this.#dispatch(name, call)]),
    );
    try {
      this.#sdk.addCallListener(this.#listenerId, listener);
      this.#listening = true;
    } catch (error) {
      this.#listenFailed = true;
      this.#host.report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'addCallListener() failed' : '',
        ),
      );
    }
  }

  /**
   * Whether a ring waits for my own call's glare withdrawal to settle before it is shown.
   * @param sessionId The session id of the ring.
   * @returns Whether it waits.
   */
  isHeldForGlare(sessionId: string): boolean {
    return this.#glare.has(sessionId);
  }

  /**
   * Whether a session id ended (or was answered busy) here: a ring for it is a ghost.
   * @param sessionId The session id.
   * @returns Whether it ended.
   */
  hasEnded(sessionId: string): boolean {
    return this.#ended.has(sessionId);
  }

  /** Stops listening to the SDK, for good. */
  stop(): void {
    this.#destroyed = true;
    this.#glare.clear();
    if (this.#listening) {
      this.#listening = false;
      try {
        this.#sdk?.removeCallListener(this.#listenerId);
      } catch (error) {
        this.#host.report(
          KitException.from(
            error,
            KitErrorCodes.SDK,
            typeof ngDevMode === 'undefined' || ngDevMode ? 'removeCallListener() failed' : '',
          ),
        );
      }
    }
  }

  /** @param sessionId A session id that ended here (or was answered busy): a later ring for it is a ghost. */
  markEnded(sessionId: string): void {
    this.#ended.add(sessionId);
    if (this.#ended.size > ENDED_MEMORY) {
      this.#ended.delete(this.#ended.values().next().value as string);
    }
  }

  /** @param session A session that just got its session id: the answers that came first are handed over. */
  replayEarly(session: KitCallSession): void {
    const id = session.sessionId;
    const mine = this.#early.filter(event => event.call.sessionId === id);
    if (!mine.length) {
      return;
    }
    this.#early.splice(0, this.#early.length, ...this.#early.filter(e => e.call.sessionId !== id));
    mine.forEach(event => this.#route(event.name, event.call));
  }

  #dispatch(name: EventName, payload: unknown): void {
    try {
      if (this.#destroyed) {
        return;
      }
      const call = this.#check(name, payload);
      if (call && name === 'onIncomingCallReceived') {
        this.#ring(call); // A ring goes straight to the policies: the shortest way to the screen.
      } else if (call) {
        this.#route(name, call);
      }
    } catch (error) {
      // Nothing is ever thrown back into the SDK's dispatch.
      this.#host.report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? `Handling ${name} failed` : '',
        ),
      );
    }
  }

  /** A ring must be a whole, valid call; other events need a session id (the rest is known here). */
  #check(name: EventName, payload: unknown): KitCall | null {
    const candidate = payload as Partial<KitCall> | null | undefined;
    const problem =
      name === 'onIncomingCallReceived'
        ? kitValidateCall(payload)
        : !candidate ||
          typeof candidate !== 'object' ||
          typeof candidate.sessionId !== 'string' ||
          !candidate.sessionId;
    if (problem) {
      this.#host.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          typeof ngDevMode === 'undefined' || ngDevMode
            ? `Ignored ${name}: ${problem === true ? 'no session id.' : problem.message}`
            : '',
          payload,
        ),
      );
      return null;
    }
    return {...(payload as KitCall)};
  }

  /** Hands an event for a known call to its session (early ones wait for the session id). */
  #route(name: EventName, call: KitCall): void {
    const session = this.#host.find(call.sessionId);
    if (!session) {
      this.#unknown(name, call);
      return;
    }
    // The participants' news has no event of its own: the group engine, if any, hears it (_hear).
    session._hear(ROUTES[name as keyof typeof ROUTES], call, name);
  }

  /** An event for a call with no session: a ghost later, or an answer that came before `initiateCall` resolved. */
  #unknown(name: EventName, call: KitCall): void {
    if (name === 'onIncomingCallCancelled' || name === 'onCallEnded') {
      this.markEnded(call.sessionId);
      if (this.#glare.delete(call.sessionId)) {
        return;
      }
    }
    this.#early.push({name, call});
    if (this.#early.length > EARLY_EVENTS_KEPT) {
      this.#early.shift();
    }
  }

  #ring(call: KitCall, glareSettled = false): void {
    const id = call.sessionId;
    if (this.#ended.has(id) || !!this.#host.find(id) || (!glareSettled && this.#glare.has(id))) {
      return; // A ghost (it ended) or a duplicate (it rings already).
    }
    if (kitEndReasonOf(call.status)) {
      this.markEnded(id);
      return;
    }
    const me = this.#host.me();
    if (me instanceof KitException) {
      this.#host.report(me);
      return;
    }
    const toMyself = kitCaller(call).uid === me.uid;
    if (toMyself || kitReceiver(call).uid !== me.uid) {
      this.#host.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          typeof ngDevMode === 'undefined' || ngDevMode
            ? toMyself
              ? `Ignored a ring from the logged-in user "${me.uid}" to itself.`
              : `Ignored a ring for "${kitReceiver(call).uid}": the logged-in user is "${me.uid}".`
            : '',
          call,
        ),
      );
      return;
    }
    if (this.#host.policies() && !glareSettled && this.#resolveGlare(call)) {
      return;
    }
    // A call whose ending is still on screen is over: it does not make the user busy.
    const busy =
      this.#host.policies() &&
      this.#host.sessions().some(session => !session.state.waiting && !session.isEnded);
    const waits = this.#host.callWaiting();
    const session = this.#host.create(call, !busy ? 'shown' : waits ? 'waiting' : 'busy');
    if (busy && !waits) {
      // Declined by the policy from this moment: a late or duplicate ring of it is a ghost, whatever the SDK says.
      this.markEnded(call.sessionId);
      void session.answerBusy().then(ended => {
        if (!ended && !session.isEnded) {
          session.dispose('busy'); // The SDK refused the busy answer (reported): it rings there, not here.
        }
      });
    }
  }

  /**
   * Both sides call each other. The call started by the smaller uid wins on both sides: the other side withdraws
   * its own call and shows the winner's ring once the withdrawal settled; the winning side ignores the loser's.
   * @returns Whether the ring was handled here.
   */
  #resolveGlare(theirs: KitCall): boolean {
    const caller = kitCaller(theirs).uid;
    const mine = this.#host
      .sessions()
      .find(
        session =>
          session.direction === 'outgoing' &&
          session.state.phase === 'dialing' &&
          !this.#glareGivenUp.has(session) &&
          kitReceiver(session.state.call).uid === caller,
      );
    if (!mine) {
      return false;
    }
    if (kitCaller(mine.state.call).uid < caller) {
      this.markEnded(theirs.sessionId);
      return true;
    }
    this.#glare.set(theirs.sessionId, theirs);
    void mine.withdraw().then(ended => {
      if (!ended) {
        this.#glareGivenUp.add(mine); // It dials on: the next ring from that person is a second call.
      }
      if (this.#glare.delete(theirs.sessionId) && !this.#destroyed && !this.#host.destroyed()) {
        this.#ring(theirs, true);
      }
    });
    return true;
  }
}
