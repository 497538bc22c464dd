// The group calls' figures of the benchmark (tools/bench.mjs), in the `with-group` build: a ninth person joining a
// grid of eight. Printed only.

const JOINS = 7;

/**
 * Turns Chromium's performance metrics on (on the renderer thread's clock where it can) for a page.
 * @param cdp The page's DevTools session.
 * @param names The metrics to read, by the key to read them as (`{script: 'ScriptDuration'}`).
 * @returns A function that reads them, in ms, cumulative since the page began.
 */
export async function metricsReader(cdp, names) {
  try {
    await cdp.send('Performance.enable', {timeDomain: 'threadTicks'});
  } catch {
    await cdp.send('Performance.enable');
  }
  return async () => {
    const {metrics} = await cdp.send('Performance.getMetrics');
    const byName = Object.fromEntries(metrics.map(({name, value}) => [name, value]));
    return Object.fromEntries(
      Object.entries(names).map(([key, name]) => [key, (byName[name] ?? 0) * 1000]),
    );
  };
}
const WARMUP = 2;

/** In the page: Grace rings eight people; seven accept (a grid of eight); the eighth stays ringing. */
async function gridOfEightInPage() {
  const b = window.__bench;
  const people = Array.from({length: 8}, (_, i) => ({uid: `p${i + 1}`, name: `Person ${i + 1}`}));
  const tiles = () => document.querySelectorAll('.kit-group-call-tile').length;
  const until = predicate =>
    new Promise((done, fail) => {
      const started = performance.now();
      const check = () =>
        predicate()
          ? done()
          : performance.now() - started > 10000
            ? fail(new Error(`timed out: ${tiles()} tiles`))
            : setTimeout(check, 5);
      check();
    });
  b.switchboard.control.setLatency(0);
  b.team.addGroup({id: 'bench', name: 'Bench team'}, [b.me, ...people]);
  const ref = await b.groupCalls.startCall(
    {people, group: {id: 'bench', name: 'Bench team'}},
    'video',
  );
  const sessionId = ref.call().sessionId;
  for (const person of people.slice(0, 7)) {
    await b.team.accept(sessionId, person.uid);
  }
  await until(() => tiles() === 8);
  b.grid = {sessionId, until, tiles};
}

/**
 * In the page: the ninth person (the eighth callee) joins, from a task of the page (script run straight from the
 * DevTools protocol is not counted), up to the ninth tile in the DOM and painted (double rAF).
 */
async function ninthJoinsInPage() {
  const b = window.__bench;
  const {sessionId, until, tiles} = b.grid;
  setTimeout(() => b.team.accept(sessionId, 'p8'));
  await until(() => tiles() === 9);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())));
}

/** In the page: the ninth leaves again (outside the measured window), back to a grid of eight. */
async function ninthLeavesInPage() {
  const b = window.__bench;
  const {sessionId, until, tiles} = b.grid;
  await b.team.leave(sessionId, 'p8');
  await until(() => tiles() === 8);
  await new Promise(done => setTimeout(done, 50));
}

/**
 * A ninth person joining a grid of eight: Chromium's script and task durations (`Performance.getMetrics`, the
 * renderer's main thread) from the in-memory SDK's news of the join up to the new tile painted, the median of a few
 * joins (the ninth leaves between them). It covers the delivery, the engine's table, the grid's change detection
 * and its layout from 3 × 3 less one to 3 × 3, and the page's own wait (a 5 ms poll, two frames).
 * @returns The line to print, and whether the page reported an error.
 */
export async function ninthTile(context, port) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.__bench?.team && window.__bench?.overlay);
    await page.evaluate(gridOfEightInPage);
    const cdp = await context.newCDPSession(page);
    const read = await metricsReader(cdp, {script: 'ScriptDuration', task: 'TaskDuration'});
    const script = [];
    const task = [];
    for (let i = 0; i < WARMUP + JOINS; i++) {
      const before = await read();
      await page.evaluate(ninthJoinsInPage);
      const after = await read();
      await page.evaluate(ninthLeavesInPage);
      if (i >= WARMUP) {
        script.push(after.script - before.script);
        task.push(after.task - before.task);
      }
    }
    const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const line =
      `group grid: a ninth person joining a grid of eight: script ${median(script).toFixed(1)} ms, ` +
      `main-thread tasks ${median(task).toFixed(1)} ms up to the new tile painted ` +
      `(medians of ${JOINS} joins; range of script ${Math.min(...script).toFixed(1)}–` +
      `${Math.max(...script).toFixed(1)} ms; Performance.getMetrics)` +
      (errors.length ? `; page errors: ${errors.length} (first: ${errors[0]})` : '');
    return {line, failed: errors.length > 0};
  } finally {
    await page.close();
  }
}
