// The SIP browser tests (`npm run e2e:sip`): the production build of the demo in SIP mode, served on 127.0.0.1,
// tabs of Debian's Chromium (fake camera and microphone, ICE on loopback) calling each other through Kamailio:
// one proxy, then two edges and a registrar. Then the ring latency benchmark (tools/bench-sip.mjs).
//
//   node e2e/sip/run.mjs [--build] [--only <regexp>] [--no-bench]
//
// Prints `✓ name` or `✗ name: reason`, then exactly one line `sip: N passed, N failed`; exit code 1 when a test
// failed, 2 when the run could not start. Every process it starts (Kamailio, Chromium, the server) is stopped.
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {serveSipCredentials} from '../../tools/sip-credentials.mjs';
import {DIST, ROOT, ensureDemoBuild} from '../demo-build.mjs';
import {expect} from '../harness.mjs';
import {serve} from '../server.mjs';
import {launchSipBrowser, openSipPage} from './browser.mjs';
import {baresipInstalled, deskPhoneFlows, startDeskPhone} from './deskphone.mjs';
import {coreFlows, registrarFailover, sipFlows} from './flows.mjs';
import {lifecycleFlows} from './lifecycle.mjs';
import {sipMediaFlows} from './media.mjs';
import {Proxies, freePort, kamailioInstalled} from './proxies.mjs';
import {pushFlows, startPushRig} from './push.mjs';
import {renegotiationFlows} from './renegotiation.mjs';
import {transferFlows} from './transfer.mjs';
import {groupFlows} from './group.mjs';
import {startGroupRig} from './group-rig.mjs';
import {startTurn} from './turn.mjs';

const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');
const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new RegExp(args[onlyIndex + 1], 'i') : undefined;

/** Grace reaches the registrar through edge A, Linus (and Ada) through edge B. */
const EDGE_OF = {grace: 'edgeA', linus: 'edgeB', ada: 'edgeB'};

