// The SIP load benchmark: SIPp (Debian `sip-tester`) against tools/kamailio's single proxy, through the same routes
// with authentication on (ephemeral credentials; the flood ban is off on the benchmark's own UDP/TCP port only), on
// 127.0.0.1 only. Prints registrations per second and calls per second (INVITE, 407, INVITE with credentials, 180,
// 200, ACK, BYE) over UDP and TCP, and the proxy's memory. Every loop is bounded in count and in time.
//
//   node tools/sip-load.mjs [--short]      (--short: the bounded run of CI's benchmark step)
//
// Exit code 2 when it cannot run (no SIPp, no Kamailio), 1 when more than 5% of the registrations or calls failed
// (a few UDP messages lost in a burst on a busy machine fail their calls: they are printed, not fatal).
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Proxies, freePort, kamailioInstalled} from '../e2e/sip/proxies.mjs';
import {mintSipCredentials} from './sip-credentials.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS = join(ROOT, 'tools', 'kamailio', 'sipp');
const SHORT = process.argv.includes('--short');
/**
 * Counts of each run, and SIPp's offered rate (above what the proxy can take, so the figures are the proxy's, bounded
 * by CONCURRENCY calls in flight); every SIPp run also stops after TIME_LIMIT seconds whatever happened.
 */
const REGISTRATIONS = SHORT ? 1000 : 5000;
const CALLS = SHORT ? 300 : 2000;
const RATE = 10000;
const CONCURRENCY = 100;
const TIME_LIMIT = SHORT ? 20 : 60;
const DOMAIN = 'kit.test';
/** The proxy's shared memory in MB: a burst of calls holds every transaction for tm's wait timer (5 s). */
const SHM = 256;

function sippPath() {
  return ['/usr/bin/sipp', '/usr/local/bin/sipp'].find(path => existsSync(path)) ?? null;
}

/** Runs SIPp to its end (bounded by -m and -timeout); returns successes, failures and the wall-clock seconds. */
function runSipp(args, statFile) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      sippPath(),
      [...args, '-nostdin', '-recv_timeout', '2000', '-trace_stat', '-stf', statFile, '-fd', '1'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', chunk => (errors = (errors + chunk).slice(-2000)));
    child.once('error', fail);
    child.once('exit', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const lines = existsSync(statFile) ? readFileSync(statFile, 'utf8').trim().split('\n') : [];
      if (lines.length < 2) {
        fail(new Error(`SIPp wrote no statistics: ${errors}`));
        return;
      }
      const names = lines[0].split(';');
      const last = lines.at(-1).split(';');
      const value = name => Number(last[names.indexOf(name)]);
      // Wall-clock seconds from start to exit (SIPp's own clock has whole seconds only); a call whose message was
      // lost fails after -recv_timeout and stretches it by that much at most.
      done({ok: value('SuccessfulCall(C)'), failed: value('FailedCall(C)'), seconds});
    });
  });
}

/**
 * Writes a SIPp injection file for one user (fields: user, -, domain, transport, `extra`) and returns SIPp's arguments for
 * that user's ephemeral credentials (SIPp 3.6.1 takes digest credentials only from -au / -ap, not from the file).
 */
function oneUser(path, secret, user, extra, transport = '') {
  writeFileSync(path, `SEQUENTIAL\n${[user, '', DOMAIN, transport, extra].join(';')}\n`, {
    mode: 0o600,
  });
  const {username, password} = mintSipCredentials(secret, user, {ttl: 3600});
  return ['-inf', path, '-au', username, '-ap', password];
}

/** The proxy's memory: shared memory in use (kamcmd core.shmmem) and the PSS of all its processes. */
function memory(proxies, name) {
  const shm = proxies.rpc(name, 'core.shmmem');
  const used = Number(/real_used:\s*(\d+)/.exec(shm)?.[1] ?? 0);
  const status = execFileSync(
    'bash',
    [join(ROOT, 'tools', 'kamailio', 'kamailio.sh'), 'status', '--name', name],
    {
      encoding: 'utf8',
      env: {...process.env, KIT_KAMAILIO_DIR: proxies.dir},
    },
  );
  const main = Number(/pid (\d+)/.exec(status)?.[1]);
  const pids = [main];
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        const ppid = Number(
          readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1],
        );
        if (ppid === main) {
          pids.push(Number(entry));
        }
      } catch {
        // Gone meanwhile.
      }
    }
  }
  let pss = 0;
  for (const pid of pids) {
    try {
      pss += Number(
        /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0,
      );
    } catch {
      // Gone meanwhile.
    }
  }
  const mb = bytes => (bytes / 1048576).toFixed(1);
  return `shared memory in use ${mb(used)} MB of ${SHM}, ${pids.length} processes with a PSS of ${mb(pss * 1024)} MB`;
}

