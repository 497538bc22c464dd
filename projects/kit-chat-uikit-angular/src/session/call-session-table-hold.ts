import * as fx from './call-session-effects';
import {
  ENDED_LEAVING,
  HUNG_UP,
  KitCallRow,
  KitCallState,
  KitCallStep,
  KitCallTablePart,
  LEFT_ENDED,
  LOST,
  OVER_CONNECTED,
  REMOTE_ENDED_LIVE,
  dismiss,
  finish,
  go,
} from './call-session-rows';
import type {KitCallEffectRun} from './call-session-context';
import {KitCallSession} from './call-session';
import {KIT_CALL_IGNORES, KIT_CALL_TABLE} from './call-session-table';
import {KitHoldStep, kitHoldIgnores} from './call-session-table-hold-ignores';

// The rows of hold and resume (`withHold()`, issue 36): the user's hold on its way, held, the
// resume on its way, the far side's hold (a cause of its own: `.remoteHeld`), a held call whose
// connection dropped, and a hang-up of a held call. Not in the base table: `withHold()` adds them
// (kitHoldTable), so that an app that does not name it ships none of them; without it the four
// events are written-down ignores of every state. Internal to the library.

/** A hold or resume dropped by a lost connection: its late answer changes nothing. */
const drop: KitCallEffectRun = ctx => ctx.action.abort();

/** The snapshot says the hold, read from the state the row leads to (`hold`, `heldByPeer`). */
const said: KitCallEffectRun = (ctx, _, row) =>
  ctx.machine.patch({
    hold: (/\.(holding|held|resuming)/.exec(row.to)?.[1] as 'held' | undefined) ?? null,
    heldByPeer: row.to.endsWith('remoteHeld'),
  });

/** The rows of hold and resume (`ongoing`'s own rows included: they replace the base ones). */
export const KIT_HOLD_ROWS: KitCallTablePart<KitHoldStep> = {
  // The base rows of a connected call, and the user's hold and the far side's.
  ongoing: {
    hangUp: go('ending', fx.sendEnd),
    dispose: dismiss,
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.reconnecting'),
    hold: go('ongoing.holding', fx.sendHold),
    remoteHeld: go('ongoing.remoteHeld'),
  },
  'ongoing.remoteHeld': {
    hangUp: go('ending', fx.sendEnd),
    dispose: dismiss,
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.reconnecting'),
    hold: go('ongoing.holding.remoteHeld', fx.sendHold),
    remoteResumed: go('ongoing'),
  },
  // The hold on its way: refused or unanswered, the call is as it was (onError); the far side's
  // news still count. A lost connection drops the hold (the user may hold again once back).
  'ongoing.holding': {
    hangUp: go('ending', fx.sendEnd),
    dispose: dismiss,
    answered: go('ongoing.held'),
    refused: go('ongoing', fx.back),
    over: finish(OVER_CONNECTED),
    overLive: finish(OVER_CONNECTED),
    timedOut: go('ongoing', fx.back),
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.reconnecting', drop),
    remoteHeld: go('ongoing.holding.remoteHeld'),
  },
  'ongoing.holding.remoteHeld': {
    hangUp: go('ending', fx.sendEnd),
    dispose: dismiss,
    answered: go('ongoing.held.remoteHeld'),
    refused: go('ongoing.remoteHeld', fx.back),
    over: finish(OVER_CONNECTED),
    overLive: finish(OVER_CONNECTED),
    timedOut: go('ongoing.remoteHeld', fx.back),
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.reconnecting', drop),
    remoteResumed: go('ongoing.holding'),
  },
  // On hold: the timer goes on; a hang-up refused leaves the call on hold.
  'ongoing.held': {
    hangUp: go('ending.held', fx.sendEnd),
    dispose: dismiss,
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.held.reconnecting'),
    resume: go('ongoing.resuming', fx.sendHold),
    remoteHeld: go('ongoing.held.remoteHeld'),
  },
  'ongoing.held.remoteHeld': {
    hangUp: go('ending.held', fx.sendEnd),
    dispose: dismiss,
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.held.reconnecting'),
    resume: go('ongoing.resuming.remoteHeld', fx.sendHold),
    remoteResumed: go('ongoing.held'),
  },
  // Held, and the connection dropped: back, it is still held; gone for good, "Call failed".
  'ongoing.held.reconnecting': {
    hangUp: go('ending.reconnecting', fx.sendEnd),
    dispose: dismiss,
    reconnectExpired: finish(LOST, fx.lose),
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnected: go('ongoing.held'),
  },
  // The resume on its way: refused or unanswered, the call stays on hold (onError).
  'ongoing.resuming': {
    hangUp: go('ending.held', fx.sendEnd),
    dispose: dismiss,
    answered: go('ongoing'),
    refused: go('ongoing.held', fx.back),
    over: finish(OVER_CONNECTED),
    overLive: finish(OVER_CONNECTED),
    timedOut: go('ongoing.held', fx.back),
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.held.reconnecting', drop),
    remoteHeld: go('ongoing.resuming.remoteHeld'),
  },
  'ongoing.resuming.remoteHeld': {
    hangUp: go('ending.held', fx.sendEnd),
    dispose: dismiss,
    answered: go('ongoing.remoteHeld'),
    refused: go('ongoing.held.remoteHeld', fx.back),
    over: finish(OVER_CONNECTED),
    overLive: finish(OVER_CONNECTED),
    timedOut: go('ongoing.held.remoteHeld', fx.back),
    remoteEnded: finish(REMOTE_ENDED_LIVE),
    reconnecting: go('ongoing.held.reconnecting', drop),
    remoteResumed: go('ongoing.resuming'),
  },
  // A hang-up of a held call: refused, the call is still on hold.
  'ending.held': {
    dispose: dismiss,
    answered: finish(HUNG_UP),
    refused: go('ongoing.held', fx.back),
    over: finish(OVER_CONNECTED),
    overLive: finish(OVER_CONNECTED),
    timedOut: finish(LEFT_ENDED),
    remoteEnded: finish(ENDED_LEAVING),
  },
};

/**
 * Adds the rows of hold and resume to the call table (`withHold()` calls it; twice changes
 * nothing). Every row of them also says the hold in the snapshot.
 */
export function kitHoldTable(): void {
  const table = KIT_CALL_TABLE as Record<KitCallStep, KitCallState>;
  if (table['ongoing.held']) {
    return;
  }
  KitCallSession.prototype.hold = function (this: KitCallSession, on: boolean) {
    const machine = this._machine;
    // It waits through its answer: the hold in flight says `holding` or `resuming`.
    return machine.fire({type: on ? 'hold' : 'resume'})
      ? machine.until(
          () => !/ing/.test(this.state.hold ?? ''),
          () => (this.state.hold === 'held') === on,
        )
      : Promise.resolve(false);
  };
  for (const [step, rows] of Object.entries(KIT_HOLD_ROWS) as [KitHoldStep, KitCallState][]) {
    const added: Record<string, KitCallRow> = {};
    for (const [event, row] of Object.entries(rows) as [string, KitCallRow][]) {
      added[event] = {...row, fx: [...(row.fx ?? []), said]} as KitCallRow;
    }
    table[step] = {...table[step], ...added};
  }
  // Named apart from KIT_CALL_IGNORES (null there): production builds then drop the lists.
  if ((typeof ngDevMode === 'undefined' || ngDevMode) && KIT_CALL_IGNORES) {
    Object.assign(KIT_CALL_IGNORES, kitHoldIgnores());
  }
}
