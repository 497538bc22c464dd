// Ring latency through Kamailio: Grace clicks "Voice" on Linus (the library's startCall → the SIP adapter's
// initiateCall → INVITE → Kamailio → Linus's tab) until Linus's incoming screen is painted (the frame after it
// entered the page). Median over 20 calls, printed as one line. Both tabs share one Chromium, so their clocks
// (performance.timeOrigin + performance.now()) are the same clock.
//
//   npm run bench:sip            (needs dist/demo: `npm run build:demo`, and Kamailio)
//   also run at the end of `npm run e2e:sip`, which imports benchRingLatency() and benchPushLatency().
// Then the push latency (benchPushLatency): a call to a closed tab, through Kamailio's tsilo and a notification.
import {existsSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The names the proxy asserts for the demo's users (kamailio.sh --directory). */
const DIRECTORY = join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv');
const CALLS = Number(process.env.BENCH_SIP_CALLS || 20);

/** In the callee's page: the time at which the incoming screen was painted, for each ring. */
function watchIncoming() {
  window.__benchPainted = [];
  new MutationObserver(() => {
    const screen = document.querySelector('.kit-incoming-call');
    if (screen && !screen.__benchSeen) {
      screen.__benchSeen = true;
      // The frame after the one in which the screen entered the DOM has been painted.
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          window.__benchPainted.push(performance.timeOrigin + performance.now()),
        ),
      );
    }
  }).observe(document.body, {childList: true, subtree: true});
}

/** In the caller's page: the time of each click on a call button. */
function watchClicks() {
  window.__benchClicked = [];
  document.addEventListener(
    'click',
    event => {
      if (event.target.closest?.('.kit-call-buttons-voice')) {
        window.__benchClicked.push(performance.timeOrigin + performance.now());
      }
    },
    true,
  );
}

/**
 * Measures the ring latency.
 * @param {{base: string, auth?: string, proxy: string, browser: {context: import('playwright-core').BrowserContext}}} options
 * @returns {Promise<string>} The line to print.
 */
export async function benchRingLatency({base, auth, proxy, browser}) {
  const {openSipPage} = await import('../e2e/sip/browser.mjs');
  const {SEL} = await import('../e2e/harness.mjs');
  const grace = await openSipPage(browser.context, {
    base,
    auth,
    proxy,
    user: 'grace',
    state: {sound: false},
  });
  const linus = await openSipPage(browser.context, {
    base,
    auth,
    proxy,
    user: 'linus',
    state: {sound: false},
  });
  try {
    await linus.page.evaluate(watchIncoming);
    await grace.page.evaluate(watchClicks);
    const samples = [];
    for (let call = 0; call < CALLS; call++) {
      await grace.far('call-voice-linus'); // A script click: no wait for the closing overlay to finish.
      await linus.visible(SEL.incoming, 8000);
      await linus.page.waitForFunction(count => window.__benchPainted.length > count, call);
      const [clicked, painted] = await Promise.all([
        grace.page.evaluate(index => window.__benchClicked[index], call),
        linus.page.evaluate(index => window.__benchPainted[index], call),
      ]);
      samples.push(painted - clicked);
      await grace.page.click(SEL.outgoingEnd);
      await linus.gone(SEL.incoming, 8000);
      await grace.gone(SEL.outgoing, 8000);
    }
    samples.sort((a, b) => a - b);
    const median = (samples[(CALLS - 1) >> 1] + samples[CALLS >> 1]) / 2;
    return `ring latency through Kamailio (initiateCall → callee's screen painted): median ${median.toFixed(0)} ms over ${CALLS} calls (min ${samples[0].toFixed(0)}, max ${samples.at(-1).toFixed(0)})`;
  } finally {
    await Promise.all([grace.dispose(), linus.dispose()]);
    await grace.page.close().catch(() => {});
    await linus.page.close().catch(() => {});
  }
}

