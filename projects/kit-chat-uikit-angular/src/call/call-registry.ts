import {_IdGenerator} from '@angular/cdk/a11y';
import {isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, InjectionToken, PLATFORM_ID, inject} from '@angular/core';
import {Observable, Subject} from 'rxjs';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS, KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallEventsService} from '../events/call-events';
import {KitCallListener, KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallType, KitUser} from '../sdk/models';
import {kitCaller, kitReceiver, kitValidateCall, kitValidateUser} from '../sdk/validation';
import {KitRingtone} from '../sound/ringtone';
import {
  KitCallDirection,
  KitCallPhase,
  KitCallSession,
  KitCallSessionOptions,
  KitCallSessionPorts,
  kitEndReasonOf,
} from './call-session';

/** How many ended session ids are remembered to keep ghost rings away. */
const ENDED_MEMORY = 500;
/** How many SDK events for calls not known yet are kept (an answer can come before `initiateCall` resolves). */
const EARLY_EVENTS_KEPT = 16;
/** Default time-outs, in ms. */
const DEFAULT_RING_TIMEOUT = 45_000;
const DEFAULT_ACTION_TIMEOUT = 15_000;
const DEFAULT_CLOSE_DELAY = 2_000;

type EventName = keyof KitCallListener;

/**
 * Whether a call that rings beside another one waits in a banner instead of being answered busy. Set by
 * `withCallWaiting()`, which also shows the banners: the registry only reads this flag, so it never imports them.
 */
export const KIT_CALL_WAITING = new InjectionToken<boolean>('KIT_CALL_WAITING', {
  providedIn: 'root',
  factory: () => false,
});

/** The error of every call made with no SDK provided. */
const noSdk = () =>
  new KitException(
    KitErrorCodes.NOT_INITIALIZED,
    'No call SDK: add provideKitUIKit({callsSdk}) or KitCallsModule.forRoot({callsSdk}).',
  );

/** A clock whose timers never fire: on the server nothing may keep the render from settling. */
const SERVER_CLOCK: KitCallSessionPorts['clock'] = {
  now: () => Date.now(),
  setTimeout: () => null,
  clearTimeout: () => {},
  setInterval: () => null,
  clearInterval: () => {},
};

