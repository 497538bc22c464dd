import {KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitUser} from '../sdk/models';
import type {KitCallEffectRun} from '../session/call-session-context';
import * as fx from '../session/call-session-effects';
import {
  HUNG_UP,
  KitCallRow,
  KitCallState,
  OVER_CONNECTED,
  REMOTE_ENDED_LIVE,
  dismiss,
  finish,
  go,
} from '../session/call-session-rows';
import {classifyFailure} from '../session/call-session-rules';
import {KitCallSession} from '../session/call-session';
import {kitHoldTable} from '../session/call-session-table-hold';
import {KIT_CALL_IGNORES, KIT_CALL_TABLE} from '../session/call-session-table';
import type {KitCallEventType, KitCallStep} from '../session/call-session-types';

// The rows of a transfer (`withTransfer()`, issue 36): a held call handed to someone else. Blind:
// the far side calls them; their answer ends the call here (as a hang-up), a refusal, a failure
// or no answer within a ring leaves it on hold (onError). Attended: the held call waits
// (`consulting`) while the user calls the person first in a session of its own; once that call
// connected, `transfer` with its session id joins the two far sides (the same transfer on its
// way); that call ending first gives the held call back. Not in the base table: `withTransfer()`
// adds them (kitTransferTable), so that an app that does not name it ships none of it; without it
// `transfer`, `consult` and `consultEnded` are written-down ignores of every state. Internal to
// the library.

const STEP = 'ongoing.held.transferring';
const CONSULTING = 'ongoing.held.consulting';

/** The transfer on its way, by the session's machine: dropped once the call leaves it. */
const PENDING = new WeakMap<object, fx.KitCallAction>();

/**
 * The SDK's `transfer`, apart from the session's one action in flight: it may take as long as a
 * ring (the far side calls someone), so its time-out is a ring's and the action's. Its answer
 * counts only while the transfer is still on its way (a hang-up, a lost connection drop it).
 */
const sendTransfer: KitCallEffectRun = (ctx, {to, consultation}) => {
  const {machine, options, ports} = ctx;
  const sdk = ports.sdk as KitPhoneCallsSdk | null;
  const id = machine.state.call.sessionId;
  const action = new fx.KitCallAction(
    ports.clock,
    () => options.actionTimeout + options.ringTimeout,
  );
  PENDING.set(machine, action);
  machine.patch({transferTo: to, failure: null});
  action.send(
    'transfer',
    () => (consultation ? sdk!.transfer!(id, to!, consultation) : sdk!.transfer!(id, to!)),
    outcome => {
      if (machine.step === STEP) {
        machine.fire(outcome.ok ? {type: 'answered'} : classifyFailure(outcome.error));
      }
    },
  );
};

/** The transfer is over (done, failed or dropped): its time-out stops, nobody is named any more. */
const over: KitCallEffectRun = ctx => {
  PENDING.get(ctx.machine)?.abort();
  PENDING.delete(ctx.machine);
  ctx.machine.patch({transferTo: null});
};

/** A resume while consulting: the call leaves the consultation and comes back (`withHold()`'s resume). */
const resuming: KitCallEffectRun = ctx => ctx.machine.patch({hold: 'resuming'});

/** @returns The row, leaving the transfer on its way first. */
const leaving = (row: KitCallRow): KitCallRow => ({...row, fx: [over, ...(row.fx ?? [])]});

/** The rows of the transfer: the held call's `transfer` and `consult`, the consultation, the transfer on its way. */
export const KIT_TRANSFER_ROWS: Partial<Record<KitCallStep, KitCallState>> = {
  'ongoing.held': {transfer: go(STEP, sendTransfer), consult: go(CONSULTING)},
  // The user calls the person first, the call held meanwhile. The link to that call is the app's
  // (KitTransfer): this call only hears that it ended (`consultEnded`, back on hold) or the
  // transfer that joins them. Ended here (the far side, or the user's hang-up), that call goes on.
  [CONSULTING]: {
    transfer: go(STEP, sendTransfer),
    consultEnded: go('ongoing.held'),
    hangUp: go('ending.held', fx.sendEnd),
    dispose: dismiss,
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.held.reconnecting'),
    // Back to this call (Resume, or Switch in the bar of held calls): the consultation is let go.
    resume: go('ongoing.resuming', fx.sendHold, resuming),
  },
  [STEP]: {
    // The user gives up on the call: it ends (the transfer's answer is dropped).
    hangUp: leaving(go('ending.held', fx.sendEnd)),
    dispose: leaving(dismiss),
    // The person it was handed to answered: the call ends here as a hang-up of the user's.
    answered: leaving(finish(HUNG_UP)),
    refused: leaving(go('ongoing.held', fx.back)),
    timedOut: leaving(go('ongoing.held', fx.back)),
    over: leaving(finish(OVER_CONNECTED)),
    overLive: leaving(finish(OVER_CONNECTED)),
    // The far side left (or went to the person it was handed to first): over.
    remoteEnded: leaving(finish(REMOTE_ENDED_LIVE)),
    reconnecting: leaving(go('ongoing.held.reconnecting')),
  },
};

