// What the group call tests over SIP need beside the demo: a Janus (tools/janus/janus.sh, stopped by its pid), the
// app backend's room hook holding its secrets (tools/janus/group-rooms.mjs), and a Kamailio that asks it
// (`--group-hook`). A rig that cannot start says why in `error` (the test then fails with it).
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startGroupRooms} from '../../tools/janus/group-rooms.mjs';
import {ROOT} from '../demo-build.mjs';

/** The rig's Janus sends and receives media on these ports only (a test tells its connections by them). */
const RTP_PORTS = [21400, 21599];

/**
 * @param {{proxies: import('./proxies.mjs').Proxies, directory: string}} options The run's proxies, the directory.
 * @returns {Promise<{proxy?: string, sfu?: string, rtpPorts?: number[], error?: string, close(): Promise<void>}>}
 */
export async function startGroupRig({proxies, directory}) {
  const env = {...process.env, KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-sip-'))};
  const janusSh = (...args) =>
    execFileSync('bash', [join(ROOT, 'tools/janus/janus.sh'), ...args, '--name', 'sipgroups'], {
      env,
    })
      .toString()
      .trim();
  let rooms;
  const close = async () => {
    await rooms?.close();
    try {
      janusSh('stop');
    } catch {
      // Not started.
    }
    rmSync(env.KIT_JANUS_DIR, {recursive: true, force: true});
  };
  try {
    if (typeof WebSocket === 'undefined') {
      throw new Error(
        'the room hook talks to Janus over a WebSocket: run with node --experimental-websocket (npm run e2e:sip)',
      );
    }
    const sfu = janusSh(
      'start',
      '--port',
      String(16188 + (process.pid % 500)),
      '--rtp-ports',
      RTP_PORTS.join('-'),
    );
    const dir = janusSh('dir');
    rooms = await startGroupRooms({
      janus: sfu,
      tokenSecret: readFileSync(join(dir, 'token-secret'), 'utf8').trim(),
      roomKey: readFileSync(join(dir, 'room-key'), 'utf8').trim(),
    });
    const proxy = await proxies.start('groups', {groupHook: rooms.hook, directory});
    return {proxy: proxy.url, sfu, rtpPorts: RTP_PORTS, close};
  } catch (error) {
    return {error: error.message, close};
  }
}
