import type {KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallStatus, KitConstants} from '../sdk/models';
import {ACTION_NAMES, Action, TIMED_OUT, wrap} from './call-session-actions';
import {
  KitCallActionInFlight,
  KitCallContext,
  KitCallEffectRun,
  KitCallOutcome,
  KitCallRow,
} from './call-session-context';
import {ENDINGS_SHOWN, classifyFailure, kitConnectedIn, kitEndOf} from './call-session-rules';
import {KitCallEvent, KitCallStep, kitPhaseOf} from './call-session-types';

// The effects a row of the transition table asks for: the SDK actions, the events published, the
// ending. Each is one function over the session's context, run by the machine after it moved to
// the row's state. Then the one SDK action in flight they send through (KitCallAction), which the
// context holds by its interface. Internal to the library.

export type {KitCallContext, KitCallEffectRun} from './call-session-context';

// Every effect a row may ask for: the rows name these functions themselves.

export const sendInitiate: KitCallEffectRun = ctx =>
  send(
    ctx,
    'initiate',
    () => ctx.ports.sdk!.initiateCall(ctx.machine.state.call),
    outcome => initiated(ctx, outcome),
  );
export const sendAccept: KitCallEffectRun = ctx => {
  const id = ctx.machine.state.call.sessionId;
  void Promise.resolve().then(() => ctx.machine.fire({type: 'tick'}));
  send(ctx, 'accept', () => {
    // The screen's settings, if any ("Answer as voice": audio only, no camera track).
    const answer = Promise.resolve(ctx.ports.sdk!.acceptCall(id, ctx.settings));
    ctx.acceptAnswer = answer;
    // Watched apart from the action: a decline that superseded this accept must know whether
    // it landed.
    answer.then(
      call => ((ctx.landed = call ?? undefined), ctx.machine.fire({type: 'acceptLanded', call})),
      () => {},
    );
    return answer;
  });
};
export const sendDecline: KitCallEffectRun = (ctx, _, row) => sendReject(ctx, 'decline', row.to);
export const sendCancel: KitCallEffectRun = (ctx, _, row) => sendReject(ctx, 'cancel', row.to);
export const queueCancel: KitCallEffectRun = ctx => {
  ctx.machine.later(() => void ctx.session.start().catch(() => {}));
  ctx.machine.patch({failure: null});
};
export const sendEnd: KitCallEffectRun = (ctx, event, _, from) => {
  const {machine} = ctx;
  if (kitPhaseOf(from) !== 'ongoing') {
    // The other side (or the SDK) made the call live while the user left it: endCall, the
    // user's call.
    machine.patch({call: {...machine.state.call, ...ctx.landed, ...event.call} as KitCall});
  }
  const call = machine.state.call;
  // A call with several people is left (leaveCall): the others stay in it.
  send(ctx, 'end', () => ctx.ports.group?.end(call) ?? ctx.ports.sdk!.endCall(call.sessionId));
};
/** The user's hold or resume (`withHold()`): the SDK's `hold` / `unhold` (`KitPhoneCallsSdk`). */
export const sendHold: KitCallEffectRun = (ctx, {type}) => {
  const sdk = ctx.ports.sdk as KitPhoneCallsSdk | null;
  const id = ctx.machine.state.call.sessionId;
  const on = type === 'hold';
  send(ctx, on ? 'hold' : 'resume', () => sdk![on ? 'hold' : 'unhold']!(id));
};
export const awaitAccept: KitCallEffectRun = (ctx, event) => {
  ctx.host.report(event.error!);
  send(ctx, 'accept', () => ctx.acceptAnswer ?? Promise.reject(event.error));
};
export const registered: KitCallEffectRun = (ctx, event) => {
  ctx.ports.events.publishOutgoingCall(event.call as KitCall);
  ctx.machine.patch({call: event.call as KitCall});
};
export const connect: KitCallEffectRun = (ctx, {call: answer, type}) => {
  ctx.action.abort();
  const call = ctx.machine.state.call;
  const settings = ctx.settings ?? {
    audioOnly: call.type === KitConstants.CALL_TYPE_AUDIO,
    defaultAudioMode: 'SPEAKER',
  };
  const accepted: KitCall = {
    ...call,
    ...answer,
    status: answer?.status ?? 'ongoing',
    settings: Object.freeze({...settings}),
  };
  ctx.connectedAt = ctx.ports.clock.now();
  ctx.machine.patch({call: accepted, connected: true, failure: null, remoteRinging: false});
  ctx.machine.say({type: 'connected'});
  // A call the app hands over connected announces nothing: the app knows.
  if (type !== 'appConnected') {
    ctx.ports.events.publishCallAccepted(accepted);
  }
};
export const report: KitCallEffectRun = (ctx, event) => ctx.host.report(event.error!);
export const markRinging: KitCallEffectRun = ctx => ctx.machine.patch({remoteRinging: true});
export const back: KitCallEffectRun = (ctx, event) => {
  // An action failed and the call goes on: back where it was, with the failure said.
  const ongoing = ctx.machine.state.phase === 'ongoing';
  ctx.machine.patch({failure: ongoing ? null : event.error!});
  ctx.host.report(event.error!);
};
// The ring time-out fired while a decision was pending, or its own action was refused: tried
// again a little later.
export const retry: KitCallEffectRun = ctx => ctx.host.retry();
export const finish: KitCallEffectRun = (ctx, event, row, from) => {
  const {error, type} = event;
  // A failed initiateCall reaches the app through start()'s rejection: only the views hear it,
  // and only while the call was starting (not once the user or the app left it).
  if (error && (type !== 'initiateFailed' || from === 'dialing.starting')) {
    ctx.host.report(error, type !== 'initiateFailed');
  }
  end(ctx, event, row, from);
};
export const giveUp: KitCallEffectRun = (ctx, event, row, from) => {
  ctx.host.report(
    event.error ??
      new KitException(
        KitErrorCodes.NETWORK,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? 'The call SDK did not answer: the call was closed here without it.'
          : '',
      ),
  );
  // The app heard of the call: it hears that it ended here.
  end(ctx, event, row, from);
};
export const lose: KitCallEffectRun = (ctx, event, row, from) => {
  const call = ctx.machine.state.call;
  ctx.host.report(
    new KitException(
      KitErrorCodes.NETWORK,
      typeof ngDevMode === 'undefined' || ngDevMode
        ? 'The call lost its connection and it did not come back: the call was ended here.'
        : '',
      call,
    ),
  );
  background(ctx, 'end', () => ctx.ports.sdk!.endCall(call.sessionId));
  end(ctx, event, row, from);
};
// initiateCall's answer still counts, to cancel a call nobody could see.
export const dismiss: KitCallEffectRun = (ctx, event, row, from) =>
  end(ctx, event, row, from, 'initiate');
