import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitConstants} from '../sdk/models';
import {ACTION_NAMES, Action, CALL_OVER, Pending, TIMED_OUT, wrap} from './call-session-actions';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallPhase,
  KitCallSessionOptions,
  KitCallSessionPorts,
  KitCallSessionState,
  KitCallSessionViewOptions,
  KitCallSoundState,
  kitEndReasonOf,
} from './call-session-types';

export * from './call-session-types';

/** How long before a refused time-out is tried again. */
const RETRY_TIMEOUT_MS = 5_000;

/**
 * The endings that stay on screen for `closeDelay`, those the user did not choose (their own decline, cancel and
 * hang-up pass no delay): of a call that was ongoing, the other side hanging up or a failure; of an outgoing call,
 * its outcome; of an incoming call, the caller's cancel, a missed call, an answer on another device, a failure.
 */
const ENDINGS_SHOWN: Record<'connected' | KitCallDirection, readonly KitCallEndReason[]> = {
  connected: ['ended', 'failed'],
  outgoing: ['rejected', 'busy', 'unanswered', 'failed'],
  incoming: [
    'cancelled',
    'ended',
    'unanswered',
    'failed',
    'accepted-elsewhere',
    'rejected-elsewhere',
  ],
};

let nextKey = 0;

/**
 * One call, from its first ring (or before `initiateCall` is sent) to its end: the only owner of the call's
 * phase, timers (ring time-out, close delay, elapsed time, a time-out on every SDK action), sound, events and
 * teardown. Its actions are the only code of the library that calls the SDK; the screens, the overlay and the
 * waiting banner are views that render `state` and call these actions.
 *
 * No Angular in here: the SDK, the events, the sound and the clock come in as ports.
 */
export class KitCallSession {
  /** A key unique in the app, also before the SDK gave the call a session id. */
  readonly key = `kit-call-${++nextKey}`;
  private _state: KitCallSessionState;
  private readonly _listeners = new Set<(state: KitCallSessionState) => void>();
  private readonly _views = new Map<object, KitCallSessionViewOptions>();
  private _pending: Pending | null = null;
  /** A hang-up (or withdrawal) asked for before `initiateCall` answered: sent once the SDK knows the call. */
  private _queuedCancel: Pending | null = null;
  /** Settles the promise of the queued cancel. */
  private _queuedSettle: ((ended: boolean) => void) | null = null;
  private _pendingToken = 0;
  private _sound: {readonly state: () => KitCallSoundState; stop(): void} | null = null;
  private _soundOptions: {disabled: boolean; url: string | null} = {disabled: false, url: null};
  private _settings: KitCallSettings | null = null;
  private _ringTimer: unknown = null;
  private _actionTimer: unknown = null;
  private _closeTimer: unknown = null;
  private _elapsedTimer: unknown = null;
  private _connectedAt: number | null = null;
  private _ringArmed = false;
  /** Whether the ring time-out fired: the call rang long enough. */
  private _ringExpired = false;
  /** Whether an action of the ringing call was never answered by the SDK: the far side is silent. */
  private _hung = false;
  /** How many of the ring time-out's own declines or cancels the SDK refused. */
  private _timeOutRefusals = 0;
  /** The user's accept in flight: a decline may still supersede it, and must know whether it landed. */
  private _acceptFlight: {
    landed: boolean;
    /** Pressed in this very tick: a decline now is the same gesture's second press, and the first one wins. */
    fresh: boolean;
    answer?: KitCall;
    /** The SDK's own answer to the accept, for a decline that failed while it was on its way. */
    result?: Promise<KitCall>;
    resolve: (ok: boolean) => void;
  } | null = null;
  private _started: Promise<KitCall> | null = null;
  private _startError: KitException | null = null;
  private readonly _settled: (() => void)[] = [];

  /**
   * @param direction Whether the call rings here (`'incoming'`) or is placed from here (`'outgoing'`).
   * @param call The call; an outgoing one may have an empty session id until `start()` got one.
   * @param _ports The SDK, events, sound and clock.
   * @param options Time-outs and delays.
   */
  constructor(
    readonly direction: KitCallDirection,
    call: KitCall,
    private readonly _ports: KitCallSessionPorts,
    readonly options: KitCallSessionOptions,
    phase: KitCallPhase = direction === 'incoming' ? 'ringing' : 'dialing',
  ) {
    this._state = {
      call,
      phase,
      endReason: null,
      remoteRinging: false,
      failure: null,
      elapsedSeconds: 0,
      waiting: false,
      done: false,
      connected: phase === 'ongoing' || phase === 'ending',
    };
    if (this._state.connected) {
      this._connectedAt = _ports.clock.now();
    }
  }

  /** The current state. */
  get state(): KitCallSessionState {
    return this._state;
  }

  /** The session id of the call (`''` while an outgoing call starts). */
  get sessionId(): string {
    return this._state.call.sessionId;
  }

