import {_kitObserveCallTransitions} from './call-session';
import {
  KIT_CALL_EVENTS,
  KIT_CALL_IGNORES,
  KIT_CALL_TABLE,
  KitCallRow,
  KitCallStep,
} from './call-session-table';
import {KitCall, KitUser} from '../sdk/models';

export const ME: KitUser = {uid: 'me', name: 'Me'};
export const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
/** A call from Ada to me, ongoing, as the table specs' sessions know it. */
export const ADA_CALLS_ME: KitCall = {
  sessionId: 's1',
  type: 'audio',
  sender: ADA,
  receiver: ME,
  callInitiator: ADA,
  callReceiver: ME,
  status: 'ongoing',
};

/**
 * The cells of `steps` that are not exactly one row or one written-down ignore, and the rows that lead to no state or
 * end the call without an ending (or name one without ending it).
 */
export function tableProblems(steps: readonly KitCallStep[]): string[] {
  const problems: string[] = [];
  for (const step of steps) {
    const on = KIT_CALL_TABLE[step];
    for (const event of KIT_CALL_EVENTS) {
      const count = (event in on ? 1 : 0) + KIT_CALL_IGNORES![step].filter(e => e === event).length;
      if (count !== 1) {
        problems.push(`${step} x ${event}: ${count}`);
      }
    }
    for (const [event, cell] of Object.entries(on)) {
      const row = cell as KitCallRow;
      if (!(row.to in KIT_CALL_TABLE) || (row.to === 'ended') !== !!row.end) {
        problems.push(`${step} x ${event} -> ${row.to} (ending ${row.end})`);
      }
    }
  }
  return problems;
}

/**
 * Records, test by test (fake timers on), the states each call goes through: every row taken to another state, and
 * `MISSING <from> x <event>` for a cell the table lacks. Call it in a `describe`.
 * @returns The path of the running test (emptied before each; a spec may empty it itself).
 */
export function recordCallPaths(): string[] {
  const path: string[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    path.length = 0;
    _kitObserveCallTransitions((from, event, row) => {
      if (row === null) {
        path.push(`MISSING ${from} x ${event}`);
      } else if (row !== 'ignored' && row.to !== from) {
        path.push(row.to);
      }
    });
  });
  afterEach(() => {
    _kitObserveCallTransitions(null);
    jest.useRealTimers();
  });
  return path;
}
