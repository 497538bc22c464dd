import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitCallStatus, KitConstants} from '../sdk/models';
import {Action, KitCallAction, KitCallOutcome, TIMED_OUT, wrap} from './call-session-actions';
import {KitCallHostTarget, KitCallSessionHost} from './call-session-host';
import {
  ENDINGS_SHOWN,
  KitCallEnding,
  KitCallSent,
  classifyFailure,
  kitEndedCall,
  kitEndingOf,
} from './call-session-rules';
import {
  KIT_CALL_TABLE,
  KitCallEffect,
  KitCallEventType,
  KitCallGuard,
  KitCallRow,
  KitCallStep,
  kitPhaseOf,
} from './call-session-table';
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

/** One event of a session, with what it carries. */
interface KitCallEvent {
  readonly type: KitCallEventType;
  /** The call from the SDK or the app (for a failure: what the SDK says of the call). */
  readonly call?: Partial<KitCall>;
  readonly error?: KitException;
  readonly reason?: KitCallEndReason;
}

const ACCEPTING: readonly KitCallStep[] = ['accepting.fresh', 'accepting', 'accepting.awaited'];
const LEAVING: readonly KitCallStep[] = [
  'declining',
  'declining.overAccept',
  'declining.overLanded',
  'declining.endCrossed',
  'accepting.awaited',
  'cancelling.queued',
  'cancelling',
  'cancelling.endCrossed',
  'withdrawing.queued',
  'withdrawing',
  'ending',
];

/** Watches every transition of every session: the stress test checks each one against the table. @docs-private */
export let _kitCallTransitionObserver:
  | ((from: KitCallStep, event: KitCallEventType, row: KitCallRow | 'ignored' | null) => void)
  | null = null;

/** @param observer Receives every transition (`null` stops). @docs-private */
export function _kitObserveCallTransitions(observer: typeof _kitCallTransitionObserver): void {
  _kitCallTransitionObserver = observer;
}

let nextKey = 0;

/**
 * One call, from its first ring (or before `initiateCall` is sent) to its end: the only owner of the call's state,
 * SDK actions, events and teardown. Its states and transitions are one table (`call-session-table.ts`): a press, an
 * SDK answer or event, or a clock firing is an event; the session looks its row up, moves to the row's state and
 * runs the row's effects. The views, the sound and the timers follow the state (`KitCallSessionHost`), and the one
 * SDK action in flight lives in `KitCallAction`. No Angular in here: the SDK, events, sound and clock are ports.
 */
export class KitCallSession {
  /** A key unique in the app, also before the SDK gave the call a session id. */
  readonly key = `kit-call-${++nextKey}`;
  private _state: KitCallSessionState;
  private _step: KitCallStep;
  private readonly _listeners = new Set<(state: KitCallSessionState) => void>();
  private readonly _waits = new Set<() => boolean>();
  private readonly _host: KitCallSessionHost;
  private readonly _action: KitCallAction;
  private _settings: KitCallSettings | null = null;
  private _connectedAt: number | null = null;
  /** The status sent with the decline or cancel in flight (or queued). */
  private _sent: KitCallSent | null = null;
  /** The SDK's answer to the user's accept, one native promise that every reader shares. */
  private _acceptAnswer: Promise<KitCall> | null = null;
  /** The accept's answer, once it landed under a decline. */
  private _landed: KitCall | undefined;
  private _hung = false;
  private _timeOutRefusals = 0;
  private _firing = false;
  /** Work left for after the transition that asked for it: the transition completes first. */
  private readonly _next: (() => void)[] = [];
  private _started: Promise<KitCall> | null = null;
  private _startSettle: KitCallOutcome<KitCall> | null = null;
  private readonly _settled: (() => void)[] = [];
  private _lastNotified: KitCallSessionState | null = null;

