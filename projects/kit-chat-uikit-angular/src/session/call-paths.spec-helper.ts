import {_kitObserveCallTransitions} from './call-session';

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