// Only a dismissed call (whatever reason the app gave) still hears initiateCall's answer: every
// other ending dropped the action.
export const cancelUnseen: KitCallEffectRun = (ctx, event) => {
  const {machine} = ctx;
  const call = {...machine.state.call, ...event.call} as KitCall;
  machine.patch({call});
  background(ctx, 'cancel', () => ctx.ports.sdk!.rejectCall(call.sessionId, 'cancelled'));
};
export const close: KitCallEffectRun = ctx => {
  ctx.host.teardown();
  ctx.machine.say({type: 'done'});
  ctx.machine.later(() => ctx.machine.release());
};

/**
 * What a decline or cancel sends, read from the state it leads to: the busy answer, the ring
 * time-out's (`unanswered`), the user's decline (`rejected`), or a cancel.
 */
function sendReject(ctx: KitCallContext, name: Action, to: KitCallStep): void {
  const status: KitCallStatus = to.includes('busy')
    ? 'busy'
    : to.includes('timeout')
      ? 'unanswered'
      : name === 'decline'
        ? 'rejected'
        : 'cancelled';
  const id = ctx.machine.state.call.sessionId;
  send(ctx, name, () => ctx.ports.sdk!.rejectCall(id, status));
}

/**
 * The SDK answered `initiateCall`: the call is registered, or the start failed (no session id is a
 * failure).
 */
function initiated(ctx: KitCallContext, outcome: KitCallOutcome<unknown>): void {
  const call = outcome.ok
    ? ({...ctx.machine.state.call, ...(outcome.value ?? {})} as KitCall)
    : null;
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
  ctx.startSettle = error ? {ok: false, error} : {ok: true, value: call!};
  ctx.machine.fire(error ? {type: 'initiateFailed', error} : {type: 'initiated', call: call!});
}

/** Sends the row's SDK action; its outcome comes back as an event. */
function send<T>(
  ctx: KitCallContext,
  name: Action,
  run: () => PromiseLike<T> | T,
  answer?: (o: KitCallOutcome<T>) => void,
): void {
  const done = answer ?? (outcome => answered(ctx, outcome));
  ctx.machine.patch({failure: null});
  if (!ctx.ports.sdk) {
    const error = new KitException(
      KitErrorCodes.NOT_INITIALIZED,
      typeof ngDevMode === 'undefined' || ngDevMode ? 'No call SDK: nothing to send.' : '',
    );
    ctx.machine.later(() => done({ok: false, error}));
    return;
  }
  ctx.action.send(name, run, done);
}

