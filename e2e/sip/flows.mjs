// The SIP flows: two (or three) tabs of the demo in SIP mode ring each other through Kamailio, with real media.
// Each test gets `open(user, options)` (a registered tab), `proxy` (the WebSocket URL of the single proxy) and
// `proxies` (to restart it). The `edge` tests run the same flows across two edges and one registrar.
import {join} from 'node:path';
import {SEL, expect} from '../harness.mjs';

const NAMES = {grace: 'Grace Hopper', linus: 'Linus Torvalds', ada: 'Ada Lovelace'};

/** `from` calls `to` from the contacts list; `to`'s incoming screen shows the caller. */
export async function ring(from, to, {type = 'voice', callees = [to]} = {}) {
  await from.click(`call-${type}-${to.who}`);
  await from.visible(SEL.outgoing);
  for (const callee of callees) {
    await callee.visible(SEL.incoming, 8000);
    await callee.textIs(SEL.incomingTitle, NAMES[from.who]);
  }
}

/** `to` accepts; both tabs show the ongoing screen. */
export async function answer(from, to) {
  await to.page.click(SEL.accept);
  await to.visible(SEL.ongoing, 8000);
  await from.visible(SEL.ongoing, 8000);
  await from.gone(SEL.outgoing);
}

/** Records the statuses of `onIncomingCallCancelled` that the tab's SIP adapter reports. */
async function recordCancels(tab) {
  await tab.page.evaluate(() => {
    window.__cancels = [];
    window.kitDemoSip.addCallListener('e2e-cancels', {
      onIncomingCallCancelled: call => window.__cancels.push(call.status),
    });
  });
}

/** Waits until the tab's adapter reported a cancel with `status` (read from the CANCEL's Reason header). */
async function cancelledAs(tab, status) {
  await tab.page
    .waitForFunction(want => window.__cancels.includes(want), status, {timeout: 5000})
    .catch(async () => {
      const seen = await tab.page.evaluate(() => window.__cancels);
      throw new Error(`${tab.who}'s tab should hear "${status}", heard ${JSON.stringify(seen)}`);
    });
}

/** Records the statuses of `onOutgoingCallRejected` that the tab's SIP adapter reports. */
async function recordRejects(tab) {
  await tab.page.evaluate(() => {
    window.__rejects = [];
    window.kitDemoSip.addCallListener('e2e-rejects', {
      onOutgoingCallRejected: call => window.__rejects.push(call.status),
    });
  });
}

/** Waits until the tab's adapter reported an outgoing call rejected with `status`. */
async function rejectedAs(tab, status, timeout = 5000) {
  await tab.page
    .waitForFunction(want => window.__rejects.includes(want), status, {timeout})
    .catch(async () => {
      const seen = await tab.page.evaluate(() => window.__rejects);
      throw new Error(`${tab.who}'s tab should hear "${status}", heard ${JSON.stringify(seen)}`);
    });
}

/** Both tabs' screens are gone and both logged the end. */
export async function bothEnded(a, b) {
  for (const tab of [a, b]) {
    await tab.gone(SEL.anyScreen, 8000);
    await tab.event('ccCallEnded');
  }
}

/** Waits until `holds()` is true (polled), or fails with `what`. */
async function until(holds, what, timeout = 8000) {
  const deadline = Date.now() + timeout;
  while (!(await holds())) {
    if (Date.now() > deadline) {
      throw new Error(what());
    }
    await new Promise(done => setTimeout(done, 200));
  }
}

/** Whether the registrar `name` holds a registration of `user` (kamcmd ul.lookup). */
function holds(proxies, name, user) {
  return /Contact|Address/i.test(proxies.rpc(name, 'ul.lookup', 'location', `${user}@kit.test`));
}

/** Whether the edge `edge` sees the registrar on `port` as up (the dispatcher's flags: A = active). */
function sees(proxies, edge, port, up) {
  const list = proxies.rpc(edge, 'dispatcher.list');
  const flags = new RegExp(`127\\.0\\.0\\.1:${port}[^]*?FLAGS:\\s*(\\w+)`).exec(list)?.[1] ?? '';
  return up ? flags.startsWith('A') : !flags.startsWith('A');
}

/**
 * Two registrars share the registrations (dmq + dmq_usrloc) behind the edges; one is killed mid-run and comes back.
 * @param {(user: string) => string} proxyOf Each tab's edge.
 */
