import {_IdGenerator} from '@angular/cdk/a11y';
import {isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, InjectionToken, PLATFORM_ID, inject} from '@angular/core';
import {Observable, Subject} from 'rxjs';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS, KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallEventsService} from '../events/call-events';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallType, KitUser} from '../sdk/models';
import {kitLoggedInUser, kitReceiver, kitValidateCall, kitValidateUser} from '../sdk/validation';
import {KitRingtone} from '../sound/ringtone';
import {
  KitCallDirection,
  KitCallPhase,
  KitCallSession,
  KitCallSessionOptions,
  KitCallSessionPorts,
  kitEndReasonOf,
} from '../session/call-session';
import {_KIT_GROUP_ENGINE} from './group-engine-token';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KIT_BROWSER_CLOCK, KIT_SERVER_CLOCK} from '../session/call-session-host';
import {KitCallSwitch, kitNoSdk} from './call-switch';

/** Default time-outs, in ms. */
const DEFAULT_RING_TIMEOUT = 45_000;
const DEFAULT_ACTION_TIMEOUT = 15_000;
const DEFAULT_CLOSE_DELAY = 2_000;

/**
 * A call this device places, before the SDK gave it a session id.
 * @param me The caller.
 * @param receiver The callee.
 * @param type `'audio'` or `'video'`.
 * @returns The call.
 */
export function kitDraftCall(me: KitUser, receiver: KitUser, type: KitCallType = 'audio'): KitCall {
  return {sessionId: '', type, sender: me, callInitiator: me, receiver, callReceiver: receiver};
}

/**
 * Whether a call that rings beside another one waits in a banner instead of being answered busy. Set by
 * `withCallWaiting()`, which also shows the banners: the registry only reads this flag, so it never imports them.
 */
export const KIT_CALL_WAITING = new InjectionToken<boolean>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_WAITING' : '',
  {
    providedIn: 'root',
    factory: () => false,
  },
);

