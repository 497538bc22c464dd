// The fan-out part of `npm run bench:janus` (issue 35): how many subscribers of one publisher Janus serves on this
// machine. One Chromium tab publishes a fake 320×240 camera and Opus into a room (kitJanusRoom, as in the sizes
// part); K simulated subscribers in this Node process (tools/janus/fanout-subscribers.mjs: werift peer connections
// with DTLS-SRTP, counting RTP, no decoding) receive its audio and video, K growing step by step. For each K, over
// the window: Janus's CPU and RSS (/proc), this Node process's CPU (the subscribers), the whole machine's busy
// share (/proc/stat), the publisher's sent rates (its outbound-rtp stats), and each subscriber's received rates. A
// subscriber "gets it all" when it receives at least 90 % of the packets per second the publisher sends, audio and
// video; K holds when every subscriber does and the tab still sends 90 % of the video frames per second it sent at
// the first K (else the machine starves the publisher and the share is of less; its packets per second vary with
// the picture, its frames per second do not). The steps stop at the first K that
// does not hold. Printed, never asserted. The subscribers, the publishing tab and Janus share the same two cores.
import {readFileSync} from 'node:fs';
import {janusToken} from './janus/janus-token.mjs';
import {fanout} from './janus/fanout-subscribers.mjs';

/** A subscriber gets it all at this share of what the publisher sends. */
const FULL = 0.9;
/** How long the subscribers just added may take to receive their first audio and video packets. */
const FLOWING_WITHIN = 30_000;

/**
 * The machine's CPU time so far, busy and total (jiffies, every core), from /proc/stat; and the UDP datagrams this
 * network namespace dropped because a socket's receive buffer was full (/proc/net/snmp: a receiver, here the
 * subscribers, did not read them in time).
 */
function machine() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const numbers = ticks.map(Number);
  const idle = numbers[3] + numbers[4]; // idle, iowait
  const total = numbers.reduce((sum, n) => sum + n, 0);
  const [names, values] = readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter(line => line.startsWith('Udp:'))
    .map(line => line.split(/\s+/));
  return {busy: total - idle, total, dropped: Number(values[names.indexOf('RcvbufErrors')])};
}

/** Runs in the publishing tab before its scripts: a record of its peer connections, for their stats. */
function recordPeers() {
  const Native = window.RTCPeerConnection;
  window.__benchPeers = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__benchPeers.push(this);
    }
  };
}

/** What the tab has sent so far, by kind: packets, payload bytes and (video) frames (outbound-rtp). */
function sentSoFar() {
  return Promise.all(window.__benchPeers.map(peer => peer.getStats())).then(reports => {
    const sent = {audio: {packets: 0, bytes: 0}, video: {packets: 0, bytes: 0, frames: 0}};
    for (const report of reports) {
      report.forEach(entry => {
        if (entry.type === 'outbound-rtp' && sent[entry.kind]) {
          sent[entry.kind].packets += entry.packetsSent;
          sent[entry.kind].bytes += entry.bytesSent;
          sent[entry.kind].frames += entry.framesSent ?? 0;
        }
      });
    }
    return sent;
  });
}

const rates = (after, before, seconds) =>
  Object.fromEntries(
    ['audio', 'video'].map(kind => [
      kind,
      {
        pps: (after[kind].packets - (before?.[kind].packets ?? 0)) / seconds,
        kbps: ((after[kind].bytes - (before?.[kind].bytes ?? 0)) * 8) / seconds / 1000,
      },
    ]),
  );

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Prints the fan-out figures, one line per K.
 * @param {object} bench The sizes part's Janus (`url`, `secret`, `roomKey`, `usage()` of its pid), its Chromium
 *   (`browser`) and page (`site`), the K to try (`sizes`) and the window in seconds (`window`).
 */