/**
 * The events the consultation and the transfer on its way ignore on purpose (their empty cells, written down): those
 * of a held call, and the far side's hold (the consultation ending while the transfer is on its way: its answer
 * decides).
 */
function transferIgnores(): Partial<Record<KitCallStep, readonly KitCallEventType[]>> {
  const held = KIT_CALL_IGNORES!['ongoing.held'] ?? [];
  const extra: KitCallEventType[] = [
    'resume',
    'remoteHeld',
    'remoteResumed',
    'transfer',
    'consult',
  ];
  const ignored = (step: KitCallStep) =>
    [...held, ...extra].filter(
      (type, index, all) => !(type in KIT_TRANSFER_ROWS[step]!) && all.indexOf(type) === index,
    );
  return {
    'ongoing.held': held.filter(type => type !== 'transfer' && type !== 'consult'),
    [STEP]: ignored(STEP),
    [CONSULTING]: ignored(CONSULTING),
  };
}

declare module '../session/call-session' {
  interface KitCallSession {
    /**
     * Hands the held call to someone else: the SDK's `transfer` (`KitPhoneCallsSdk`). There once `withTransfer()`
     * added the table's rows (`kitTransferTable`).
     * @param to The person the far side is handed to.
     * @param consultation The user's connected call to `to` (an attended transfer, from `consult`); absent: blind.
     * @returns Whether the call was handed over (it then ended here); `false` when it was not (still on hold).
     */
    transfer?: (to: KitUser, consultation?: string) => Promise<boolean>;
    /**
     * The held call waits while the user calls `to` first (an attended transfer), in a call of its own.
     * @returns Whether it does (only a call on hold can).
     */
    consult?: (to: KitUser) => boolean;
    /** The user's call to the person (`consult`) ended without the transfer: the call is back on hold. */
    consultEnded?: () => void;
    /** @returns Whether the held call waits for the user's call to the person (`consult`). */
    consulting?: () => boolean;
  }
}

/**
 * Adds the rows of a blind transfer to the call table, with those of hold (`withTransfer()` calls it; twice changes
 * nothing).
 */
export function kitTransferTable(): void {
  kitHoldTable();
  const table = KIT_CALL_TABLE as Record<KitCallStep, KitCallState>;
  if (table[STEP]) {
    return;
  }
  const proto = KitCallSession.prototype;
  proto.consult = function (this: KitCallSession, to: KitUser) {
    return this._machine.fire({type: 'consult', to});
  };
  proto.consultEnded = function (this: KitCallSession) {
    this._machine.fire({type: 'consultEnded'});
  };
  proto.consulting = function (this: KitCallSession) {
    return this._machine.step === CONSULTING;
  };
  proto.transfer = function (this: KitCallSession, to: KitUser, consultation?: string) {
    const machine = this._machine;
    return machine.fire({type: 'transfer', to, consultation})
      ? machine.until(
          () => machine.step !== STEP,
          () => this.isEnded,
        )
      : Promise.resolve(false);
  };
  // Before the rows: the ignores of `ongoing.held` are read as they were.
  // ngDevMode named here (KIT_CALL_IGNORES is null there): production builds then drop the lists.
  const ignores =
    (typeof ngDevMode === 'undefined' || ngDevMode) && KIT_CALL_IGNORES && transferIgnores();
  table['ongoing.held'] = {
    ...table['ongoing.held'],
    ...(KIT_TRANSFER_ROWS['ongoing.held'] as Record<string, KitCallRow>),
  };
  table[STEP] = KIT_TRANSFER_ROWS[STEP]!;
  table[CONSULTING] = KIT_TRANSFER_ROWS[CONSULTING]!;
  if (ignores) {
    Object.assign(KIT_CALL_IGNORES!, ignores);
  }
}