/**
 * Push latency (SIP push through Kamailio's tsilo, e2e/sip/push.mjs): Grace calls Linus, whose tab is closed; from
 * her click to the notification shown by the service worker (INVITE → push hook → push sender → the worker), and
 * from Accept to Linus's ongoing screen (the page opens, registers, gets the kept INVITE and answers it). Median
 * over BENCH_PUSH_CALLS rounds (default 5).
 * @param {{base: string, auth: string, browser: {context: import('playwright-core').BrowserContext},
 *   proxies: import('../e2e/sip/proxies.mjs').Proxies, push?: object}} options `push`: the rig of e2e/sip/run.mjs,
 *   whose Kamailio `push` runs; without it, both are started here.
 * @returns {Promise<string>} The line to print.
 */
export async function benchPushLatency({base, auth, browser, proxies, push}) {
  const {openSipPage} = await import('../e2e/sip/browser.mjs');
  const {pushAcceptFlow, startPushRig} = await import('../e2e/sip/push.mjs');
  const rounds = Number(process.env.BENCH_PUSH_CALLS || 5);
  const own = !push;
  if (own) {
    push = await startPushRig({context: browser.context, base, auth});
    await proxies.start('push', {
      port: push.kamailioPort,
      pushHook: push.sender.hook,
      directory: DIRECTORY,
    });
    await browser.context.grantPermissions(['notifications'], {origin: new URL(base).origin});
  }
  const samples = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const tabs = [];
      const open = async (user, {proxy, context, ...options} = {}) => {
        const tab = await openSipPage(context ?? browser.context, {
          base,
          auth,
          proxy: proxy ?? proxies.running.get('push').url,
          user,
          state: {sound: false},
          ...options,
        });
        tabs.push(tab);
        return tab;
      };
      try {
        samples.push(await pushAcceptFlow({open, proxies, push, context: browser.context}));
      } finally {
        for (const tab of tabs) {
          await tab.dispose();
          await tab.page.close().catch(() => {});
        }
      }
    }
  } finally {
    if (own) {
      await push.close();
      proxies.stop('push');
    }
  }
  const median = key => {
    const sorted = samples.map(sample => sample[key]).sort((a, b) => a - b);
    return ((sorted[(rounds - 1) >> 1] + sorted[rounds >> 1]) / 2).toFixed(0);
  };
  return `push through Kamailio (tab closed): INVITE → notification shown median ${median('toNotification')} ms, Accept → ongoing screen median ${median('toOngoing')} ms, over ${rounds} calls`;
}

async function main() {
  const dist = join(ROOT, 'dist', 'demo', 'browser');
  if (!existsSync(join(dist, 'index.html'))) {
    console.error('bench:sip needs the demo built: npm run build:demo');
    process.exitCode = 2;
    return;
  }
  const {Proxies, kamailioInstalled} = await import('../e2e/sip/proxies.mjs');
  if (!kamailioInstalled()) {
    console.error(
      'bench:sip needs Kamailio: apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules',
    );
    process.exitCode = 2;
    return;
  }
  const {serve} = await import('../e2e/server.mjs');
  const {launchSipBrowser} = await import('../e2e/sip/browser.mjs');
  const {serveSipCredentials} = await import('./sip-credentials.mjs');
  const proxies = new Proxies();
  let server;
  let credentials;
  let browser;
  try {
    server = await serve(dist);
    const origin = new URL(server.url).origin;
    proxies.origins = [origin];
    credentials = await serveSipCredentials({secret: proxies.secret, origins: [origin]});
    const proxy = await proxies.start('bench', {directory: DIRECTORY});
    browser = await launchSipBrowser();
    console.log(
      await benchRingLatency({base: server.url, auth: credentials.url, proxy: proxy.url, browser}),
    );
    console.log(
      await benchPushLatency({base: server.url, auth: credentials.url, browser, proxies}),
    );
  } finally {
    await browser?.close();
    await server?.close();
    await credentials?.close();
    proxies.stopAll();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch(error => {
    console.error(error);
    process.exitCode = 1;
  });
}
