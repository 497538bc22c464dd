// coturn for the SIP browser tests: a TURN server on 127.0.0.1 with `use-auth-secret` and the run's Kamailio secret
// (the same ephemeral credentials serve SIP and TURN), configured from a file in the run's private folder, started
// as a child process and stopped by its pid.
import {spawn} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {createSocket} from 'node:dgram';
import {existsSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {freePort} from './proxies.mjs';

/** The coturn binary, when installed (Debian: `coturn`). */
export function turnserverPath() {
  return (
    ['/usr/bin/turnserver', '/usr/local/bin/turnserver'].find(path => existsSync(path)) ?? null
  );
}

/** Whether a STUN Binding request on UDP 127.0.0.1:port is answered within `timeout` ms. */
function stunAnswers(port, timeout = 200) {
  return new Promise(done => {
    const socket = createSocket('udp4');
    const request = Buffer.concat([
      Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]),
      randomBytes(12),
    ]);
    const timer = setTimeout(() => finish(false), timeout);
    const finish = answered => {
      clearTimeout(timer);
      socket.close();
      done(answered);
    };
    socket.once('message', () => finish(true));
    socket.once('error', () => finish(false));
    socket.send(request, port, '127.0.0.1');
  });
}

/**
 * Starts coturn.
 * @param {{dir: string, secret: string, realm?: string, port?: number}} options A private folder for its config
 *   and logs; the shared secret; the port (a free one by default; the same one again to bring a stopped coturn
 *   back at the address the credentials name).
 * @returns {Promise<{url: string, port: number, stop: () => Promise<void>, log: () => string}>} The `turn:` URL.
 */
export async function startTurn({dir, secret, realm = 'kit.test', port}) {
  const binary = turnserverPath();
  if (!binary) {
    throw new Error('coturn is missing: apt-get install -y --no-install-recommends coturn');
  }
  port ??= await freePort();
  // Relay ports: a random range of 200 above 50000, so that two runs rarely meet.
  const minPort = 50000 + Math.floor(Math.random() * 70) * 200;
  const config = join(dir, 'turnserver.conf');
  writeFileSync(
    config,
    [
      'listening-ip=127.0.0.1',
      `listening-port=${port}`,
      'relay-ip=127.0.0.1',
      `min-port=${minPort}`,
      `max-port=${minPort + 199}`,
      'use-auth-secret',
      `static-auth-secret=${secret}`,
      `realm=${realm}`,
      'fingerprint',
      'no-tls',
      'no-dtls',
      'no-cli',
      // The browsers of the tests are peers on 127.0.0.1.
      'allow-loopback-peers',
      'no-multicast-peers',
      `pidfile=${join(dir, 'turnserver.pid')}`,
      `userdb=${join(dir, 'turndb')}`,
      'log-file=stdout',
      'simple-log',
      '',
    ].join('\n'),
    {mode: 0o600},
  );
  let output = '';
  const child = spawn(binary, ['-c', config], {stdio: ['ignore', 'pipe', 'pipe']});
  child.stdout.on('data', chunk => (output += chunk));
  child.stderr.on('data', chunk => (output += chunk));
  const exited = new Promise(done => child.once('exit', done));
  const deadline = Date.now() + 5000;
  while (!(await stunAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`coturn did not start on 127.0.0.1:${port}:\n${output.slice(-1500)}`);
    }
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    port,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise(done => setTimeout(done, 3000))]);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
        }
      }
    },
  };
}