async function main() {
  if (!sippPath()) {
    console.error('sip-load needs SIPp: apt-get install -y --no-install-recommends sip-tester');
    process.exitCode = 2;
    return;
  }
  if (!kamailioInstalled()) {
    console.error('sip-load needs Kamailio: apt-get install -y --no-install-recommends kamailio');
    process.exitCode = 2;
    return;
  }
  const proxies = new Proxies({shm: SHM});
  const children = new Set();
  const stopAll = () => {
    for (const child of children) {
      child.kill('SIGTERM');
    }
    proxies.stopAll();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      stopAll();
      process.exit(130);
    });
  }
  let worst = 0;
  try {
    const loadPort = await freePort();
    await proxies.start('load', {loadPort});
    const proxy = `127.0.0.1:${loadPort}`;
    console.log(
      `SIPp load against Kamailio on ${proxy} (UDP and TCP, auth on, ${SHM} MB of shared memory): ${REGISTRATIONS} registrations and ${CALLS} calls per transport, at most ${TIME_LIMIT} s each`,
    );
    for (const [transport, flag] of [
      ['UDP', 'u1'],
      ['TCP', 't1'],
    ]) {
      const tag = transport.toLowerCase();
      const common = ['-t', flag, '-i', '127.0.0.1', '-timeout', `${TIME_LIMIT}s`];
      // Registrations: REGISTRATIONS REGISTER transactions (401, then 200 with credentials), each a new Call-ID for
      // one address and contact.
      const regPort = await freePort();
      const regs = oneUser(
        join(proxies.dir, `regs-${tag}.csv`),
        proxies.secret,
        `load${tag}`,
        `127.0.0.1:${regPort}`,
        tag,
      );
      const registered = await runSipp(
        [
          proxy,
          '-sf',
          join(SCENARIOS, 'register.xml'),
          ...regs,
          '-m',
          String(REGISTRATIONS),
          '-r',
          String(RATE),
          '-l',
          String(CONCURRENCY),
          '-p',
          String(regPort),
          ...common,
        ],
        join(proxies.dir, `regs-${tag}.stat.csv`),
      );
      // Calls: a SIPp UAS registered as "callee" answers each call (180, 200, copying the Record-Route) and its BYE.
      const uasPort = await freePort();
      const uas = spawn(
        sippPath(),
        [
          '-sf',
          join(SCENARIOS, 'uas.xml'),
          '-p',
          String(uasPort),
          ...common.slice(0, 4),
          '-nostdin',
          '-timeout',
          `${TIME_LIMIT * 2}s`,
        ],
        {stdio: 'ignore'},
      );
      children.add(uas);
      // Registered over UDP: a registration over TCP belongs to its connection (usrloc handle_lost_tcp), which
      // would close with this SIPp; the calls still reach the callee over `transport`.
      const callee = oneUser(
        join(proxies.dir, `callee-${tag}.csv`),
        proxies.secret,
        `callee${tag}`,
        `127.0.0.1:${uasPort}`,
        tag,
      );
      const calleeRegistered = await runSipp(
        [
          proxy,
          '-sf',
          join(SCENARIOS, 'register.xml'),
          ...callee,
          '-m',
          '1',
          '-t',
          'u1',
          '-i',
          '127.0.0.1',
          '-timeout',
          '10s',
        ],
        join(proxies.dir, `callee-${tag}.stat.csv`),
      );
      if (calleeRegistered.ok !== 1) {
        throw new Error(`the ${transport} callee could not register`);
      }
      const callers = oneUser(
        join(proxies.dir, `calls-${tag}.csv`),
        proxies.secret,
        `caller${tag}`,
        `callee${tag}`,
      );
      const called = await runSipp(
        [
          proxy,
          '-sf',
          join(SCENARIOS, 'call.xml'),
          ...callers,
          '-m',
          String(CALLS),
          '-r',
          String(RATE),
          '-l',
          String(CONCURRENCY),
          ...common,
        ],
        join(proxies.dir, `calls-${tag}.stat.csv`),
      );
      uas.kill('SIGTERM');
      children.delete(uas);
      const rate = run => (run.ok / run.seconds).toFixed(0);
      console.log(
        `sip load ${transport}: ${rate(registered)} registrations/s (${registered.ok} ok, ${registered.failed} failed in ${registered.seconds.toFixed(1)} s); ${rate(called)} calls/s (${called.ok} ok, ${called.failed} failed in ${called.seconds.toFixed(1)} s)`,
      );
      console.log(`kamailio memory after the ${transport} load: ${memory(proxies, 'load')}`);
      worst = Math.max(worst, 1 - registered.ok / REGISTRATIONS, 1 - called.ok / CALLS);
    }
  } finally {
    stopAll();
  }
  process.exitCode = worst > 0.05 ? 1 : 0;
}

main().catch(error => {
  console.error(error);
  process.exitCode = 2;
});
