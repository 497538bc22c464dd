// The benchmark of the call screens (`npm run bench`): size, latency and leaks, one line per figure.
//
//   node tools/bench.mjs [--no-build] [--build-only] [--budgeted] [--size-only] [--flood-only] [--group-only]
//                        [--work-only] [--rings N] [--cycles N] [--flood N]
//
// --build-only builds every bench app and stops: CI (.ci/run) builds them at the lowest priority beside its other
// runners, then measures with --no-build, the timings alone on the machine.
// --budgeted builds and measures only the apps with a budget and those the timings play (with-kit, without-kit,
// layout-only, with-waiting, with-group): CI's time is tight, and the costs of the opt-in parts (printed only, never
// gated) are what `npm run bench` adds to it, nine builds more.
// --work-only runs part 2 alone (latency and work per ring, in `with-kit`, built unless --no-build): the figures to
// compare while making a ring cheaper, in seconds where the whole bench takes many minutes.
//
// 1. size: builds projects/bench five times, two builds at a time (`ng build bench -c <config>`, into
//    dist/bench/<config>; --no-build reuses them): a small Material app with the kit (`with-kit`, provideKitUIKit)
//    and without it (`without-kit`), the same app with both screens in its template (`layout-only`,
//    provideKitCalls), and a plain app without Material with and without the kit (`plain-with-kit`,
//    `plain-without-kit`). Sums gzip (level 9) and brotli (quality 11) of every emitted .js/.css (initial and lazy)
//    and prints what the library adds to each app; from the hidden source maps of `with-kit`, the gzip of the
//    library's own code alone. Fails (exit 1) above tools/bench-budget.json, or when the layout-only app ships any
//    code of the overlay folder (overlay, auto ring, banners, notifications). The opt-in parts' costs, printed only,
//    against `with-kit`: `with-call-log` (withCallLog() and <kit-call-log>), `with-call-buttons`
//    (<kit-call-buttons>), `with-group` (withGroupCalls(), kit-chat-uikit-angular/group), `with-keypad` (withKeypad()), `with-preview` (withCallPreview()), `with-hold` (withHold()), `with-transfer` (withHold() and withTransfer()) and `with-look` (withHidingControls() and withDraggableSelfView(), with each one's own
//    code).
// 2. latency: serves dist/bench/with-kit on 127.0.0.1 and drives Chromium (CHROME_PATH or /usr/bin/chromium) with
//    playwright-core. In the page: from the SDK's onIncomingCallReceived to the incoming screen painted (in the DOM,
//    then double requestAnimationFrame), and the same for MatDialog.open of a component of similar size, interleaved.
//    Then the main-thread work of each ring: script, style and layout time from Chromium's Performance.getMetrics
//    around each ring up to the screen painted, against the same around each MatDialog.open, with their ratio (the
//    double-rAF figure rounds to two frames, so it cannot tell a light ring from a heavy one). Printed only.
// 3. leaks: ring → cancel and ring → accept → end cycles; DOM elements, SDK listeners, overlay panes and JS heap
//    (after gc()) against a baseline taken after warm-up. The counts must come back to the baseline (exit 1
//    otherwise); heap growth is printed only.
// 4. flood: in a `with-waiting` build (the `with-kit` app with `withCallWaiting()`, built only for this), a call is
//    accepted, then N rings (`--flood`, default 1000) arrive during it: the time until every ring is either in a
//    banner or answered busy, the banners on screen, DOM nodes and JS heap (after gc()) before and after; then the
//    far side cancels every call still waiting and the user hangs up: the time until no banner is left, and the DOM
//    nodes, which must be back to the baseline (exit 1 otherwise). Run twice: with the kit's default
//    `maxWaitingCalls` (1 banner), and with `maxWaitingCalls` N (every ring waits: the cost of ending many banners).
//    Timings printed only. `--flood-only` runs this part alone (on builds already there with --no-build).
// 5. group calls (tools/bench-group.mjs), in the `with-group` build: a ninth person joining a grid of eight, the
//    main thread's script and task time from the news of the join to the new tile painted; in the `with-mesh` build
//    (the in-memory SDK with media, tabs over a BroadcastChannel), a six-tab mesh video call in its own Chromium
//    with the fake camera: the CPU of each tab over ten seconds. Printed only.
//    `--group-only` runs this part alone (building `with-group` and `with-mesh` unless --no-build).
// Exit: 0 when the size is within budget and the counts came back, whatever the timings; 1 over budget, on a count
// not back to its baseline or on a page error; 2 when the bench itself could not run (build, Chromium, time-out).
import {execFile} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import {dirname, extname, join, normalize, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';
import {meshCall, metricsReader, ninthTile} from './bench-group.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist', 'bench');
const BUDGET_FILE = join(ROOT, 'tools', 'bench-budget.json');
const CONFIGS = ['with-kit', 'without-kit', 'layout-only', 'plain-with-kit', 'plain-without-kit'];
// Built for the flood figure (with-waiting) and for the costs of opt-in parts only (printed, no budget).
const BUILDS = [
  ...CONFIGS,
  'with-waiting',
  'with-call-log',
  'with-call-buttons',
  'with-look',
  'with-group',
  'with-keypad',
  'with-preview',
  'with-hold',
  'with-transfer',
];
// The sources of the optional look's two features, by feature.
const LOOK_SOURCES = {
  'withHidingControls()': /src\/ongoing-call\/hiding-controls/,
  'withDraggableSelfView()': /src\/ongoing-call\/(draggable-self-view|self-view-intl)/,
};

