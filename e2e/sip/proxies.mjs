// Kamailio for the SIP browser tests: started and stopped through tools/kamailio/kamailio.sh (its own run
// directory, port and pid file; stopped by SIGTERM to that pid), on free ports of 127.0.0.1. Every instance of a run
// shares one fresh auth_ephemeral secret (`proxies.secret`, to mint the tabs' credentials) and one Origin allowlist.
import {execFileSync} from 'node:child_process';
import {X509Certificate, createHash} from 'node:crypto';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {newSipSecret} from '../../tools/sip-credentials.mjs';

const SCRIPT = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'tools',
  'kamailio',
  'kamailio.sh',
);

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise(done => server.listen(0, '127.0.0.1', done));
  const {port} = server.address();
  await new Promise(done => server.close(done));
  return port;
}

/** Whether Kamailio is installed. */
export function kamailioInstalled() {
  try {
    execFileSync(process.env.KAMAILIO || 'kamailio', ['-v'], {stdio: 'ignore', env: withSbin()});
    return true;
  } catch {
    return false;
  }
}

function withSbin() {
  return {...process.env, PATH: `${process.env.PATH}:/usr/sbin:/usr/local/sbin`};
}

/** The Kamailio instances of one run, in their own temp folder. */
export class Proxies {
  /**
   * @param {{origins?: string[], shm?: number}} [options] The origins allowed to open a WebSocket (the demo's
   *   server); each instance's shared memory in MB (default: kamailio.sh's, 256).
   */
  constructor({origins = [], shm} = {}) {
    this.shm = shm;
    this.dir = mkdtempSync(join(tmpdir(), 'kit-sip-e2e-'));
    this.running = new Map();
    this.secret = newSipSecret();
    this.origins = origins;
  }

  /**
   * The run's self-signed certificate for WSS (127.0.0.1 and localhost), made once so that a restarted proxy keeps
   * it, and its SPKI hash (what Chromium's --ignore-certificate-errors-spki-list trusts).
   * @returns {{cert: string, key: string, spki: string}}
   */
  certificate() {
    const cert = join(this.dir, 'cert.pem');
    const key = join(this.dir, 'key.pem');
    if (!existsSync(cert)) {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '7',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        {stdio: 'ignore'},
      );
    }
    const der = new X509Certificate(readFileSync(cert)).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    return {cert, key, spki: createHash('sha256').update(der).digest('base64')};
  }

  _run(args) {
    const tls = args.includes('--tls-port') ? this.certificate() : null;
    return execFileSync('bash', [SCRIPT, ...args], {
      encoding: 'utf8',
      env: {
        ...withSbin(),
        KIT_KAMAILIO_DIR: this.dir,
        KIT_SIP_SECRET: this.secret,
        ...(this.origins.length ? {KIT_SIP_ORIGINS: this.origins.join(' ')} : {}),
        ...(tls ? {KIT_SIP_TLS_CERT: tls.cert, KIT_SIP_TLS_KEY: tls.key} : {}),
        ...(this.shm ? {KIT_KAMAILIO_SHM: String(this.shm)} : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  }

  /**
   * Starts one instance (again, after a stop: same name, same port).
   * @param {string} name Its name (run directory).
   * @param {{port?: number, role?: string, registrar?: number | string, tlsPort?: number, plainWs?: boolean,
   *   peer?: number, loadPort?: number, pushHook?: string, groupHook?: string, directory?: string,
   *   directoryUrl?: string}} options
   *   `registrar`: an edge's registrar port, or "PORT,PORT"; `tlsPort`: WSS (alone: no plain `ws://`);
   *   `plainWs`: plain `ws://` beside WSS; `peer`: a registrar's dmq peer; `loadPort`: plain SIP for the SIPp load
   *   benchmark (tools/sip-load.mjs); `pushHook`: SIP push (the push sender's hook URL, tools/push-sender.mjs);
   *   `groupHook`: group calls' rooms (the room hook's URL, tools/janus/group-rooms.mjs);
   *   `directory`: a file of `uid<TAB>name` lines, the names the proxy asserts for its users; `directoryUrl`: a
   *   directory service asked for the others (GET URL?uid=<uid>); `phonePort`: plain SIP for desk phones, with an
   *   rtpengine beside the proxy (its control port phonePort + 1, RTP on `rtpPorts`).
   * @returns {Promise<{name: string, port: number, url?: string, wssUrl?: string}>} `url` is the plain `ws://` one
   *   (none with `tlsPort` alone).
   */
  async start(
    name,
    {
      port,
      role,
      registrar,
      tlsPort,
      plainWs,
      peer,
      loadPort,
      pushHook,
      groupHook,
      directory,
      directoryUrl,
      phonePort,
      rtpPorts,
    } = {},
  ) {
    const before = this.running.get(name);
    port ??= before?.port ?? (await freePort());
    tlsPort ??= before?.tlsPort;
    plainWs ??= before?.plainWs;
    role ??= before?.role ?? 'single';
    registrar ??= before?.registrar;
    peer ??= before?.peer;
    pushHook ??= before?.pushHook;
    groupHook ??= before?.groupHook;
    directory ??= before?.directory;
    directoryUrl ??= before?.directoryUrl;
    const args = ['start', '--name', name, '--port', String(port), '--role', role];
    if (registrar) {
      args.push('--registrar', String(registrar));
    }
    if (peer) {
      args.push('--peer', String(peer));
    }
    if (loadPort) {
      args.push('--load-port', String(loadPort));
    }
    if (tlsPort) {
      args.push('--tls-port', String(tlsPort));
    }
    if (plainWs) {
      args.push('--plain-ws');
    }
    if (pushHook) {
      args.push('--push-hook', pushHook);
    }
    if (groupHook) {
      args.push('--group-hook', groupHook);
    }
    if (directory) {
      args.push('--directory', directory);
    }
    if (directoryUrl) {
      args.push('--directory-url', directoryUrl);
    }
    if (phonePort) {
      args.push('--phone-port', String(phonePort), ...(rtpPorts ? ['--rtp-ports', rtpPorts] : []));
    }
    const urls = this._run(args).split('\n');
    const url = urls.find(line => line.startsWith('ws://'));
    const wssUrl = urls.find(line => line.startsWith('wss://'));
    const proxy = {
      name,
      port,
      url,
      wssUrl,
      tlsPort,
      plainWs,
      role,
      registrar,
      peer,
      pushHook,
      groupHook,
      directory,
      directoryUrl,
    };
    this.running.set(name, proxy);
    return proxy;
  }

  /**
   * Asks one instance over its control socket (kamcmd), e.g. `rpc('registrarA', 'ul.lookup', 'location', 'a@b')`.
   * @returns {string} The answer, or the error's text.
   */
  rpc(name, ...command) {
    const dir = this._run(['dir', '--name', name]);
    try {
      return execFileSync('kamcmd', ['-s', `unix:${dir}/ctl.sock`, ...command], {
        encoding: 'utf8',
        env: withSbin(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      return String(error.stderr || error.stdout || error.message);
    }
  }

  /** Stops one instance (SIGTERM to the pid in its pid file). */
  stop(name) {
    this._run(['stop', '--name', name]);
  }

  /** Restarts one instance on the same port. */
  async restart(name) {
    const proxy = this.running.get(name);
    this.stop(name);
    return this.start(name, proxy);
  }

  /** Stops every instance and removes the run directories. */
  stopAll() {
    for (const name of this.running.keys()) {
      try {
        this.stop(name);
      } catch (error) {
        console.error(`could not stop kamailio ${name}: ${error.message}`);
      }
    }
    rmSync(this.dir, {recursive: true, force: true});
  }
}
