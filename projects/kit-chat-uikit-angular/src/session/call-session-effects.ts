import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitCallStatus, KitConstants} from '../sdk/models';
import {Action, KitCallAction, KitCallOutcome, TIMED_OUT, wrap} from './call-session-actions';
import {KitCallHostTarget, KitCallSessionHost} from './call-session-host';
import {KitCallEvent, KitCallMachine} from './call-session-machine';
import {
  ENDINGS_SHOWN,
  KitCallSent,
  classifyFailure,
  kitEndedCall,
  kitEndingOf,
} from './call-session-rules';
import {
  KitCallEffect,
  KitCallEventType,
  KitCallGuard,
  KitCallStep,
  kitPhaseOf,
} from './call-session-table';
import {
  KitCallDirection,
  KitCallEnding,
  KitCallPhase,
  KitCallSessionOptions,
  KitCallSessionPorts,
} from './call-session-types';

// The effects a row of the transition table asks for: the SDK actions, the events published, the ending. Each is
// run by the machine after it moved to the row's state. Internal to the library.

/**
 * A session's effects; the public actions, the views and the sound are its subclass's (`KitCallSession`).
 */
export abstract class KitCallEffects extends KitCallMachine {
  protected readonly _host: KitCallSessionHost;
  readonly #ports: KitCallSessionPorts;
  readonly #action: KitCallAction;
  protected _settings: KitCallSettings | null = null;
  #connectedAt: number | null = null;
  /** The status sent with the decline or cancel in flight (or queued). */
  #sent: KitCallSent | null = null;
  /** The SDK's answer to the user's accept, one native promise that every reader shares. */
  #acceptAnswer: Promise<KitCall> | null = null;
  /** The accept's answer, once it landed under a decline. */
  #landed: KitCall | undefined;
  #hung = false;
  #timeOutRefusals = 0;
  protected _startSettle: KitCallOutcome<KitCall> | null = null;

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
    super(
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
    );
    this.#ports = ports;
    this.#connectedAt = connected ? ports.clock.now() : null;
    this.#action = new KitCallAction(ports.clock, () => this.options.actionTimeout);
    const target: KitCallHostTarget = {
      direction,
      options,
      state: () => this.state,
      connectedAt: () => this.#connectedAt,
      fire: type => this._fire({type}),
      elapsed: seconds => {
        if (seconds !== this.state.elapsedSeconds) {
          this._set({elapsedSeconds: seconds});
        }
      },
      soundChanged: () => this._changedAside(),
    };
    this._host = new KitCallSessionHost(target, ports);
  }

  /** The session id of the call (`''` while an outgoing call starts). */
  get sessionId(): string {
    return this.state.call.sessionId;
  }

  /** Places the outgoing call (`KitCallSession.start`). */
  abstract start(): Promise<KitCall>;

  protected _follow(): void {
    this._host.sync();
  }

  protected _holds(guard: KitCallGuard): boolean {
    switch (guard) {
      case 'hung':
        return this.#hung;
      case 'expired':
        return this._host.expired;
      case 'refusedBefore':
        return this.#timeOutRefusals > 0 && this.#sent === 'unanswered';
      case 'noSdk':
        return !this.#ports.sdk;
    }
  }

  protected _run(effect: KitCallEffect, event: KitCallEvent, from: KitCallStep): void {
    const sdk = this.#ports.sdk;
    const id = this.sessionId;
    switch (effect) {
      case 'sendInitiate':
        return this.#send(
          'initiate',
          () => sdk!.initiateCall(this.state.call),
          outcome => this.#initiated(outcome),
        );
      case 'sendAccept':
        this.#sent = null;
        void Promise.resolve().then(() => this._fire({type: 'tick'}));
        return this.#send('accept', () => {
          const answer = Promise.resolve(sdk!.acceptCall(id));
          this.#acceptAnswer = answer;
          // Watched apart from the action: a decline that superseded this accept must know whether it landed.
          answer.then(
            call => ((this.#landed = call ?? undefined), this._fire({type: 'acceptLanded', call})),
            () => {},
          );
          return answer;
        });
      case 'sendDecline':
        this.#sent = sentBy(event.type, 'rejected');
        return this.#send('decline', () => sdk!.rejectCall(id, this.#sent as KitCallStatus));
      case 'queueCancel':
        this.#sent = sentBy(event.type, 'cancelled');
        this._next.push(() => void this.start().catch(() => {}));
        return this._patch({failure: null});
      case 'sendCancel':
        this.#sent = event.type === 'initiated' ? this.#sent : sentBy(event.type, 'cancelled');
        return this.#send('cancel', () => sdk!.rejectCall(id, this.#sent as KitCallStatus));
      case 'sendEnd':
        if (kitPhaseOf(from) !== 'ongoing') {
          // The other side (or the SDK) made the call live while the user left it: endCall, the user's call.
          this._patch({call: {...this.state.call, ...this.#landed, ...event.call} as KitCall});
        }
        return this.#send('end', () => sdk!.endCall(this.sessionId));
      case 'awaitAccept':
        this._host.report(event.error!, true);
        this.#sent = null;
        return this.#send('accept', () => this.#acceptAnswer ?? Promise.reject(event.error));
      case 'registered':
        this.#ports.events.publishOutgoingCall(event.call as KitCall);
        return this._patch({call: event.call as KitCall});
      case 'connect':
        return this.#connect(event.call, event.type !== 'appConnected');
      case 'report':
        return this._host.report(event.error!, true);
      case 'markRinging':
        return this._patch({remoteRinging: true});
      case 'reconnect':
        return this._patch({reconnecting: this._step === 'ongoing.reconnecting'});
      case 'lose':
        this._host.report(
          new KitException(
            KitErrorCodes.NETWORK,
            typeof ngDevMode === 'undefined' || ngDevMode
              ? 'The call lost its connection and it did not come back: the call was ended here.'
              : '',
            this.state.call,
          ),
          true,
        );
        this.#background('end', () => sdk!.endCall(id));
        return this.#end(
          from,
          {reason: 'failed', event: 'ended'},
          {
            ...this.state.call,
            status: 'failed',
          },
        );
      case 'back':
        return this.#back(event.error!);
      case 'hung':
        this.#hung = true;
        return;
      case 'retry':
        return this._host.retry();
      case 'finish':
        return this.#finish(from, event);
      case 'giveUp':
        this._host.report(
          event.error ??
            new KitException(
              KitErrorCodes.NETWORK,
              typeof ngDevMode === 'undefined' || ngDevMode
                ? 'The call SDK did not answer: the call was closed here without it.'
                : '',
            ),
          true,
        );
        // The app heard of the call: it hears that it ended here.
        return this.#end(from, {reason: 'unanswered', event: 'ended', delay: 0}, this.state.call);
      case 'cancelUnseen':
        if (this.state.endReason === 'dismissed') {
          const call = {...this.state.call, ...event.call} as KitCall;
          this._patch({call});
          this.#background('cancel', () => sdk!.rejectCall(call.sessionId, 'cancelled'));
        }
        return;
      case 'dismiss':
        this.#action.abort('initiate'); // Its answer still counts, to cancel a call nobody could see.
        this._host.teardown();
        this._patch({endReason: event.reason ?? 'dismissed', endedFrom: kitPhaseOf(from)});
        this._say({
          type: 'ended',
          ending: {reason: event.reason ?? 'dismissed', event: null, delay: 0},
        });
        this._next.push(() => this._fire({type: 'closed'}));
        return;
      case 'close':
        this._host.teardown();
        this._patch({done: true});
        this._say({type: 'done'});
        this._next.push(() => this._release());
        return;
    }
  }

  /** The SDK answered `initiateCall`: the call is registered, or the start failed (no session id is a failure). */
  #initiated(outcome: KitCallOutcome<unknown>): void {
    const call = outcome.ok ? ({...this.state.call, ...(outcome.value ?? {})} as KitCall) : null;
    const error = !outcome.ok
      ? outcome.error
      : call?.sessionId
        ? null
        : new KitException(
            KitErrorCodes.INVALID_CALL,
            typeof ngDevMode === 'undefined' || ngDevMode
              ? 'The call could not start: initiateCall() answered without a session id.'
              : '',
            outcome.value,
          );
    this._startSettle = error ? {ok: false, error} : {ok: true, value: call!};
    this._fire(error ? {type: 'initiateFailed', error} : {type: 'initiated', call: call!});
  }

  /** Sends the row's SDK action; its outcome comes back as an event. */
  #send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer?: (o: KitCallOutcome<T>) => void,
  ): void {
    const done = answer ?? (outcome => this.#answered(outcome));
    this._patch({failure: null});
    if (!this.#ports.sdk) {
      const error = new KitException(
        KitErrorCodes.NOT_INITIALIZED,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'No call SDK: nothing to send.' : '',
      );
      this._next.push(() => done({ok: false, error}));
      return;
    }
    this.#action.send(name, run, done);
  }

  #answered(outcome: KitCallOutcome<unknown>): void {
    if (outcome.ok) {
      this._fire({type: 'answered', call: (outcome.value ?? undefined) as Partial<KitCall>});
      return;
    }
    const error = outcome.error;
    const cause = error.details instanceof KitException ? error.details : error;
    this._fire({type: classifyFailure(error), error, call: cause.details as Partial<KitCall>});
  }

  /** An action failed and the call goes on: back where it was, with the failure said. */
  #back(error: KitException): void {
    const ongoing = this._step === 'ongoing';
    this._patch({failure: ongoing ? null : error});
    this._host.report(error, true);
    if (this.#sent === 'unanswered') {
      // The ring time-out's own decline or cancel failed: tried once more, a little later.
      this.#timeOutRefusals += TIMED_OUT.has(error) ? 0 : 1;
      this._host.retry();
    }
  }

  #connect(answer: Partial<KitCall> | undefined, publish: boolean): void {
    this.#action.abort();
    const call = this.state.call;
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
    this.#connectedAt = this.#ports.clock.now();
    this._patch({call: accepted, connected: true, failure: null, remoteRinging: false});
    this._say({type: 'connected'});
    if (publish) {
      this.#ports.events.publishCallAccepted(accepted);
    }
  }

  /** A row led to `ended`: the ending by the end-reason rules, the failure said when there is one. */
  #finish(from: KitCallStep, event: KitCallEvent): void {
    const ending = kitEndingOf(from, event.type, event.call?.status, this.#sent);
    if (event.error && event.type !== 'initiateFailed') {
      this._host.report(event.error, true);
    } else if (event.error && from === 'dialing.starting') {
      this._host.report(event.error, false); // start() rejects with it too.
    }
    const call = kitEndedCall(from, event.type, this.state.call, event.call, this.#sent);
    this.#end(from, ending, call);
  }

  /** The one way to `ended`: stops the action, timers and sound, publishes once, and closes after the delay. */
  #end(from: KitCallStep, ending: KitCallEnding, call: KitCall): void {
    this.#action.abort();
    this._host.teardown();
    this._patch({call, endReason: ending.reason, endedFrom: kitPhaseOf(from), reconnecting: false});
    this._say({type: 'ended', ending});
    if (ending.event === 'rejected') {
      this.#ports.events.publishCallRejected(call);
    } else if (ending.event === 'ended' && call.sessionId) {
      this.#ports.events.publishCallEnded(call);
    }
    // A call in a waiting banner leaves at once.
    const shown =
      !this.state.waiting &&
      ENDINGS_SHOWN[this.state.connected ? 'connected' : this.direction].includes(ending.reason);
    // An outgoing call's outcome offers "Call again": it has a delay of its own.
    const outcome = this.direction === 'outgoing' && !this.state.connected;
    const wait =
      ending.delay ??
      (shown ? (outcome && this.options.outcomeDelay) || this.options.closeDelay : 0);
    if (wait > 0) {
      this._host.closeIn(wait);
    } else {
      this._next.push(() => this._fire({type: 'closed'}));
    }
  }

  /** Sends an action nobody waits for (the user already left the call); a failure is only reported. */
  #background(action: Action, run: () => Promise<unknown>): void {
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(run());
    } catch (error) {
      result = Promise.reject(error);
    }
    result.catch(error => this.#ports.report(wrap(error, KitErrorCodes.CALL_FAILED, action)));
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
