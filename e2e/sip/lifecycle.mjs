// Frozen and sleeping tabs over SIP: a tab frozen through Chromium's DevTools protocol (Page.setWebLifecycleState,
// as Chrome freezes a background tab) while its WebSocket dies without a close (the relay of ws-relay.mjs), and the
// ring readiness that follows the registration. withRingReadiness() calls the adapter's resume() on the Page
// Lifecycle `resume` event and on `online`.
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {BASE_ARGS, SEL, expect} from '../harness.mjs';
import {freePort} from './proxies.mjs';
import {startRelay} from './ws-relay.mjs';

const MISSING = part => `[data-testid="ring-readiness"] li[data-part="${part}"]`;

/**
 * A Chromium whose pages can be frozen. Playwright turns on focus emulation in every page it opens, which keeps the
 * page "visible", and Chromium never freezes a visible page (Page.setWebLifecycleState then does nothing). So this
 * Chromium is started here (DevTools on 127.0.0.1, stopped by its pid) and Playwright connects to it without its
 * default overrides.
 * @returns {Promise<{context, close: () => Promise<void>}>}
 */
async function launchFreezableBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'kit-sip-freeze-chromium-'));
  const child = spawn(
    process.env.CHROME_PATH || '/usr/bin/chromium',
    [
      ...BASE_ARGS,
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
      '--headless',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {stdio: 'ignore'},
  );
  const close = async () => {
    await browser?.close().catch(() => {});
    child.kill('SIGTERM');
    await new Promise(done => (child.exitCode === null ? child.once('exit', done) : done()));
    rmSync(profile, {recursive: true, force: true, maxRetries: 10, retryDelay: 100});
  };
  let browser;
  try {
    const file = join(profile, 'DevToolsActivePort');
    const deadline = Date.now() + 10000;
    while (!existsSync(file) || !readFileSync(file, 'utf8').includes('\n')) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error('Chromium did not open its DevTools port');
      }
      await new Promise(done => setTimeout(done, 50));
    }
    const [port] = readFileSync(file, 'utf8').split('\n');
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, {noDefaults: true});
    return {context: browser.contexts()[0], close};
  } catch (error) {
    await close();
    throw error;
  }
}

/** Waits until `holds()` is true (polled), or fails with `what`. */
async function until(holds, what, timeout) {
  const deadline = Date.now() + timeout;
  while (!holds()) {
    if (Date.now() > deadline) {
      throw new Error(what());
    }
    await new Promise(done => setTimeout(done, 50));
  }
}

export const lifecycleFlows = [
  {
    name: 'a frozen tab whose connection died registers again at once on resume, and rings for the next call',
    timeout: 45000,
    fn: async ({open, proxies, defer}) => {
      const relay = await startRelay(proxies.running.get('single').port);
      defer(() => relay.close());
      const freezable = await launchFreezableBrowser();
      // Closed after the runner checked the tabs for errors and closed them.
      defer(() => freezable.close());
      const grace = await open('grace');
      // JsSIP's back-off fixed at 30 s (its own default goes up to 30 s): only resume() brings the tab back sooner.
      const linus = await open('linus', {
        proxy: relay.url,
        context: freezable.context,
        query: {sipReconnect: '30'},
      });
      const cdp = await linus.page.context().newCDPSession(linus.page);
      await cdp.send('Page.setWebLifecycleState', {state: 'frozen'});
      // The connection dies while the tab is frozen. Chromium closes a frozen page's WebSocket itself (the page hears
      // the close only once it resumes); the relay also drops it on the proxy's side without a word, as a NAT drops
      // an idle socket, so that the tab must find out by itself either way.
      const before = relay.registered();
      expect(relay.silence() === 1, "Linus's tab has no connection through the relay");
      const resumed = Date.now();
      await cdp.send('Page.setWebLifecycleState', {state: 'active'});
      // Without resume(), JsSIP would reconnect after its 30 s back-off (or, had the socket stayed open, trust it
      // until the next refresh of the registration, minutes away).
      await until(
        () => relay.registered() > before,
        () => "Linus's tab did not register again within 10 s of the resume",
        10000,
      );
      console.log(
        `    resume → registered again over a new connection: ${Date.now() - resumed} ms`,
      );
      await linus.registered();
      // A call placed right after: it rings in the resumed tab.
      await grace.click('call-voice-linus');
      await grace.visible(SEL.outgoing);
      await linus.visible(SEL.incoming, 8000);
      await linus.textIs(SEL.incomingTitle, 'Grace Hopper');
      // A script's click: the tab stays hidden since the freeze, so Playwright's wait for a stable (painted) button
      // would never end.
      await linus.page.evaluate(sel => document.querySelector(sel).click(), SEL.reject);
      await grace.gone(SEL.outgoing, 8000);
      await cdp.detach().catch(() => {});
    },
  },
  {
    name: 'ring readiness: "Not connected" while the proxy is unreachable, gone once registered',
    timeout: 30000,
    fn: async ({open, proxies, defer}) => {
      // Nothing listens on this port yet: the tab cannot connect.
      const port = await freePort();
      const linus = await open('linus', {proxy: `ws://127.0.0.1:${port}`, register: false});
      await linus.visible(MISSING('registered'));
      await linus.textIs(MISSING('registered'), 'Not connected to the call service');
      const relay = await startRelay(proxies.running.get('single').port, {port});
      defer(() => relay.close());
      // The network is back: the kit asks the adapter to check at once instead of after its back-off.
      await linus.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await linus.registered(10000);
      await linus.gone(MISSING('registered'));
    },
  },
];
