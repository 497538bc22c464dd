// Janus's cost per room size (issue 35): N Chromium tabs, each publishing a fake camera (320×240) and microphone (Opus)
// into one VideoRoom and receiving every other member (kitJanusRoom, the room client of group calls, as
// e2e/janus/room.mjs bundles it), for N = 2, 4, 6. Once every tab decodes frames of every other one, Janus's CPU
// (utime + stime of its pid from /proc, as % of one core) and memory (VmRSS) are read over a 10 s window. Janus is
// started and stopped by the project's script (tools/janus/janus.sh); its API on 127.0.0.1. Printed, never asserted.
// The tabs run on the same two cores as Janus: their decoding (N × (N − 1) streams) is the limit here, not Janus.
// Then the fan-out (tools/bench-janus-fanout.mjs): one tab publishes, K simulated subscribers in this Node process
// (werift peer connections, no decoding) receive it, K growing until the subscribers stop getting what it sends.
//
//   npm run bench:janus     (BENCH_JANUS_SIZES=2,4,6 by default; BENCH_JANUS_WINDOW=10 seconds;
//                            BENCH_JANUS_FANOUT=10,25,50,100,200,300,350,400,500, empty for none)
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {JanusConnection} from './janus/janus-api.mjs';
import {janusToken} from './janus/janus-token.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const list = (value, fallback) => (value ?? fallback).split(',').filter(Boolean).map(Number);
const SIZES = list(process.env.BENCH_JANUS_SIZES, '2,4,6');
const FANOUT = list(process.env.BENCH_JANUS_FANOUT, '10,25,50,100,200,300,350,400,500');
const WINDOW_S = Number(process.env.BENCH_JANUS_WINDOW || 10);
/** How long every tab may take to decode every other member (the machine is small). */
const CONNECTED_WITHIN = 120_000;
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const env = {...process.env, KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-bench-'))};
const janusSh = (...args) =>
  execFileSync('bash', [join(ROOT, 'tools/janus/janus.sh'), ...args, '--name', 'bench'], {env})
    .toString()
    .trim();

/** A process's CPU time so far (s) and resident memory (MB), from /proc. */
function usage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  return {cpu, rss};
}

// Janus takes one RTP port per handle (bundled, one address): the fan-out's K subscribers need K of them (with
// 200 ports, the 200th subscriber's handle failed with "Error gathering candidates" and its join got no answer).
const url = janusSh(
  'start',
  '--port',
  String(17188 + (process.pid % 500)),
  '--rtp-ports',
  '22000-22999',
);
const dir = janusSh('dir');
const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
const secret = readFileSync(join(dir, 'token-secret'), 'utf8').trim();
const roomKey = readFileSync(join(dir, 'room-key'), 'utf8').trim();
const {bundle, serve} = await import('../e2e/janus/room.mjs');
const {launchSipBrowser} = await import('../e2e/sip/browser.mjs');
const site = await serve(await bundle());
const browser = await launchSipBrowser();
const idle = usage(pid);
console.log(`janus: ${url}, idle RSS ${idle.rss.toFixed(1)} MB`);
try {
  for (const size of SIZES) {
    const room = `bench-${size}-${Date.now().toString(36)}`;
    const api = await JanusConnection.open(url);
    const {send} = await api.videoRoom(janusToken(secret));
    await send({request: 'create', room, admin_key: roomKey, publishers: 9, is_private: true});
    api.close();
    const pages = [];
    for (let i = 0; i < size; i++) {
      const page = await browser.context.newPage();
      await page.goto(site.url);
      const options = {url, room, display: `member${i}`, token: janusToken(secret, {ttl: 600})};
      await page.evaluate(options => window.kitRoomTest.join(options), options);
      pages.push(page);
    }
    const started = Date.now();
    let connected = true;
    try {
      for (const page of pages) {
        await page.waitForFunction(
          others => {
            const frames = window.kitRoomTest.frames();
            return Object.values(frames).filter(count => count > 10).length >= others;
          },
          size - 1,
          {timeout: CONNECTED_WITHIN, polling: 200},
        );
      }
    } catch {
      connected = false;
    }
    const before = usage(pid);
    const decodedBefore = await Promise.all(
      pages.map(page => page.evaluate(() => window.kitRoomTest.frames())),
    );
    await new Promise(done => setTimeout(done, WINDOW_S * 1000));
    const after = usage(pid);
    const decodedAfter = await Promise.all(
      pages.map(page => page.evaluate(() => window.kitRoomTest.frames())),
    );
    const fps = decodedAfter.flatMap((counts, i) =>
      Object.entries(counts).map(([id, count]) => (count - (decodedBefore[i][id] ?? 0)) / WINDOW_S),
    );
    fps.sort((a, b) => a - b);
    const cpu = ((after.cpu - before.cpu) / WINDOW_S) * 100;
    console.log(
      `janus, ${size} publishers of 320×240 video and Opus in one room (${size * (size - 1)} video and as many ` +
        `audio streams forwarded): CPU ${cpu.toFixed(1)} % of one core, RSS ${after.rss.toFixed(1)} MB ` +
        `(+${(after.rss - idle.rss).toFixed(1)} over idle); ` +
        (connected
          ? `every tab decoded every other within ${((Date.now() - started) / 1000 - WINDOW_S).toFixed(1)} s`
          : `NOT every tab decoded every other within ${CONNECTED_WITHIN / 1000} s`) +
        `; frames received per stream per second: min ${fps[0]?.toFixed(1)}, median ${fps[Math.floor(fps.length / 2)]?.toFixed(1)}`,
    );
    for (const page of pages) {
      await page.evaluate(() => window.kitRoomTest.leave()).catch(() => {});
      await page.close();
    }
  }
  if (FANOUT.length) {
    const {fanoutFigures} = await import('./bench-janus-fanout.mjs');
    await fanoutFigures({
      url,
      secret,
      roomKey,
      browser,
      site,
      usage: () => usage(pid),
      sizes: FANOUT,
      window: WINDOW_S,
    });
  }
} finally {
  await browser.close();
  site.close();
  janusSh('stop');
  rmSync(env.KIT_JANUS_DIR, {recursive: true, force: true});
}
