// The room client of group calls (issue 35, part 3) through a real Janus: three Chromium tabs with fake cameras and
// microphones join one VideoRoom through kitJanusRoom (projects/…/sip/janus-room.ts, bundled by esbuild), each
// publishes and receives the two others' video (frames decoded) and audio (RMS energy); a camera turned off stops
// reaching the others and comes back; a member who leaves is gone for the others; a wrong pin or a forged room token
// is refused. The room has both guards: a pin, and an ACL with a room token per member (as tools/janus/
// group-rooms.mjs makes rooms for the proxy).
//
// e2e/janus/janus.mjs runs these checks on its Janus; alone, this script starts its own:
//   node --experimental-websocket e2e/janus/room.mjs      (ends with "janus: N passed, M failed")
import {randomBytes} from 'node:crypto';
import {createServer} from 'node:http';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {JanusConnection} from '../../tools/janus/janus-api.mjs';
import {janusToken} from '../../tools/janus/janus-token.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Waits on states, generous: CI's two cores run other suites beside this one. */
const WAIT = 20_000;
/** The fake microphone's beep, received through Janus, is well above this (silence is 0). */
const HEARD = 0.01;

/** The page's script: the room client and the test's page side, one bundle (the alias keeps Angular out). */
export async function bundle() {
  // Loaded here, not at the top: e2e/janus/janus.mjs imports this file, and without them it still prints its summary.
  const {build} = await import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'e2e/janus/room-page.mjs')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome120',
    logLevel: 'silent',
    plugins: [
      {
        name: 'kit-exception-only',
        setup(on) {
          on.onResolve({filter: /^kit-chat-uikit-angular$/}, () => ({
            path: join(ROOT, 'projects/kit-chat-uikit-angular/src/sdk/kit-exception.ts'),
          }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

/** Serves the page and its script on 127.0.0.1 (a secure context: getUserMedia works). */
export async function serve(script) {
  const server = createServer((request, response) => {
    if (request.url === '/room.js') {
      response.writeHead(200, {'content-type': 'text/javascript'}).end(script);
    } else {
      response
        .writeHead(200, {'content-type': 'text/html'})
        .end('<!doctype html><title>room</title><script src="/room.js"></script>');
    }
  });
  await new Promise(done => server.listen(0, '127.0.0.1', done));
  return {url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close()};
}

/**
 * The checks, in one flow over one room.
 * @param {{url: string, secret: string, roomKey: string, check: Function, expect: Function}} janus Its WebSocket,
 *   its token secret and room key (from its run directory), and the runner's check and expect.
 */
export async function roomChecks({url, secret, roomKey, check, expect}) {
  const room = `room-${Date.now().toString(36)}`;
  const pin = 'pin-' + Math.random().toString(36).slice(2);
  const roomTokens = Object.fromEntries(
    ['Ada', 'Grace', 'Linus'].map(name => [name, randomBytes(24).toString('base64url')]),
  );
  const api = await JanusConnection.open(url);
  const {send} = await api.videoRoom(janusToken(secret));
  const made = await send({
    request: 'create',
    room,
    admin_key: roomKey,
    secret: 'secret-' + pin,
    pin,
    allowed: Object.values(roomTokens),
    publishers: 6,
    is_private: true,
  });
  api.close();
  expect(made.videoroom === 'created', `room not created: ${JSON.stringify(made)}`);
  const site = await serve(await bundle());
  const {launchSipBrowser} = await import('../sip/browser.mjs');
  const browser = await launchSipBrowser();
  const tabs = [];
  /** Opens a tab and joins the room as `name`; resolves the tab with its feed id. */
  const join = async name => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    await page.goto(site.url);
    const options = {
      url,
      room,
      pin,
      roomToken: roomTokens[name],
      display: name,
      token: janusToken(secret, {ttl: 300}),
    };
    const id = await page.evaluate(options => window.kitRoomTest.join(options), options);
    const tab = {name, page, id, errors};
    tabs.push(tab);
    return tab;
  };
  const until = (tab, what, predicate, arg) =>
    tab.page.waitForFunction(predicate, arg, {timeout: WAIT, polling: 50}).catch(async () => {
      const state = await tab.page.evaluate(() => window.kitRoomTest.state);
      throw new Error(`${tab.name}: ${what} (state: ${JSON.stringify(state)})`);
    });
  /** Waits until a tab decodes video frames of a feed (more than it had: they keep coming). */
  const seesVideo = async (tab, from) => {
    const before = (await tab.page.evaluate(() => window.kitRoomTest.frames()))[from.id] ?? 0;
    await until(
      tab,
      `no video frames from ${from.name}`,
      ([id, before]) => (window.kitRoomTest.frames()[id] ?? 0) > before + 2,
      [from.id, before],
    );
  };
  /** Waits until a tab hears each other member above HEARD; resolves the RMS heard of each, by feed. */
  const hearsAll = async tab => {
    const deadline = Date.now() + WAIT;
    let rms = {};
    const quiet = () => others(tab).filter(other => !(rms[other.id] > HEARD));
    while (Date.now() < deadline && quiet().length) {
      rms = await tab.page.evaluate(() => window.kitRoomTest.rmsAll());
    }
    const silent = quiet().map(other => `${other.name} (RMS ${(rms[other.id] ?? 0).toFixed(4)})`);
    expect(!silent.length, `${tab.name} hears nothing from ${silent.join(', ')}`);
    return rms;
  };
  const others = tab => tabs.filter(other => other !== tab);
  /** The later checks need the three members in: say so, rather than pass over nobody. */
  const three = () => expect(tabs.length === 3, `${tabs.length} of 3 members joined`);

  try {
    await check(
      'three members join with the pin and their own tokens; each sees the two others’ video',
      async () => {
        for (const name of ['Ada', 'Grace', 'Linus']) {
          await join(name);
        }
        for (const tab of tabs) {
          for (const other of others(tab)) {
            await seesVideo(tab, other);
          }
        }
        const firsts = await Promise.all(
          tabs.map(tab =>
            tab.page.evaluate(() => {
              const {firstFrameAt, joinedAt} = window.kitRoomTest.state;
              return Math.round(firstFrameAt - joinedAt);
            }),
          ),
        );
        // Ada joined an empty room: her figure includes the wait for Grace. Linus joined two publishers.
        console.log(
          `  join → first remote frame: ${tabs.map((tab, i) => `${tab.name} ${firsts[i]} ms`).join(', ')}` +
            ` (${tabs[0].name} joined an empty room, ${tabs[2].name} two publishers)`,
        );
      },
    );

    await check('each hears the two others (audio energy, every pair both ways)', async () => {
      three();
      const heard = await Promise.all(tabs.map(hearsAll));
      const pairs = tabs.flatMap((tab, i) =>
        others(tab).map(other => `${other.name}→${tab.name} ${heard[i][other.id].toFixed(3)}`),
      );
      console.log(`  RMS: ${pairs.join(', ')}`);
      const paths = await tabs[0].page.evaluate(() => window.kitRoomTest.paths());
      console.log(`  ${tabs[0].name}'s media paths (Chromium → Janus): ${paths.join('; ')}`);
    });

    await check(
      'a wrong pin or a forged room token is refused: the join rejects with a KitException',
      async () => {
        const page = await browser.context.newPage();
        await page.goto(site.url);
        const intruder = {url, room, display: 'Mallory', token: janusToken(secret)};
        const tries = {
          'a wrong pin': {...intruder, pin: 'guess', roomToken: roomTokens.Ada},
          'a forged room token': {
            ...intruder,
            pin,
            roomToken: randomBytes(24).toString('base64url'),
          },
        };
        for (const [what, options] of Object.entries(tries)) {
          const outcome = await page.evaluate(
            options =>
              window.kitRoomTest.join(options).then(
                () => 'joined',
                error => `${error.name} ${error.code}`,
              ),
            options,
          );
          expect(outcome === 'KitException ERR_CALL_FAILED', `${what}: ${outcome}`);
        }
        await page.close();
      },
    );

    await check(
      'camera off: the others stop receiving that video; on again: it comes back',
      async () => {
        three();
        const [ada] = tabs;
        await ada.page.evaluate(() => window.kitRoomTest.setCamera(false));
        for (const tab of others(ada)) {
          await until(
            tab,
            `${ada.name}'s video is still received`,
            id =>
              window.kitRoomTest.state.trackGone.some(
                gone => gone.id === id && gone.kind === 'video',
              ),
            ada.id,
          );
        }
        await ada.page.evaluate(() => window.kitRoomTest.setCamera(true));
        for (const tab of others(ada)) {
          await seesVideo(tab, ada);
        }
      },
    );

    await check(
      'a member leaves: the others see them gone, and the two left still see each other',
      async () => {
        three();
        const [ada, grace, linus] = tabs;
        await ada.page.evaluate(() => window.kitRoomTest.leave());
        for (const tab of [grace, linus]) {
          await until(
            tab,
            `${ada.name} is not gone`,
            id => window.kitRoomTest.state.gone.includes(id),
            ada.id,
          );
        }
        await seesVideo(grace, linus);
        await seesVideo(linus, grace);
        for (const tab of tabs) {
          const {errors} = await tab.page.evaluate(() => window.kitRoomTest.state);
          expect(
            !errors.length && !tab.errors.length,
            `${tab.name}: ${[...errors, ...tab.errors]}`,
          );
        }
      },
    );
  } finally {
    for (const tab of tabs.slice(1)) {
      await tab.page.evaluate(() => window.kitRoomTest.leave()).catch(() => {});
    }
    await browser.close();
    site.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const {execFileSync} = await import('node:child_process');
  const {mkdtempSync, readFileSync, rmSync} = await import('node:fs');
  const {tmpdir} = await import('node:os');
  const env = {...process.env, KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-state-'))};
  const janusSh = (...args) =>
    execFileSync('bash', [join(ROOT, 'tools/janus/janus.sh'), ...args, '--name', 'room'], {env})
      .toString()
      .trim();
  let passed = 0;
  let failed = 0;
  const check = async (name, fn) => {
    const started = Date.now();
    try {
      await fn();
      passed++;
      console.log(`✓ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(`✗ ${name}: ${error?.stack ?? error}`);
    }
  };
  const expect = (condition, what) => {
    if (!condition) {
      throw new Error(what);
    }
  };
  const port = 18700 + (process.pid % 500);
  try {
    const url = janusSh('start', '--port', String(port), '--rtp-ports', '21100-21199');
    const dir = janusSh('dir');
    const read = file => readFileSync(join(dir, file), 'utf8').trim();
    await roomChecks({url, secret: read('token-secret'), roomKey: read('room-key'), check, expect});
  } catch (error) {
    failed++;
    console.log(`✗ the room checks could not run: ${error?.stack ?? error}`);
  } finally {
    try {
      janusSh('stop');
    } catch {
      // Stopped already.
    }
    rmSync(env.KIT_JANUS_DIR, {recursive: true, force: true});
  }
  console.log(`janus: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
