import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings} from '../sdk/models';
import {KitCallAction, KitCallContext} from './call-session-effects';
import {KitCallSessionHost} from './call-session-host';
import {KitCallMachine} from './call-session-machine';
import {KitCallEventType, KitCallStep, kitPhaseOf} from './call-session-table';
import {kitConnectedIn} from './call-session-rules';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallPhase,
  KitCallSessionListener,
  KitCallSessionOptions,
  KitCallSessionPorts,
  KitCallSessionState,
  KitCallSessionViewOptions,
  KitCallSoundState,
  kitEndReasonOf,
} from './call-session-types';

export * from './call-session-types';
export {_kitObserveCallTransitions} from './call-session-machine';

let nextKey = 0;

/**
 * What a press waits through, as phases or states: its promise settles once the session left them. An accept waits
 * through the accepting phase; a decline, cancel or hang-up through the leaving phases, and through the accept that a
 * refused decline handed the decision back to.
 */
const ACCEPTING: readonly string[] = ['accepting'];
const LEAVING: readonly string[] = ['declining', 'cancelling', 'ending', 'accepting.awaited'];

/** What the SDK says of a known call: the events the switch routes to `_hear`. @docs-private */
export type KitCallNews = Extract<
  KitCallEventType,
  | 'remoteCancelled'
  | 'remoteRinging'
  | 'remoteAccepted'
  | 'remoteRejected'
  | 'remoteEnded'
  | 'reconnecting'
  | 'reconnected'
  | 'remoteHeld'
  | 'remoteResumed'
>;

/**
 * One call, from its first ring (or before `initiateCall` is sent) to its end: the only owner of the call's state,
 * SDK actions, events and teardown. Its states and transitions are one table (`call-session-table.ts`): a press, an
 * SDK answer or event, or a clock firing is an event; the session looks its row up, moves to the row's state and
 * runs the row's effects (call-session-effects.ts, functions over one context). The parts hold each other by
 * interface: the machine (`KitCallMachine`: state, listeners, transitions), the views, the sound and the timers
 * (`KitCallSessionHost`), and the one SDK action in flight (`KitCallAction`). No Angular in here: the SDK, events,
 * sound and clock are ports.
 */
export class KitCallSession {
  #started: Promise<KitCall> | null = null;
  /** A key unique in the app, also before the SDK gave the call a session id. */
  readonly key = `kit-call-${++nextKey}`;
  readonly #machine: KitCallMachine;
  readonly #ctx: KitCallContext;

  /**
   * @param direction Whether the call rings here (`'incoming'`) or is placed from here (`'outgoing'`).
   * @param call The call; an outgoing one may have an empty session id until `start()` got one.
   * @param ports The SDK, events, sound and clock.
   * @param options Time-outs and delays.
   * @param phase Where the session starts (default: ringing or dialing).
   */
  constructor(
    readonly direction: KitCallDirection,
    call: KitCall,
    ports: KitCallSessionPorts,
    readonly options: KitCallSessionOptions,
    phase: KitCallPhase = direction === 'incoming' ? 'ringing' : 'dialing',
  ) {
    const connected = phase === 'ongoing' || phase === 'ending';
    const machine = new KitCallMachine(
      {
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
        reconnecting: false,
      },
      phase === 'dialing' && !call.sessionId ? 'dialing.starting' : (phase as KitCallStep),
      {
        run: (effect, event, row, from) => effect(ctx, event, row, from),
        holds: () => !ports.sdk, // The one guard, `noSdk`.
        follow: () => host.sync(),
      },
    );
    const host = new KitCallSessionHost(direction, options, () => ctx.connectedAt, machine, ports);
    const ctx: KitCallContext = {
      direction,
      options,
      ports,
      machine,
      host,
      action: new KitCallAction(ports.clock, () => options.actionTimeout),
      session: this,
      connectedAt: connected ? ports.clock.now() : null,
    };
    this.#machine = machine;
    this.#ctx = ctx;
  }

  /** The current state. */
  get state(): KitCallSessionState {
    return this.#machine.state;
  }

  /** Whether the call ended (its outcome may still be on screen). */
  get isEnded(): boolean {
    return this.state.phase === 'ended';
  }