export function registrarFailover(proxyOf) {
  return {
    name: 'two registrars: one killed mid-run, no registration lost, calls still ring, its return resyncs',
    timeout: 90000,
    fn: async ({open, proxies}) => {
      const grace = await open('grace', {proxy: proxyOf('grace')});
      const linus = await open('linus', {proxy: proxyOf('linus')});
      for (const user of ['grace', 'linus']) {
        for (const registrar of ['registrarA', 'registrarB']) {
          await until(
            () => holds(proxies, registrar, user),
            () => `${registrar} does not hold ${user}'s registration`,
          );
        }
      }
      const portA = proxies.running.get('registrarA').port;
      const portB = proxies.running.get('registrarB').port;
      proxies.stop('registrarA');
      try {
        // At once, before the edges' probes notice: the edge moves the INVITE to registrar B. Both registered
        // through registrar A (the edges' first choice): registrar B rings them all the same.
        await ring(grace, linus);
        for (const edge of ['edgeA', 'edgeB']) {
          await until(
            () => sees(proxies, edge, portA, false),
            () => `${edge} still counts the stopped registrar as up`,
          );
        }
        await answer(grace, linus);
        await linus.mediaFlows('audio');
        await grace.page.click(SEL.ongoingEnd);
        await bothEnded(grace, linus);
      } finally {
        await proxies.start('registrarA');
      }
      // Back: registrar A asks B for every registration; then B goes away and A alone rings Linus.
      for (const user of ['grace', 'linus']) {
        await until(
          () => holds(proxies, 'registrarA', user),
          () => `registrar A did not get ${user}'s registration back after its restart`,
        );
      }
      for (const edge of ['edgeA', 'edgeB']) {
        await until(
          () => sees(proxies, edge, portA, true),
          () => `${edge} does not use the restarted registrar`,
        );
      }
      proxies.stop('registrarB');
      try {
        for (const edge of ['edgeA', 'edgeB']) {
          await until(
            () => sees(proxies, edge, portB, false),
            () => `${edge} still sends to the stopped registrar B`,
          );
        }
        await ring(grace, linus);
        await grace.page.click(SEL.outgoingEnd);
        await linus.gone(SEL.incoming, 6000);
      } finally {
        await proxies.start('registrarB');
      }
    },
  };
}

/** The core flows, for the single proxy and for the edges (`proxyOf(user)` picks each tab's proxy). */
export function coreFlows(prefix, proxyOf) {
  return [
    {
      name: `${prefix}accept → media flows both ways → the caller hangs up`,
      fn: async ({open}) => {
        const grace = await open('grace', {proxy: proxyOf('grace')});
        const linus = await open('linus', {proxy: proxyOf('linus')});
        await ring(grace, linus);
        await answer(grace, linus);
        await grace.mediaFlows('audio');
        await linus.mediaFlows('audio');
        await grace.page.click(SEL.ongoingEnd);
        await bothEnded(grace, linus);
      },
    },
    {
      name: `${prefix}accept → the callee hangs up`,
      fn: async ({open}) => {
        const grace = await open('grace', {proxy: proxyOf('grace')});
        const linus = await open('linus', {proxy: proxyOf('linus')});
        await ring(grace, linus);
        await answer(grace, linus);
        await linus.mediaFlows('audio');
        await linus.page.click(SEL.ongoingEnd);
        await bothEnded(grace, linus);
      },
    },
    {
      name: `${prefix}decline (603): the caller sees "Call declined"`,
      fn: async ({open}) => {
        const grace = await open('grace', {proxy: proxyOf('grace')});
        const linus = await open('linus', {proxy: proxyOf('linus')});
        await ring(grace, linus);
        await linus.page.click(SEL.reject);
        await linus.gone(SEL.incoming);
        await grace.textIs(SEL.outgoingStatus, 'Call declined', 6000);
        await grace.gone(SEL.outgoing, 8000);
        const events = await grace.events();
        expect(!events.includes('ccCallAccepted'), `a declined call was accepted: ${events}`);
      },
    },
    {
      name: `${prefix}the caller cancels: the callee stops ringing`,
      fn: async ({open}) => {
        const grace = await open('grace', {proxy: proxyOf('grace')});
        const linus = await open('linus', {proxy: proxyOf('linus')});
        await ring(grace, linus);
        await grace.page.click(SEL.outgoingEnd);
        await grace.gone(SEL.outgoing);
        await linus.gone(SEL.incoming, 6000);
        const events = await linus.events();
        expect(!events.includes('ccCallAccepted'), `a cancelled call was accepted: ${events}`);
      },
    },
  ];
}