  /**
   * @param direction Whether the call rings here (`'incoming'`) or is placed from here (`'outgoing'`).
   * @param call The call; an outgoing one may have an empty session id until `start()` got one.
   * @param _ports The SDK, events, sound and clock.
   * @param options Time-outs and delays.
   * @param phase Where the session starts (default: ringing or dialing).
   */
  constructor(
    readonly direction: KitCallDirection,
    call: KitCall,
    private readonly _ports: KitCallSessionPorts,
    readonly options: KitCallSessionOptions,
    phase: KitCallPhase = direction === 'incoming' ? 'ringing' : 'dialing',
  ) {
    this._step =
      phase === 'dialing' && !call.sessionId ? 'dialing.starting' : (phase as KitCallStep);
    const connected = phase === 'ongoing' || phase === 'ending';
    this._state = {
      call,
      phase,
      endReason: null,
      endedFrom: null,
      remoteRinging: false,
      failure: null,
      elapsedSeconds: 0,
      waiting: false,
      done: false,
      connected,
    };
    this._connectedAt = connected ? _ports.clock.now() : null;
    this._action = new KitCallAction(_ports.clock, () => this.options.actionTimeout);
    const target: KitCallHostTarget = {
      direction,
      phase: () => this._state.phase,
      waiting: () => this._state.waiting,
      sessionId: () => this.sessionId,
      ringTimeout: () => this.options.ringTimeout,
      connectedAt: () => this._connectedAt,
      ringExpired: () => this._fire({type: 'ringExpired'}),
      closed: () => this._fire({type: 'closed'}),
      elapsed: seconds => {
        if (seconds !== this._state.elapsedSeconds) {
          this._set({elapsedSeconds: seconds});
        }
      },
      soundChanged: () => {
        if (!this._firing) {
          this._notify();
        }
      },
    };
    this._host = new KitCallSessionHost(target, _ports);
  }

  /** The current state. */
  get state(): KitCallSessionState {
    return this._state;
  }

  /** The state of the transition table (a sub-state of the phase). @docs-private */
  get _tableState(): KitCallStep {
    return this._step;
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
    return !!KIT_CALL_TABLE[this._step].on.decline;
  }

  /** Whether the call ended (its outcome may still be on screen). */
  get isEnded(): boolean {
    return this._state.phase === 'ended';
  }

  /** The looping sound of the call, while there is one. */
  get sound(): {readonly state: () => KitCallSoundState} | null {
    return this._host.sound;
  }

