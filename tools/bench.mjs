// The benchmark of the call screens (`npm run bench`): size, latency and leaks, one line per figure.
//
//   node tools/bench.mjs [--no-build] [--size-only] [--rings N] [--cycles N]
//
// 1. size: builds projects/bench twice (`ng build bench -c with-kit` and `-c without-kit`, into dist/bench/<config>;
//    --no-build reuses them), sums gzip (level 9) and brotli (quality 11) of every emitted .js/.css (initial and
//    lazy), and prints what the library adds. Fails (exit 1) above tools/bench-budget.json.
// 2. latency: serves dist/bench/with-kit on 127.0.0.1 and drives Chromium (CHROME_PATH or /usr/bin/chromium) with
//    playwright-core. In the page: from the SDK's onIncomingCallReceived to the incoming screen painted (in the DOM,
//    then double requestAnimationFrame), and the same for MatDialog.open of a component of similar size, interleaved.
//    Then the main-thread work of each ring: script, style and layout time from Chromium's Performance.getMetrics
//    around each ring up to the screen painted, against the same around each MatDialog.open, with their ratio (the
//    double-rAF figure rounds to two frames, so it cannot tell a light ring from a heavy one). Printed only.
// 3. leaks: ring → cancel and ring → accept → end cycles; DOM elements, SDK listeners, overlay panes and JS heap
//    (after gc()) against a baseline taken after warm-up. The counts must come back to the baseline (exit 1
//    otherwise); heap growth is printed only.
// Exit: 0 when the size is within budget and the counts came back, whatever the timings; 1 over budget, on a count
// not back to its baseline or on a page error; 2 when the bench itself could not run (build, Chromium, time-out).
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import {dirname, extname, join, normalize, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist', 'bench');
const BUDGET_FILE = join(ROOT, 'tools', 'bench-budget.json');
const CONFIGS = ['with-kit', 'without-kit'];

const args = process.argv.slice(2);
const flag = name => args.includes(name);
const number = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RINGS = number('--rings', 60);
const WARMUP = 5;
const CYCLES = number('--cycles', 500);

let failed = false;

// ---------------------------------------------------------------- size

function build(config) {
  const ng = join(ROOT, 'node_modules', '.bin', 'ng');
  try {
    execFileSync(ng, ['build', 'bench', '-c', config], {
      cwd: ROOT,
      stdio: 'pipe',
      env: {...process.env, NG_CLI_ANALYTICS: 'false'},
    });
  } catch (error) {
    process.stderr.write(String(error.stdout ?? '') + String(error.stderr ?? ''));
    throw new Error(`ng build bench -c ${config} failed`);
  }
}

function assets(dir) {
  return readdirSync(dir, {recursive: true})
    .map(file => join(dir, String(file)))
    .filter(file => /\.(m?js|css)$/.test(file) && statSync(file).isFile())
    .sort();
}

function compressed(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, {level: 9}).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

function measureSize(config) {
  const dir = join(DIST, config, 'browser');
  if (!existsSync(dir)) {
    throw new Error(`${dir} is missing: run without --no-build`);
  }
  const total = {raw: 0, gzip: 0, brotli: 0, files: 0};
  for (const file of assets(dir)) {
    const size = compressed(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
    total.files++;
  }
  return total;
}

const kb = bytes => `${(bytes / 1024).toFixed(1)} KB`;

function size() {
  if (!flag('--no-build')) {
    for (const config of CONFIGS) {
      build(config);
    }
  }
  const [withKit, withoutKit] = CONFIGS.map(measureSize);
  const gzip = withKit.gzip - withoutKit.gzip;
  const brotli = withKit.brotli - withoutKit.brotli;
  const {addedGzipBytes: budget} = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  const verdict = gzip <= budget ? `within budget ${budget} B` : `OVER BUDGET ${budget} B`;
  console.log(
    `size: library adds ${gzip} B gzip (${brotli} B brotli, ${withKit.raw - withoutKit.raw} B minified) ` +
      `[with ${kb(withKit.gzip)} / without ${kb(withoutKit.gzip)} gzip, all .js/.css]; goal 25600 B; ${verdict}`,
  );
  if (gzip > budget) {
    failed = true;
  }
}

// ---------------------------------------------------------------- browser

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** A static server on 127.0.0.1 with the index as fallback. */
function serve(dir) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(dir, 'index.html');
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(readFileSync(file));
  });
  return new Promise(done => server.listen(0, '127.0.0.1', () => done(server)));
}

