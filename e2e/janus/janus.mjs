// Janus, run by the project (issue 35, part 1): tools/janus/janus.sh starts it with the project's config, and these
// checks talk to it on 127.0.0.1 through its WebSocket API: only the VideoRoom is there, every request needs a
// signed short-lived token, rooms are created only with the room admin key, a room's pin keeps out whoever was not
// given it, it listens on its loopback WebSocket port alone, and the stop by pid leaves nothing behind. Between the
// last two, the room client's checks (e2e/janus/room.mjs): three Chromium tabs in one room through this Janus.
//
//   node --experimental-websocket e2e/janus/janus.mjs      (ends with "janus: N passed, M failed")
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {JanusConnection, JanusError} from '../../tools/janus/janus-api.mjs';
import {VIDEOROOM, janusToken} from '../../tools/janus/janus-token.mjs';
import {groupLegChecks} from './group-legs.mjs';
import {roomChecks} from './room.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = join(ROOT, 'tools/janus/janus.sh');
const PORT = 18188 + (process.pid % 500);
const env = {...process.env, KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-state-'))};
const janusSh = (...args) =>
  execFileSync('bash', [SCRIPT, ...args, '--name', 'check'], {env})
    .toString()
    .trim();

let passed = 0;
let failed = 0;
async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`✗ ${name}: ${error?.stack ?? error}`);
  }
}
function expect(condition, what) {
  if (!condition) {
    throw new Error(what);
  }
}
/** The error code a promise rejects with (Janus's), or 'resolved'. */
async function codeOf(promise) {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof JanusError ? error.code : String(error);
  }
}

/**
 * The TCP sockets a process listens on (from /proc: its file descriptors' socket inodes, found in /proc/net/tcp and
 * tcp6 in the LISTEN state), each with its address, port and whether the address is loopback.
 */