  /** Whether a view shows the call. */
  get isShown(): boolean {
    return this._host.isShown;
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
   * A view starts showing the call: the ring time-out counts while a view shows it (and it does not wait in a
   * banner), and the sound plays while a view that plays it is attached.
   * @param view The view (any object, used as a key).
   * @param options Whether it plays the sound, and where its errors go.
   * @returns Detaches the view.
   */
  attach(view: object, options: KitCallSessionViewOptions = {}): () => void {
    return this._host.attach(view, options);
  }

  /**
   * Sets the sound of the call; a change restarts or stops it at once.
   * @param disabled Whether the call is silent.
   * @param url A custom sound, or `null` for the built-in tone.
   */
  setSound(disabled: boolean, url: string | null | undefined): void {
    this._host.setSound(disabled, url?.trim() || null);
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
    this._host.restartRing();
  }

  /** @param waiting Whether the call rings in a call-waiting banner. @docs-private */
  _setWaiting(waiting: boolean): void {
    if (this._state.waiting !== waiting) {
      this._set({waiting});
    }
  }

  // ---- Actions of the user and the app: each fires one event ----

  /**
   * Places an outgoing call: `initiateCall`, then `ccOutgoingCall`. Runs once; later calls return the same promise.
   * @returns The call as the SDK registered it; rejects with a `KitException` when it could not start.
   */
  start(): Promise<KitCall> {
    if (!this._started) {
      // Settles also when the session is done first (closed by the app while initiateCall was on its way).
      this._started = this._until(
        () => !!this._startSettle || this._state.done,
        () => {
          const outcome = this._startSettle;
          if (outcome?.ok) {
            return outcome.value;
          }
          throw (
            outcome?.error ??
            new KitException(KitErrorCodes.CALL_ENDED, 'The call was closed before it started.')
          );
        },
      );
      this._fire({type: 'start'});
    }
    return this._started;
  }

  /**
   * Accepts a ringing incoming call. The first decision wins.
   * @param settings Settings of the ongoing call; by default voice only for a voice call.
   * @returns Whether the call became ongoing.
   */
  accept(settings?: KitCallSettings | null): Promise<boolean> {
    if (this._step === 'ringing' && settings) {
      this._settings = settings;
    }
    return this._press('accept', ACCEPTING, () => this._step === 'ongoing');
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
    return this._press('decline');
  }

  /**
   * Answers a ringing incoming call busy (the busy policy): `rejectCall(id, 'busy')`, no event.
   * @returns Whether the call ended.
   */
  answerBusy(): Promise<boolean> {
    return this._press('busy');
  }

  /**
   * The user hangs up: cancels a dialing call, or ends an ongoing one. A ringing incoming call is declined.
   * @returns Whether the call ended.
   */
  hangUp(): Promise<boolean> {
    return this._press('hangUp');
  }

  /**
   * The call rang too long: an incoming call is declined as `unanswered`, an outgoing one withdrawn as
   * `unanswered`. Like a press, it only counts while no decision is pending.
   * @returns Whether the call ended.
   */
  timeOut(): Promise<boolean> {
    return this._press('timeOut');
  }

  /**
   * Withdraws a dialing outgoing call for the app's own reasons (glare): like a hang-up, but a pick-up that crosses
   * it wins. Settles once the withdrawal succeeded, lost to a pick-up, or was given up.
   * @returns Whether the call ended.
   */
  withdraw(): Promise<boolean> {
    return this._press('withdraw');
  }

  /**
   * Ends the session here without a word to the SDK (the app closed its screen, the app is destroyed). The
   * teardown runs; safe to call more than once.
   * @param reason Why (default `'dismissed'`).
   */
  dispose(reason: KitCallEndReason = 'dismissed'): void {
    this._fire({type: 'dispose', reason});
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
    const reason = kitEndReasonOf(call.status);
    if (!reason) {
      if (call.status === 'ongoing' && !this._state.connected) {
        this._fire({type: 'appConnected', call});
      }
    } else if (this._state.connected) {
      this._fire({type: 'remoteEnded', call});
    } else if (this.direction === 'incoming') {
      this._fire({type: 'remoteCancelled', call});
    } else {
      this._fire({
        type: reason === 'cancelled' || reason === 'ended' ? 'appEnded' : 'remoteRejected',
        call,
      });
    }
  }

  // ---- What the SDK says (routed here by the registry) ----

  /** The callee's device rings. @docs-private */
  _remoteRinging(): void {
    if (!this._state.remoteRinging) {
      this._fire({type: 'remoteRinging'});
    }
  }

  /** The callee accepted. @param call The call from the SDK. @docs-private */
  _remoteAccepted(call: KitCall): void {
    this._fire({type: 'remoteAccepted', call});
  }

  /** The callee rejected (or was busy, or did not answer). @param call The call. @docs-private */
  _remoteRejected(call: KitCall): void {
    this._fire({type: 'remoteRejected', call});
  }

  /** The caller cancelled, or another device answered or declined. @param call The call. @docs-private */
  _remoteCancelled(call: KitCall): void {
    this._fire({type: 'remoteCancelled', call});
  }

  /** The call ended (either side hung up). @param call The call. @docs-private */
  _remoteEnded(call: KitCall): void {
    this._fire({type: 'remoteEnded', call});
  }

  // ---- The table ----

  /**
   * Fires a press; its promise settles once the session left the states the press leads to.
   * @returns Whether the call ended (for `accept`: whether it became ongoing).
   */
  private _press(
    type: KitCallEventType,
    pending: readonly KitCallStep[] = LEAVING,
    result: () => boolean = () => this.isEnded,
  ): Promise<boolean> {
    return this._fire({type})
      ? this._until(() => !pending.includes(this._step), result)
      : Promise.resolve(false);
  }

  /**
   * Looks the event's row up, moves to its state and runs its effects, then tells the views once.
   * @returns Whether a row took the event (an ignored event changes nothing).
   */
  private _fire(event: KitCallEvent): boolean {
    const cell = KIT_CALL_TABLE[this._step].on[event.type];
    const from = this._step;
    const row = ([] as KitCallRow[]).concat(cell ?? []).find(r => !r.when || this._holds(r.when));
    const written = KIT_CALL_TABLE[from].ignores.includes(event.type);
    _kitCallTransitionObserver?.(from, event.type, row ?? (written ? 'ignored' : null));
    if (!row) {
      if (!written) {
        console.error(`kit-chat-uikit-angular: no row for ${event.type} in ${from}`);
      }
      return false;
    }
    const firing = this._firing;
    this._firing = true;
    this._step = row.to;
    this._patch({phase: kitPhaseOf(row.to)});
    for (const effect of row.fx ?? []) {
      this._run(effect, event, from);
    }
    this._firing = firing;
    this._host.sync();
    this._notify();
    if (!firing) {
      while (this._next.length) {
        this._next.shift()!();
      }
    }
    return true;
  }

  private _holds(guard: KitCallGuard): boolean {
    switch (guard) {
      case 'hung':
        return this._hung;
      case 'expired':
        return this._host.expired;
      case 'refusedBefore':
        return this._timeOutRefusals > 0 && this._sent === 'unanswered';
      case 'noSdk':
        return !this._ports.sdk;
    }
  }

  private _run(effect: KitCallEffect, event: KitCallEvent, from: KitCallStep): void {
    const sdk = this._ports.sdk;
    const id = this.sessionId;
    switch (effect) {
      case 'sendInitiate':
        return this._send(
          'initiate',
          () => sdk!.initiateCall(this._state.call),
          outcome => this._initiated(outcome),
        );
      case 'sendAccept':
        this._sent = null;
        void Promise.resolve().then(() => this._fire({type: 'tick'}));
        return this._send('accept', () => {
          const answer = Promise.resolve(sdk!.acceptCall(id));
          this._acceptAnswer = answer;
          // Watched apart from the action: a decline that superseded this accept must know whether it landed.
          answer.then(
            call => ((this._landed = call ?? undefined), this._fire({type: 'acceptLanded', call})),
            () => {},
          );
          return answer;
        });
      case 'sendDecline':
        this._sent = sentBy(event.type, 'rejected');
        return this._send('decline', () => sdk!.rejectCall(id, this._sent as KitCallStatus));
      case 'queueCancel':
        this._sent = sentBy(event.type, 'cancelled');
        this._next.push(() => void this.start().catch(() => {}));
        return this._patch({failure: null});
      case 'sendCancel':
        this._sent = event.type === 'initiated' ? this._sent : sentBy(event.type, 'cancelled');
        return this._send('cancel', () => sdk!.rejectCall(id, this._sent as KitCallStatus));
      case 'sendEnd':
        if (from !== 'ongoing') {
          // The other side (or the SDK) made the call live while the user left it: endCall, the user's call.
          this._patch({call: {...this._state.call, ...this._landed, ...event.call} as KitCall});
        }
        return this._send('end', () => sdk!.endCall(this.sessionId));
      case 'awaitAccept':
        this._host.report(event.error!, true);
        this._sent = null;
        return this._send('accept', () => this._acceptAnswer ?? Promise.reject(event.error));
      case 'registered':
        this._ports.events.publishOutgoingCall(event.call as KitCall);
        return this._patch({call: event.call as KitCall});
      case 'connect':
        return this._connect(event.call, event.type !== 'appConnected');
      case 'report':
        return this._host.report(event.error!, true);
      case 'markRinging':
        return this._patch({remoteRinging: true});
      case 'back':
        return this._back(event.error!);
      case 'hung':
        this._hung = true;
        return;
      case 'retry':
        return this._host.retry();
      case 'finish':
        return this._finish(from, event);
      case 'giveUp':
        this._host.report(
          event.error ??
            new KitException(
              KitErrorCodes.NETWORK,
              'The call SDK did not answer: the call was closed here without it.',
            ),
          true,
        );
        return this._end(from, {reason: 'unanswered', event: null, delay: 0}, this._state.call);
      case 'cancelUnseen':
        if (this._state.endReason === 'dismissed') {
          const call = {...this._state.call, ...event.call} as KitCall;
          this._state = {...this._state, call};
          this._background('cancel', () => sdk!.rejectCall(call.sessionId, 'cancelled'));
        }
        return;
      case 'dismiss':
        this._action.abort('initiate'); // Its answer still counts, to cancel a call nobody could see.
        this._host.teardown();
        this._patch({endReason: event.reason ?? 'dismissed', endedFrom: kitPhaseOf(from)});
        this._next.push(() => this._fire({type: 'closed'}));
        return;
      case 'close':
        this._host.teardown();
        this._patch({done: true});
        this._next.push(() => {
          this._settled.splice(0).forEach(settle => settle());
          this._listeners.clear();
        });
        return;
    }
  }

  /** The SDK answered `initiateCall`: the call is registered, or the start failed (no session id is a failure). */
  private _initiated(outcome: KitCallOutcome<unknown>): void {
    const call = outcome.ok ? ({...this._state.call, ...(outcome.value ?? {})} as KitCall) : null;
    const error = !outcome.ok
      ? outcome.error
      : call?.sessionId
        ? null
        : new KitException(
            KitErrorCodes.INVALID_CALL,
            'The call could not start: initiateCall() answered without a session id.',
            outcome.value,
          );
    this._startSettle = error ? {ok: false, error} : {ok: true, value: call!};
    this._fire(error ? {type: 'initiateFailed', error} : {type: 'initiated', call: call!});
  }

  /** Sends the row's SDK action; its outcome comes back as an event. */
  private _send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer?: (o: KitCallOutcome<T>) => void,
  ): void {
    this._patch({failure: null});
    if (!this._ports.sdk) {
      const error = new KitException(
        KitErrorCodes.NOT_INITIALIZED,
        'No call SDK: nothing to send.',
      );
      this._next.push(() =>
        answer ? answer({ok: false, error}) : this._answered({ok: false, error}),
      );
      return;
    }
    this._action.send(name, run, answer ?? (outcome => this._answered(outcome)));
  }