/**
 * Every call of the app, one `KitCallSession` each: creates them, finds them by session id, closes the endings on
 * screen when a new call takes it, and promotes a waiting call once the screen is free. Its `KitCallSwitch` is the
 * library's only SDK listener (payload checks, routing, ghost rings, the busy/wait and glare policies).
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallRegistry {
  readonly #sdk = inject(KitCallsSdk, {optional: true});
  readonly #config = inject(KIT_UIKIT_CONFIG);
  readonly #callWaiting = inject(KIT_CALL_WAITING);
  readonly #events = inject(KitCallEventsService);
  readonly #ringtone = inject(KitRingtone);
  readonly #defaults = inject(KIT_CALL_OVERLAY_DEFAULT_OPTIONS, {optional: true});
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #listenerId = inject(_IdGenerator).getId('kit-call-registry-');
  /** The engine of calls with several people (`withGroupCalls()`), if the app named it. */
  readonly group = inject(_KIT_GROUP_ENGINE, {optional: true});
  /** What every session of the app talks to: one object, shared. */
  readonly #ports: KitCallSessionPorts = {
    sdk: this.#sdk,
    events: this.#events,
    sound: this.#ringtone,
    clock: this.#isBrowser ? KIT_BROWSER_CLOCK : KIT_SERVER_CLOCK,
    report: error => this.report(error),
    group: this.group,
  };
  readonly #sessions = new Set<KitCallSession>();
  readonly #byId = new Map<string, KitCallSession>();
  /** Sessions that only answer busy: never shown, never a reason to answer busy. */
  readonly #hidden = new WeakSet<KitCallSession>();
  readonly #shown = new Subject<KitCallSession>();
  readonly #changes = new Subject<void>();
  /** The SDK listener, the memory of ended ids and early answers, and the ring policies. */
  readonly #switch = new KitCallSwitch(
    {
      policies: () => this.policies,
      // A flood of rings waits in one banner, or as many as the app allows: the others are answered busy.
      callWaiting: () =>
        this.#callWaiting && this.waiting.length < (this.#config.maxWaitingCalls ?? 1),
      sessions: () => this.sessions,
      me: () => this.me(),
      report: error => this.report(error),
      find: sessionId => this.#byId.get(sessionId),
      create: (call, as) => this.#ring(call, as),
      // Set before the injector's destroy hooks run, this one included.
      destroyed: () => this.#destroyRef.destroyed,
    },
    this.#sdk,
    this.#listenerId,
  );

  /** Whether the policies (busy or wait, glare) apply: the kit rings by itself. */
  policies = false;

  readonly #destroyRef = inject(DestroyRef);

  constructor() {
    this.#destroyRef.onDestroy(() => {
      for (const session of this.sessions) {
        session.dispose();
      }
      this.#shown.complete();
      this.#changes.complete();
      this.#switch.stop();
    });
  }

  /** Emits each incoming session that should be shown full screen: a new ring, or a waiting call promoted. */
  get shown(): Observable<KitCallSession> {
    return this.#shown;
  }

  /** Emits after any session started, changed its waiting state, or ended. */
  get changes(): Observable<void> {
    return this.#changes;
  }

  /** The live sessions (not done), oldest first; busy answers in flight left out. */
  get sessions(): KitCallSession[] {
    return [...this.#sessions].filter(session => !this.#hidden.has(session));
  }

  /** Calls waiting in a banner. */
  get waiting(): KitCallSession[] {
    return this.sessions.filter(session => session.state.waiting);
  }

  /** Starts listening to the SDK (once). Does nothing on the server or without an SDK. */
  listen(): void {
    if (this.#isBrowser) {
      this.#switch.listen();
    }
  }

  /**
   * Whether a ring waits for my own call's glare withdrawal to settle before it is shown.
   * @param sessionId The session id of the ring.
   * @returns Whether it waits.
   */
  isHeldForGlare(sessionId: string): boolean {
    return this.#switch.isHeldForGlare(sessionId);
  }

  /**
   * Whether a session id ended (or was answered busy) here: a ring for it is a ghost.
   * @param sessionId The session id.
   * @returns Whether it ended.
   */
  hasEnded(sessionId: string): boolean {
    return this.#switch.hasEnded(sessionId);
  }

  /**
   * The logged-in user, or why there is none. Never throws.
   * @returns The user, or a `KitException` (`ERR_NOT_INITIALIZED`, `ERR_NOT_LOGGED_IN`, `ERR_SDK`).
   */
  me(): KitUser | KitException {
    if (!this.#sdk) {
      return kitNoSdk();
    }
    return kitLoggedInUser(this.#sdk);
  }

  /**
   * Places a call: the session exists before `initiateCall` is sent, so no answer can come "before the screen".
   * @param receiver The user to call.
   * @param type `'audio'` or `'video'`.
   * @returns The dialing session (call `start()` on it; while an outgoing call to the same user is still live, that
   *   call's session), or the reason the call cannot be placed.
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
    if (invalid || receiver.uid === me.uid) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? invalid
            ? `Invalid call: ${invalid.message}`
            : 'A user cannot call itself.'
          : '',
        receiver,
      );
    }
    // A second press of the app's "Call" button, or a call to someone already on the line: the live call, not two.
    const live = this.sessions.find(
      session =>
        session.direction === 'outgoing' &&
        !session.isEnded &&
        kitReceiver(session.state.call).uid === receiver.uid,
    );
    if (live) {
      return live;
    }
    this.listen();
    return this.#create('outgoing', kitDraftCall(me, receiver, type));
  }

  /**
   * The session of a call that the app hands to a screen or to the overlay: the known one, or a new one.
   * @param call A valid call.
   * @param direction Which side this device is on.
   * @param phase Where a new session starts (default: ringing or dialing).
   * @param joined Whether the user joins the call anew (`joinCall`): a call that ended here is live again.
   * @returns The session, or why the call cannot be shown (invalid, or already over).
   */
  sessionFor(
    call: KitCall,
    direction: KitCallDirection,
    phase?: KitCallPhase,
    joined?: boolean,
  ): KitCallSession | KitException {
    const invalid = kitValidateCall(call);
    if (invalid) {
      return invalid;
    }
    const known = this.#byId.get(call.sessionId);
    if (known) {
      // The app may know more than the session: a call it accepted or ended through the SDK itself.
      known._update(
        phase === 'ongoing' && !kitEndReasonOf(call.status) ? {...call, status: 'ongoing'} : call,
      );
      return known;
    }
    const over = kitEndReasonOf(call.status);
    if ((over && phase !== 'ongoing') || (!joined && this.#switch.hasEnded(call.sessionId))) {
      return new KitException(
        KitErrorCodes.CALL_ENDED,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'This call is over.' : '',
        call,
      );
    }
    this.listen();
    const session = this.#create(direction, call, phase);
    this.#switch.replayEarly(session);
    return session;
  }

  /**
   * A callee shown with no call (`<kit-outgoing-call [user]>`): a session that tells the SDK nothing.
   * @param receiver The callee.
   * @param me The logged-in user.
   * @returns The dialing session, not registered.
   */
  preview(receiver: KitUser, me: KitUser): KitCallSession {
    const call = kitDraftCall(me, receiver);
    return new KitCallSession('outgoing', call, {...this.#ports, sdk: null}, this.#options());
  }

  /**
   * @param sessionId A session id.
   * @returns The live session of that call, if any.
   */
  find(sessionId: string): KitCallSession | undefined {
    return this.#byId.get(sessionId);
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
   * Reports an error that belongs to no screen to the app's `onError`. Never throws.
   * @param error The error.
   */
  report(error: KitException): void {
    kitInvokeSafely(this.#config.onError, error);
  }

  /** The session of a new ring: shown, waiting in a banner, or hidden while it is answered busy. */
  #ring(call: KitCall, as: 'shown' | 'waiting' | 'busy'): KitCallSession {
    const session = this.#create('incoming', call);
    if (as === 'shown') {
      // A new call takes the screen: the endings still on screen (an outcome, "Missed call") close now.
      for (const other of this.sessions) {
        if (other !== session && other.isEnded && !other.state.done) {
          other.dispose();
        }
      }
      this.#shown.next(session);
    } else if (as === 'waiting') {
      session._set({waiting: true});
      this.#changes.next();
    } else {
      this.#hidden.add(session);
    }
    return session;
  }

  /** Milliseconds an ending the user did not choose stays on screen (the kit's `closeDelay`). @docs-private */
  get closeDelay(): number {
    return this.#config.closeDelay ?? DEFAULT_CLOSE_DELAY;
  }

  #options(): KitCallSessionOptions {
    return {
      // The order of the overlay's one merge (`KitCallOverlay`): KIT_CALL_OVERLAY_DEFAULT_OPTIONS, then the config's
      // overlay defaults. A screen placed in a page takes the ring time-out from here.
      ringTimeout:
        this.#defaults?.ringTimeout ?? this.#config.overlay?.ringTimeout ?? DEFAULT_RING_TIMEOUT,
      actionTimeout: this.#config.actionTimeout ?? DEFAULT_ACTION_TIMEOUT,
      closeDelay: this.closeDelay,
      reconnectTimeout: this.#config.reconnectTimeout,
      // An outcome that offers "Call again" stays long enough to press it, unless the app set the delay.
      outcomeDelay: this.#config.closeDelay ?? 5_000,
    };
  }

  #create(direction: KitCallDirection, call: KitCall, phase?: KitCallPhase): KitCallSession {
    const session = new KitCallSession(direction, call, this.#ports, this.#options(), phase);
    this.#sessions.add(session);
    if (call.sessionId) {
      this.#byId.set(call.sessionId, session);
    }
    session.subscribe((state, facts) => {
      const id = state.call.sessionId;
      if (id && !this.#byId.has(id) && !state.done) {
        // An outgoing call got its session id: the answers that came first are handed over now.
        this.#byId.set(id, session);
        this.#switch.replayEarly(session);
      }
      if (id && state.phase === 'ended') {
        this.#switch.markEnded(id); // Also when the id came after the end (a call closed before it started).
      }
      const said = facts.map(fact => fact.type);
      const ended = said.includes('ended') && !state.done && !state.waiting;
      if (ended && (this.waiting[0] || this.nextRinging())) {
        // Another call waits or rings: it takes the screen at once instead of after this call's ending.
        queueMicrotask(() => session.dispose());
      }
      if (said.includes('done')) {
        this.#forget(session);
      }
    });
    this.#changes.next();
    return session;
  }

  #forget(session: KitCallSession): void {
    if (!this.#sessions.delete(session)) {
      return;
    }
    if (this.#byId.get(session.sessionId) === session) {
      this.#byId.delete(session.sessionId);
    }
    this.#changes.next();
    this.#promoteWaiting();
  }

  /** Once no call is on screen any more, the oldest waiting call rings on the full screen. */
  #promoteWaiting(): void {
    // While the app is destroyed (its dialogs close first), nothing may open any more.
    if (this.#destroyRef.destroyed || this.sessions.some(s => !s.state.waiting && !s.state.done)) {
      return;
    }
    const next = this.waiting[0];
    if (next) {
      next._set({waiting: false});
      this.#changes.next();
      this.#shown.next(next);
    }
  }
}