function answered(ctx: KitCallContext, outcome: KitCallOutcome<unknown>): void {
  if (outcome.ok) {
    ctx.machine.fire({type: 'answered', call: (outcome.value ?? undefined) as Partial<KitCall>});
    return;
  }
  ctx.machine.fire(classifyFailure(outcome.error));
}

/**
 * The one way to `ended`, by the row's ending: stops the action, timers and sound, publishes once,
 * and closes after the delay.
 * @param keep An action whose answer still counts (`dispose` keeps `initiateCall`).
 */
function end(
  ctx: KitCallContext,
  event: KitCallEvent,
  row: KitCallRow,
  from: KitCallStep,
  keep?: Action,
): void {
  const {machine, options} = ctx;
  const {ending, call} = kitEndOf(row.end!, event.call, event.reason, machine.state.call);
  ctx.action.abort(keep);
  ctx.host.teardown();
  machine.patch({call, endReason: ending.reason, endedFrom: kitPhaseOf(from)});
  machine.say({type: 'ended', ending});
  if (ending.event === 'rejected') {
    ctx.ports.events.publishCallRejected(call);
  } else if (ending.event === 'ended' && call.sessionId) {
    ctx.ports.events.publishCallEnded(call);
  }
  // Whether the call was connected is read from the state it leaves; a call in a waiting banner
  // leaves at once.
  const connected = kitConnectedIn(from);
  const {waiting} = machine.state;
  const shown =
    !waiting && ENDINGS_SHOWN[connected ? 'connected' : ctx.direction].includes(ending.reason);
  // An outgoing call's outcome offers "Call again": it has a delay of its own.
  const outcome = ctx.direction === 'outgoing' && !connected;
  const wait =
    ending.delay ?? (shown ? (outcome && options.outcomeDelay) || options.closeDelay : 0);
  if (wait > 0) {
    ctx.host.closeIn(wait);
  } else {
    machine.later(() => machine.fire({type: 'closed'}));
  }
}

/** Sends an action nobody waits for (the user left the call); a failure is only reported. */
function background(ctx: KitCallContext, action: Action, run: () => Promise<unknown>): void {
  new Promise(resolve => resolve(run())).catch(error =>
    ctx.ports.report(wrap(error, KitErrorCodes.CALL_FAILED, action)),
  );
}

/** The clock an action's time-out runs on. */
export interface KitCallActionClock {
  setTimeout(task: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The one SDK action of a session in flight: its token, its time-out, and what supersedes it (a later `send`, or
 * `abort`). Its answer comes back once, as an outcome: a sync throw, a rejection with any value and a time-out all
 * become a failed outcome with a `KitException`; a superseded action's late answer is dropped.
 */
export class KitCallAction implements KitCallActionInFlight {
  #token = 0;
  #timer: unknown = null;
  #name: Action | null = null;

  readonly #clock: KitCallActionClock;
  readonly #timeout: () => number;

  /**
   * @param clock The clock of the time-outs.
   * @param timeout Milliseconds an action may stay unanswered.
   */
  constructor(clock: KitCallActionClock, timeout: () => number) {
    this.#clock = clock;
    this.#timeout = timeout;
  }

  /**
   * Sends an action, superseding the one in flight.
   * @param name The action.
   * @param run Calls the SDK.
   * @param answer Receives the outcome, unless a later action or `abort` superseded this one.
   */
  send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer: (outcome: KitCallOutcome<T>) => void,
  ): void {
    const token = ++this.#token;
    this.#clearTimer();
    this.#name = name;
    const settle = (outcome: KitCallOutcome<T>) => {
      if (token === this.#token) {
        this.#clearTimer();
        this.#name = null;
        answer(outcome);
      }
    };
    this.#timer = this.#clock.setTimeout(() => {
      const error = new KitException(
        KitErrorCodes.NETWORK,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `The call SDK did not answer ${ACTION_NAMES![name]} within ${this.#timeout()} ms.`
          : '',
      );
      TIMED_OUT.add(error);
      settle({ok: false, error});
    }, this.#timeout());
    new Promise<T>(resolve => resolve(run())).then(
      value => settle({ok: true, value}),
      (error: unknown) => settle({ok: false, error: wrap(error, KitErrorCodes.CALL_FAILED, name)}),
    );
  }

  /**
   * Drops the action in flight: its late answer changes nothing.
   * @param keep An action that survives (initiateCall's answer still counts, to cancel a call nobody saw).
   */
  abort(keep?: Action): void {
    if (this.#name !== null && this.#name === keep) {
      return;
    }
    this.#token++;
    this.#name = null;
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer !== null) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }
}