  /** Whether the call still rings or dials with no decision pending. */
  get isRinging(): boolean {
    return this._state.phase === 'ringing' || this._state.phase === 'dialing';
  }

  /**
   * Whether the user can decline now: the call rings, or the user's accept is in flight since an earlier tick (a
   * decline in the accept's own tick is the same gesture's second press: the first press wins).
   */
  get canDecline(): boolean {
    const phase = this._state.phase;
    return (
      this.direction === 'incoming' &&
      (phase === 'ringing' ||
        (phase === 'accepting' && !!this._acceptFlight && !this._acceptFlight.fresh))
    );
  }

  /** Whether the call ended (its outcome may still be on screen). */
  get isEnded(): boolean {
    return this._state.phase === 'ended';
  }

  /** The looping sound of the call, while there is one. */
  get sound(): {readonly state: () => KitCallSoundState} | null {
    return this._sound;
  }

  /**
   * Listens to the state.
   * @param listener Called after every change, with the new state.
   * @returns Stops listening.
   */
  subscribe(listener: (state: KitCallSessionState) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  /**
   * A view starts showing the call: the ring time-out starts with the first view, and the sound plays while a
   * view that plays it is attached.
   * @param view The view (any object, used as a key).
   * @param options Whether it plays the sound, and where its errors go.
   * @returns Detaches the view.
   */
  attach(view: object, options: KitCallSessionViewOptions = {}): () => void {
    this._views.set(view, options);
    this._syncRingArmed();
    this._syncSound();
    this._syncElapsed();
    return () => {
      if (this._views.delete(view)) {
        if (!this._views.size && this._ringArmed) {
          // Nobody shows the call any more: it stops counting towards its time-out until shown again.
          this._ringArmed = false;
          this._clearRingTimer();
        }
        this._syncSound();
        this._syncElapsed();
      }
    };
  }

  /** Whether a view shows the call. */
  get isShown(): boolean {
    return this._views.size > 0;
  }

  /**
   * Sets the sound of the call; a change restarts or stops it at once.
   * @param disabled Whether the call is silent.
   * @param url A custom sound, or `null` for the built-in tone.
   */
  setSound(disabled: boolean, url: string | null | undefined): void {
    const next = {disabled, url: url?.trim() || null};
    if (next.disabled === this._soundOptions.disabled && next.url === this._soundOptions.url) {
      return;
    }
    this._soundOptions = next;
    this._stopSound();
    this._syncSound();
  }

  /**
   * Sets the settings the call carries once accepted (from a `KitCallSettingsBuilder`).
   * @param settings The settings, or `null` for the default (voice only for a voice call).
   */
  setCallSettings(settings: KitCallSettings | null | undefined): void {
    this._settings = settings ?? null;
  }

  /**
   * Sets the ring time-out, restarting it when the call already rings.
   * @param ms Milliseconds; 0 rings forever.
   */
  setRingTimeout(ms: number): void {
    this.options.ringTimeout = Math.max(0, ms || 0);
    if (this._ringArmed && this.isRinging) {
      this._armRingTimeout(this.options.ringTimeout);
    }
  }

  /** @param waiting Whether the call rings in a call-waiting banner. @docs-private */
  _setWaiting(waiting: boolean): void {
    if (this._state.waiting !== waiting) {
      this._set({waiting});
      this._syncRingArmed();
    }
  }

  /**
   * The ring time-out counts while a view shows the call and it does not wait in a banner (a waiting call rings
   * until the call on screen ends, then takes the screen with a time-out of its own).
   */
  private _syncRingArmed(): void {
    const counts =
      this._views.size > 0 &&
      !this._state.waiting &&
      this.isRinging &&
      (this.direction === 'incoming' || !!this.sessionId);
    if (counts && !this._ringArmed) {
      this._ringArmed = true;
      this._armRingTimeout(this.options.ringTimeout);
    } else if (this._state.waiting && this._ringArmed) {
      this._ringArmed = false;
      this._clearRingTimer();
    }
  }

  // ---- Actions of the user and the app ----

  /**
   * Places an outgoing call: `initiateCall`, then `ccOutgoingCall`. Runs once; later calls return the same promise.
   * @returns The call as the SDK registered it; rejects with a `KitException` when it could not start.
   */
  start(): Promise<KitCall> {
    // Settles also when the session is done first (closed by the app while initiateCall was on its way).
    this._started ??= Promise.race([
      this._initiate(),
      this.whenDone().then(() => {
        if (this._startError) {
          throw this._startError;
        }
        if (!this.sessionId) {
          throw new KitException(
            KitErrorCodes.CALL_ENDED,
            'The call was closed before it started.',
          );
        }
        return this._state.call;
      }),
    ]);
    return this._started;
  }

  /**
   * Accepts a ringing incoming call. The first decision wins.
   * @param settings Settings of the ongoing call; by default voice only for a voice call.
   * @returns Whether the call became ongoing.
   */
  accept(settings?: KitCallSettings | null): Promise<boolean> {
    if (this.direction !== 'incoming' || this._state.phase !== 'ringing') {
      return Promise.resolve(false);
    }
    if (settings) {
      this._settings = settings;
    }
    return new Promise<boolean>(resolve => {
      const flight: NonNullable<typeof this._acceptFlight> = {landed: false, fresh: true, resolve};
      void Promise.resolve().then(() => (flight.fresh = false));
      void this._acceptThrough(flight, sdk => {
        // One native promise for the SDK's answer, whatever promise type the adapter returns: every reader below
        // shares it, and the catch here means a rejection nobody else reads is never unhandled.
        const result = Promise.resolve(sdk.acceptCall(this.sessionId));
        flight.result = result;
        // Watched apart from the answer `_send` hands on: a decline that superseded this accept must know whether
        // it landed after all (and a failed decline then shows the live call).
        result.then(
          answer => this._acceptLanded(flight, answer ?? undefined),
          () => {},
        );
        return result;
      });
    });
  }

  /**
   * Declines a ringing incoming call (`rejectCall(id, 'rejected')`), then publishes `ccCallRejected`. While the
   * user's accept is in flight (from the next tick on: a decline in the accept's own tick loses, the first press
   * wins) the decline still counts: it supersedes the accept, and should the accept land first, the call is ended
   * at once (`endCall`, then `ccCallEnded` instead of `ccCallRejected`): the user's last decision wins, as on a
   * phone. Either way the session ends as `rejected`. Should the SDK refuse the decline before the accept is
   * answered, the accept decides after all.
   * @returns Whether the call ended.
   */
  decline(): Promise<boolean> {
    return this._decline('rejected', true);
  }

  /**
   * Answers a ringing incoming call busy (the busy policy): `rejectCall(id, 'busy')`, no event.
   * @returns Whether the call ended.
   */
  answerBusy(): Promise<boolean> {
    return this._decline('busy', false);
  }

  /**
   * The user hangs up: cancels a dialing call, or ends an ongoing one. A ringing incoming call is declined.
   * @returns Whether the call ended.
   */
  hangUp(): Promise<boolean> {
    const phase = this._state.phase;
    if (phase === 'ringing') {
      return this.decline();
    }
    if (phase === 'dialing') {
      return this._cancel('cancelled', true);
    }
    if (phase === 'ongoing') {
      return this._send({action: 'end', byUser: true}, 'ending', sdk =>
        sdk.endCall(this.sessionId),
      ).then(
        answer => this._end('ended', answer ?? undefined),
        error => this._failed(error, 'ongoing', true),
      );
    }
    return Promise.resolve(false);
  }

  /**
   * The call rang too long: an incoming call is declined as `unanswered`, an outgoing one withdrawn as
   * `unanswered`. Like a press, it only counts while no decision is pending; a refused time-out is tried again.
   * @returns Whether the call ended.
   */
  timeOut(): Promise<boolean> {
    return this.direction === 'incoming'
      ? this._decline('unanswered', false)
      : this._cancel('unanswered', false);
  }

  /**
   * Withdraws a dialing outgoing call for the app's own reasons (glare): like a hang-up, but a pick-up that crosses
   * it wins. Settles once the withdrawal succeeded, lost to a pick-up, or was given up.
   * @returns Whether the call ended.
   */
  withdraw(): Promise<boolean> {
    return this._cancel('cancelled', false);
  }

  /**
   * Ends the session here without a word to the SDK (the app closed its screen, the app is destroyed). The
   * teardown runs; safe to call more than once.
   * @param reason Why (default `'dismissed'`).
   */
  dispose(reason: KitCallEndReason = 'dismissed'): void {
    if (this._pending?.action !== 'initiate') {
      // A late answer changes nothing; initiateCall's still counts, to cancel a call nobody could see.
      this._pendingToken++;
      this._pending = null;
    }
    if (!this.isEnded) {
      this._set({phase: 'ended', endReason: reason});
    }
    this._done();
  }

  /**
   * Settles once the session is done (ended and its outcome shown).
   * @returns A promise that never rejects.
   */
  whenDone(): Promise<void> {
    return this._state.done
      ? Promise.resolve()
      : new Promise(resolve => this._settled.push(resolve));
  }

  /**
   * The app hands a screen a newer state of the call (the `call` input, or a call it accepted through the SDK
   * itself): an ending status ends the session, an ongoing one connects it.
   * @param call The call with its new status.
   * @docs-private
   */
  _update(call: KitCall): void {
    if (this.isEnded) {
      return;
    }
    const reason = kitEndReasonOf(call.status);
    if (!reason) {
      if (call.status === 'ongoing' && !this._state.connected) {
        this._pendingToken++;
        this._pending = null;
        this._connect(call, false);
      }
      return;
    }
    if (this._state.connected) {
      this._remoteEnded(call);
    } else if (this.direction === 'incoming') {
      this._remoteCancelled(call);
    } else if (reason === 'cancelled' || reason === 'ended') {
      this._finish(reason, {...this._state.call, ...call}, 'ended', 0);
    } else {
      this._remoteRejected(call);
    }
  }

  // ---- What the SDK says (routed here by the registry) ----

  /** The callee's device rings. @docs-private */
  _remoteRinging(): void {
    if (this.direction === 'outgoing' && !this.isEnded && !this._state.remoteRinging) {
      this._set({remoteRinging: true});
    }
  }

  /** The callee accepted. @param call The call from the SDK. @docs-private */
  _remoteAccepted(call: KitCall): void {
    if (this.direction !== 'outgoing') {
      return;
    }
    const pending = this._pending ?? this._queuedCancel;
    if (pending?.action === 'end') {
      return; // The user's hang-up already crossed this pick-up: endCall is on its way.
    }
    if (this._state.phase === 'cancelling' && pending?.byUser) {
      this._hangUpCrossed(call);
      return;
    }
    if (this._state.phase === 'dialing' || this._state.phase === 'cancelling') {
      // A pick-up that crosses a time-out or a glare withdrawal wins: their cancel then fails, unheard.
      this._pendingToken++;
      this._pending = null;
      const settle = this._settleQueued();
      this._connect(call);
      settle(false);
    }
  }

  /** The callee rejected (or was busy, or did not answer). @param call The call. @docs-private */
  _remoteRejected(call: KitCall): void {
    if (this.direction !== 'outgoing' || this._state.connected) {
      return;
    }
    const reason = kitEndReasonOf(call.status) ?? 'rejected';
    this._finish(reason, {...this._state.call, ...call}, 'rejected');
  }

  /** The caller cancelled, or another device answered or declined. @param call The call. @docs-private */
  _remoteCancelled(call: KitCall): void {
    if (this.direction !== 'incoming' || this._state.connected) {
      return;
    }
    const reason = kitEndReasonOf(call.status) ?? 'cancelled';
    this._finish(
      reason,
      {...this._state.call, ...call, status: call.status ?? 'cancelled'},
      'ended',
    );
  }

  /** The call ended (either side hung up). @param call The call. @docs-private */
  _remoteEnded(call: KitCall): void {
    // A hang-up of a dialing call that crossed the pick-up ends as the user's cancel, a decline that crossed the
    // user's own accept as declined (the SDK ended the call it had accepted: `ccCallEnded`).
    const reason = this._state.connected
      ? 'ended'
      : this._state.phase === 'cancelling'
        ? 'cancelled'
        : this._state.phase === 'declining'
          ? 'rejected'
          : (kitEndReasonOf(call.status) ?? 'ended');
    // The user's own hang-up (or crossing decline) is on its way: the SDK's echo of it closes at once.
    const leaving = ['ending', 'cancelling', 'declining'].includes(this._state.phase);
    this._finish(
      reason,
      {...this._state.call, ...call, status: call.status ?? 'ended'},
      'ended',
      leaving ? 0 : undefined,
    );
  }

  // ---- Inside ----

  private _initiate(): Promise<KitCall> {
    const failed = (error: KitException): never => {
      this._startError = error;
      if (this._queuedCancel) {
        this._queuedCancel = null;
        this._finish('cancelled', this._state.call, null, 0);
      } else if (!this.isEnded) {
        this._reportToViews(error, false);
        this._finish('failed', this._state.call, null);
      }
      throw error;
    };
    return this._send({action: 'initiate', byUser: false}, 'dialing', sdk =>
      sdk.initiateCall(this._state.call),
    ).then(answer => {
      const call = {...this._state.call, ...answer};
      if (!call.sessionId) {
        // Without an id nothing can be cancelled, ended or matched to the callee's answer: a failed start.
        return failed(
          new KitException(
            KitErrorCodes.INVALID_CALL,
            'The call could not start: initiateCall() answered without a session id.',
            answer,
          ),
        );
      }
      if (this.isEnded) {
        if (this._state.endReason === 'dismissed') {
          // Closed before the SDK knew the call: nobody could cancel it, so it must not ring on at the callee.
          this._state = {...this._state, call};
          this._background('cancel', sdk => sdk.rejectCall(call.sessionId, 'cancelled'));
        }
        return call;
      }
      this._ports.events.publishOutgoingCall(call);
      // The registry learns the session id here, and hands over the answers that came before it.
      this._set({call});
      const queued = this._queuedCancel;
      const settle = this._settleQueued();
      if (queued && !this.isEnded) {
        // The user hung up (or glare withdrew the call) before the SDK knew the call: cancel it now.
        void this._cancel(queued.status as 'cancelled', queued.byUser, true).then(settle);
      } else {
        this._syncRingArmed();
      }
      return call;
    }, failed);
  }

  /**
   * The callee picked up while the user hung up: the user's decision wins, so the call is ended in the SDK while
   * the screen says so. Should the SDK refuse, the call is live after all: the ongoing screen shows it.
   */
  private _hangUpCrossed(call: KitCall): void {
    this._endCrossed(call, 'cancelling', 'cancelled', 'ended');
  }

  /**
   * The other side (or the SDK) made the call ongoing while the user left it: a hang-up crossed the callee's
   * pick-up, or a decline crossed the user's own accept. The user's decision wins: `endCall`, the screen says so.
   * Should the SDK refuse, the call is live after all: the ongoing screen shows it.
   */
  private _endCrossed(
    call: KitCall,
    phase: 'cancelling' | 'declining',
    reason: 'cancelled' | 'rejected',
    event: 'ended' | 'rejected',
  ): Promise<boolean> {
    this._pendingToken++;
    this._pending = null;
    const settle = this._settleQueued();
    this._set({call: {...this._state.call, ...call}});
    const over = () => this._finish(reason, {...this._state.call, status: 'ended'}, event, 0);
    return this._send({action: 'end', byUser: true}, phase, sdk =>
      sdk.endCall(this.sessionId),
    ).then(
      () => {
        over();
        settle(true);
        return true;
      },
      (error: KitException) => {
        const cause = error.details instanceof KitException ? error.details : error;
        this._reportToViews(error, true);
        if (TIMED_OUT.has(error) || CALL_OVER.includes(cause.code)) {
          over();
        } else {
          this._connect(call);
        }
        settle(this.isEnded);
        return this.isEnded;
      },
    );
  }

  /**
   * The SDK answered an accept of the user. In the usual case `_send` hands the answer on as well; this matters
   * when a decline superseded the accept: a decline that the SDK refused leaves the call live, so it is shown.
   */
  private _acceptLanded(flight: NonNullable<typeof this._acceptFlight>, answer?: KitCall): void {
    flight.landed = true;
    flight.answer = answer;
    if (this._acceptFlight !== flight && this._state.phase === 'ringing' && !this.isEnded) {
      this._connect(answer);
    }
  }

  /**
   * Waits for the answer to the user's accept: the call becomes ongoing, or rings again with the failure. While it
   * waits, a decline may supersede it. A decline that superseded it and failed before the accept was answered waits
   * here again, on the same answer (with an action time-out of its own): going back to ringing instead would let a
   * time-out or a press send a second decision while the SDK still answers the first.
   * @returns Whether the call became ongoing.
   */
  private _acceptThrough(
    flight: NonNullable<typeof this._acceptFlight>,
    answer: (sdk: KitCallsSdk) => Promise<KitCall>,
  ): Promise<boolean> {
    this._acceptFlight = flight;
    const settle = (ok: boolean) => {
      if (this._acceptFlight === flight) {
        this._acceptFlight = null;
      }
      flight.resolve(ok); // A no-op once a decline superseded the accept: accept() said false then.
      return ok;
    };
    return this._send({action: 'accept', byUser: true}, 'accepting', answer).then(
      call => settle(this._connect(call ?? undefined)),
      error => settle(this._failed(error, 'ringing', false)),
    );
  }

  /** Takes the queued cancel's settle function (a no-op when there is none). */
  private _settleQueued(): (ended: boolean) => void {
    const settle = this._queuedSettle ?? (() => {});
    this._queuedSettle = null;
    this._queuedCancel = null;
    return settle;
  }

  private _decline(status: 'rejected' | 'busy' | 'unanswered', byUser: boolean): Promise<boolean> {
    const phase = this._state.phase;
    // Only the user's own decline supersedes an accept in flight, and not in the accept's own tick (accept and
    // decline pressed together: the first press wins); a time-out or a busy answer never does.
    const overAccept = byUser && status === 'rejected' && this.canDecline && phase === 'accepting';
    if (this.direction !== 'incoming' || (phase !== 'ringing' && !overAccept)) {
      return Promise.resolve(false);
    }
    const accept = overAccept ? this._acceptFlight : null;
    if (accept) {
      this._acceptFlight = null;
      accept.resolve(false); // Superseded: the accept's own answer is of no interest any more.
    }
    return this._send({action: 'decline', status, byUser}, 'declining', sdk =>
      sdk.rejectCall(this.sessionId, status),
    ).then(
      answer => {
        const ended = {...this._state.call, ...(answer ?? {}), status};
        this._finish(
          status,
          ended,
          status === 'rejected' ? 'rejected' : status === 'busy' ? null : 'ended',
        );
        return true;
      },
      (error: KitException) => {
        const cause = error.details instanceof KitException ? error.details : error;
        const over = cause.details as Partial<KitCall> | undefined;
        const live = CALL_OVER.includes(cause.code) && over?.status === 'ongoing';
        if (accept && !this.isEnded && (accept.landed || live)) {
          // The accept landed before the decline: the call is ongoing in the SDK, and the user left it.
          return this._endCrossed(
            {...this._state.call, ...accept.answer, ...over} as KitCall,
            'declining',
            'rejected',
            'ended',
          );
        }
        const answer = accept?.result;
        if (accept && answer && !this.isEnded && !CALL_OVER.includes(cause.code)) {
          this._reportToViews(error, true);
          return this._acceptThrough(accept, () => answer).then(() => this.isEnded);
        }
        return this._failed(error, 'ringing', false);
      },
    );
  }

  private _cancel(
    status: 'cancelled' | 'unanswered',
    byUser: boolean,
    resume = false,
  ): Promise<boolean> {
    const phase = this._state.phase;
    if (this.direction !== 'outgoing' || this.isEnded || (phase !== 'dialing' && !resume)) {
      return Promise.resolve(false);
    }
    if (!this._ports.sdk) {
      // A callee shown with no call: nothing to cancel in the SDK.
      this._finish(status, this._state.call, null, 0);
      return Promise.resolve(true);
    }
    if (!this.sessionId && !resume) {
      // initiateCall is still on its way: the cancel goes out once the SDK knows the call.
      this._queuedCancel = {action: 'cancel', status, byUser};
      this._set({phase: 'cancelling'});
      const settled = new Promise<boolean>(resolve => (this._queuedSettle = resolve));
      void this.start().catch(() => {});
      return settled;
    }
    return this._send({action: 'cancel', status, byUser}, 'cancelling', sdk =>
      sdk.rejectCall(this.sessionId, status),
    ).then(
      answer => {
        const ended = {...this._state.call, ...(answer ?? {}), status};
        // The user's hang-up and a withdrawal close at once; a time-out shows "No answer" first.
        this._finish(status, ended, 'ended', status === 'cancelled' ? 0 : undefined);
        return true;
      },
      error => this._failed(error, 'dialing', byUser),
    );
  }

  /**
   * Sends one action to the SDK: the phase moves to `pendingPhase`, and the answer must come within the action
   * time-out. A sync throw, a rejection with any value and a time-out all become a rejected `KitException`.
   */
  private _send<T>(
    pending: Pending,
    pendingPhase: KitCallPhase,
    action: (sdk: KitCallsSdk) => Promise<T>,
  ): Promise<T> {
    const sdk = this._ports.sdk;
    if (!sdk) {
      return Promise.reject(
        new KitException(KitErrorCodes.NOT_INITIALIZED, 'No call SDK: nothing to send.'),
      );
    }
    const token = ++this._pendingToken;
    this._pending = pending;
    if (this._actionTimer !== null) {
      // The action this one supersedes (an accept under a decline) keeps no time-out of its own.
      this._ports.clock.clearTimeout(this._actionTimer);
    }
    this._set({phase: pendingPhase, failure: null});
    const code = KitErrorCodes.CALL_FAILED;
    return new Promise<T>((resolve, reject) => {
      const clock = this._ports.clock;
      const settle = (run: () => void) => {
        if (token !== this._pendingToken && !this.isEnded) {
          return; // A time-out or a crossing answer decided already: the late answer is of no interest.
        }
        // (Once the call ended, a late answer still settles its caller's promise: every handler is then a no-op.)
        clock.clearTimeout(this._actionTimer);
        this._actionTimer = null;
        this._pending = null;
        run();
      };
      this._actionTimer = clock.setTimeout(() => {
        const timedOut = new KitException(
          KitErrorCodes.NETWORK,
          `The call SDK did not answer ${ACTION_NAMES[pending.action]} within ${this.options.actionTimeout} ms.`,
        );
        TIMED_OUT.add(timedOut);
        settle(() => reject(timedOut));
      }, this.options.actionTimeout);
      let result: Promise<T>;
      try {
        result = Promise.resolve(action(sdk));
      } catch (error) {
        result = Promise.reject(error);
      }
      result.then(
        value => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(wrap(error, code, pending.action))),
      );
    });
  }

