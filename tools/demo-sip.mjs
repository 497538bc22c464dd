// `npm run demo:sip`: the demo in SIP mode. Starts Kamailio (tools/kamailio/kamailio.sh, WebSocket on
// 127.0.0.1:5080, with a fresh auth_ephemeral secret and the demo's origin as the only one allowed), an endpoint on
// 127.0.0.1:5079 that mints the tabs' ephemeral credentials with that secret (the part an app's backend plays),
// serves the demo (`ng serve demo` on 127.0.0.1:4200) and prints two links: open one as Grace and one as Linus (two
// tabs, or two browsers on this machine) and call each other with real audio and video. Ctrl+C stops them all,
// Kamailio and the dev server each by its pid. SIP push (docs/push.md): the push sender on 127.0.0.1:5078 with fresh
// VAPID keys, Kamailio with its hook, and a third link: Linus with push on; allow notifications, close his tab, and
// call him from Grace: the browser's push service (real Web Push, so this machine needs the internet) rings him.
//
//   node tools/demo-sip.mjs [--port 5080] [--http-port 4200] [--auth-port 5079] [--push-port 5078]
import {execFileSync, spawn} from 'node:child_process';
import {get} from 'node:http';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {newVapidKeys, startPushSender} from './push-sender.mjs';
import {newSipSecret, serveSipCredentials} from './sip-credentials.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KAMAILIO = join(ROOT, 'tools', 'kamailio', 'kamailio.sh');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const sipPort = option('--port', '5080');
const httpPort = option('--http-port', '4200');
const authPort = option('--auth-port', '5079');
const pushPort = option('--push-port', '5078');
const secret = newSipSecret();
const origins = [`http://127.0.0.1:${httpPort}`, `http://localhost:${httpPort}`];
const kamailioEnv = {...process.env, KIT_SIP_SECRET: secret, KIT_SIP_ORIGINS: origins.join(' ')};

// The push sender first: Kamailio's config names its hook. Accept opens the demo as the callee, on this proxy.
const vapid = newVapidKeys();
const pushSender = await startPushSender({
  vapid,
  port: Number(pushPort),
  kamailio: `http://127.0.0.1:${sipPort}`,
  appUrl: uid =>
    `http://127.0.0.1:${httpPort}/?${new URLSearchParams({
      user: uid,
      sip: `ws://127.0.0.1:${sipPort}`,
      sipAuth: `http://127.0.0.1:${authPort}/sip-credentials`,
      push: vapid.publicKey,
      pushOrigin: `http://127.0.0.1:${pushPort}`,
    })}`,
});
let proxy;
try {
  // The demo's users by the names the proxy asserts for them (P-Asserted-Identity): the incoming screen shows these.
  const directory = join(ROOT, 'tools', 'kamailio', 'demo-directory.tsv');
  const start = ['start', '--name', 'demo', '--port', sipPort, '--push-hook', pushSender.hook];
  start.push('--directory', directory);
  proxy = execFileSync('bash', [KAMAILIO, ...start], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: kamailioEnv,
  }).trim();
} catch (error) {
  process.stderr.write(String(error.stderr ?? error.message));
  if (error.status === 3) {
    console.error('\nnpm run demo:sip needs Kamailio (see above); then run it again.');
  }
  await pushSender.close();
  process.exit(1);
}
const runDir = execFileSync('bash', [KAMAILIO, 'dir', '--name', 'demo'], {encoding: 'utf8'}).trim();
console.log(`Kamailio: ${proxy} (log: ${runDir}/kamailio.log)`);
let credentials;
try {
  credentials = await serveSipCredentials({secret, origins, port: Number(authPort)});
} catch (error) {
  console.error(
    `The credentials endpoint could not listen on 127.0.0.1:${authPort}: ${error.message}`,
  );
  execFileSync('bash', [KAMAILIO, 'stop', '--name', 'demo'], {stdio: 'inherit'});
  process.exit(1);
}
console.log(`Credentials: ${credentials.url}`);

const server = spawn(
  join(ROOT, 'node_modules', '.bin', 'ng'),
  ['serve', 'demo', '--host', '127.0.0.1', '--port', httpPort],
  {cwd: ROOT, stdio: 'inherit', env: {...process.env, NG_CLI_ANALYTICS: 'false'}},
);
const base = `http://127.0.0.1:${httpPort}/`;
const sip = `${encodeURIComponent(proxy)}&sipAuth=${encodeURIComponent(credentials.url)}`;

/** Prints the two links once the dev server answers. */
async function announce() {
  for (let attempt = 0; attempt < 600 && server.exitCode === null; attempt++) {
    const up = await new Promise(done =>
      get(base, response => {
        response.resume();
        done(response.statusCode === 200);
      }).on('error', () => done(false)),
    );
    if (up) {
      console.log('\nReal calls over SIP: open both, then call Linus from Grace (or back):');
      console.log(`  ${base}?user=grace&sip=${sip}`);
      console.log(`  ${base}?user=linus&sip=${sip}`);
      console.log(
        'Push: open this one as Linus, allow notifications, close the tab, and call him from Grace:',
      );
      console.log(
        `  ${base}?user=linus&sip=${sip}&push=${vapid.publicKey}&pushOrigin=http://127.0.0.1:${pushPort}\n`,
      );
      return;
    }
    await new Promise(done => setTimeout(done, 500));
  }
}
void announce();

let stopping = false;
/** Stops the dev server (and waits for it), then Kamailio, each by its pid. */
async function stop(code = 0) {
  if (stopping) {
    return;
  }
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise(done => server.once('exit', done));
    process.kill(server.pid, 'SIGINT');
    await Promise.race([exited, new Promise(done => setTimeout(done, 5000))]);
  }
  try {
    await credentials.close();
    await pushSender.close();
    execFileSync('bash', [KAMAILIO, 'stop', '--name', 'demo'], {stdio: 'inherit'});
  } finally {
    process.exit(code);
  }
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
server.on('exit', status => void stop(status ?? 0));