const args = process.argv.slice(2);
const flag = name => args.includes(name);
const number = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RINGS = number('--rings', 60);
const WARMUP = 5;
const CYCLES = number('--cycles', 250);
// What --budgeted builds: the budgeted apps, and the flood's and the ninth tile's.
const BUDGETED = flag('--budgeted');
const TO_BUILD = BUDGETED
  ? ['with-kit', 'without-kit', 'layout-only', 'with-waiting', 'with-group']
  : BUILDS;
const FLOOD = number('--flood', 1000);
const WORK_ONLY = flag('--work-only');

let failed = false;

// ---------------------------------------------------------------- size

// The size goals of the call-states issue (the 25 / 10 / 15 KB goals before them are retired).
const GOALS = {material: 31 * 1024, layoutOnly: 25 * 1024, ownCode: 22 * 1024};
// The library's own sources (the secondary entry points, such as the in-memory SDK, are counted apart).
const OWN_SOURCE = /projects\/kit-chat-uikit-angular\/src\//;
const IN_MEMORY_SOURCE = /projects\/kit-chat-uikit-angular\/in-memory\//;
// What a layout-only app must not ship: the overlay, the auto ring, the banners and the notifications.
const RINGER_SOURCE = /projects\/kit-chat-uikit-angular\/src\/overlay\//;

/** `ng build bench -c <config>`, asynchronously: the builds run two at a time (the CI machine has two cores). */
function build(config) {
  const ng = join(ROOT, 'node_modules', '.bin', 'ng');
  return new Promise((done, fail) => {
    execFile(
      ng,
      ['build', 'bench', '-c', config],
      {cwd: ROOT, env: {...process.env, NG_CLI_ANALYTICS: 'false'}, maxBuffer: 64 * 1024 * 1024},
      (error, stdout, stderr) => {
        if (error) {
          process.stderr.write(String(stdout ?? '') + String(stderr ?? ''));
          fail(new Error(`ng build bench -c ${config} failed`));
        } else {
          done();
        }
      },
    );
  });
}

async function buildAll(configs, concurrency = 2) {
  const queue = [...configs];
  const worker = async () => {
    while (queue.length) {
      await build(queue.shift());
    }
  };
  await Promise.all(Array.from({length: concurrency}, worker));
}

function browserDir(config) {
  const dir = join(DIST, config, 'browser');
  if (!existsSync(dir)) {
    throw new Error(`${dir} is missing: run without --no-build`);
  }
  return dir;
}

function assets(dir) {
  return readdirSync(dir, {recursive: true})
    .map(file => join(dir, String(file)))
    .filter(file => /\.(m?js|css)$/.test(file) && statSync(file).isFile())
    .sort();
}

const gzip = bytes => gzipSync(bytes, {level: 9}).length;