  private _answered(outcome: KitCallOutcome<unknown>): void {
    if (outcome.ok) {
      this._fire({type: 'answered', call: (outcome.value ?? undefined) as Partial<KitCall>});
      return;
    }
    const error = outcome.error;
    const cause = error.details instanceof KitException ? error.details : error;
    this._fire({type: classifyFailure(error), error, call: cause.details as Partial<KitCall>});
  }

  /** An action failed and the call goes on: back where it was, with the failure said. */
  private _back(error: KitException): void {
    const ongoing = this._step === 'ongoing';
    this._patch({failure: ongoing ? null : error});
    this._host.report(error, true);
    if (this._sent === 'unanswered') {
      // The ring time-out's own decline or cancel failed: tried once more, a little later.
      this._timeOutRefusals += TIMED_OUT.has(error) ? 0 : 1;
      this._host.retry();
    }
  }

  private _connect(answer: Partial<KitCall> | undefined, publish: boolean): void {
    this._action.abort();
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
    this._connectedAt = this._ports.clock.now();
    this._patch({call: accepted, connected: true, failure: null, remoteRinging: false});
    if (publish) {
      this._ports.events.publishCallAccepted(accepted);
    }
  }

  /** A row led to `ended`: the ending by the end-reason rules, the failure said when there is one. */
  private _finish(from: KitCallStep, event: KitCallEvent): void {
    const ending = kitEndingOf(from, event.type, event.call?.status, this._sent);
    if (event.error && event.type !== 'initiateFailed') {
      this._host.report(event.error, true);
    } else if (event.error && from === 'dialing.starting') {
      this._host.report(event.error, false); // start() rejects with it too.
    }
    const call = kitEndedCall(from, event.type, this._state.call, event.call, this._sent);
    this._end(from, ending, call);
  }