function listeningSockets(processId) {
  const inodes = new Set(
    readdirSync(`/proc/${processId}/fd`)
      .map(fd => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${processId}/fd/${fd}`))?.[1];
        } catch {
          return undefined; // Closed since the listing.
        }
      })
      .filter(Boolean),
  );
  return ['tcp', 'tcp6'].flatMap(table =>
    readFileSync(`/proc/net/${table}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map(line => line.trim().split(/\s+/))
      // Fields: sl, local address:port (hex), remote, state (0A: LISTEN), ..., inode (10th).
      .filter(fields => fields[3] === '0A' && inodes.has(fields[9]))
      .map(fields => {
        const [hex, port] = fields[1].split(':');
        return {
          address: hex,
          port: parseInt(port, 16),
          // 127.0.0.1 in /proc's little-endian hex, or ::1 (tcp6).
          loopback: hex === '0100007F' || hex === '00000000000000000000000001000000',
        };
      }),
  );
}

if (!existsSync('/usr/bin/janus') && !process.env.JANUS) {
  console.log(
    'janus: 0 passed, 1 failed (Janus is not installed: apt-get install -y --no-install-recommends janus)',
  );
  process.exit(1);
}
const startedAt = Date.now();
const url = janusSh('start', '--port', String(PORT), '--rtp-ports', '21000-21099');
console.log(`janus: ${url} answered ${Date.now() - startedAt} ms after start`);
const dir = janusSh('dir');
const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
const secret = readFileSync(join(dir, 'token-secret'), 'utf8').trim();
const roomKey = readFileSync(join(dir, 'room-key'), 'utf8').trim();
const janus = await JanusConnection.open(url);
const room = `kit-${Date.now().toString(36)}`;
const pin = 'pin-' + Math.random().toString(36).slice(2);

try {
  await check(
    'the config: the VideoRoom is the only plugin, WebSocket the only transport, no admin API',
    async () => {
      const info = await janus.request({janus: 'info'});
      expect(
        Object.keys(info.plugins).join() === VIDEOROOM,
        `plugins: ${Object.keys(info.plugins)}`,
      );
      expect(
        Object.keys(info.transports).join() === 'janus.transport.websockets',
        `transports: ${Object.keys(info.transports)}`,
      );
      expect(
        info.auth_token === true && info.api_secret === false,
        'token_auth should be on, no api_secret',
      );
      const config = readFileSync(join(dir, 'janus.jcfg'), 'utf8');
      expect(
        !/janusoverlord|admin_secret|api_secret/.test(config),
        'a default secret is in the config',
      );
      expect(
        !/admin_ws = true/.test(readFileSync(join(dir, 'janus.transport.websockets.jcfg'), 'utf8')),
        'admin API',
      );
      expect(
        !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(secret),
        'the secret is on the command line',
      );
    },
  );

  await check(
    'a session needs a token: none, a forged, an expired or another plugin’s is refused (403)',
    async () => {
      const tries = {
        none: undefined,
        forged: janusToken('not-the-secret-0123456789'),
        expired: janusToken(secret, {now: Date.now() - 120_000}),
      };
      for (const [kind, token] of Object.entries(tries)) {
        const answer = await janus.request({janus: 'create', ...(token ? {token} : {})});
        expect(
          answer.janus === 'error' && answer.error.code === 403,
          `${kind}: ${JSON.stringify(answer)}`,
        );
      }
      const echo = janusToken(secret, {plugins: ['janus.plugin.echotest']});
      const created = await janus.request({janus: 'create', token: echo});
      expect(created.janus === 'success', 'a signed token opens a session');
      const attached = await janus.request({
        janus: 'attach',
        plugin: VIDEOROOM,
        session_id: created.data.id,
        token: echo,
      });
      expect(
        attached.janus === 'error',
        `a token for another plugin attached the VideoRoom: ${JSON.stringify(attached)}`,
      );
    },
  );

  await check('a demo plugin is not there, even with a token for it', async () => {
    const token = janusToken(secret, {plugins: ['janus.plugin.echotest']});
    const created = await janus.request({janus: 'create', token});
    const attached = await janus.request({
      janus: 'attach',
      plugin: 'janus.plugin.echotest',
      session_id: created.data.id,
      token,
    });
    expect(attached.janus === 'error', `the echo test attached: ${JSON.stringify(attached)}`);
  });

  await check(
    'a room is created only with the room admin key, with its own secret and pin',
    async () => {
      const {send} = await janus.videoRoom(janusToken(secret));
      const without = await send({request: 'create', room: `${room}-x`, publishers: 6});
      expect(
        without.videoroom === 'event' && without.error_code,
        `created without the key: ${JSON.stringify(without)}`,
      );
      const wrong = await send({
        request: 'create',
        room: `${room}-y`,
        admin_key: 'guess',
        publishers: 6,
      });
      expect(wrong.error_code, `created with a wrong key: ${JSON.stringify(wrong)}`);
      const made = await send({
        request: 'create',
        room,
        admin_key: roomKey,
        secret: 'room-secret-' + pin,
        pin,
        publishers: 6,
        is_private: true,
      });
      expect(
        made.videoroom === 'created' && made.room === room,
        `not created: ${JSON.stringify(made)}`,
      );
      const listed = await send({request: 'list'});
      expect(!listed.list?.some(known => known.room === room), 'a private room is listed');
    },
  );

  await check('only who has the room’s pin joins it; its secret alone changes it', async () => {
    const {send} = await janus.videoRoom(janusToken(secret));
    const stranger = await send({request: 'join', ptype: 'publisher', room, display: 'Mallory'});
    expect(stranger.error_code, `joined without the pin: ${JSON.stringify(stranger)}`);
    const guess = await send({
      request: 'join',
      ptype: 'publisher',
      room,
      pin: 'guess',
      display: 'Mallory',
    });
    expect(guess.error_code, `joined with a wrong pin: ${JSON.stringify(guess)}`);
    const destroy = await send({request: 'destroy', room});
    expect(destroy.error_code, `destroyed without the secret: ${JSON.stringify(destroy)}`);
    const ada = await janus.videoRoom(janusToken(secret));
    const joined = await ada.send({request: 'join', ptype: 'publisher', room, pin, display: 'Ada'});
    expect(
      joined.videoroom === 'joined' && joined.room === room,
      `not joined: ${JSON.stringify(joined)}`,
    );
  });

  await check(
    'it listens on 127.0.0.1 only, on its WebSocket port alone (no admin API)',
    async () => {
      const listening = listeningSockets(pid);
      const ws = listening.filter(socket => socket.port === Number(new URL(url).port));
      expect(
        ws.length === 1 && listening.length === 1,
        `listening: ${JSON.stringify(listening)} (want only ${url})`,
      );
      expect(ws[0].loopback, `the WebSocket listens on ${ws[0].address}, not on 127.0.0.1`);
    },
  );

  // Group calls' rooms through Kamailio, on this Janus (e2e/janus/group-legs.mjs).
  await groupLegChecks({check, expect, url, secret, roomKey});

  // The room client of group calls in Chromium tabs, through this Janus (e2e/janus/room.mjs).
  try {
    await roomChecks({url, secret, roomKey, check, expect});
  } catch (error) {
    failed++;
    console.log(`✗ the room client's checks could not run: ${error?.stack ?? error}`);
  }

  await check('stop by pid: Janus is gone, its run directory (the secrets) too', async () => {
    janus.close();
    janusSh('stop');
    expect(!existsSync(`/proc/${pid}`), `janus ${pid} still runs`);
    expect(!existsSync(dir), `${dir} is still there`);
    expect((await codeOf(JanusConnection.open(url))) !== 'resolved', 'the WebSocket still answers');
  });
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