const median = values => quantile(values, 0.5);
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
const ms = value => value.toFixed(1);

/** Installed in the page: the helpers the measurements share. */
function installHelpers() {
  const b = window.__bench;
  const frame = () => new Promise(done => requestAnimationFrame(() => done()));
  // Resolves as soon as the predicate holds: checked on every DOM mutation and every few ms.
  const until = (predicate, timeoutMs = 10000) =>
    new Promise((done, fail) => {
      if (predicate()) return done();
      const check = () => {
        if (predicate()) {
          observer.disconnect();
          clearInterval(timer);
          clearTimeout(limit);
          done();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document, {subtree: true, childList: true, attributes: true});
      const timer = setInterval(check, 2);
      const limit = setTimeout(() => {
        observer.disconnect();
        clearInterval(timer);
        const state = {
          calls: b.overlay.openCalls.map(ref => `${ref.direction}:${ref.stage()}`),
          panes: document.querySelectorAll('.cdk-overlay-pane').length,
        };
        fail(new Error(`timed out waiting for ${predicate}: ${JSON.stringify(state)}`));
      }, timeoutMs);
    });
  const $ = selector => document.querySelector(selector);
  const idle = async () => {
    await until(() => b.overlay.openCalls.length === 0 && !$('.cdk-overlay-pane'));
    await frame();
  };
  // Resolves once an element is in the DOM and painted (double rAF): a screen's elements exist from the creation pass
  // of its component, before its first change detection, and a click there may not reach a started screen yet.
  const painted = async selector => {
    await until(() => $(selector));
    await frame();
    await frame();
    return $(selector);
  };
  const cycles = {
    cancel: async () => {
      const call = await b.switchboard.control.ring(b.peer, b.me, 'video');
      await painted('.kit-incoming-call-accept-button');
      await b.switchboard.control.cancel(call.sessionId);
      await idle();
    },
    acceptEnd: async () => {
      await b.switchboard.control.ring(b.peer, b.me, 'video');
      (await painted('.kit-incoming-call-accept-button')).click();
      (await painted('.kit-ongoing-call-end-call-button')).click();
      await idle();
    },
  };
  const counts = () => ({
    dom: document.getElementsByTagName('*').length,
    listeners: b.sdk.listenerCount,
    panes: document.querySelectorAll('.cdk-overlay-pane').length,
    calls: b.switchboard.calls().length,
  });
  b.helpers = {frame, until, $, idle, painted, cycles, counts};
}

/** In the page: `rings` interleaved samples of each, after `warmup` unrecorded ones. */
async function latencyInPage({rings, warmup}) {
  const b = window.__bench;
  const {frame, until, $, idle, painted} = b.helpers;
  let received = 0;
  // The time is taken as the SDK delivers the ring, before the kit's own listener sees it.
  const deliver = b.sdk._deliver.bind(b.sdk);
  b.sdk._deliver = (method, call) => {
    if (method === 'onIncomingCallReceived') {
      received = performance.now();
    }
    deliver(method, call);
  };
  const kit = [];
  const dialog = [];
  for (let i = 0; i < warmup + rings; i++) {
    const call = await b.switchboard.control.ring(b.peer, b.me, 'video');
    await painted('.kit-incoming-call-accept-button');
    const kitMs = performance.now() - received;
    await b.switchboard.control.cancel(call.sessionId);
    await idle();

    const opened = performance.now();
    const ref = b.openDialog();
    await painted('.bench-person-accept');
    const dialogMs = performance.now() - opened;
    ref.close();
    await new Promise(done => ref.afterClosed().subscribe(done));
    await until(() => !$('.cdk-overlay-pane'));
    await frame();
    if (i >= warmup) {
      kit.push(kitMs);
      dialog.push(dialogMs);
    }
  }
  b.sdk._deliver = deliver;
  return {kit, dialog};
}

/** In the page: one ring, from the far side's `ring()` to the incoming screen painted; returns its session id. */
async function kitRingInPage() {
  const b = window.__bench;
  const call = await b.switchboard.control.ring(b.peer, b.me, 'video');
  await b.helpers.painted('.kit-incoming-call-accept-button');
  return call.sessionId;
}

/** In the page: the caller hangs up, and the screen is gone. */
async function kitCancelInPage(sessionId) {
  const b = window.__bench;
  await b.switchboard.control.cancel(sessionId);
  await b.helpers.idle();
}

/** In the page: `MatDialog.open` of the person dialog up to its content painted. */
async function dialogOpenInPage() {
  const b = window.__bench;
  b.openRef = b.openDialog();
  await b.helpers.painted('.bench-person-accept');
}

/** In the page: the dialog closed, and its pane gone. */
async function dialogCloseInPage() {
  const b = window.__bench;
  const ref = b.openRef;
  ref.close();
  await new Promise(done => ref.afterClosed().subscribe(done));
  await b.helpers.until(() => !b.helpers.$('.cdk-overlay-pane'));
  await b.helpers.frame();
}

const WORK_METRICS = {script: 'ScriptDuration', style: 'RecalcStyleDuration', layout: 'LayoutDuration'};

/**
 * Main-thread work per ring: Chromium's cumulative script, style-recalc and layout durations
 * (`Performance.getMetrics`, on the renderer thread's clock) read before and after each ring up to the screen
 * painted, and the same around each `MatDialog.open`, interleaved. Both include the page's wait for the paint
 * (a MutationObserver, a 2 ms poll and two frames), the same on both sides; the kit's side also includes the
 * in-memory SDK routing the call. Closing is outside the window. Printed only.
 */
async function workPerRing(page, cdp) {
  try {
    await cdp.send('Performance.enable', {timeDomain: 'threadTicks'});
  } catch {
    await cdp.send('Performance.enable');
  }
  const read = async () => {
    const {metrics} = await cdp.send('Performance.getMetrics');
    const byName = Object.fromEntries(metrics.map(({name, value}) => [name, value]));
    return Object.fromEntries(
      Object.entries(WORK_METRICS).map(([key, name]) => [key, (byName[name] ?? 0) * 1000]),
    );
  };
  const delta = (after, before) => {
    const parts = Object.fromEntries(Object.keys(WORK_METRICS).map(k => [k, after[k] - before[k]]));
    return {...parts, total: parts.script + parts.style + parts.layout};
  };
  const kit = [];
  const dialog = [];
  for (let i = 0; i < WARMUP + RINGS; i++) {
    const k0 = await read();
    const sessionId = await page.evaluate(kitRingInPage);
    const k1 = await read();
    await page.evaluate(kitCancelInPage, sessionId);
    const d0 = await read();
    await page.evaluate(dialogOpenInPage);
    const d1 = await read();
    await page.evaluate(dialogCloseInPage);
    if (i >= WARMUP) {
      kit.push(delta(k1, k0));
      dialog.push(delta(d1, d0));
    }
  }
  await cdp.send('Performance.disable');
  const summary = samples =>
    `${ms(median(samples.map(s => s.total)))} ms (script ${ms(median(samples.map(s => s.script)))}, ` +
    `style ${ms(median(samples.map(s => s.style)))}, layout ${ms(median(samples.map(s => s.layout)))}; ` +
    `p95 ${ms(quantile(samples.map(s => s.total), 0.95))})`;
  const ratio = median(kit.map(s => s.total)) / median(dialog.map(s => s.total));
  return (
    `work per ring: kit ${summary(kit)}; MatDialog.open ${summary(dialog)}; ratio ${ratio.toFixed(2)} ` +
    `(medians, ${kit.length} rings each, main-thread script+style+layout from Performance.getMetrics)`
  );
}

async function settle(page, cdp) {
  await page.evaluate(async () => {
    await new Promise(done => setTimeout(done, 700)); // Backdrops fade out for up to 500 ms.
    await window.__bench.helpers.frame();
    for (let i = 0; i < 3; i++) window.gc();
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const {usedSize} = await cdp.send('Runtime.getHeapUsage');
  const counts = await page.evaluate(() => window.__bench.helpers.counts());
  return {...counts, heap: usedSize};
}

/**
 * `CYCLES` cycles of one kind after 5 warm-up ones, in two halves: the counts must be back to the baseline at the end;
 * the heap is read after each half, so the second half's slope (B/cycle) tells a steady growth from one-off costs
 * (compiled code, caches). The in-memory switchboard keeps every call it routed, by design, about 0.5 KB each.
 */
async function leaks(page, cdp, kind, label) {
  const run = cycles =>
    page.evaluate(
      async ({kind, cycles}) => {
        for (let i = 0; i < cycles; i++) await window.__bench.helpers.cycles[kind]();
      },
      {kind, cycles},
    );
  await run(5);
  const before = await settle(page, cdp);
  const started = Date.now();
  const half = Math.floor(CYCLES / 2);
  await run(half);
  const middle = await settle(page, cdp);
  await run(CYCLES - half);
  const seconds = (Date.now() - started) / 1000;
  const after = await settle(page, cdp);
  const diff = key => after[key] - before[key];
  const sign = value => (value >= 0 ? `+${value}` : `${value}`);
  const back = diff('dom') === 0 && diff('listeners') === 0 && diff('panes') === 0;
  if (!back) {
    failed = true;
  }
  const slope = Math.round((after.heap - middle.heap) / (CYCLES - half));
  return (
    `${label} ×${CYCLES}: dom ${sign(diff('dom'))} nodes, listeners ${sign(diff('listeners'))}, ` +
    `panes ${sign(diff('panes'))}, heap ${sign(Math.round(diff('heap') / 1024))} KB ` +
    `(second half ${sign(slope)} B/cycle; the switchboard keeps ${after.calls} calls) ` +
    `${back ? 'back to baseline' : 'NOT BACK TO BASELINE'} [${seconds.toFixed(1)} s]`
  );
}

async function browser() {
  let chromium;
  try {
    ({chromium} = await import('playwright-core'));
  } catch {
    throw new Error('playwright-core is missing: npm install');
  }
  const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `no Chromium at ${executablePath}: apt-get install -y chromium, or set CHROME_PATH`,
    );
  }
  const root = join(DIST, 'with-kit', 'browser');
  const server = await serve(root);
  const profile = mkdtempSync(join(tmpdir(), 'kit-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--js-flags=--expose-gc',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    page.on('console', message => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__bench?.overlay && typeof window.gc === 'function');
    await page.evaluate(installHelpers);
    const cdp = await context.newCDPSession(page);

    const {kit, dialog} = await page.evaluate(latencyInPage, {rings: RINGS, warmup: WARMUP});
    console.log(
      `latency: kit ring→paint median ${ms(median(kit))} ms p95 ${ms(quantile(kit, 0.95))} ms; ` +
        `MatDialog.open median ${ms(median(dialog))} ms p95 ${ms(quantile(dialog, 0.95))} ms; ` +
        `ratio ${(median(kit) / median(dialog)).toFixed(2)} (medians, ${kit.length} rings each, double rAF)`,
    );

    console.log(await workPerRing(page, cdp));

    const cancel = await leaks(page, cdp, 'cancel', 'ring→cancel');
    const acceptEnd = await leaks(page, cdp, 'acceptEnd', 'ring→accept→end');
    console.log(`leaks: ${cancel}; ${acceptEnd}`);
    if (errors.length) {
      console.log(`page errors: ${errors.length} (first: ${errors[0]})`);
      failed = true;
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, {recursive: true, force: true});
  }
}

try {
  size();
  if (!flag('--size-only')) {
    await browser();
  }
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 2;
}
if (failed && !process.exitCode) {
  process.exitCode = 1;
}