export const sipFlows = [
  ...coreFlows('', () => undefined),
  {
    name: 'over WSS (TLS): accept → media flows both ways → the callee hangs up',
    fn: async ({open, proxies}) => {
      const wss = proxies.running.get('single').wssUrl;
      expect(wss?.startsWith('wss://'), `no WSS listener: ${wss}`);
      const grace = await open('grace', {proxy: wss});
      const linus = await open('linus', {proxy: wss});
      await ring(grace, linus);
      await answer(grace, linus);
      await grace.mediaFlows('audio');
      await linus.mediaFlows('audio');
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'relayed media through coturn: iceTransportPolicy relay, the selected pair is relay, bytes flow',
    fn: async ({open, relay}) => {
      expect(relay.auth, `no TURN server: ${relay.error}`);
      // The credentials endpoint of this test also names coturn, with TURN credentials minted with the same secret.
      const options = {auth: relay.auth, query: {iceRelay: '1'}};
      const grace = await open('grace', options);
      const linus = await open('linus', options);
      await ring(grace, linus);
      await answer(grace, linus);
      await grace.mediaFlows('audio');
      await linus.mediaFlows('audio');
      for (const tab of [grace, linus]) {
        const pair = await tab.page.evaluate(async () => {
          const peer = window.__e2e.peers.at(-1);
          const reports = [...(await peer.getStats()).values()];
          const transport = reports.find(report => report.type === 'transport');
          const selected = reports.find(report => report.id === transport?.selectedCandidatePairId);
          const local = reports.find(report => report.id === selected?.localCandidateId);
          const remote = reports.find(report => report.id === selected?.remoteCandidateId);
          return {
            policy: peer.getConfiguration().iceTransportPolicy,
            local: local?.candidateType,
            remote: remote?.candidateType,
            sent: selected?.bytesSent ?? 0,
            received: selected?.bytesReceived ?? 0,
          };
        });
        expect(pair.policy === 'relay', `${tab.who}'s policy is ${pair.policy}`);
        expect(
          pair.local === 'relay',
          `${tab.who}'s selected pair is ${pair.local} → ${pair.remote}, not relay`,
        );
        expect(
          pair.sent > 0 && pair.received > 0,
          `${tab.who}'s relayed pair carries ${pair.sent} bytes out, ${pair.received} in`,
        );
      }
      await grace.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'busy (486): a callee in a call answers a second call busy',
    fn: async ({open}) => {
      const ada = await open('ada');
      const linus = await open('linus');
      const grace = await open('grace');
      await ring(ada, linus);
      await answer(ada, linus);
      await grace.click('call-voice-linus');
      await grace.textIs(SEL.outgoingStatus, 'Busy', 8000);
      await grace.gone(SEL.outgoing, 8000);
      // The first call goes on.
      await linus.visible(SEL.ongoing);
      await ada.page.click(SEL.ongoingEnd);
      await bothEnded(ada, linus);
    },
  },
  {
    name: "unanswered: the caller's ring time-out cancels with a 480 reason, a missed call on the callee",
    timeout: 30000,
    fn: async ({open}) => {
      const grace = await open('grace', {query: {ringTimeout: '2500'}});
      const linus = await open('linus');
      await recordCancels(linus);
      await ring(grace, linus);
      await grace.textIs(SEL.outgoingStatus, 'No answer', 8000);
      await cancelledAs(linus, 'unanswered'); // Reason SIP;cause=480: the caller gave up ringing
      await linus.said('Missed call');
      await linus.gone(SEL.incoming, 8000);
      await grace.gone(SEL.outgoing, 8000);
    },
  },
  {
    name: 'an offline callee (404, nothing rang): the caller hears "unavailable"',
    fn: async ({open}) => {
      const grace = await open('grace');
      await recordRejects(grace);
      // Linus has no tab: nobody is registered as linus, the proxy answers 404. (The demo lists only people who can
      // be reached over SIP; Linus is one of them, only offline now.)
      await grace.click('call-voice-linus');
      await Promise.all([
        rejectedAs(grace, 'unavailable', 5000),
        grace.textIs(SEL.outgoingStatus, 'Not available', 3000),
      ]);
      await grace.gone(SEL.outgoing, 8000);
      const events = await grace.events();
      expect(!events.includes('ccCallAccepted'), `an unreachable call was accepted: ${events}`);
    },
  },
  {
    name: 'the proxy is lost while a call rings: both screens read "Call failed" (the time is printed)',
    timeout: 45000,
    fn: async ({open, proxies}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await recordCancels(linus);
      await recordRejects(grace);
      await ring(grace, linus);
      // Every text the status lines show is recorded: "Call failed" shows for the close delay only, and a loaded
      // machine may not poll while it shows.
      for (const [tab, status] of [
        [grace, SEL.outgoingStatus],
        [linus, SEL.incomingStatus],
      ]) {
        await tab.page.evaluate(selector => {
          window.__statuses = [];
          const record = () => {
            const text = document.querySelector(selector)?.textContent?.trim();
            if (text && window.__statuses.at(-1) !== text) {
              window.__statuses.push(text);
            }
          };
          new MutationObserver(record).observe(document.body, {
            subtree: true,
            childList: true,
            characterData: true,
          });
        }, status);
      }
      const showed = (tab, text) =>
        tab.page
          .waitForFunction(want => window.__statuses.includes(want), text, {timeout: 15000})
          .catch(async () => {
            const seen = await tab.page.evaluate(() => window.__statuses.join(' | '));
            throw new Error(`${tab.who}'s status line never read "${text}" (it read: ${seen})`);
          });
      const lost = Date.now();
      proxies.stop('single');
      try {
        // Waits on the state, not on a short fixed time-out (the CI machine is busy): the time is printed.
        await Promise.all([showed(grace, 'Call failed'), showed(linus, 'Call failed')]);
        console.log(`    proxy lost → both screens read "Call failed": ${Date.now() - lost} ms`);
        await rejectedAs(grace, 'failed', 1000);
        await cancelledAs(linus, 'failed');
        await grace.gone(SEL.outgoing, 8000);
        await linus.gone(SEL.incoming, 8000);
      } finally {
        await proxies.start('single');
      }
      // Back: both register again and can call.
      await grace.registered(20000);
      await linus.registered(20000);
      await ring(grace, linus);
      await grace.page.click(SEL.outgoingEnd);
      await linus.gone(SEL.incoming, 6000);
    },
  },
  {
    name: 'outgoing: 180 Ringing moves the status line to "Ringing…"',
    fn: async ({open}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      // The adapter's part: 180 from Linus's tab reaches Grace's SDK listeners as onOutgoingCallRinging.
      await grace.page.evaluate(() => {
        window.__rang = [];
        window.kitDemoSip.addCallListener('e2e-ringing', {
          onOutgoingCallRinging: call => window.__rang.push(call.sessionId),
        });
      });
      await ring(grace, linus);
      await grace.page
        .waitForFunction(() => window.__rang.length === 1, null, {timeout: 4000})
        .catch(() => {
          throw new Error('the SIP adapter did not report the 180 Ringing (onOutgoingCallRinging)');
        });
      // The screen's part: the status line follows.
      await grace.textIs(SEL.outgoingStatus, 'Ringing', 4000);
      await grace.page.click(SEL.outgoingEnd);
      await linus.gone(SEL.incoming, 6000);
    },
  },
  {
    name: 'one user in two tabs: both ring, one answers, the other closes as answered elsewhere',
    fn: async ({open}) => {
      const grace = await open('grace');
      const linus1 = await open('linus');
      const linus2 = await open('linus');
      await recordCancels(linus2);
      await ring(grace, linus1, {callees: [linus1, linus2]});
      await answer(grace, linus1);
      await linus2.gone(SEL.incoming, 6000);
      await cancelledAs(linus2, 'accepted-elsewhere'); // Kamailio's CANCEL: Reason SIP;cause=200
      const events = await linus2.events();
      expect(!events.includes('ccCallAccepted'), `the other tab accepted too: ${events}`);
      await linus1.mediaFlows('audio');
      await grace.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus1);
    },
  },
  {
    name: 'one user in two tabs: a decline in one tab ends the ring in both',
    fn: async ({open}) => {
      const grace = await open('grace');
      const linus1 = await open('linus');
      const linus2 = await open('linus');
      await recordCancels(linus1);
      await ring(grace, linus1, {callees: [linus1, linus2]});
      await linus2.page.click(SEL.reject);
      // Both endings stay on screen for closeDelay (2 s) at the same time: wait for them side by side, not one
      // after the other (Grace's outcome would have left by the time Linus's first tab closed).
      await Promise.all([
        grace.textIs(SEL.outgoingStatus, 'Call declined', 6000),
        linus1.textIs(SEL.incomingStatus, 'Declined on another device', 6000),
      ]);
      await linus1.gone(SEL.incoming, 6000);
      await cancelledAs(linus1, 'rejected-elsewhere'); // Kamailio's CANCEL: Reason SIP;cause=603
    },
  },
  {
    name: 'video both ways: each tab plays the other camera full-screen with a self-view',
    fn: async ({open, screenshots}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await ring(grace, linus, {type: 'video'});
      await answer(grace, linus);
      await grace.mediaFlows('video');
      await linus.mediaFlows('video');
      for (const tab of [grace, linus]) {
        await tab.remoteVideoPlays();
        await tab.visible('.kit-ongoing-call-local-video');
      }
      await grace.page.screenshot({path: join(screenshots, 'sip-video-call-grace.png')});
      await linus.page.screenshot({path: join(screenshots, 'sip-video-call-linus.png')});
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'events and callSettingsBuilder audio-only: a video call goes on without the camera',
    fn: async ({open}) => {
      const grace = await open('grace', {query: {audioOnly: '1'}});
      const linus = await open('linus', {query: {audioOnly: '1'}});
      await ring(grace, linus, {type: 'video'});
      await grace.event('ccOutgoingCall');
      await answer(grace, linus);
      await linus.mediaFlows('audio');
      for (const tab of [grace, linus]) {
        await tab.event('ccCallAccepted');
        const video = await tab.page.evaluate(() =>
          window.__e2e.peers
            .at(-1)
            .getSenders()
            .filter(sender => sender.track?.kind === 'video')
            .map(sender => sender.track.enabled),
        );
        // The caller placed a video call: its camera track is there, off. The callee answers with the audio-only
        // settings (acceptCall's settings): its camera is never opened, so no camera track is sent at all.
        const want =
          tab === grace ? video.length > 0 && video.every(on => !on) : video.length === 0;
        expect(
          want,
          `${tab.who}'s camera track should be ${tab === grace ? 'off' : 'absent'}, is ${JSON.stringify(video)}`,
        );
        expect(
          !(await tab.page.$('.kit-ongoing-call-local-video')),
          `${tab.who} shows a self-view in an audio-only call`,
        );
      }
      await grace.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
      for (const tab of [grace, linus]) {
        const tracks = await tab.page.evaluate(() =>
          window.__e2e.peers
            .at(-1)
            .getSenders()
            .map(sender => sender.track?.readyState ?? 'none'),
        );
        expect(
          tracks.every(state => state !== 'live'),
          `${tab.who}'s microphone or camera still runs after the call: ${tracks}`,
        );
      }
    },
  },
  {
    name: 'reconnecting: Kamailio stopped mid-call → "Reconnecting…" in both tabs; back → "Reconnecting…" gone, media flows',
    timeout: 60000,
    fn: async ({open, proxies, screenshots}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await ring(grace, linus);
      await answer(grace, linus);
      await linus.mediaFlows('audio');
      const reconnecting = '.kit-ongoing-call-reconnecting';
      proxies.stop('single');
      try {
        for (const tab of [grace, linus]) {
          await tab.visible(reconnecting, 15000);
          await tab.textIs(reconnecting, 'Reconnecting…');
        }
        await linus.page.screenshot({path: join(screenshots, 'sip-reconnecting.png')});
      } finally {
        await proxies.start('single');
      }
      for (const tab of [grace, linus]) {
        await tab.registered(30000);
        await tab.gone(reconnecting, 20000);
        await tab.visible(SEL.ongoing);
      }
      await grace.mediaFlows('audio', 20000); // Media pauses while ICE restarts: slow on a loaded machine.
      await linus.mediaFlows('audio', 20000);
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
    },
  },
  {
    name: 'Kamailio restarts mid-call: the call goes on, the hang-up still arrives, new calls work',
    timeout: 45000,
    fn: async ({open, proxies}) => {
      const grace = await open('grace');
      const linus = await open('linus');
      await ring(grace, linus);
      await answer(grace, linus);
      await linus.mediaFlows('audio');
      await proxies.restart('single');
      for (const tab of [grace, linus]) {
        await tab.page
          .waitForSelector(
            'html[data-sip-status="disconnected"], html[data-sip-status="connected"]',
            {
              timeout: 5000,
            },
          )
          .catch(() => {});
        await tab.registered(20000);
        await tab.event('ERR_NETWORK'); // The adapter reported the lost connection (the demo logs onError).
      }
      await linus.mediaFlows('audio', 20000); // After the caller's ICE restart, which pauses media a moment.
      expect((await grace.peerState()) === 'connected', 'the media connection dropped');
      await linus.page.click(SEL.ongoingEnd);
      await bothEnded(grace, linus);
      await ring(grace, linus);
      await grace.page.click(SEL.outgoingEnd);
      await linus.gone(SEL.incoming, 6000);
    },
  },
];