  /**
   * An action failed: back to where the call was (said on screen), or ended when the SDK says it is over. A hang-up
   * of the user that the SDK never answers closes the call here at once; the SDK finishes in the background.
   */
  private _failed(
    error: KitException,
    back: 'ringing' | 'dialing' | 'ongoing',
    userLeaves: boolean,
  ): boolean {
    if (this.isEnded) {
      return true; // Ended meanwhile (cancelled, dismissed): the failure is expected and of no interest.
    }
    if (userLeaves && TIMED_OUT.has(error)) {
      this._reportToViews(error, true);
      this._finish(back === 'ongoing' ? 'ended' : 'cancelled', {...this._state.call}, 'ended', 0);
      return true;
    }
    const cause = error.details instanceof KitException ? error.details : error;
    const over = cause.details as Partial<KitCall> | undefined;
    if (CALL_OVER.includes(cause.code) && over?.status === 'ongoing' && back === 'dialing') {
      // The cancel lost to a pick-up: the user's hang-up still wins; a time-out or a withdrawal does not.
      if (userLeaves) {
        this._hangUpCrossed({...this._state.call, ...over} as KitCall);
      } else {
        this._connect(over);
      }
      return this.isEnded;
    }
    if (CALL_OVER.includes(cause.code)) {
      // The SDK says the call no longer rings (or already ended): close with the reason it gives.
      const reason = this._state.connected ? 'ended' : (kitEndReasonOf(over?.status) ?? 'failed');
      this._reportToViews(error, true);
      this._finish(
        reason,
        {...this._state.call, ...(over?.status ? {status: over.status} : {})},
        'ended',
      );
      return true;
    }
    if (back !== 'ongoing' && TIMED_OUT.has(error)) {
      this._hung = true;
      if (this._ringExpired) {
        // The call rang its time and the SDK no longer answers: it ends here, or it would ring on forever.
        this._giveUp(error);
        return true;
      }
    }
    this._set({phase: back, failure: back === 'ongoing' ? null : error});
    this._reportToViews(error, true);
    return false;
  }