function compressed(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzip(bytes),
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

function measureSize(config) {
  const total = {raw: 0, gzip: 0, brotli: 0, files: 0};
  for (const file of assets(browserDir(config))) {
    const size = compressed(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
    total.files++;
  }
  return total;
}

const VLQ = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** The fields of one source-map segment (VLQ, relative values). */
function segmentFields(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/**
 * The emitted JavaScript of a build, cut by the source each piece was compiled from (its hidden source maps): a map
 * from source path to the pieces of minified code, in emitted order. Templates and component styles are compiled
 * into their component's code, so they count with it.
 */
function codeBySource(config) {
  const bySource = new Map();
  for (const file of assets(browserDir(config)).filter(file => /\.m?js$/.test(file))) {
    if (!existsSync(`${file}.map`)) {
      throw new Error(`${file}.map is missing: the ${config} build needs hidden source maps`);
    }
    const code = readFileSync(file, 'utf8').split('\n');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    let source = 0;
    map.mappings.split(';').forEach((line, index) => {
      const text = code[index] ?? '';
      let column = 0;
      let from = null;
      const segments = line ? line.split(',') : [];
      const cut = (to, next) => {
        if (from !== null) {
          const path = map.sources[from.source];
          if (!bySource.has(path)) {
            bySource.set(path, []);
          }
          bySource.get(path).push(text.slice(from.column, to));
        }
        from = next;
      };
      for (const segment of segments) {
        const fields = segmentFields(segment);
        column += fields[0];
        if (fields.length >= 4) {
          source += fields[1];
          // Lines and columns of the source are not needed, but they are relative: keep the decoder in step.
          cut(column, {source, column});
        } else {
          cut(column, null);
        }
      }
      cut(text.length, null);
    });
  }
  return bySource;
}

function sourcesMatching(bySource, pattern) {
  return [...bySource.keys()].filter(path => pattern.test(path.replaceAll('\\', '/')));
}

/** Raw and gzip bytes of the emitted code of some sources, gzipped together as they would travel. */
function ownCode(bySource, pattern) {
  const text = sourcesMatching(bySource, pattern)
    .flatMap(path => bySource.get(path))
    .join('');
  return {raw: Buffer.byteLength(text), gzip: gzip(Buffer.from(text))};
}

/**
 * The library's code per folder (`overlay`, `incoming-call`...), largest first: its raw emitted bytes, and its gzip
 * share, what the gzip of all the library's code loses without that folder (gzip shares the redundancy across
 * folders, so a folder costs less gzipped together than alone, and the shares add up to less than the whole).
 */
function ownCodeByFolder(bySource) {
  const folders = new Map();
  for (const path of sourcesMatching(bySource, OWN_SOURCE)) {
    const folder = path.replaceAll('\\', '/').split(OWN_SOURCE)[1].split('/')[0];
    if (!folders.has(folder)) {
      folders.set(folder, []);
    }
    folders.get(folder).push(...bySource.get(path));
  }
  const all = [...folders.values()].flat();
  const whole = gzip(Buffer.from(all.join('')));
  return [...folders]
    .map(([folder, pieces]) => {
      const rest = [...folders].filter(([other]) => other !== folder).flatMap(([, p]) => p);
      return {
        folder,
        raw: Buffer.byteLength(pieces.join('')),
        share: whole - gzip(Buffer.from(rest.join(''))),
      };
    })
    .sort((a, b) => b.share - a.share);
}

const kb = bytes => `${(bytes / 1024).toFixed(1)} KB`;

/** One size line; over its budget (when it has one) the run fails. */
function sizeLine(label, added, budget, goal, detail = '') {
  let verdict = 'reported only';
  if (budget !== undefined) {
    verdict = added <= budget ? `within budget ${budget} B` : `OVER BUDGET ${budget} B`;
    if (added > budget) {
      failed = true;
    }
  }
  console.log(
    `size: ${label}: ${added} B gzip${detail}; ${goal ? `goal ${goal} B; ` : ''}${verdict}`,
  );
}

function added(withKit, withoutKit) {
  const a = measureSize(withKit);
  const b = measureSize(withoutKit);
  return {
    gzip: a.gzip - b.gzip,
    detail:
      ` (${a.brotli - b.brotli} B brotli, ${a.raw - b.raw} B minified) ` +
      `[with ${kb(a.gzip)} / without ${kb(b.gzip)} gzip, all .js/.css]`,
  };
}

/** Builds every bench app, with how long it took. */
async function buildEvery() {
  const started = Date.now();
  await buildAll(TO_BUILD);
  console.log(
    `size: built ${TO_BUILD.length} bench apps in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** The sizes printed only: the plain app, and what each opt-in part adds to an app that names it. */
function optInSizes() {
  const plain = added('plain-with-kit', 'plain-without-kit');
  sizeLine(
    'library adds to a plain CLI-like app without Material (provideKitUIKit)',
    plain.gzip,
    undefined,
    undefined,
    plain.detail,
  );

  // An opt-in part's cost: what `withCallLog()` and `<kit-call-log>` add to the with-kit app (no budget).
  const callLog = added('with-call-log', 'with-kit');
  sizeLine(
    'the call log adds to the Material app (withCallLog() and <kit-call-log>, kit-chat-uikit-angular/call-log)',
    callLog.gzip,
    undefined,
    undefined,
    callLog.detail,
  );

  // An opt-in part costs nothing to an app that does not use it (the lines above); what it adds to one that does:
  const buttons = added('with-call-buttons', 'with-kit');
  sizeLine(
    '<kit-call-buttons> adds to the Material app (voice and video buttons of one person)',
    buttons.gzip,
    undefined,
    undefined,
    buttons.detail,
  );

  // The video call's optional look: only an app that names its features ships them. Each feature's share of the own
  // code: what the gzip of the library's code in that app loses without the feature's sources.
  const look = added('with-look', 'with-kit');
  const withLook = codeBySource('with-look');
  const lookOwn = ownCode(withLook, OWN_SOURCE).gzip;
  const without = source =>
    sourcesMatching(withLook, OWN_SOURCE)
      .filter(path => !source.test(path.replaceAll('\\', '/')))
      .flatMap(path => withLook.get(path))
      .join('');
  sizeLine(
    'withHidingControls() and withDraggableSelfView() add to the Material app when named',
    look.gzip,
    undefined,
    undefined,
    ` (${look.detail.trim()}; gzip share of the own code: ${Object.entries(LOOK_SOURCES)
      .map(([name, source]) => `${name} ${lookOwn - gzip(Buffer.from(without(source)))} B`)
      .join(', ')})`,
  );
  const keypad = added('with-keypad', 'with-kit');
  sizeLine(
    'withKeypad() adds to the Material app when named (the keypad, its tones, KitKeypadIntl)',
    keypad.gzip,
    undefined,
    undefined,
    keypad.detail,
  );
  const preview = added('with-preview', 'with-kit');
  sizeLine(
    'withCallPreview() adds to the Material app when named (the self view while it rings, Answer as voice, KitCallPreviewIntl)',
    preview.gzip,
    undefined,
    undefined,
    preview.detail,
  );
  const hold = added('with-hold', 'with-kit');
  sizeLine(
    'withHold() adds to the Material app when named (its rows, the hold button, KitHoldIntl)',
    hold.gzip,
    undefined,
    undefined,
    hold.detail,
  );
  const transfer = added('with-transfer', 'with-hold');
  sizeLine(
    'withTransfer() adds to the Material app with withHold() when named (its rows, the Transfer button and list, KitTransfer)',
    transfer.gzip,
    undefined,
    undefined,
    transfer.detail,
  );
}

async function size() {
  if (!flag('--no-build')) {
    await buildEvery();
  }
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));

  const material = added('with-kit', 'without-kit');
  sizeLine(
    'library adds to a small Material app (provideKitUIKit, screens through the overlay)',
    material.gzip,
    budget.addedGzipBytes,
    GOALS.material,
    material.detail,
  );
  const layout = added('layout-only', 'without-kit');
  sizeLine(
    'library adds to the same app, layout-only (provideKitCalls, both screens in its template)',
    layout.gzip,
    budget.layoutOnlyAddedGzipBytes,
    GOALS.layoutOnly,
    layout.detail,
  );
  if (!BUDGETED) {
    optInSizes();
  } else {
    console.log(
      'size: the plain app and the opt-in parts (call log, call buttons, the look, keypad, preview, hold, transfer) ' +
        'are not built with --budgeted: `npm run bench` prints their costs',
    );
  }
  const withKit = codeBySource('with-kit');
  const own = ownCode(withKit, OWN_SOURCE);
  const inMemory = ownCode(withKit, IN_MEMORY_SOURCE);
  sizeLine(
    "library's own code in the Material app (both screens, the ongoing screen, overlay, events, registry, sound)",
    own.gzip,
    budget.ownCodeGzipBytes,
    GOALS.ownCode,
    ` (${own.raw} B minified, from its source maps; the in-memory SDK apart: ${inMemory.gzip} B gzip)`,
  );
  console.log(
    `size: library's own code by folder (gzip share / minified B): ` +
      ownCodeByFolder(withKit)
        .map(({folder, raw, share}) => `${folder} ${share} / ${raw}`)
        .join(', '),
  );
  const group = added('with-group', 'with-kit');
  // The build turns the in-memory SDK's group calls on too (the grid's figure plays a call): their share apart.
  const inMemoryGroup = ownCode(codeBySource('with-group'), /in-memory\/in-memory-group/).gzip;
  sizeLine(
    'withGroupCalls() adds to the Material app when named (kit-chat-uikit-angular/group)',
    group.gzip,
    undefined,
    undefined,
    `${group.detail}; of which the in-memory SDK's group calls (kitInMemoryGroupCalls) ` +
      `${inMemoryGroup} B gzip alone`,
  );
  const layoutOnly = codeBySource('layout-only');
  const ringer = sourcesMatching(layoutOnly, RINGER_SOURCE);
  const layoutOwn = ownCode(layoutOnly, OWN_SOURCE);
  console.log(
    `size: layout-only app ships ${layoutOwn.gzip} B gzip of the library's own code (${layoutOwn.raw} B minified); ` +
      `overlay, auto ring, banner and notification code: ${ringer.length ? `SHIPPED (${ringer.join(', ')})` : 'none'}`,
  );
  if (ringer.length) {
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

/**
 * In the page: `MatDialog.open` of the person dialog up to its content painted. It opens from a task of the page
 * (`setTimeout`), as the ring reaches the kit from the SDK's task: Chromium's `ScriptDuration` does not count script
 * run straight from the DevTools protocol's `Runtime.evaluate` (a 5 ms busy loop there reads 0 ms, the same loop in a
 * `setTimeout` 3–5 ms), so a dialog opened inside `page.evaluate` had its own open left out of the comparison.
 */
async function dialogOpenInPage() {
  const b = window.__bench;
  await new Promise(done =>
    setTimeout(() => {
      b.openRef = b.openDialog();
      done();
    }),
  );
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

const WORK_METRICS = {
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
};

/**
 * Main-thread work per ring: Chromium's cumulative script, style-recalc and layout durations
 * (`Performance.getMetrics`, on the renderer thread's clock) read before and after each ring up to the screen
 * painted, and the same around each `MatDialog.open`, interleaved. Both include the page's wait for the paint
 * (a MutationObserver, a 2 ms poll and two frames), the same on both sides; the kit's side also includes the
 * in-memory SDK's delivery of the call. Both open from a task of the page (the SDK's delivery, a `setTimeout` for the
 * dialog): what runs straight from `page.evaluate` is not counted. Closing is outside the window. Both move the focus into what they open in its first
 * frame (the bench opens the dialog with `delayFocusTrap: false`): that focus forces a style and layout pass, about
 * 2 ms here, which MatDialog by default does after its open animation, outside the window. Printed only.
 */
async function workPerRing(page, cdp) {
  const read = await metricsReader(cdp, WORK_METRICS);
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
    `p95 ${ms(
      quantile(
        samples.map(s => s.total),
        0.95,
      ),
    )})`;
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
 * (compiled code, caches). The in-memory switchboard keeps the outcome of its 200 newest ended calls.
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

/**
 * In the page of the `with-waiting` build: a call accepted, then `count` rings during it, all at once as a flood
 * comes. Settled once every ring reached the kit and is either in a banner or answered busy (the kit's
 * `rejectCall(id, 'busy')`), and two frames painted. Returns the call's session id, the flood's, and the figures.
 */
async function floodInPage({count, timeoutMs}) {
  const b = window.__bench;
  const {frame, until, idle, painted} = b.helpers;
  const nodes = () => document.getElementsByTagName('*').length;
  const banners = () => document.querySelectorAll('kit-call-waiting').length;
  // After one call, as the leak loops: the overlay container and the live announcer exist from the first call on.
  await b.helpers.cycles.acceptEnd();
  const baseline = nodes();
  const current = await b.switchboard.control.ring(b.peer, b.me, 'video');
  (await painted('.kit-incoming-call-accept-button')).click();
  await painted('.kit-ongoing-call-end-call-button');
  const during = nodes();
  // Counted where the kit meets its SDK: what reached it, and what it answered busy.
  let received = 0;
  let busy = 0;
  const deliver = b.sdk._deliver.bind(b.sdk);
  b.sdk._deliver = (method, call) => {
    received += method === 'onIncomingCallReceived' ? 1 : 0;
    deliver(method, call);
  };
  const reject = b.sdk.rejectCall.bind(b.sdk);
  b.sdk.rejectCall = (sessionId, status) => {
    busy += status === 'busy' ? 1 : 0;
    return reject(sessionId, status);
  };
  try {
    const started = performance.now();
    const rings = [];
    for (let i = 0; i < count; i++) {
      rings.push(
        b.switchboard.control.ring({uid: `flood-${i}`, name: `Flood ${i}`}, b.me, 'audio'),
      );
    }
    const calls = await Promise.all(rings);
    await until(() => received === count && banners() + busy >= count, timeoutMs);
    await frame();
    await frame();
    const settledMs = performance.now() - started;
    return {
      current: current.sessionId,
      flood: calls.map(call => call.sessionId),
      baseline,
      during,
      settledMs,
      banners: banners(),
      busy,
      settledNodes: nodes(),
    };
  } finally {
    b.sdk._deliver = deliver;
    b.sdk.rejectCall = reject;
  }
}

/**
 * In the page: the far side cancels the flood calls still ringing one after the other, as callers give up, each once
 * the banner before it left the DOM; then the user hangs up. Each cancel starts from a task of its own (a message),
 * so that the browser's clamp of nested timers (4 ms from the fifth level) does not add to the figure.
 */
async function floodEndInPage({current, flood, timeoutMs}) {
  const b = window.__bench;
  const {until, idle, painted} = b.helpers;
  const banners = () => document.querySelectorAll('kit-call-waiting').length;
  const ringing = flood.filter(id => b.switchboard.getCall(id)?.status === 'initiated');
  const channel = new MessageChannel();
  const task = () =>
    new Promise(done => {
      channel.port1.onmessage = done;
      channel.port2.postMessage(0);
    });
  const started = performance.now();
  for (const id of ringing) {
    const left = banners();
    await task();
    await b.switchboard.control.cancel(id);
    await until(() => banners() < left, timeoutMs);
  }
  const endedMs = performance.now() - started;
  (await painted('.kit-ongoing-call-end-call-button')).click();
  await idle();
  return {ended: ringing.length, endedMs, current};
}

/** One flood run in a fresh page of the `with-waiting` build; `query` sets its `maxWaitingCalls`. */
async function flood(context, port, query, label) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => message.type() === 'error' && errors.push(message.text()));
  try {
    await page.goto(`http://127.0.0.1:${port}/${query}`);
    await page.waitForFunction(() => window.__bench?.overlay && typeof window.gc === 'function');
    await page.evaluate(installHelpers);
    const cdp = await context.newCDPSession(page);
    const timeoutMs = 600_000;
    const before = await settle(page, cdp);
    const run = await page.evaluate(floodInPage, {count: FLOOD, timeoutMs});
    const flooded = await settle(page, cdp);
    const end = await page.evaluate(floodEndInPage, {...run, timeoutMs});
    const after = await settle(page, cdp);
    const back = after.dom === run.baseline && after.panes === 0;
    if (!back || errors.length) {
      failed = true;
    }
    const heap = bytes => `${bytes >= 0 ? '+' : ''}${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `flood (${label}): ${FLOOD} rings during a call settled in ${ms(run.settledMs)} ms: ` +
        `${run.banners} banner(s) on screen, ${run.busy} answered busy; dom ${run.baseline} nodes idle, ` +
        `${run.during} in the call, ${run.settledNodes} flooded, ${after.dom} after all ended ` +
        `${back ? '(back to baseline)' : '(NOT BACK TO BASELINE)'}; heap ${heap(flooded.heap - before.heap)} ` +
        `flooded, ${heap(after.heap - before.heap)} after; ending the ${end.ended} waiting one by one took ` +
        `${ms(end.endedMs)} ms (${ms(end.endedMs / Math.max(1, end.ended))} ms each); the switchboard keeps ${after.calls} calls` +
        (errors.length ? `; page errors: ${errors.length} (first: ${errors[0]})` : ''),
    );
  } finally {
    await page.close();
  }
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
  const groupOnly = flag('--group-only');
  const server = await serve(join(DIST, 'with-kit', 'browser'));
  // --work-only plays `with-kit` alone: the other builds need not be there.
  const floodServer = await serve(groupOnly || WORK_ONLY ? DIST : browserDir('with-waiting'));
  const groupServer = await serve(WORK_ONLY ? DIST : browserDir('with-group'));
  const meshServer = await serve(groupOnly ? browserDir('with-mesh') : DIST);
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
    if (!flag('--flood-only')) {
      await ringsAndLeaks(context, server.address().port);
      if (WORK_ONLY) {
        return;
      }
      const grid = await ninthTile(context, groupServer.address().port);
      console.log(grid.line);
      failed ||= grid.failed;
      // Six tabs of video connecting over a minute or two on a busy machine: measured with --group-only alone, which
      // builds `with-mesh` (CI's run leaves it out, for its time).
      // A voice call first (five Opus streams in and out of each tab), then a video one (five pictures too).
      if (groupOnly) {
        for (const type of ['audio', 'video']) {
          const mesh = await meshCall(chromium, executablePath, meshServer.address().port, type);
          console.log(mesh.line);
          failed ||= mesh.failed;
        }
      } else {
        console.log(
          'six-tab mesh call: measured by `npm run bench -- --group-only` (not in this run)',
        );
      }
    }
    if (groupOnly) {
      return;
    }
    const port = floodServer.address().port;
    await flood(context, port, '', 'maxWaitingCalls default');
    await flood(context, port, `?maxWaitingCalls=${FLOOD}`, `maxWaitingCalls ${FLOOD}`);
  } finally {
    await context.close();
    server.close();
    floodServer.close();
    groupServer.close();
    meshServer.close();
    rmSync(profile, {recursive: true, force: true});
  }
}

/** Latency, work per ring and leaks, in the `with-kit` build. */
async function ringsAndLeaks(context, port) {
  if (flag('--group-only')) {
    return;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await ringsAndLeaksIn(page, context, port);
  } finally {
    // Closed before the flood's page opens: a page behind another one is a background page, whose timers and
    // frames Chromium slows down (the flood's figures came out several times slower with this page still open).
    await page.close();
  }
}

async function ringsAndLeaksIn(page, context, port) {
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`http://127.0.0.1:${port}/`);
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

  if (!WORK_ONLY) {
    const cancel = await leaks(page, cdp, 'cancel', 'ring→cancel');
    const acceptEnd = await leaks(page, cdp, 'acceptEnd', 'ring→accept→end');
    console.log(`leaks: ${cancel}; ${acceptEnd}`);
  }
  if (errors.length) {
    console.log(`page errors: ${errors.length} (first: ${errors[0]})`);
    failed = true;
  }
}

try {
  if (flag('--build-only')) {
    await buildEvery();
  } else if (WORK_ONLY) {
    if (!flag('--no-build')) {
      await buildAll(['with-kit']);
    }
  } else if (!flag('--flood-only') && !flag('--group-only')) {
    await size();
  } else if (!flag('--no-build')) {
    await buildAll(flag('--group-only') ? ['with-group', 'with-mesh'] : ['with-waiting']);
  }
  if (!flag('--size-only') && !flag('--build-only')) {
    await browser();
  }
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 2;
}
if (failed && !process.exitCode) {
  process.exitCode = 1;
}
