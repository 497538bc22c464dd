import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitCallStatus, KitConstants} from '../sdk/models';
import {Action, KitCallAction, KitCallOutcome, TIMED_OUT, wrap} from './call-session-actions';
import {KitCallHostTarget, KitCallSessionHost} from './call-session-host';
import {KitCallEvent, KitCallMachine} from './call-session-machine';
import {
  ENDINGS_SHOWN,
  KitCallEnding,
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
  KitCallPhase,
  KitCallSessionOptions,
  KitCallSessionPorts,
} from './call-session-types';

// The effects a row of the transition table asks for: the SDK actions, the events published, the ending. Each is
// run by the machine after it moved to the row's state. Internal to the library.

/** A session's effects; the public actions are its subclass's (`KitCallSession`). */
export abstract class KitCallEffects extends KitCallMachine {
  protected readonly _host: KitCallSessionHost;
  protected readonly _action: KitCallAction;
  protected _settings: KitCallSettings | null = null;
  protected _connectedAt: number | null = null;
  /** The status sent with the decline or cancel in flight (or queued). */
  protected _sent: KitCallSent | null = null;
  /** The SDK's answer to the user's accept, one native promise that every reader shares. */
  protected _acceptAnswer: Promise<KitCall> | null = null;
  /** The accept's answer, once it landed under a decline. */
  protected _landed: KitCall | undefined;
  protected _hung = false;
  protected _timeOutRefusals = 0;
  protected _startSettle: KitCallOutcome<KitCall> | null = null;

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
    protected readonly _ports: KitCallSessionPorts,
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
    this._connectedAt = connected ? _ports.clock.now() : null;
    this._action = new KitCallAction(_ports.clock, () => this.options.actionTimeout);
    const target: KitCallHostTarget = {
      direction,
      options,
      state: () => this._state,
      connectedAt: () => this._connectedAt,
      fire: type => this._fire({type}),
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

  /** The session id of the call (`''` while an outgoing call starts). */
  get sessionId(): string {
    return this._state.call.sessionId;
  }

  /** Places the outgoing call (`KitCallSession.start`). */
  abstract start(): Promise<KitCall>;

  protected _follow(): void {
    this._host.sync();
  }

  protected _holds(guard: KitCallGuard): boolean {
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

  protected _run(effect: KitCallEffect, event: KitCallEvent, from: KitCallStep): void {
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
        if (kitPhaseOf(from) !== 'ongoing') {
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
      case 'reconnect':
        return this._patch({reconnecting: this._step === 'ongoing.reconnecting'});
      case 'lose':
        this._host.report(
          new KitException(
            KitErrorCodes.NETWORK,
            typeof ngDevMode === 'undefined' || ngDevMode
              ? 'The call lost its connection and it did not come back: the call was ended here.'
              : '',
            this._state.call,
          ),
          true,
        );
        this._background('end', () => sdk!.endCall(id));
        return this._end(
          from,
          {reason: 'failed', event: 'ended'},
          {
            ...this._state.call,
            status: 'failed',
          },
        );
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
              typeof ngDevMode === 'undefined' || ngDevMode
                ? 'The call SDK did not answer: the call was closed here without it.'
                : '',
            ),
          true,
        );
        // The app heard of the call: it hears that it ended here.
        return this._end(from, {reason: 'unanswered', event: 'ended', delay: 0}, this._state.call);
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
  protected _initiated(outcome: KitCallOutcome<unknown>): void {
    const call = outcome.ok ? ({...this._state.call, ...(outcome.value ?? {})} as KitCall) : null;
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
  protected _send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer?: (o: KitCallOutcome<T>) => void,
  ): void {
    this._patch({failure: null});
    if (!this._ports.sdk) {
      const error = new KitException(
        KitErrorCodes.NOT_INITIALIZED,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'No call SDK: nothing to send.' : '',
      );
      this._next.push(() =>
        answer ? answer({ok: false, error}) : this._answered({ok: false, error}),
      );
      return;
    }
    this._action.send(name, run, answer ?? (outcome => this._answered(outcome)));
  }

  protected _answered(outcome: KitCallOutcome<unknown>): void {
    if (outcome.ok) {
      this._fire({type: 'answered', call: (outcome.value ?? undefined) as Partial<KitCall>});
      return;
    }
    const error = outcome.error;
    const cause = error.details instanceof KitException ? error.details : error;
    this._fire({type: classifyFailure(error), error, call: cause.details as Partial<KitCall>});
  }

  /** An action failed and the call goes on: back where it was, with the failure said. */
  protected _back(error: KitException): void {
    const ongoing = this._step === 'ongoing';
    this._patch({failure: ongoing ? null : error});
    this._host.report(error, true);
    if (this._sent === 'unanswered') {
      // The ring time-out's own decline or cancel failed: tried once more, a little later.
      this._timeOutRefusals += TIMED_OUT.has(error) ? 0 : 1;
      this._host.retry();
    }
  }

  protected _connect(answer: Partial<KitCall> | undefined, publish: boolean): void {
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
  protected _finish(from: KitCallStep, event: KitCallEvent): void {
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
  protected _end(from: KitCallStep, ending: KitCallEnding, call: KitCall): void {
    this._action.abort();
    this._host.teardown();
    this._patch({call, endReason: ending.reason, endedFrom: kitPhaseOf(from), reconnecting: false});
    if (ending.event === 'rejected') {
      this._ports.events.publishCallRejected(call);
    } else if (ending.event === 'ended' && call.sessionId) {
      this._ports.events.publishCallEnded(call);
    }
    // A call in a waiting banner leaves at once.
    const shown =
      !this._state.waiting &&
      ENDINGS_SHOWN[this._state.connected ? 'connected' : this.direction].includes(ending.reason);
    // An outgoing call's outcome offers "Call again": it has a delay of its own.
    const outcome = this.direction === 'outgoing' && !this._state.connected;
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
  protected _background(action: Action, run: () => Promise<unknown>): void {
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(run());
    } catch (error) {
      result = Promise.reject(error);
    }
    result.catch(error => this._ports.report(wrap(error, KitErrorCodes.CALL_FAILED, action)));
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