  /** The session id of the call (`''` while an outgoing call starts). */
  get sessionId(): string {
    return this.state.call.sessionId;
  }

  /**
   * Listens to the state and the facts.
   * @param listener Called after every change, with the new state and the facts it brought.
   * @returns Stops listening.
   */
  subscribe(listener: KitCallSessionListener): () => void {
    return this.#machine.subscribe(listener);
  }

  /**
   * @param type An event.
   * @returns Whether the event would do something now: a row of the current state takes it.
   */
  can(type: KitCallEventType): boolean {
    return this.#machine.can(type);
  }

  /** The looping sound of the call, while there is one. */
  get sound(): {readonly state: () => KitCallSoundState} | null {
    return this.#ctx.host.sound;
  }

  /**
   * A view starts showing the call: the ring time-out counts while a view shows it (and it does not wait in a
   * banner), and the sound plays while a view that plays it is attached.
   * @param view The view (any object, used as a key).
   * @param options Whether it plays the sound, and where its errors go.
   * @returns Detaches the view.
   */
  attach(view: object, options: KitCallSessionViewOptions = {}): () => void {
    return this.#ctx.host.attach(view, options);
  }

  /**
   * Sets the sound of the call; a change restarts or stops it at once.
   * @param disabled Whether the call is silent.
   * @param url A custom sound, or `null` for the built-in tone.
   */
  setSound(disabled: boolean, url: string | null | undefined): void {
    this.#ctx.host.setSound(disabled, url?.trim() || null);
  }

  /**
   * Sets the settings the call carries once accepted (from a `KitCallSettingsBuilder`).
   * @param settings The settings, or `null` for the default (voice only for a voice call).
   */
  setCallSettings(settings: KitCallSettings | null | undefined): void {
    this.#ctx.settings = settings;
  }

  /**
   * Sets the ring time-out, restarting it when the call already rings.
   * @param ms Milliseconds; 0 rings forever.
   */
  setRingTimeout(ms: number): void {
    this.options.ringTimeout = Math.max(0, ms || 0);
    this.#ctx.host.restartRing();
  }