async function runAll(tests, {base, auth, relay, proxies, browser, push, phones, groups}) {
  let passed = 0;
  let failed = 0;
  for (const test of tests) {
    if (only && !only.test(test.name)) {
      continue;
    }
    const started = Date.now();
    const tabs = [];
    /** What a test leaves to do after its tabs are checked and closed (a browser of its own). */
    const deferred = [];
    const open = async (user, {proxy, context, ...options} = {}) => {
      const tab = await openSipPage(context ?? browser.context, {
        base,
        auth,
        proxy: proxy ?? proxies.running.get('single').url,
        user,
        ...options,
      });
      tabs.push(tab);
      return tab;
    };
    let timer;
    try {
      await Promise.race([
        (async () => {
          await test.fn({
            open,
            proxies,
            phones,
            auth,
            relay,
            push,
            groups,
            context: browser.context,
            screenshots: SCREENSHOTS,
            defer: cleanup => deferred.push(cleanup),
          });
          // A tab the test closed itself (a user closing it) has nothing more to say.
          for (const tab of tabs.filter(open => !open.page.isClosed())) {
            const rejections = await tab.rejections();
            expect(
              rejections.length === 0,
              `unhandled rejection in ${tab.who}'s tab: ${rejections[0]}`,
            );
            expect(tab.errors.length === 0, `${tab.who}'s tab: ${tab.errors[0]}`);
          }
        })(),
        new Promise((_, fail) => {
          timer = setTimeout(
            () => fail(new Error(`timed out after ${test.timeout ?? 20000} ms`)),
            test.timeout ?? 20000,
          );
        }),
      ]);
      passed++;
      console.log(`✓ ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed++;
      const reason = String(error?.message ?? error).replace(/\n/g, '\n    ');
      console.log(`✗ ${test.name}: ${reason} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } finally {
      clearTimeout(timer);
      // Unregister first, so that no stale contact of this test rings in the next one.
      await Promise.all(tabs.map(tab => tab.dispose()));
      for (const tab of tabs) {
        await tab.page.close().catch(() => {});
      }
      for (const cleanup of deferred.reverse()) {
        await cleanup().catch(error => console.log(`    cleanup failed: ${error.message}`));
      }
    }
  }
  return {passed, failed};
}

async function main() {
  if (!kamailioInstalled()) {
    console.log(
      'Kamailio is missing: apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules',
    );
    console.log('sip: 0 passed, 1 failed');
    process.exitCode = 2;
    return;
  }
  ensureDemoBuild(args, 'e2e:sip');
  mkdirSync(SCREENSHOTS, {recursive: true});
  const started = Date.now();
  const proxies = new Proxies();
  let turn;
  // A crash (an exception thrown outside every test, in an event handler) ends the process without the `finally`
  // below: the Kamailio instances are stopped on the way out all the same (a desk phone's parse error left them).
  let stopped = false;
  process.once('exit', () => stopped || proxies.stopAll());
  // Interrupted (Ctrl+C, CI's time-out, a closed pipe): the Kamailio instances are stopped by their pids all the same.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      proxies.stopAll();
      void turn?.stop(); // Sends SIGTERM at once.
      process.exit(130);
    });
  }
  let server;
  let credentials;
  let browser;
  let relayCredentials;
  let push;
  let groups;
  let result = {passed: 0, failed: 0};
  try {
    // The demo's origin is the only one the proxies let open a WebSocket; its tabs fetch their ephemeral
    // credentials from an endpoint that holds the run's secret, as an app's backend would.
    server = await serve(DIST);
    const origin = new URL(server.url).origin;
    proxies.origins = [origin];
    credentials = await serveSipCredentials({secret: proxies.secret, origins: [origin]});
    // coturn with the same secret, and an endpoint whose credentials name it: the relayed-media test. When coturn
    // cannot start, that test fails and says why.
    const relay = {};
    try {
      turn = await startTurn({dir: proxies.dir, secret: proxies.secret});
      relayCredentials = await serveSipCredentials({
        secret: proxies.secret,
        origins: [origin],
        turn: turn.url,
      });
      relay.auth = relayCredentials.url;
      relay.turn = turn.url;
      // The ICE restart test stops coturn mid-call and brings it back on the same port (every relay allocation gone).
      const port = turn.port;
      relay.stop = () => turn.stop();
      relay.start = async () => {
        turn = await startTurn({dir: proxies.dir, secret: proxies.secret, port});
      };
    } catch (error) {
      relay.error = error.message;
    }
    // The proxies assert the demo's users by their names (the incoming screen shows them); WSS for the call over
    // TLS, and plain ws:// beside it for every other test (loopback only).
    const directory = join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv');
    const single = await proxies.start('single', {
      tlsPort: await freePort(),
      plainWs: true,
      directory,
    });
    // Two registrars that share their registrations (dmq), behind two edges that use the first one that answers.
    const [portA, portB] = [await freePort(), await freePort()];
    await proxies.start('registrarA', {role: 'registrar', port: portA, peer: portB});
    await proxies.start('registrarB', {role: 'registrar', port: portB, peer: portA});
    const registrars = `${portA},${portB}`;
    const edgeA = await proxies.start('edgeA', {role: 'edge', registrar: registrars, directory});
    const edgeB = await proxies.start('edgeB', {role: 'edge', registrar: registrars, directory});
    browser = await launchSipBrowser({spki: proxies.certificate().spki});
    console.log(
      `Demo at ${server.url}; Kamailio: one proxy ${single.url} (and ${single.wssUrl}), edges ${edgeA.url} and ${edgeB.url} → registrars 127.0.0.1:${portA} and :${portB}`,
    );
    const edgeOf = user => proxies.running.get(EDGE_OF[user]).url;
    const edgeFlows = [...coreFlows('two edges: ', edgeOf), registrarFailover(edgeOf)];
    result = await runAll(
      [
        ...sipFlows,
        ...lifecycleFlows,
        ...sipMediaFlows,
        ...renegotiationFlows,
        ...transferFlows,
        ...edgeFlows,
      ],
      {
        base: server.url,
        auth: credentials.url,
        relay,
        proxies,
        browser,
      },
    );
    // SIP push (e2e/sip/push.mjs): a Kamailio of its own with the push hook, the push sender, notifications allowed.
    if (!only || pushFlows.some(test => only.test(test.name))) {
      push = await startPushRig({
        context: browser.context,
        base: server.url,
        auth: credentials.url,
        spki: proxies.certificate().spki,
      });
      await proxies.start('push', {
        port: push.kamailioPort,
        pushHook: push.sender.hook,
        directory: join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv'),
      });
      await browser.context.grantPermissions(['notifications'], {origin});
      const pushed = await runAll(pushFlows, {
        base: server.url,
        auth: credentials.url,
        relay,
        proxies,
        browser,
        push,
      });
      result = {passed: result.passed + pushed.passed, failed: result.failed + pushed.failed};
    }
    // Group calls (e2e/sip/group.mjs): a Janus, the room hook, and a Kamailio with it.
    if (!only || groupFlows.some(test => only.test(test.name))) {
      groups = await startGroupRig({
        proxies,
        directory: join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv'),
      });
      const grouped = await runAll(groupFlows, {
        base: server.url,
        auth: credentials.url,
        relay,
        proxies,
        browser,
        groups,
      });
      result = {passed: result.passed + grouped.passed, failed: result.failed + grouped.failed};
    }
    // Desk phones (e2e/sip/deskphone.mjs): a proxy with a phones port and rtpengine, baresip as the phone.
    if (!only || deskPhoneFlows.some(test => only.test(test.name))) {
      const phonePort = await freePort();
      const phoneProxy = await proxies.start('phones', {
        phonePort,
        rtpPorts: '31000-31199',
        directory: join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv'),
      });
      const started = [];
      const phones = {
        url: phoneProxy.url,
        start: async (uid, options = {}) => {
          if (!baresipInstalled()) {
            throw new Error(
              'baresip is missing: apt-get install -y --no-install-recommends baresip-core',
            );
          }
          const phone = await startDeskPhone({
            dir: proxies.dir,
            secret: proxies.secret,
            uid,
            phonePort,
            ...options,
          });
          started.push(phone);
          return phone;
        },
        stopAll: () => Promise.all(started.splice(0).map(phone => phone.stop())),
      };
      const phoned = await runAll(
        deskPhoneFlows.map(test => ({
          ...test,
          fn: async options => {
            try {
              await test.fn(options);
            } finally {
              await phones.stopAll();
            }
          },
        })),
        {base: server.url, auth: credentials.url, relay, proxies, browser, phones},
      );
      result = {passed: result.passed + phoned.passed, failed: result.failed + phoned.failed};
    }
    if (!args.includes('--no-bench') && !only) {
      const {benchPushLatency, benchRingLatency} = await import('../../tools/bench-sip.mjs');
      const line = await benchRingLatency({
        base: server.url,
        auth: credentials.url,
        proxy: single.url,
        browser,
      });
      console.log(line);
      console.log(
        await benchPushLatency({base: server.url, auth: credentials.url, browser, proxies, push}),
      );
    }
  } finally {
    await groups?.close?.();
    await push?.close();
    await browser?.close();
    await server?.close();
    await credentials?.close();
    await relayCredentials?.close();
    await turn?.stop();
    proxies.stopAll();
    stopped = true;
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`sip: ${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed > 0 ? 1 : 0;
}

main().catch(error => {
  console.error(error);
  console.log('sip: 0 passed, 1 failed');
  process.exitCode = 2;
});