  /** The SDK no longer answers a call that rang its time: it closes here at once, and the error is said. */
  private _giveUp(error: KitException): void {
    this._reportToViews(error, true);
    this._finish('unanswered', {...this._state.call}, null, 0);
  }

  private _connect(answer?: Partial<KitCall>, publish = true): boolean {
    if (this.isEnded) {
      return false;
    }
    const call = this._state.call;
    const settings = this._settings ?? {
      audioOnly: call.type === KitConstants.CALL_TYPE_AUDIO,
      defaultAudioMode: 'SPEAKER',
    };
    const accepted: KitCall = {
      ...call,
      ...answer,
      status: answer?.status ?? 'ongoing',
      settings: Object.freeze({...settings}),
    };
    this._clearRingTimer();
    this._stopSound();
    this._set({
      call: accepted,
      phase: 'ongoing',
      connected: true,
      failure: null,
      remoteRinging: false,
    });
    this._connectedAt = this._ports.clock.now();
    this._syncElapsed();
    if (publish) {
      this._ports.events.publishCallAccepted(accepted);
    }
    return true;
  }

  /** The user's own hang-up of an ongoing call ended it: the screen closes at once. */
  private _end(reason: KitCallEndReason, answer?: Partial<KitCall>): boolean {
    const call = {...this._state.call, ...answer, status: answer?.status ?? ('ended' as const)};
    return this._finish(reason, call, 'ended', 0);
  }