  /** The one way to `ended`: stops the action, timers and sound, publishes once, and closes after the delay. */
  private _end(from: KitCallStep, ending: KitCallEnding, call: KitCall): void {
    this._action.abort();
    this._host.teardown();
    this._patch({call, endReason: ending.reason, endedFrom: kitPhaseOf(from)});
    if (ending.event === 'rejected') {
      this._ports.events.publishCallRejected(call);
    } else if (ending.event === 'ended' && call.sessionId) {
      this._ports.events.publishCallEnded(call);
    }
    // A call in a waiting banner leaves at once.
    const shown =
      !this._state.waiting &&
      ENDINGS_SHOWN[this._state.connected ? 'connected' : this.direction].includes(ending.reason);
    const wait = ending.delay ?? (shown ? this.options.closeDelay : 0);
    if (wait > 0) {
      this._host.closeIn(wait);
    } else {
      this._next.push(() => this._fire({type: 'closed'}));
    }
  }

  /** Sends an action nobody waits for (the user already left the call); a failure is only reported. */
  private _background(action: Action, run: () => Promise<unknown>): void {
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(run());
    } catch (error) {
      result = Promise.reject(error);
    }
    result.catch(error => this._ports.report(wrap(error, KitErrorCodes.CALL_FAILED, action)));
  }

  /** Settles once `settled()` holds after a transition (the session's end settles every wait). */
  private _until<T>(settled: () => boolean, value: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        if (!settled()) {
          return false;
        }
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
        return true;
      };
      if (!check()) {
        this._waits.add(check);
      }
    });
  }

  private _patch(change: Partial<KitCallSessionState>): void {
    const state = this._state;
    if (Object.entries(change).some(([key, value]) => state[key as keyof typeof state] !== value)) {
      this._state = {...state, ...change};
    }
  }

  private _set(change: Partial<KitCallSessionState>): void {
    this._patch(change);
    this._host.sync();
    this._notify();
  }

  /** Tells the listeners of a new state, then settles the presses that waited for it. */
  private _notify(): void {
    const state = this._state;
    const changed = state !== this._lastNotified;
    this._lastNotified = state;
    for (const listener of changed ? [...this._listeners] : []) {
      if (!this._listeners.has(listener)) {
        continue; // Unsubscribed by an earlier listener (a screen swapped for the next one).
      }
      try {
        listener(this._state);
      } catch (error) {
        console.error('kit-chat-uikit-angular: a call session listener threw', error);
      }
    }
    for (const wait of [...this._waits]) {
      if (wait()) {
        this._waits.delete(wait);
      }
    }
  }
}

/** What a decline or cancel sends, by the event that asked for it. */
function sentBy(type: KitCallEventType, pressed: 'rejected' | 'cancelled'): KitCallSent {
  return type === 'busy'
    ? 'busy'
    : type === 'timeOut' || type === 'ringExpired'
      ? 'unanswered'
      : pressed;
}