const BROWSER_CLOCK: KitCallSessionPorts['clock'] = {
  now: () => Date.now(),
  setTimeout: (task, ms) => setTimeout(task, ms),
  clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (task, ms) => setInterval(task, ms),
  clearInterval: handle => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Every call of the app, one `KitCallSession` each, and the library's only SDK listener. It checks every payload
 * (a bad one is reported to `onError` and ignored, never thrown back into the SDK), routes events to their session
 * by session id, remembers ended ids (ghost rings), and applies the policies: busy or call waiting for a second
 * call, glare, answered elsewhere.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallRegistry {
  private readonly _sdk = inject(KitCallsSdk, {optional: true});
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _callWaiting = inject(KIT_CALL_WAITING);
  private readonly _events = inject(KitCallEventsService);
  private readonly _ringtone = inject(KitRingtone);
  private readonly _defaults = inject(KIT_CALL_OVERLAY_DEFAULT_OPTIONS, {optional: true});
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _listenerId = inject(_IdGenerator).getId('kit-call-registry-');
  private readonly _sessions = new Set<KitCallSession>();
  private readonly _byId = new Map<string, KitCallSession>();
  private readonly _ended = new Set<string>();
  private readonly _early: {name: EventName; call: KitCall}[] = [];
  /** Rings that lost a glare to my own call, shown once my withdrawal settled. */
  private readonly _glare = new Map<string, KitCall>();
  /** Sessions that only answer busy: never shown, never a reason to answer busy. */
  private readonly _hidden = new WeakSet<KitCallSession>();
  private readonly _shown = new Subject<KitCallSession>();
  private readonly _changes = new Subject<void>();
  private _listening = false;
  /** Whether adding the listener failed (reported once; the screens do not try again). */
  private _listenFailed = false;
  /** My calls whose glare withdrawal was given up: a further ring from that person is a second call. */
  private readonly _glareGivenUp = new WeakSet<KitCallSession>();
  private _destroyed = false;

  /** Whether the policies (busy or wait, glare) apply: the kit rings by itself. */
  policies = false;

  private readonly _destroyRef = inject(DestroyRef);

  constructor() {
    this._destroyRef.onDestroy(() => this._destroy());
  }

  /** Emits each incoming session that should be shown full screen: a new ring, or a waiting call promoted. */
  get shown(): Observable<KitCallSession> {
    return this._shown;
  }

  /** Emits after any session started, changed its waiting state, or ended. */
  get changes(): Observable<void> {
    return this._changes;
  }

  /** The live sessions (not done), oldest first; busy answers in flight left out. */
  get sessions(): KitCallSession[] {
    return [...this._sessions].filter(session => !this._hidden.has(session));
  }

  /** Calls waiting in a banner. */
  get waiting(): KitCallSession[] {
    return this.sessions.filter(session => session.state.waiting);
  }

  /** Starts listening to the SDK (once). Does nothing on the server or without an SDK. */
  listen(): void {
    if (this._listening || this._listenFailed || this._destroyed || !this._isBrowser) {
      return;
    }
    if (!this._sdk) {
      this.report(noSdk());
      return;
    }
    const listener: KitCallListener = {
      onIncomingCallReceived: call => this._dispatch('onIncomingCallReceived', call),
      onIncomingCallCancelled: call => this._dispatch('onIncomingCallCancelled', call),
      onOutgoingCallRinging: call => this._dispatch('onOutgoingCallRinging', call),
      onOutgoingCallAccepted: call => this._dispatch('onOutgoingCallAccepted', call),
      onOutgoingCallRejected: call => this._dispatch('onOutgoingCallRejected', call),
      onCallEnded: call => this._dispatch('onCallEnded', call),
    };
    try {
      this._sdk.addCallListener(this._listenerId, listener);
      this._listening = true;
    } catch (error) {
      this._listenFailed = true;
      this.report(KitException.from(error, KitErrorCodes.SDK, 'addCallListener() failed'));
    }
  }

  /**
   * The logged-in user, or why there is none. Never throws.
   * @returns The user, or a `KitException` (`ERR_NOT_INITIALIZED`, `ERR_NOT_LOGGED_IN`, `ERR_SDK`).
   */
  me(): KitUser | KitException {
    if (!this._sdk) {
      return noSdk();
    }
    try {
      const me = this._sdk.getLoggedInUser();
      if (!me) {
        return new KitException(KitErrorCodes.NOT_LOGGED_IN, 'No user is logged in.');
      }
      // Without a uid, no ring can be told apart from one for somebody else, and no call can name its caller.
      return typeof me.uid === 'string' && me.uid.trim()
        ? me
        : new KitException(KitErrorCodes.INVALID_USER, 'The logged-in user has no uid.', me);
    } catch (error) {
      return KitException.from(error, KitErrorCodes.SDK, 'getLoggedInUser() failed');
    }
  }

  /**
   * Places a call: the session exists before `initiateCall` is sent, so no answer can come "before the screen".
   * @param receiver The user to call.
   * @param type `'audio'` or `'video'`.
   * @returns The dialing session (call `start()` on it), or the reason the call cannot be placed.
   */
  placeCall(receiver: KitUser, type: KitCallType): KitCallSession | KitException {
    const me = this.me();
    if (me instanceof KitException) {
      return me;
    }
    // The callee's kit would refuse a ring whose caller has no name: the call is refused here, before it leaves.
    const anonymous = kitValidateUser(me, 'logged-in user');
    if (anonymous) {
      return anonymous;
    }
    const invalid = kitValidateUser(receiver, 'callee');
    if (invalid) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        `Invalid call: ${invalid.message}`,
        receiver,
      );
    }
    if (receiver.uid === me.uid) {
      return new KitException(KitErrorCodes.INVALID_CALL, 'A user cannot call itself.', receiver);
    }
    this.listen();
    const call: KitCall = {
      sessionId: '',
      type,
      sender: me,
      callInitiator: me,
      receiver,
      callReceiver: receiver,
    };
    return this._create('outgoing', call);
  }

  /**
   * The session of a call that the app hands to a screen or to the overlay: the known one, or a new one.
   * @param call A valid call.
   * @param direction Which side this device is on.
   * @param phase Where a new session starts (default: ringing or dialing).
   * @returns The session, or why the call cannot be shown (invalid, or already over).
   */
  sessionFor(
    call: KitCall,
    direction: KitCallDirection,
    phase?: KitCallPhase,
  ): KitCallSession | KitException {
    const invalid = kitValidateCall(call);
    if (invalid) {
      return invalid;
    }
    const known = this._byId.get(call.sessionId);
    if (known) {
      // The app may know more than the session: a call it accepted or ended through the SDK itself.
      known._update(
        phase === 'ongoing' && !kitEndReasonOf(call.status) ? {...call, status: 'ongoing'} : call,
      );
      return known;
    }
    const over = kitEndReasonOf(call.status);
    if ((over && phase !== 'ongoing') || this._ended.has(call.sessionId)) {
      return new KitException(KitErrorCodes.CALL_ENDED, 'This call is over.', call);
    }
    this.listen();
    const session = this._create(direction, call, phase);
    this._replayEarly(session);
    return session;
  }

  /**
   * A callee shown with no call (`<kit-outgoing-call [user]>`): a session that tells the SDK nothing.
   * @param receiver The callee.
   * @param me The logged-in user.
   * @returns The dialing session, not registered.
   */
  preview(receiver: KitUser, me: KitUser): KitCallSession {
    const call: KitCall = {
      sessionId: '',
      type: 'audio',
      sender: me,
      callInitiator: me,
      receiver,
      callReceiver: receiver,
    };
    return new KitCallSession('outgoing', call, {...this._ports(), sdk: null}, this._options());
  }

  /**
   * @param sessionId A session id.
   * @returns The live session of that call, if any.
   */
  find(sessionId: string): KitCallSession | undefined {
    return this._byId.get(sessionId);
  }

  /** @returns The oldest incoming call that rings and is not waiting, if any. */
  nextRinging(): KitCallSession | undefined {
    return this.sessions.find(
      session =>
        session.direction === 'incoming' &&
        !session.isEnded &&
        !session.state.waiting &&
        !session.state.connected,
    );
  }

  /**
   * Whether a ring waits for my own call's glare withdrawal to settle before it is shown.
   * @param sessionId The session id of the ring.
   * @returns Whether it waits.
   */
  isHeldForGlare(sessionId: string): boolean {
    return this._glare.has(sessionId);
  }

  /**
   * Whether a session id ended (or was answered busy) here: a ring for it is a ghost.
   * @param sessionId The session id.
   * @returns Whether it ended.
   */
  hasEnded(sessionId: string): boolean {
    return this._ended.has(sessionId);
  }

  /**
   * Reports an error that belongs to no screen to the app's `onError`. Never throws.
   * @param error The error.
   */
  report(error: KitException): void {
    try {
      this._config.onError?.(error);
    } catch (thrown) {
      console.error('kit-chat-uikit-angular: the onError handler threw', thrown);
    }
  }

  // ---- Events of the SDK ----

  private _dispatch(name: EventName, payload: unknown): void {
    try {
      if (this._destroyed) {
        return;
      }
      const call = this._check(name, payload);
      if (call) {
        this._route(name, call);
      }
    } catch (error) {
      // Nothing is ever thrown back into the SDK's dispatch.
      this.report(KitException.from(error, KitErrorCodes.SDK, `Handling ${name} failed`));
    }
  }

  /** A ring must be a whole, valid call; other events need a session id (the rest is known here). */
  private _check(name: EventName, payload: unknown): KitCall | null {
    const candidate = payload as Partial<KitCall> | null | undefined;
    const problem =
      name === 'onIncomingCallReceived'
        ? kitValidateCall(payload)
        : !candidate ||
            typeof candidate !== 'object' ||
            typeof candidate.sessionId !== 'string' ||
            !candidate.sessionId
          ? new KitException(KitErrorCodes.INVALID_CALL, `${name} without a session id.`, payload)
          : null;
    if (problem) {
      this.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          `Ignored ${name}: ${problem.message}`,
          payload,
        ),
      );
      return null;
    }
    return {...(payload as KitCall)};
  }

  private _route(name: EventName, call: KitCall): void {
    if (name === 'onIncomingCallReceived') {
      this._ring(call);
      return;
    }
    const session = this._byId.get(call.sessionId);
    if (!session) {
      this._unknown(name, call);
      return;
    }
    switch (name) {
      case 'onIncomingCallCancelled':
        session._remoteCancelled(call);
        break;
      case 'onOutgoingCallRinging':
        session._remoteRinging();
        break;
      case 'onOutgoingCallAccepted':
        session._remoteAccepted(call);
        break;
      case 'onOutgoingCallRejected':
        session._remoteRejected(call);
        break;
      case 'onCallEnded':
        session._remoteEnded(call);
        break;
    }
  }

  /** An event for a call with no session: a ghost later, or an answer that came before `initiateCall` resolved. */
  private _unknown(name: EventName, call: KitCall): void {
    if (name === 'onIncomingCallCancelled' || name === 'onCallEnded') {
      this._markEnded(call.sessionId);
      if (this._glare.delete(call.sessionId)) {
        return;
      }
    }
    this._early.push({name, call});
    if (this._early.length > EARLY_EVENTS_KEPT) {
      this._early.shift();
    }
  }

  private _replayEarly(session: KitCallSession): void {
    const id = session.sessionId;
    const mine = this._early.filter(event => event.call.sessionId === id);
    if (!mine.length) {
      return;
    }
    this._early.splice(0, this._early.length, ...this._early.filter(e => e.call.sessionId !== id));
    mine.forEach(event => this._route(event.name, event.call));
  }

  // ---- Rings and policies ----

  private _ring(call: KitCall, glareSettled = false): void {
    const id = call.sessionId;
    if (this._ended.has(id) || this._byId.has(id) || (!glareSettled && this._glare.has(id))) {
      return; // A ghost (it ended) or a duplicate (it rings already).
    }
    if (kitEndReasonOf(call.status)) {
      this._markEnded(id);
      return;
    }
    const me = this.me();
    if (me instanceof KitException) {
      this.report(me);
      return;
    }
    if (kitCaller(call).uid === me.uid) {
      this.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          `Ignored a ring from the logged-in user "${me.uid}" to itself.`,
          call,
        ),
      );
      return;
    }
    if (kitReceiver(call).uid !== me.uid) {
      this.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          `Ignored a ring for "${kitReceiver(call).uid}": the logged-in user is "${me.uid}".`,
          call,
        ),
      );
      return;
    }
    if (this.policies && !glareSettled && this._resolveGlare(call)) {
      return;
    }
    // A call whose ending is still on screen is over: it does not make the user busy.
    const busy =
      this.policies && this.sessions.some(session => !session.state.waiting && !session.isEnded);
    const session = this._create('incoming', call);
    if (!busy) {
      this._endOutcomes(session);
      this._shown.next(session);
    } else if (this._callWaiting) {
      session._setWaiting(true);
      this._changes.next();
    } else {
      // Declined by the policy from this moment: a late or duplicate ring of it is a ghost, whatever the SDK says.
      this._hidden.add(session);
      this._markEnded(call.sessionId);
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
  private _resolveGlare(theirs: KitCall): boolean {
    const caller = kitCaller(theirs).uid;
    const mine = this.sessions.find(
      session =>
        session.direction === 'outgoing' &&
        session.state.phase === 'dialing' &&
        !this._glareGivenUp.has(session) &&
        kitReceiver(session.state.call).uid === caller,
    );
    if (!mine) {
      return false;
    }
    if (kitCaller(mine.state.call).uid < caller) {
      this._markEnded(theirs.sessionId);
      return true;
    }
    this._glare.set(theirs.sessionId, theirs);
    void mine.withdraw().then(ended => {
      if (!ended) {
        this._glareGivenUp.add(mine); // It dials on: the next ring from that person is a second call.
      }
      if (this._glare.delete(theirs.sessionId) && !this._destroyed) {
        this._ring(theirs, true);
      }
    });
    return true;
  }

  private _ports(): KitCallSessionPorts {
    return {
      sdk: this._sdk,
      events: this._events,
      sound: this._ringtone,
      clock: this._isBrowser ? BROWSER_CLOCK : SERVER_CLOCK,
      report: error => this.report(error),
    };
  }

  /** Milliseconds an ending the user did not choose stays on screen (the kit's `closeDelay`). @docs-private */
  get closeDelay(): number {
    return this._config.closeDelay ?? DEFAULT_CLOSE_DELAY;
  }

  private _options(): KitCallSessionOptions {
    return {
      // The order that KitUIKitConfig.overlay documents, and the overlay merges its options in:
      // KIT_CALL_OVERLAY_DEFAULT_OPTIONS wins over the config's overlay defaults.
      ringTimeout:
        this._defaults?.ringTimeout ?? this._config.overlay?.ringTimeout ?? DEFAULT_RING_TIMEOUT,
      actionTimeout: this._config.actionTimeout ?? DEFAULT_ACTION_TIMEOUT,
      closeDelay: this.closeDelay,
    };
  }

  private _create(
    direction: KitCallDirection,
    call: KitCall,
    phase?: KitCallPhase,
  ): KitCallSession {
    const session = new KitCallSession(direction, call, this._ports(), this._options(), phase);
    this._sessions.add(session);
    if (call.sessionId) {
      this._byId.set(call.sessionId, session);
    }
    session.subscribe(state => {
      const id = state.call.sessionId;
      if (id && !this._byId.has(id) && !state.done) {
        // An outgoing call got its session id: the answers that came first are handed over now.
        this._byId.set(id, session);
        this._replayEarly(session);
      }
      if (state.phase === 'ended' && id) {
        this._markEnded(id);
      }
      if (
        state.phase === 'ended' &&
        !state.done &&
        !state.waiting &&
        (this.waiting.length || this.nextRinging())
      ) {
        // Another call waits or rings: it takes the screen at once instead of after this call's ending (once
        // `_finish` is done).
        queueMicrotask(() => session.dispose());
      }
      if (state.done) {
        this._forget(session);
      }
    });
    this._changes.next();
    return session;
  }

  /** A new call takes the screen: the endings still on screen (an outcome, "Missed call") close now. */
  private _endOutcomes(except: KitCallSession): void {
    for (const other of this.sessions) {
      if (other !== except && other.isEnded && !other.state.done) {
        other.dispose();
      }
    }
  }

  private _forget(session: KitCallSession): void {
    if (!this._sessions.delete(session)) {
      return;
    }
    if (this._byId.get(session.sessionId) === session) {
      this._byId.delete(session.sessionId);
    }
    this._changes.next();
    this._promoteWaiting();
  }

  /** Once no call is on screen any more, the oldest waiting call rings on the full screen. */
  private _promoteWaiting(): void {
    // While the app is destroyed (its dialogs close first), nothing may open any more.
    if (
      this._destroyed ||
      this._destroyRef.destroyed ||
      this.sessions.some(s => !s.state.waiting && !s.state.done)
    ) {
      return;
    }
    const next = this.waiting[0];
    if (next) {
      next._setWaiting(false);
      this._changes.next();
      this._shown.next(next);
    }
  }

  private _markEnded(sessionId: string): void {
    this._ended.add(sessionId);
    if (this._ended.size > ENDED_MEMORY) {
      this._ended.delete(this._ended.values().next().value as string);
    }
  }

  private _destroy(): void {
    this._destroyed = true;
    for (const session of this.sessions) {
      session.dispose();
    }
    this._glare.clear();
    this._shown.complete();
    this._changes.complete();
    if (this._listening) {
      this._listening = false;
      try {
        this._sdk?.removeCallListener(this._listenerId);
      } catch (error) {
        this.report(KitException.from(error, KitErrorCodes.SDK, 'removeCallListener() failed'));
      }
    }
  }
}