  /**
   * The one way to `ended`: stops the sound and the timers, publishes the event once, and marks the session done
   * after the close delay.
   * @returns Whether this call ended it.
   */
  private _finish(
    reason: KitCallEndReason,
    call: KitCall,
    event: 'ended' | 'rejected' | null,
    delay?: number,
  ): boolean {
    if (this.isEnded) {
      return false;
    }
    this._pendingToken++;
    this._pending = null;
    const settle = this._settleQueued();
    this._teardownTimers();
    this._stopSound();
    this._set({call, phase: 'ended', endReason: reason});
    if (event === 'rejected') {
      this._ports.events.publishCallRejected(call);
    } else if (event === 'ended' && call.sessionId) {
      this._ports.events.publishCallEnded(call);
    }
    // A call in a waiting banner leaves at once.
    const showsOutcome =
      !this._state.waiting &&
      ENDINGS_SHOWN[this._state.connected ? 'connected' : this.direction].includes(reason);
    const wait = delay ?? (showsOutcome ? this.options.closeDelay : 0);
    if (wait > 0) {
      this._closeTimer = this._ports.clock.setTimeout(() => this._done(), wait);
    } else {
      this._done();
    }
    settle(true);
    return true;
  }

  private _done(): void {
    this._teardownTimers();
    this._stopSound();
    if (this._state.done) {
      return;
    }
    this._set({done: true});
    for (const settle of this._settled.splice(0)) {
      settle();
    }
    this._listeners.clear();
  }