  /**
   * Places an outgoing call: `initiateCall`, then `ccOutgoingCall`. Runs once; later calls return the same promise.
   * @returns The call as the SDK registered it; rejects with a `KitException` when it could not start.
   */
  start(): Promise<KitCall> {
    if (!this.#started) {
      // Settles also when the session is done first (closed by the app while initiateCall was on its way).
      this.#started = this.#machine.until(
        () => !!this.#ctx.startSettle || this.state.done,
        () => {
          const outcome = this.#ctx.startSettle;
          if (outcome?.ok) {
            return outcome.value;
          }
          throw (
            outcome?.error ??
            new KitException(
              KitErrorCodes.CALL_ENDED,
              typeof ngDevMode === 'undefined' || ngDevMode
                ? 'The call was closed before it started.'
                : '',
            )
          );
        },
      );
      this.#machine.fire({type: 'start'});
    }
    return this.#started;
  }

  /**
   * Changes what the session says aside from its table: whether the call rings in a call-waiting banner, or the
   * call itself (`withGroupCalls()`: newer participants). The views hear of it once it changed anything.
   * @param change The change.
   * @docs-private
   */
  _set(change: Partial<Pick<KitCallSessionState, 'waiting' | 'call'>>): void {
    this.#machine.set(change);
  }

  // ---- Actions of the user and the app: each fires one event ----

  /**
   * Accepts a ringing incoming call. The first decision wins.
   * @param settings Settings of the ongoing call; by default voice only for a voice call.
   * @returns Whether the call became ongoing.
   */
  accept(settings?: KitCallSettings | null): Promise<boolean> {
    if (this.state.phase === 'ringing' && settings) {
      this.setCallSettings(settings);
    }
    return this.#press('accept', ACCEPTING, () => this.#machine.step === 'ongoing');
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
    return this.#press('decline');
  }

  /**
   * Answers a ringing incoming call busy (the busy policy): `rejectCall(id, 'busy')`, no event.
   * @returns Whether the call ended.
   */
  answerBusy(): Promise<boolean> {
    return this.#press('busy');
  }

  /**
   * The user hangs up: cancels a dialing call, or ends an ongoing one. A ringing incoming call is declined, and so is
   * one whose accept is in flight (from the accept's next tick on, as {@link decline}).
   * @returns Whether the call ended.
   */
  hangUp(): Promise<boolean> {
    return this.#press('hangUp');
  }

  /**
   * Puts the ongoing call on hold, or takes it off: the SDK's `hold` / `unhold` (`KitPhoneCallsSdk`). There once
   * `withHold()` added the table's rows of hold (`kitHoldTable`), so an app that does not name it ships none of it. A
   * refusal leaves the call as it was and is reported as an error.
   * @param on Whether to hold (`true`) or resume (`false`).
   * @returns Whether the call is now as asked.
   */
  declare hold?: (on: boolean) => Promise<boolean>;

  /** The machine, for the features that add rows to the table (`withHold()`). @docs-private */
  get _machine(): KitCallMachine {
    return this.#machine;
  }

  /**
   * The call rang too long: an incoming call is declined as `unanswered`, an outgoing one withdrawn as
   * `unanswered`. Like a press, it only counts while no decision is pending.
   * @returns Whether the call ended.
   */
  timeOut(): Promise<boolean> {
    return this.#press('timeOut');
  }

  /**
   * Withdraws a dialing outgoing call for the app's own reasons (glare): like a hang-up, but a pick-up that crosses
   * it wins. Settles once the withdrawal succeeded, lost to a pick-up, or was given up.
   * @returns Whether the call ended.
   */
  withdraw(): Promise<boolean> {
    return this.#press('withdraw');
  }

  /**
   * Ends the session here without a word to the SDK (the app closed its screen, the app is destroyed). The
   * teardown runs; safe to call more than once.
   * @param reason Why (default `'dismissed'`).
   */
  dispose(reason: KitCallEndReason = 'dismissed'): void {
    this.#machine.fire({type: 'dispose', reason});
  }

  /**
   * The app hands a screen a newer state of the call (the `call` input, or a call it accepted through the SDK
   * itself): an ending status ends the session, an ongoing one connects it.
   * @param call The call with its new status.
   * @docs-private
   */
  _update(call: KitCall): void {
    const reason = kitEndReasonOf(call.status);
    // A connected call ignores `appConnected` (the table says so); whether the call is connected is
    // read from its state (an ended one ignores these events).
    const type: KitCallEventType | null = !reason
      ? call.status === 'ongoing'
        ? 'appConnected'
        : null
      : kitConnectedIn(this.#machine.step)
        ? 'remoteEnded'
        : this.direction === 'incoming'
          ? 'remoteCancelled'
          : reason === 'cancelled' || reason === 'ended'
            ? 'appEnded'
            : 'remoteRejected';
    if (type) {
      this.#machine.fire({type, call});
    }
  }

  /**
   * Fires a press; its promise settles once the session left the states the press leads to.
   * @returns Whether the call ended (for `accept`: whether it became ongoing).
   */
  #press(
    type: KitCallEventType,
    pending: readonly string[] = LEAVING,
    result: () => boolean = () => this.isEnded,
  ): Promise<boolean> {
    const machine = this.#machine;
    return machine.fire({type})
      ? machine.until(
          () => !pending.includes(machine.step) && !pending.includes(kitPhaseOf(machine.step)),
          result,
        )
      : Promise.resolve(false);
  }

  // ---- What the SDK says (routed here by the registry) ----

  /**
   * What the SDK says of this call: the callee's device rings, the callee accepted or rejected (or was busy, or
   * did not answer), the caller cancelled or another device answered or declined, the connection dropped or came
   * back, the call ended (either side hung up).
   * @param news The news (none for the participants' news, which only the group engine hears).
   * @param call The call from the SDK.
   * @param name The SDK listener's method that brought it: the group engine (`withGroupCalls()`) hears the news of
   *   a call with several people first, and may take it.
   * @docs-private
   */
  _hear(news: KitCallNews | undefined, call?: KitCall, name?: string): void {
    if (this.#ctx.ports.group?.hear(name!, this, call!) || !news) {
      return;
    }
    // A repeated ring takes the same row again, which changes nothing.
    this.#machine.fire({type: news, call});
  }
}
