// Chromium for the SIP browser tests: Debian's chromium through playwright-core, a persistent profile in a temp
// folder, fake camera and microphone, ICE on loopback, sound without a gesture. A page helper over the demo's
// DemoPage that adds what real calls need: the registration state, the peer connections and their stats.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {BASE_ARGS, DEFAULT_STATE, DemoPage, SEL} from '../harness.mjs';

const ARGS = [
  ...BASE_ARGS,
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Starts Chromium with its own profile.
 * @param {{spki?: string}} [options] The SPKI hash of the run's self-signed WSS certificate, which it then trusts
 *   (that one only).
 * @returns {Promise<{context, close: () => Promise<void>}>}
 */
export async function launchSipBrowser({spki} = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'kit-sip-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    viewport: {width: 960, height: 640},
    args: spki ? [...ARGS, `--ignore-certificate-errors-spki-list=${spki}`] : ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, {recursive: true, force: true});
    },
  };
}

/** Runs in the page before its scripts: the demo's settings, a record of media, rejections, peer connections. */
function initSipPage(state) {
  try {
    localStorage.setItem('kit-demo-settings', JSON.stringify(state));
    localStorage.removeItem('kit-demo-busy-policy');
  } catch {
    // No storage: the demo uses its defaults.
  }
  const record = {plays: [], media: [], rejections: [], peers: []};
  Object.defineProperty(window, '__e2e', {value: record});
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!record.media.includes(this)) {
      record.media.push(this);
    }
    record.plays.push({src: String(this.currentSrc || this.src).slice(0, 60), result: 'pending'});
    return play.call(this);
  };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      record.peers.push(this);
    }
  };
  window.addEventListener('unhandledrejection', event => {
    record.rejections.push(String(event.reason?.stack ?? event.reason?.message ?? event.reason));
  });
}

/** A tab of the demo in SIP mode. */
export class SipPage extends DemoPage {
  /** Waits until the tab is registered with the proxy. */
  async registered(timeout = 10000) {
    await this.page
      .waitForSelector('html[data-sip-status="registered"]', {timeout})
      .catch(async () => {
        const status = await this.page.getAttribute('html', 'data-sip-status');
        throw new Error(`the tab should be registered, is ${status ?? 'not in SIP mode'}`);
      });
  }

  /**
   * Waits until media flows into this tab: the newest peer connection's inbound RTP bytes grow.
   * @param {'audio'|'video'} kind Which stream.
   */
  async mediaFlows(kind = 'audio', timeout = 8000) {
    const bytes = () =>
      this.page.evaluate(async wanted => {
        const peer = window.__e2e.peers.at(-1);
        if (!peer) {
          return -1;
        }
        let total = 0;
        (await peer.getStats()).forEach(report => {
          if (report.type === 'inbound-rtp' && report.kind === wanted) {
            total += report.bytesReceived ?? 0;
          }
        });
        return total;
      }, kind);
    const deadline = Date.now() + timeout;
    let first = await bytes();
    while (Date.now() < deadline) {
      await this.page.waitForTimeout(250);
      const now = await bytes();
      if (first > 0 && now > first) {
        return now;
      }
      first = Math.max(first, now);
    }
    throw new Error(
      `no ${kind} flows into ${await this.text(SEL.testId('me'))}'s tab (bytes: ${first})`,
    );
  }

  /** The state of the newest peer connection. */
  async peerState() {
    return this.page.evaluate(() => window.__e2e.peers.at(-1)?.connectionState ?? 'none');
  }

  /** Waits until the remote video of the ongoing screen plays frames. */
  async remoteVideoPlays(timeout = 8000) {
    await this.page
      .waitForFunction(
        () => {
          const video = document.querySelector('.kit-ongoing-call-remote-video');
          return (
            !!video &&
            !video.paused &&
            video.videoWidth > 0 &&
            !video.classList.contains('kit-ongoing-call-remote-video-hidden') &&
            (video.getVideoPlaybackQuality?.().totalVideoFrames ?? 1) > 0
          );
        },
        null,
        {timeout},
      )
      .catch(() => {
        throw new Error(`the remote video does not play in ${this.who}'s tab`);
      });
  }

  /** Hangs up the SIP user agent (unregisters) before the tab closes, so no stale contact stays. */
  async dispose() {
    await this.page
      .evaluate(() => {
        window.kitDemoSip?.dispose();
        return new Promise(done => setTimeout(done, 100));
      })
      .catch(() => {});
  }
}

/**
 * Opens a tab of the demo as a user, in SIP mode (with its credentials from `auth`, the endpoint of
 * tools/sip-credentials.mjs), and waits for its registration. `init` runs in the page before its scripts too.
 * @returns {Promise<SipPage>}
 */
export async function openSipPage(
  context,
  {base, proxy, auth, user, query = {}, state = {}, register = true, init},
) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(`page error: ${error.message}`));
  page.on('console', message => {
    if (
      message.type() === 'error' &&
      !/WebSocket connection|ERR_CONNECTION_REFUSED/.test(message.text())
    ) {
      errors.push(`console error: ${message.text()}`);
    }
  });
  await page.addInitScript(initSipPage, {...DEFAULT_STATE, ...state});
  if (init) {
    await page.addInitScript(init); // A test's own stand-ins (e.g. the push service, e2e/sip/push.mjs).
  }
  const demo = new SipPage(page, errors);
  demo.who = user;
  const params = new URLSearchParams({
    user,
    sip: proxy,
    ...(auth ? {sipAuth: auth} : {}),
    ...query,
  });
  await page.goto(`${base}?${params}`, {waitUntil: 'load'});
  await page.waitForSelector(SEL.testId('me'), {timeout: 10000});
  if (register) {
    await demo.registered();
  }
  return demo;
}
