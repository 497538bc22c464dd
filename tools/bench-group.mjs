// The group calls' figures of the benchmark (tools/bench.mjs), in the `with-group` build: a ninth person joining a
// grid of eight; in the `with-mesh` build, a six-tab mesh video call: the CPU of each tab. Printed only.
import {readFileSync} from 'node:fs';

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

/** How many tabs the mesh call has: each a different user, all joined (the in-memory SDK's mesh of six). */
const MESH_TABS = 6;
/**
 * How long the six tabs may take to play each other, in ms, from the last accept: on a machine as busy as CI's
 * (two cores, other jobs), each tab's main thread is busy 80–99 % with five pictures in and five out, a signalling
 * step may take 30 s and a connection a minute or two.
 */
const MESH_CONNECT_WAIT = 240000;
/** The window the tabs' CPU is read over, in ms. */
const MESH_WINDOW = 10000;
/** Chromium's flags for the mesh call: the fake camera and microphone, and no tab slowed down as a background one. */
const MESH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/** In each tab, before its scripts: every RTCPeerConnection it makes, kept in `window.__peers`. */
function recordPeers() {
  const PeerConnection = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = class extends PeerConnection {
    constructor(...args) {
      super(...args);
      window.__peers.push(this);
    }
  };
}

/**
 * In a tab: whether it has a connection to each of the others, receiving their sound, and (a video call) each far
 * tile plays the picture one receives.
 */
function meshPlays([others, video]) {
  const connected = window.__peers.filter(pc => pc.connectionState === 'connected');
  const received = new Set(connected.flatMap(pc => pc.getReceivers().map(each => each.track)));
  const videos = [
    ...document.querySelectorAll('.kit-group-call-tile:not(.kit-group-call-tile-self) video'),
  ];
  const hearing = connected.filter(pc =>
    pc.getReceivers().some(each => each.track.kind === 'audio' && each.track.readyState === 'live'),
  );
  return (
    connected.length === others &&
    hearing.length === others &&
    (!video || videos.length === others) &&
    (!video ||
      videos.every(
        tile => tile.videoWidth > 0 && tile.srcObject?.getVideoTracks().every(t => received.has(t)),
      ))
  );
}

/** In a tab: its open connections (connection / signalling state) and far tiles, to say why it does not play. */
function meshState() {
  const open = window.__peers.filter(pc => pc.connectionState !== 'closed');
  const states = open.map(pc => `${pc.connectionState}/${pc.signalingState}`).join(' ');
  const closed = window.__peers.length - open.length;
  const videos = [
    ...document.querySelectorAll('.kit-group-call-tile:not(.kit-group-call-tile-self)'),
  ].map(tile => {
    const name = tile.querySelector('.kit-group-call-tile-name')?.textContent.trim();
    const video = tile.querySelector('video');
    return `${name} ${video ? `${video.videoWidth} px` : 'no video'}`;
  });
  return `${closed} closed, open ${states || 'none'}; far tiles ${videos.join(', ') || 'none'}`;
}

/**
 * @returns A process's CPU time (user and system) in seconds, from /proc; the protocol's figure where /proc is not
 *   there (not Linux).
 */
function cpuSeconds(pid, fallback) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields (the 12th and 13th after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return fallback;
  }
}

/** In a tab: keeps its main thread busy for a moment (to tell which renderer process is this tab's). */
function burn(ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose.
  }
}

/**
 * A six-tab mesh video call (the `with-mesh` build: the in-memory SDK with media, tabs over a BroadcastChannel), in
 * its own Chromium with the fake camera and microphone: the first tab rings the five others, each accepts, and
 * once every tab plays the five others' streams over its five connections, the CPU of each tab over ten seconds:
 * its renderer process's CPU time (from /proc; the process found with `SystemInfo.getProcessInfo` and told apart by
 * a moment of busy work in the tab; tabs that share a process show its figure each) and its main thread's task time
 * (`Performance.getMetrics`), as a share of one core. Printed only.
 * @returns The line to print, and whether a page reported an error.
 */