export async function fanoutFigures({url, secret, roomKey, browser, site, usage, sizes, window}) {
  const {JanusConnection} = await import('./janus/janus-api.mjs');
  const room = `fanout-${Date.now().toString(36)}`;
  const api = await JanusConnection.open(url);
  const {send} = await api.videoRoom(janusToken(secret));
  await send({request: 'create', room, admin_key: roomKey, publishers: 1, is_private: true});
  const page = await browser.context.newPage();
  await page.addInitScript(recordPeers);
  await page.goto(site.url);
  const options = {url, room, display: 'publisher', token: janusToken(secret, {ttl: 600})};
  const feed = await page.evaluate(options => window.kitRoomTest.join(options), options);
  // A feed can be subscribed to once its media is up (Janus answers 428, no such feed, before).
  const deadline = Date.now() + FLOWING_WITHIN;
  const publishing = async () =>
    (await send({request: 'listparticipants', room})).participants?.some(
      member => member.id === feed && member.publisher,
    );
  while (!(await publishing()) && Date.now() < deadline) {
    await new Promise(done => setTimeout(done, 200));
  }
  api.close();
  const subscribers = fanout({url, room, feed, token: () => janusToken(secret, {ttl: 60})});
  const idle = usage();
  console.log(
    `janus fan-out: one tab publishes 320×240 video and Opus; K subscribers are werift ${werift()} peer ` +
      `connections in this Node process (DTLS-SRTP, RTP counted, not decoded); ${window} s windows`,
  );
  let held = 0;
  /** The tab's video frames per second at the first K. */
  let first;
  try {
    for (const k of sizes) {
      const joinStarted = Date.now();
      await subscribers.grow(k);
      const joinSeconds = (Date.now() - joinStarted) / 1000;
      const flowing = await allFlowing(subscribers);
      const before = {
        janus: usage(),
        node: process.cpuUsage(),
        machine: machine(),
        sent: await page.evaluate(sentSoFar),
        received: subscribers.snapshot(),
      };
      const startedAt = performance.now();
      await new Promise(done => setTimeout(done, window * 1000));
      const after = {
        janus: usage(),
        node: process.cpuUsage(before.node),
        machine: machine(),
        sent: await page.evaluate(sentSoFar),
        received: subscribers.snapshot(),
      };
      const seconds = (performance.now() - startedAt) / 1000;
      const sent = rates(after.sent, before.sent, seconds);
      const got = after.received.map((counts, i) => rates(counts, before.received[i], seconds));
      const full = got.filter(
        rate => rate.audio.pps >= FULL * sent.audio.pps && rate.video.pps >= FULL * sent.video.pps,
      ).length;
      const some = got.filter(rate => rate.audio.pps > 0 && rate.video.pps > 0).length;
      const videoPps = got.map(rate => rate.video.pps);
      const busy = after.machine.busy - before.machine.busy;
      const fps = (after.sent.video.frames - before.sent.video.frames) / seconds;
      first ??= fps;
      const sending = fps / first;
      const holds = full === k && subscribers.failed.length === 0 && sending >= FULL;
      console.log(
        `  K = ${k}: ${holds ? 'holds' : 'DOES NOT HOLD'}; janus CPU ` +
          `${(((after.janus.cpu - before.janus.cpu) / seconds) * 100).toFixed(1)} % of one core, RSS ` +
          `${after.janus.rss.toFixed(1)} MB (+${(after.janus.rss - idle.rss).toFixed(1)}); node (the ` +
          `subscribers) ${(((after.node.user + after.node.system) / 1e6 / seconds) * 100).toFixed(1)} %; ` +
          `machine ${((busy / (after.machine.total - before.machine.total)) * 100).toFixed(0)} % busy ` +
          `(2 cores), UDP dropped at full receive buffers ` +
          `${((after.machine.dropped - before.machine.dropped) / seconds).toFixed(0)}/s; publisher sends video ${sent.video.pps.toFixed(1)} packets/s ` +
          `(${sent.video.kbps.toFixed(0)} kbit/s, ${fps.toFixed(1)} frames/s: ` +
          `${(sending * 100).toFixed(0)} % of its rate at the first K), audio ${sent.audio.pps.toFixed(1)} packets/s; per ` +
          `subscriber video packets/s min ${Math.min(...videoPps).toFixed(1)}, median ` +
          `${median(videoPps).toFixed(1)} (${median(got.map(rate => rate.video.kbps)).toFixed(0)} ` +
          `kbit/s), audio median ${median(got.map(rate => rate.audio.pps)).toFixed(1)}; ${full} of ${k} ` +
          `get ≥ ${FULL * 100} % of both, ${some} get some media` +
          (subscribers.failed.length
            ? `, ${subscribers.failed.length} did not connect (${subscribers.failed[0]})`
            : '') +
          `; joining took ${joinSeconds.toFixed(1)} s` +
          (flowing ? '' : `; not every subscriber had media ${FLOWING_WITHIN / 1000} s after`),
      );
      if (!holds) {
        break;
      }
      held = k;
    }
    console.log(
      held === sizes.at(-1)
        ? `janus fan-out: every K tried held, up to ${held} subscribers (try larger ones)`
        : `janus fan-out: the largest K that held: ${held || 'none'}`,
    );
  } finally {
    subscribers.close();
    await page.evaluate(() => window.kitRoomTest.leave()).catch(() => {});
    await page.close();
  }
}

/** Waits until every subscriber receives audio and video; false if some still do not after FLOWING_WITHIN. */
async function allFlowing(subscribers) {
  const deadline = Date.now() + FLOWING_WITHIN;
  const flowing = () =>
    subscribers.snapshot().every(counts => counts.audio.packets > 0 && counts.video.packets > 0);
  while (!flowing() && Date.now() < deadline) {
    await new Promise(done => setTimeout(done, 200));
  }
  return flowing();
}

/** The werift version installed, to say which client played the subscribers. */
function werift() {
  const manifest = new URL('../node_modules/werift/package.json', import.meta.url);
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}