  /** Sends an action nobody waits for (the user already left the call); a failure is only reported. */
  private _background(action: Action, run: (sdk: KitCallsSdk) => Promise<unknown>): void {
    const sdk = this._ports.sdk;
    if (!sdk) {
      return;
    }
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(run(sdk));
    } catch (error) {
      result = Promise.reject(error);
    }
    result.catch(error => this._ports.report(wrap(error, KitErrorCodes.CALL_FAILED, action)));
  }

  /**
   * Arms the ring time-out. When it fires while a decision is pending, or the SDK refuses it, it tries again a
   * little later: a pick-up or an accept in flight wins, and a call never rings on forever.
   */
  private _armRingTimeout(ms: number): void {
    this._clearRingTimer();
    if (ms <= 0 || this.options.ringTimeout <= 0 || this.isEnded || this._state.connected) {
      return;
    }
    const retry = Math.min(this.options.ringTimeout, RETRY_TIMEOUT_MS);
    this._ringTimer = this._ports.clock.setTimeout(() => {
      this._ringTimer = null;
      this._ringExpired = true;
      if (this.isEnded || this._state.connected) {
        return;
      }
      if (!this.isRinging) {
        this._armRingTimeout(retry);
        return;
      }
      if (this._hung) {
        // An earlier action was never answered: another decline would wait as long, and so on without end.
        this._giveUp(
          new KitException(
            KitErrorCodes.NETWORK,
            'The call SDK did not answer: the call was closed here without it.',
          ),
        );
        return;
      }
      void this.timeOut().then(ended => {
        if (ended || this.isEnded || this._state.connected) {
          return;
        }
        if (++this._timeOutRefusals > 1) {
          this._giveUp(
            new KitException(
              KitErrorCodes.CALL_FAILED,
              'The call SDK refused to end the unanswered call twice: it was closed here without it.',
            ),
          );
        } else {
          this._armRingTimeout(retry); // Refused once (already reported): tried once more.
        }
      });
    }, ms);
  }

  private _clearRingTimer(): void {
    if (this._ringTimer !== null) {
      this._ports.clock.clearTimeout(this._ringTimer);
      this._ringTimer = null;
    }
  }

  /** The elapsed time ticks while the call is ongoing and a view that shows it is attached. */
  private _syncElapsed(): void {
    const clock = this._ports.clock;
    const since = this._connectedAt;
    const wanted =
      since !== null &&
      !this.isEnded &&
      [...this._views.values()].some(view => view.ticks !== false);
    if (!wanted) {
      if (this._elapsedTimer !== null) {
        clock.clearInterval(this._elapsedTimer);
        this._elapsedTimer = null;
      }
      return;
    }
    if (this._elapsedTimer !== null) {
      return;
    }
    this._elapsedTimer = clock.setInterval(() => {
      const elapsedSeconds = Math.floor((clock.now() - since) / 1000);
      if (elapsedSeconds !== this._state.elapsedSeconds) {
        this._set({elapsedSeconds});
      }
    }, 1000);
  }

  private _teardownTimers(): void {
    const clock = this._ports.clock;
    this._clearRingTimer();
    for (const timer of [this._actionTimer, this._closeTimer]) {
      if (timer !== null) {
        clock.clearTimeout(timer);
      }
    }
    this._actionTimer = null;
    this._closeTimer = null;
    if (this._elapsedTimer !== null) {
      clock.clearInterval(this._elapsedTimer);
      this._elapsedTimer = null;
    }
  }

  /** The sound plays while the call rings or dials, a view that plays it is attached, and it is not off. */
  private _syncSound(): void {
    const wanted =
      this.isRinging &&
      !this._state.waiting &&
      !this._soundOptions.disabled &&
      [...this._views.values()].some(view => view.sound !== false);
    if (!wanted) {
      this._stopSound();
      return;
    }
    if (this._sound) {
      return;
    }
    try {
      this._sound = this._ports.sound.start(this.direction, {
        url: this._soundOptions.url,
        onError: error => this._reportToViews(error, true),
      });
    } catch (error) {
      this._sound = null;
      this._ports.report(KitException.from(error, KitErrorCodes.SOUND_FAILED, 'The sound failed'));
    }
    this._notify();
  }

  private _stopSound(): void {
    const sound = this._sound;
    if (sound) {
      this._sound = null;
      try {
        sound.stop();
      } catch (error) {
        this._ports.report(
          KitException.from(error, KitErrorCodes.SOUND_FAILED, 'Stopping the sound failed'),
        );
      }
    }
  }

  /** Errors go to the views that listen; with none, to the app's `onError` (unless `fallback` is false). */
  private _reportToViews(error: KitException, fallback: boolean): void {
    const handlers = [...this._views.values()]
      .map(view => view.onError)
      .filter(handler => !!handler);
    if (!handlers.length) {
      if (fallback) {
        this._ports.report(error);
      }
      return;
    }
    for (const handler of handlers) {
      try {
        handler(error);
      } catch (thrown) {
        console.error('kit-chat-uikit-angular: an onError handler threw', thrown);
      }
    }
  }

  private _set(change: Partial<KitCallSessionState>): void {
    this._state = {...this._state, ...change};
    if (change.phase !== undefined || change.waiting !== undefined) {
      this._syncSound();
    }
    this._notify();
  }

  private _notify(): void {
    for (const listener of [...this._listeners]) {
      if (!this._listeners.has(listener)) {
        continue; // Unsubscribed by an earlier listener (a screen swapped for the next one).
      }
      try {
        listener(this._state);
      } catch (error) {
        console.error('kit-chat-uikit-angular: a call session listener threw', error);
      }
    }
  }
}