export async function meshCall(chromium, executablePath, port, type = 'video') {
  const what = `six-tab mesh ${type === 'audio' ? 'voice' : 'video'} call`;
  const browser = await chromium.launch({executablePath, headless: true, args: MESH_ARGS});
  const errors = [];
  try {
    const context = await browser.newContext();
    await context.addInitScript(recordPeers);
    const pages = [];
    for (let i = 1; i <= MESH_TABS; i++) {
      const page = await context.newPage();
      page.on('pageerror', error => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${port}/?user=p${i}`);
      await page.waitForFunction(() => window.__bench?.groupCalls);
      pages.push(page);
    }
    await pages[0].evaluate(
      async ([tabs, kind]) => {
        const people = Array.from({length: tabs - 1}, (_, i) => ({
          uid: `p${i + 2}`,
          name: `Person ${i + 2}`,
        }));
        await window.__bench.groupCalls.startCall({people}, kind);
      },
      [MESH_TABS, type],
    );
    for (const [i, page] of pages.slice(1).entries()) {
      try {
        await page.click('.kit-incoming-call-accept-button', {timeout: 30000});
      } catch (error) {
        const why = String(error?.message ?? error).split('\n')[0];
        return {
          line: `${what}: not measured, tab p${i + 2} could not accept: ${why}`,
          failed: false,
        };
      }
    }
    const connectStarted = Date.now();
    for (const [i, page] of pages.entries()) {
      try {
        const timeout = Math.max(1000, connectStarted + MESH_CONNECT_WAIT - Date.now());
        await page.waitForFunction(meshPlays, [MESH_TABS - 1, type === 'video'], {
          timeout,
          polling: 250,
        });
      } catch {
        // Printed, not failed: on a machine too busy for six tabs of video the call may not connect in time.
        const states = [];
        for (const [j, each] of pages.entries()) {
          states.push(`p${j + 1}: ${await each.evaluate(meshState)}`);
        }
        return {
          line:
            `${what}: not measured, tab p${i + 1} did not play the others in ` +
            `${MESH_CONNECT_WAIT / 1000} s (${states.join('; ')})`,
          failed: errors.length > 0,
        };
      }
    }
    const connectedIn = Date.now() - connectStarted;
    const made = await Promise.all(pages.map(page => page.evaluate(() => window.__peers.length)));

    const cdp = await browser.newBrowserCDPSession();
    // The renderer processes (SystemInfo.getProcessInfo), and the CPU time of each from /proc (exact, where the
    // protocol's figure may lag).
    const renderers = async () => {
      const {processInfo} = await cdp.send('SystemInfo.getProcessInfo');
      return new Map(
        processInfo
          .filter(p => p.type === 'renderer')
          .map(p => [p.id, cpuSeconds(p.id, p.cpuTime)]),
      );
    };
    // Which renderer process is each tab's: the one whose CPU time grows by a moment of busy work in it.
    const pids = [];
    for (const page of pages) {
      const before = await renderers();
      await page.evaluate(burn, 400);
      const after = await renderers();
      const grown = [...after].map(([pid, cpu]) => [pid, cpu - (before.get(pid) ?? cpu)]);
      pids.push(grown.sort((a, b) => b[1] - a[1])[0]?.[0]);
    }
    await new Promise(done => setTimeout(done, 2000));
    const readers = [];
    for (const page of pages) {
      readers.push(await metricsReader(await context.newCDPSession(page), {task: 'TaskDuration'}));
    }
    const tasksBefore = await Promise.all(readers.map(read => read()));
    const cpuBefore = await renderers();
    const started = Date.now();
    await new Promise(done => setTimeout(done, MESH_WINDOW));
    const cpuAfter = await renderers();
    const tasksAfter = await Promise.all(readers.map(read => read()));
    const elapsed = Date.now() - started;
    const percent = value => (value / elapsed) * 100;
    const cpu = pids.map(pid => percent((cpuAfter.get(pid) - cpuBefore.get(pid)) * 1000));
    const main = tasksAfter.map((after, i) => percent(after.task - tasksBefore[i].task));
    const processes = new Set(pids).size;
    const shared =
      processes < pids.length ? `; ${processes} processes for the ${pids.length} tabs` : '';
    const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const list = values => values.map(value => value.toFixed(1)).join(' ');
    const line =
      `${what}: CPU per tab ${list(cpu)} % (median ${median(cpu).toFixed(1)} %; ` +
      `renderer process over ${(elapsed / 1000).toFixed(1)} s, % of one core, /proc` +
      `${shared}); main thread ${list(main)} % (median ${median(main).toFixed(1)} %; ` +
      `Performance.getMetrics TaskDuration); ${MESH_TABS - 1} connections per tab, all playing ` +
      `${(connectedIn / 1000).toFixed(1)} s after the accepts (connections made per tab ${made.join(' ')})` +
      (errors.length ? `; page errors: ${errors.length} (first: ${errors[0]})` : '');
    return {line, failed: errors.length > 0};
  } finally {
    await browser.close();
  }
}
