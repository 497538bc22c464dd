// What the group call tests over SIP need beside the demo: two Janus (tools/janus/janus.sh, each stopped by its pid;
// the same secrets on both), the app backend's room hook holding those secrets and placing rooms on both
// (tools/janus/group-rooms.mjs), and a Kamailio that asks it (`--group-hook`). A rig that cannot start says why in
// `error` (the test then fails with it).
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startGroupRooms} from '../../tools/janus/group-rooms.mjs';
import {ROOT} from '../demo-build.mjs';

/** Each Janus of the rig sends and receives media on its ports only (a test tells its connections by them). */
const RTP_PORTS = [
  [21400, 21499],
  [21500, 21599],
];

/**
 * @param {{proxies: import('./proxies.mjs').Proxies, directory: string}} options The run's proxies, the directory.
 * @returns {Promise<{proxy?: string, sfu?: string, rtpPorts?: number[], rtpPortsOf?: number[][],
 *   roomSfu?(): number, stop?(sfu: number): void, pause?(sfu: number, paused: boolean): void, error?: string,
 *   close(): Promise<void>}>} `sfu`: both URLs (the demo's `?sfu=`); `rtpPorts`: the ports of both; `roomSfu()`:
 *   which Janus holds the newest room; `stop(n)`: stops that Janus by its pid; `pause(n, true)`: freezes it by its
 *   pid (SIGSTOP: its sockets stay open, nothing answers), `pause(n, false)` lets it go on (SIGCONT); `start(n)`
 *   starts it again.
 */
export async function startGroupRig({proxies, directory}) {
  const env = {
    ...process.env,
    KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-sip-')),
    KIT_JANUS_TOKEN_SECRET: randomBytes(24).toString('base64url'),
    KIT_JANUS_ROOM_KEY: randomBytes(24).toString('base64url'),
  };
  const janusSh = (sfu, ...args) =>
    execFileSync(
      'bash',
      [join(ROOT, 'tools/janus/janus.sh'), ...args, '--name', `sipgroups${sfu}`],
      {env},
    )
      .toString()
      .trim();
  const stop = sfu => {
    try {
      janusSh(sfu, 'stop');
    } catch {
      // Not started, or stopped already.
    }
  };
  const pids = [];
  /** Starts (or starts again) that Janus, on its own port and RTP ports; its pid is kept. @returns Its URL. */
  const start = sfu => {
    const url = janusSh(
      sfu,
      'start',
      '--port',
      String(16188 + 2 * (process.pid % 500) + sfu),
      '--rtp-ports',
      RTP_PORTS[sfu].join('-'),
    );
    pids[sfu] = Number(readFileSync(join(janusSh(sfu, 'dir'), 'pid'), 'utf8'));
    return url;
  };
  const pause = (sfu, paused) => process.kill(pids[sfu], paused ? 'SIGSTOP' : 'SIGCONT');
  let rooms;
  const close = async () => {
    pids.forEach((_, sfu) => {
      try {
        pause(sfu, false); // A Janus left frozen by a failed test stops all the same.
      } catch {
        // Gone.
      }
    });
    await rooms?.close();
    RTP_PORTS.forEach((_, sfu) => stop(sfu));
    rmSync(env.KIT_JANUS_DIR, {recursive: true, force: true});
  };
  try {
    if (typeof WebSocket === 'undefined') {
      throw new Error(
        'the room hook talks to Janus over a WebSocket: run with node --experimental-websocket (npm run e2e:sip)',
      );
    }
    const sfus = RTP_PORTS.map((_, sfu) => start(sfu));
    const dir = janusSh(0, 'dir');
    rooms = await startGroupRooms({
      janus: sfus,
      tokenSecret: readFileSync(join(dir, 'token-secret'), 'utf8').trim(),
      roomKey: readFileSync(join(dir, 'room-key'), 'utf8').trim(),
    });
    const proxy = await proxies.start('groups', {groupHook: rooms.hook, directory});
    return {
      proxy: proxy.url,
      sfu: sfus.join(','),
      rtpPorts: [RTP_PORTS[0][0], RTP_PORTS.at(-1)[1]],
      rtpPortsOf: RTP_PORTS,
      roomSfu: () => [...rooms.rooms.values()].at(-1)?.sfu ?? -1,
      stop,
      start,
      pause,
      close,
    };
  } catch (error) {
    return {error: error.message, close};
  }
}
