// Attacks on tools/kamailio, tried from outside with a raw SIP client (e2e/sip/sip-wire.mjs): what a browser never
// sends, from loopback addresses of their own (127.0.0.x is another host to the proxy). One Kamailio (the single
// proxy, and an edge with its registrar, with a secret of this run), no browser, a few seconds.
//
//   node e2e/sip/attacks.mjs [--only <regexp>]
//
// Prints `✓ name` or `✗ name: reason` for each named check, then exactly one line `sipattacks: N passed, N failed`;
// exit code 1 when a check failed, 2 when the run could not start. The Kamailio it starts is stopped by its pid.
import {randomBytes, randomUUID} from 'node:crypto';
import {writeFileSync} from 'node:fs';
import {createServer as createHttpServer} from 'node:http';
import {connect, createServer} from 'node:net';
import {join} from 'node:path';
import {mintSipCredentials} from '../../tools/sip-credentials.mjs';
import {newVapidKeys, startPushSender} from '../../tools/push-sender.mjs';
import {Proxies, freePort, kamailioInstalled} from './proxies.mjs';
import {SipWire, randomContact, sendAuthenticated, sipRequest} from './sip-wire.mjs';

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new RegExp(args[onlyIndex + 1], 'i') : undefined;
/** The proxy's limit of devices per address (MAX_CONTACTS in kamailio.cfg). */
const MAX_CONTACTS = 10;
/** The proxy's limit of one user's INVITEs in flight (MAX_CALLS_IN_FLIGHT in kamailio.cfg). */
const MAX_CALLS_IN_FLIGHT = 10;
/**
 * The directory the attacks proxy asserts its users' names from (`--directory`): `uid<TAB>name` lines. Ada's name
 * has the characters that need escaping on the way (a quote, a backslash, a colon).
 */
const DIRECTORY = {
  grace: 'Grace Hopper',
  linus: 'Linus Torvalds',
  ada: 'Ada "Countess" Lovelace\\: Maths',
};

let nextAddress = 10;
/** A loopback address of its own for each check, so that the flood ban of one never touches another. */
const address = () => `127.0.0.${nextAddress++}`;

function expect(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

const line = reply => (reply ? reply.first : 'no reply');

/** Waits until `wire` receives a request of `method`, or `timeout` passes (then `null`). */
function incoming(wire, method, timeout = 3000) {
  const seen = wire.messages.find(message => message.first.startsWith(`${method} `));
  if (seen) {
    return Promise.resolve(seen);
  }
  return new Promise(done => {
    const timer = setTimeout(() => done(null), timeout);
    wire.waiters.push(message => {
      if (message.first.startsWith(`${method} `)) {
        clearTimeout(timer);
        done(message);
        return true;
      }
      return false;
    });
  });
}

/** A reply to a request received on `wire` (a callee answering by hand). */
function reply(request, status, reason, {toTag, contact, extra = []} = {}) {
  const h = request.headers;
  const to = toTag ? `${h.to[0]};tag=${toTag}` : h.to[0];
  return [
    `SIP/2.0 ${status} ${reason}`,
    ...h.via.map(via => `Via: ${via}`),
    ...(h['record-route'] ?? []).map(route => `Record-Route: ${route}`),
    `From: ${h.from[0]}`,
    `To: ${to}`,
    `Call-ID: ${h['call-id'][0]}`,
    `CSeq: ${h.cseq[0]}`,
    ...(contact ? [`Contact: ${contact}`] : []),
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/** A registered raw client of `user`, from its own address. */
async function registered(proxy, secret, user, localAddress = address()) {
  const wire = await SipWire.open(proxy.url, {localAddress});
  const contact = randomContact();
  const answer = await sendAuthenticated(
    wire,
    'REGISTER',
    {from: user, contact, expires: 120},
    mintSipCredentials(secret, user),
  );
  expect(answer?.status === 200, `${user} could not register: ${line(answer)}`);
  return {wire, contact};
}

/**
 * Whether Grace, registered with valid credentials from `localAddress`, still reaches Linus: her INVITE arrives on
 * Linus's wire. Closes both wires.
 */
async function graceReaches(proxy, secret, linus, localAddress) {
  const grace = await SipWire.open(proxy.url, {localAddress});
  const invite = sendAuthenticated(
    grace,
    'INVITE',
    {from: 'grace', to: 'linus', headers: ['Content-Type: application/sdp']},
    mintSipCredentials(secret, 'grace'),
    500,
  );
  const rang = await incoming(linus.wire, 'INVITE', 3000);
  await invite;
  grace.close();
  linus.wire.close();
  return !!rang;
}

/** A BYE of grace's dialog aimed at the target's address, through these Routes. */
function byeToward(grace, target, {callId, fromTag}, routes) {
  return grace.wire.request(
    sipRequest('BYE', {
      uri: `sip:x@127.0.0.1:${target.port};transport=tcp`,
      from: 'grace',
      to: 'linus',
      callId,
      fromTag,
      toTag: 'linus1',
      headers: routes.map(route => `Route: ${route}`),
    }),
  );
}

/**
 * A dialog of grace and linus through the proxy: grace's INVITE, linus's 200 OK with its tag `linus1`.
 * @returns {Promise<{callId: string, fromTag: string, routes: string[]}>} The Routes of grace's in-dialog requests.
 */
async function realDialog(grace, linus, secret) {
  const callId = randomUUID();
  const fromTag = randomBytes(5).toString('hex');
  const credentials = mintSipCredentials(secret, 'grace');
  void sendAuthenticated(
    grace.wire,
    'INVITE',
    {from: 'grace', to: 'linus', callId, fromTag, contact: grace.contact},
    credentials,
    3000,
  );
  const invite = await incoming(linus.wire, 'INVITE', 3000);
  expect(invite, 'the INVITE did not reach linus');
  linus.wire.sendRaw(reply(invite, 200, 'OK', {toTag: 'linus1', contact: linus.contact}));
  let ok;
  await until(
    () =>
      (ok = grace.wire.messages.find(
        m => m.status === 200 && m.headers['call-id']?.[0] === callId,
      )),
  );
  expect(ok, 'the 200 OK did not reach grace');
  const routes = (ok.headers['record-route'] ?? []).reverse();
  expect(routes.length > 0, 'the proxy did not record-route the dialog');
  return {callId, fromTag, routes};
}

/** A TCP server that records whether anyone connected to it (the host an open relay would reach). */
async function trap() {
  let connections = 0;
  const server = createServer(socket => {
    connections++;
    socket.destroy();
  });
  await new Promise(done => server.listen(0, '127.0.0.1', done));
  return {
    port: server.address().port,
    connections: () => connections,
    close: () => new Promise(done => server.close(done)),
  };
}

/** Waits until `test()` is true (polled every 50 ms), or `timeout` passes; returns whether it became true. */
async function until(test, timeout = 3000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await test()) {
      return true;
    }
    if (Date.now() > deadline) {
      return false;
    }
    await new Promise(done => setTimeout(done, 50));
  }
}

/** RFC 8599 Contact parameters of a made-up Web Push subscription (the push sender's stand-in service). */
function pushParams() {
  const endpoint = `https://push.invalid/kit-attacks/${randomUUID()}`;
  const p256dh = randomBytes(65).toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  return {
    prid: Buffer.from(endpoint).toString('base64url'),
    text: `;pn-provider=webpush;pn-prid=${Buffer.from(endpoint).toString('base64url')};pn-param=${p256dh}.${auth}`,
  };
}

/**
 * A user of the push proxy whose tab registered with push and then closed: the binding is left, no live contact.
 * @returns {Promise<{prid: string}>}
 */
async function closedPushTab({proxy, proxies, secret}, user) {
  const wire = await SipWire.open(proxy.url, {localAddress: address()});
  const params = pushParams();
  const answer = await sendAuthenticated(
    wire,
    'REGISTER',
    {from: user, contact: `${randomContact()}${params.text}`, expires: 120},
    mintSipCredentials(secret, user),
  );
  expect(answer?.status === 200, `${user} could not register with push: ${line(answer)}`);
  expect(
    proxies.rpc(proxy.name, 'htable.get', 'push', user).includes(params.prid),
    `the proxy keeps no push binding for ${user} after its REGISTER`,
  );
  wire.close();
  // The WebSocket closed: Kamailio drops the contact (usrloc handle_lost_tcp), the binding stays.
  expect(
    await until(
      () =>
        /not found|no contacts/i.test(
          proxies.rpc(proxy.name, 'ul.lookup', 'location', `${user}@kit.test`),
        ),
      5000,
    ),
    `${user}'s contact stays after its connection closed`,
  );
  return params;
}

/**
 * A wire whose requests go out as `rewrite(text)` says (e.g. a From with a display name), and that keeps what it
 * sent (`sent`, for a CANCEL of an INVITE).
 */
function recording(wire, rewrite = text => text) {
  const send = wire.sendRaw.bind(wire);
  wire.sent = [];
  wire.sendRaw = text => {
    const out = rewrite(text);
    wire.sent.push(out);
    send(out);
  };
  return wire;
}

/** Sends an authenticated INVITE on a recording wire; resolves when its final reply comes (or `null`). */
function invite(wire, secret, {from, to, callId}, timeout = 3000) {
  return sendAuthenticated(
    wire,
    'INVITE',
    {from, to, callId, headers: ['Content-Type: application/sdp']},
    mintSipCredentials(secret, from),
    timeout,
  );
}

/** The CANCEL of the last INVITE of `callId` that a recording wire sent (same Via branch, CSeq number, tags). */
function cancelOf(wire, callId) {
  const sent = wire.sent.findLast(
    text =>
      text.startsWith('INVITE ') &&
      new RegExp(`^Call-ID: ${callId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\r$`, 'm').test(text),
  );
  const [head] = sent.split('\r\n\r\n');
  const [first, ...lines] = head.split('\r\n');
  const keep = lines.filter(header => /^(Via|Max-Forwards|To|From|Call-ID|Route):/i.test(header));
  const cseq = /^CSeq:\s*(\d+)/m.exec(head)[1];
  return [
    first.replace(/^INVITE /, 'CANCEL '),
    ...keep,
    `CSeq: ${cseq} CANCEL`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/**
 * The push messages that the push sender handed on for the call of Call-ID `callId` (of `type`: ring or cancel). A
 * push names its call by the Call-ID followed by the From tag, the session id the page's adapter gives the call.
 */
const pushesOf = (push, callId, type = 'ring') =>
  push.sender.sent.filter(
    sent =>
      sent.message.kitCall.callId.startsWith(callId) &&
      sent.message.kitCall.callId.length > callId.length &&
      sent.message.kitCall.type === type,
  );

/** The P-Asserted-Identity that the proxy writes for `uid`: the directory's name quoted (RFC 3261 quoted-string). */
function assertedIdentity(uid) {
  const name = DIRECTORY[uid];
  const uri = `<sip:${uid}@kit.test>`;
  return name === undefined ? uri : `"${name.replace(/[\\"]/g, c => `\\${c}`)}" ${uri}`;
}

/** Opens a WebSocket from `localAddress`: the handshake's HTTP status (101 when accepted, 0 when cut). */
function handshake(url, localAddress, options = {}) {
  return SipWire.open(url, {localAddress, ...options}).then(
    wire => (wire.close(), 101),
    error => error.status ?? 0,
  );
}

/** One HTTP GET on a connection of its own from `localAddress`: its status, 0 when none came within 1 s. */
function httpGet(port, path, localAddress) {
  return new Promise(done => {
    const socket = connect({host: '127.0.0.1', port, localAddress});
    let got = '';
    const finish = () => {
      socket.destroy();
      done(Number(/^HTTP\/1\.[01] (\d{3})/.exec(got)?.[1] ?? 0));
    };
    const timer = setTimeout(finish, 1000);
    socket.on('error', () => {});
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', chunk => {
      got += chunk;
      if (/\r\n/.test(got)) {
        clearTimeout(timer);
        finish();
      }
    });
    socket.on('close', () => (clearTimeout(timer), finish()));
  });
}

/** Resolves when `socket`-like `wire` closes, or after `timeout` ms: whether it closed. */
function closesWithin(closed, timeout) {
  return Promise.race([
    closed.then(() => true),
    new Promise(done => setTimeout(() => done(false), timeout)),
  ]);
}

/** The INVITE of `callId` that `wire` received, once it has (polled), or `undefined` after 3 s. */
async function arrivedInvite(wire, callId) {
  const find = () =>
    wire.messages.find(m => m.first.startsWith('INVITE ') && m.headers['call-id']?.[0] === callId);
  await until(() => find() !== undefined, 3000);
  return find();
}

/**
 * A call from `uid`, who sends the display name `sent`, to the closed tab of `callee`: the push must name the caller
 * `named`, and the caller's CANCEL must send the cancel push.
 */
async function pushNamesCaller({push, secret}, callee, {uid, sent, named, callId}) {
  await closedPushTab({...push, secret}, callee);
  // The From as a SIP quoted-string: " and \ escaped, a tab as it is (RFC 3261 qdtext allows it).
  const quoted = `"${sent.replace(/["\\]/g, '\\$&')}"`;
  const caller = recording(await SipWire.open(push.proxy.url, {localAddress: address()}), text =>
    text.replace(/^From: </m, `From: ${quoted} <`),
  );
  try {
    const answer = invite(caller, secret, {from: uid, to: callee, callId});
    const pushed = await until(() => pushesOf(push, callId).length > 0);
    const early = await Promise.race([
      answer,
      new Promise(done => setTimeout(() => done('none'), 300)),
    ]);
    expect(
      pushed,
      `no push for the call (the caller got ${early === 'none' ? 'no final reply' : line(early)})`,
    );
    const [{message}] = pushesOf(push, callId);
    const {name, uid: pushedUid} = message.kitCall.caller;
    expect(name === named, `the push names ${JSON.stringify(name)}, not ${JSON.stringify(named)}`);
    expect(pushedUid === uid, `the push's caller is ${pushedUid}`);
    expect(early === 'none', `the kept call was answered ${line(early)}`);
    caller.sendRaw(cancelOf(caller, callId));
    expect(
      await until(() => pushesOf(push, callId, 'cancel').length > 0),
      'no cancel push for the call',
    );
  } finally {
    caller.close();
  }
}

const checks = [
  {
    name: 'register as another user → 403',
    fn: async ({proxy, secret}) => {
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      const answer = await sendAuthenticated(
        wire,
        'REGISTER',
        {from: 'linus', expires: 60},
        mintSipCredentials(secret, 'grace'),
      );
      wire.close();
      expect(answer?.status === 403, `grace registering as linus got ${line(answer)}`);
    },
  },
  {
    name: 'INVITE without credentials → 407',
    fn: async ({proxy, secret}) => {
      const linus = await registered(proxy, secret, 'linus');
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      const answer = await wire.request(
        sipRequest('INVITE', {
          from: 'grace',
          to: 'linus',
          headers: ['Content-Type: application/sdp'],
        }),
      );
      wire.close();
      const reached = await incoming(linus.wire, 'INVITE', 500);
      linus.wire.close();
      expect(answer?.status === 407, `an INVITE with no credentials got ${line(answer)}`);
      expect(!reached, 'the INVITE with no credentials reached the callee');
    },
  },
  {
    name: 'expired or forged credential → 401',
    fn: async ({proxy, secret}) => {
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      const expired = mintSipCredentials(secret, 'grace', {now: Date.now() - 7200_000});
      const forged = mintSipCredentials('not-the-secret-at-all', 'grace');
      const unsigned = {...mintSipCredentials(secret, 'grace'), username: `${2 ** 31}:grace`};
      for (const [what, credentials] of [
        ['expired', expired],
        ['forged', forged],
        ['a later expiry with the old password', unsigned],
      ]) {
        const answer = await sendAuthenticated(
          wire,
          'REGISTER',
          {from: 'grace', expires: 60},
          credentials,
        );
        expect(answer?.status === 401, `an ${what} credential got ${line(answer)}`);
      }
      wire.close();
    },
  },
  {
    name: 'wrong Origin → the WebSocket handshake is refused',
    fn: async ({proxy}) => {
      for (const origin of ['https://evil.example', 'null', '']) {
        const status = await SipWire.open(proxy.url, {origin, localAddress: address()}).then(
          wire => {
            wire.close();
            return 101;
          },
          error => error.status ?? 0,
        );
        expect(status !== 101, `a handshake with Origin "${origin}" was accepted`);
      }
    },
  },
  {
    name: '2,000 REGISTERs in 2 s from one address → banned, while a legitimate user still registers and calls',
    timeout: 20000,
    fn: async ({proxy, secret}) => {
      const flooder = '127.0.0.2';
      const wire = await SipWire.open(proxy.url, {localAddress: flooder});
      // Built beforehand, so that the sending alone is timed (a busy machine builds slowly).
      const flood = Array.from({length: 2000}, () =>
        sipRequest('REGISTER', {from: `u${randomBytes(3).toString('hex')}`, expires: 60}),
      );
      const started = Date.now();
      for (let sent = 0; sent < 2000; sent += 100) {
        // One frame per request, as a WebSocket carries SIP (a frame of many would only overrun the buffer).
        for (const request of flood.slice(sent, sent + 100)) {
          wire.sendRaw(request);
        }
        await new Promise(done => setTimeout(done, 40));
      }
      const took = Date.now() - started;
      expect(took < 2000, `the flood took ${took} ms, not under 2 s`);
      await new Promise(done => setTimeout(done, 300));
      const answered = wire.messages.length;
      const after = await wire.request(sipRequest('REGISTER', {from: 'grace', expires: 60}), 1000);
      expect(!after, `the flooding address is still answered: ${line(after)}`);
      expect(answered < 2000, `all ${answered} of 2,000 flooded REGISTERs were answered`);
      expect(!wire.isClosed || answered > 0, 'the flood connection was dropped before any answer');
      const again = await SipWire.open(proxy.url, {localAddress: flooder}).then(
        other => (other.close(), 101),
        error => error.status ?? 0,
      );
      expect(again !== 101, 'the banned address opened a new WebSocket');
      wire.close();
      // A legitimate user, from another address, meanwhile: registers and rings someone.
      const linus = await registered(proxy, secret, 'linus', '127.0.0.1');
      expect(
        await graceReaches(proxy, secret, linus, '127.0.0.1'),
        "the legitimate user's INVITE did not reach the callee",
      );
    },
  },
  {
    name: 'malformed or oversized messages → refused, and the proxy keeps serving',
    fn: async ({proxy}) => {
      const bad = [
        ['garbage', 'hello there\r\n\r\n'],
        [
          'a 65 KB message',
          sipRequest('OPTIONS', {from: 'grace', headers: [`X-Fill: ${'x'.repeat(65 * 1024)}`]}),
        ],
        ['no Call-ID', sipRequest('OPTIONS', {from: 'grace'}).replace(/^Call-ID:.*\r\n/m, '')],
        [
          'a wrong Content-Length',
          sipRequest('OPTIONS', {from: 'grace'}).replace(
            /Content-Length: 0/,
            'Content-Length: 4000',
          ),
        ],
      ];
      for (const [what, text] of bad) {
        const wire = await SipWire.open(proxy.url, {localAddress: address()});
        const answer = await wire.request(text, 500);
        expect(!answer || answer.status >= 400, `${what} was accepted: ${line(answer)}`);
        wire.close();
        // The next request, on a new connection, is answered at once.
        const probe = await SipWire.open(proxy.url, {localAddress: address()});
        const started = Date.now();
        const next = await probe.request(sipRequest('REGISTER', {from: 'grace'}), 1000);
        probe.close();
        expect(next?.status === 401, `after ${what}, a REGISTER got ${line(next)}`);
        expect(
          Date.now() - started < 500,
          `after ${what}, the answer took ${Date.now() - started} ms`,
        );
      }
    },
  },
  {
    name: '"Contact: *" unregistration by someone else → refused',
    fn: async ({proxy, secret}) => {
      const linus = await registered(proxy, secret, 'linus');
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      for (const credentials of [undefined, mintSipCredentials(secret, 'grace')]) {
        const answer = await sendAuthenticated(
          wire,
          'REGISTER',
          {from: 'linus', contact: '*', expires: 0},
          credentials,
        );
        expect(
          answer?.status === (credentials ? 403 : 401),
          `"Contact: *" for linus by ${credentials ? 'grace' : 'nobody'} got ${line(answer)}`,
        );
      }
      wire.close();
      // Linus is still reachable.
      expect(
        await graceReaches(proxy, secret, linus, address()),
        'linus no longer rings after the refused unregistration',
      );
    },
  },
  {
    name: `more than ${MAX_CONTACTS} contacts for one address → refused`,
    fn: async ({proxy, secret}) => {
      const user = `many${randomBytes(3).toString('hex')}`;
      const credentials = mintSipCredentials(secret, user);
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      for (let device = 1; device <= MAX_CONTACTS + 1; device++) {
        const answer = await sendAuthenticated(
          wire,
          'REGISTER',
          {from: user, expires: 60, callId: randomUUID()},
          credentials,
        );
        if (device <= MAX_CONTACTS) {
          expect(answer?.status === 200, `device ${device} got ${line(answer)}`);
        } else {
          expect(
            answer && answer.status >= 400,
            `device ${device} (over the limit) got ${line(answer)}`,
          );
        }
      }
      wire.close();
    },
  },
  {
    name: 'a Route to a host the proxy did not record-route → refused (no open relay)',
    fn: async ({proxy, secret}) => {
      const target = await trap();
      const grace = await registered(proxy, secret, 'grace');
      const linus = await registered(proxy, secret, 'linus');
      try {
        // 1. A made-up in-dialog request: a tag of its own, a Route to the target.
        // A BYE with a tag of its own towards the target, through a Route.
        const byeThrough = route =>
          grace.wire.request(
            sipRequest('BYE', {
              uri: `sip:x@127.0.0.1:${target.port};transport=tcp`,
              from: 'grace',
              to: 'linus',
              toTag: 'madeup',
              headers: [`Route: <${route};lr>`],
            }),
          );
        const forged = await byeThrough(`sip:127.0.0.1:${target.port};transport=tcp`);
        expect(forged?.status === 403, `a made-up Route got ${line(forged)}`);
        // 2. A Route to this proxy without its signature.
        const unsigned = await byeThrough(`sip:127.0.0.1:${new URL(proxy.url).port};transport=ws`);
        expect(unsigned?.status === 403, `an unsigned Route to the proxy got ${line(unsigned)}`);
        // 3. In a real dialog (Record-Route signed by the proxy), a BYE aimed at the target host.
        const {callId, fromTag, routes} = await realDialog(grace, linus, secret);
        const relayed = await byeToward(grace, target, {callId, fromTag}, routes);
        expect(
          relayed?.status === 403,
          `a BYE of a real dialog aimed at another host got ${line(relayed)}`,
        );
        await new Promise(done => setTimeout(done, 200));
        expect(target.connections() === 0, 'the proxy opened a connection to the target host');
      } finally {
        grace.wire.close();
        linus.wire.close();
        await target.close();
      }
    },
  },
  {
    name: "phones port: no credentials → 401/407; a dialog of two browsers reaches no plain SIP address, even on the phones' network",
    fn: async ({proxies, secret}) => {
      const phonePort = await freePort();
      const proxy = await proxies.start('attacksphones', {phonePort, rtpPorts: '31200-31299'});
      const target = await trap();
      const phone = await SipWire.open(`ws://127.0.0.1:${phonePort}`, {tcp: true});
      const grace = await registered(proxy, secret, 'grace');
      const linus = await registered(proxy, secret, 'linus');
      try {
        const register = await phone.request(
          sipRequest('REGISTER', {from: 'linus', expires: 60, transport: 'TCP'}),
        );
        expect(register?.status === 401, `a REGISTER with no credentials got ${line(register)}`);
        const call = await phone.request(
          sipRequest('INVITE', {from: 'linus', to: 'grace', transport: 'TCP'}),
        );
        expect(call?.status === 407, `an INVITE with no credentials got ${line(call)}`);
        // A dialog of two browsers, and a BYE to the target on loopback (inside KIT_PHONE_NET), with a phone mark
        // of the sender's making on the proxy's Route for good measure: only the proxy knows which dialogs crossed.
        const {callId, fromTag, routes} = await realDialog(grace, linus, secret);
        const marked = routes.map((route, i) => (i ? route : route.replace(/>$/, ';ph=madeup>')));
        const relayed = await byeToward(grace, target, {callId, fromTag}, marked);
        expect(
          relayed?.status === 403,
          `a BYE of two browsers' dialog aimed at a plain address got ${line(relayed)}`,
        );
        await new Promise(done => setTimeout(done, 200));
        expect(target.connections() === 0, 'the proxy opened a connection to the target host');
      } finally {
        phone.close();
        grace.wire.close();
        linus.wire.close();
        await target.close();
        proxies.stop('attacksphones');
      }
    },
  },
  {
    name: 'an edge: no credentials → 401/407, another user → 403, plain SIP over TCP from another address → refused',
    fn: async ({edge, secret}) => {
      const wire = await SipWire.open(edge.url, {localAddress: address()});
      const none = await wire.request(sipRequest('REGISTER', {from: 'grace', expires: 60}));
      expect(
        none?.status === 401,
        `a REGISTER with no credentials through the edge got ${line(none)}`,
      );
      const other = await sendAuthenticated(
        wire,
        'REGISTER',
        {from: 'linus', expires: 60},
        mintSipCredentials(secret, 'grace'),
      );
      expect(
        other?.status === 403,
        `grace registering as linus through the edge got ${line(other)}`,
      );
      const invite = await wire.request(sipRequest('INVITE', {from: 'grace', to: 'linus'}));
      expect(
        invite?.status === 407,
        `an INVITE with no credentials through the edge got ${line(invite)}`,
      );
      wire.close();
      // Plain SIP from 127.0.0.x, not the registrar's address (127.0.0.1).
      const tcp = await SipWire.open(edge.url, {tcp: true, localAddress: address()});
      const answer = await tcp.request(
        sipRequest('REGISTER', {from: 'grace', expires: 60, transport: 'TCP'}),
        1000,
      );
      await Promise.race([tcp.closed, new Promise(done => setTimeout(done, 500))]);
      expect(!answer, `plain SIP over TCP to the edge was answered: ${line(answer)}`);
      expect(tcp.isClosed, 'the edge kept the plain TCP connection open');
      tcp.close();
    },
  },
  {
    name: 'plain SIP over TCP on the WebSocket port → refused',
    fn: async ({proxy, secret}) => {
      const wire = await SipWire.open(proxy.url, {tcp: true, localAddress: address()});
      const credentials = mintSipCredentials(secret, 'grace');
      const answer = await sendAuthenticated(
        wire,
        'REGISTER',
        {from: 'grace', expires: 60, transport: 'TCP'},
        credentials,
        1000,
      );
      await Promise.race([wire.closed, new Promise(done => setTimeout(done, 500))]);
      expect(!answer, `plain SIP over TCP was answered: ${line(answer)}`);
      expect(wire.isClosed, 'the proxy kept the plain TCP connection open');
      wire.close();
    },
  },
  {
    name: 'push hook: a caller named O\'Brien "the 2nd" (and a tab), a Call-ID with an apostrophe → the push names them exactly, beside their verified uid',
    push: true,
    // Not in the directory: the push names them as the page will, the name they sent beside their verified uid.
    fn: ({push, secret}) =>
      pushNamesCaller({push, secret}, 'pushname', {
        uid: 'obrien',
        sent: 'O\'Brien "the 2nd"\tof Cork',
        named: 'O\'Brien "the 2nd"\tof Cork (obrien)',
        callId: `o'brien-${randomUUID()}`,
      }),
  },
  {
    name: "push: a caller who sends another's display name is named in the push by the directory",
    push: true,
    fn: ({push, secret}) =>
      pushNamesCaller({push, secret}, 'pushclaim', {
        uid: 'grace',
        sent: 'IT Support',
        named: DIRECTORY.grace,
        callId: randomUUID(),
      }),
  },
  {
    name: "another's display name → the callee gets the identity the proxy asserts, never the client's",
    fn: async ({proxy, secret}) => {
      const callee = `callee${randomBytes(3).toString('hex')}`;
      const linus = await registered(proxy, secret, callee);
      try {
        // Grace and Ada are in the directory (their names), Mallory is not (her verified uid only).
        for (const caller of ['grace', 'ada', `mallory${randomBytes(2).toString('hex')}`]) {
          const wire = await SipWire.open(proxy.url, {localAddress: address()});
          const callId = randomUUID();
          void sendAuthenticated(
            wire,
            'INVITE',
            {
              from: caller,
              fromName: 'IT Support',
              to: callee,
              callId,
              headers: [
                'P-Asserted-Identity: "Linus Torvalds" <sip:linus@kit.test>',
                'P-Preferred-Identity: "IT Support" <sip:support@kit.test>',
                'Content-Type: application/sdp',
              ],
            },
            mintSipCredentials(secret, caller),
            1000,
          );
          const invite = await arrivedInvite(linus.wire, callId);
          wire.close();
          expect(invite, `${caller}'s INVITE did not reach the callee`);
          const asserted = invite.headers['p-asserted-identity'] ?? [];
          expect(
            asserted.length === 1 && asserted[0] === assertedIdentity(caller),
            `${caller}'s INVITE arrived with P-Asserted-Identity ${JSON.stringify(asserted)}, ` +
              `not ${assertedIdentity(caller)}`,
          );
          expect(
            !invite.headers['p-preferred-identity'],
            `the client's P-Preferred-Identity reached the callee: ${invite.headers['p-preferred-identity']}`,
          );
        }
      } finally {
        linus.wire.close();
      }
    },
  },
  {
    name: 'push: a call with Call-ID "push:X" reads no token that declines call X',
    push: true,
    fn: async ({push, secret}) => {
      const context = {...push, secret};
      await closedPushTab(context, 'pushdecline');
      const grace = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      const eve = await registered(push.proxy, secret, 'eve', address());
      const mallory = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      const callId = randomUUID();
      try {
        const answer = invite(grace, secret, {from: 'grace', to: 'pushdecline', callId}, 8000);
        expect(await until(() => pushesOf(push, callId).length > 0), 'no push for the call');
        // Mallory calls her own device with Call-ID push:<callId> and reads the signature of its Record-Route.
        void invite(mallory, secret, {from: 'eve', to: 'eve', callId: `push:${callId}`});
        const reached = await incoming(eve.wire, 'INVITE', 3000);
        expect(reached, "the attacker's own call did not reach her device");
        const kt = (reached.headers['record-route'] ?? [])
          .map(route => /;kt=([^;>]+)/.exec(route)?.[1])
          .find(Boolean);
        expect(kt, 'no signed Record-Route on the call');
        for (const [where, url, method] of [
          ['the push sender', `${push.sender.url}/decline?t=${encodeURIComponent(kt)}`, 'POST'],
          [
            'the proxy',
            `${push.proxy.url.replace(/^ws/, 'http')}/push/decline?t=${encodeURIComponent(kt)}`,
            'GET',
          ],
        ]) {
          const refused = await fetch(url, {method});
          expect(
            refused.status === 404,
            `the Record-Route's signature as a decline token: ${where} answered ${refused.status}`,
          );
        }
        const early = await Promise.race([
          answer,
          new Promise(done => setTimeout(() => done('none'), 300)),
        ]);
        expect(early === 'none', `call X ended: ${line(early)}`);
        // The token the push carried does decline it (the endpoint works).
        const {declineUrl} = pushesOf(push, callId)[0].message.kitCall;
        const declined = await fetch(declineUrl, {method: 'POST'});
        expect(
          declined.status === 200,
          `the push's own decline token was answered ${declined.status}`,
        );
        expect(
          (await answer)?.status === 603,
          `the caller got ${line(await answer)} after the decline`,
        );
      } finally {
        grace.close();
        mallory.close();
        eve.wire.close();
      }
    },
  },
  {
    name: 'push: calls with Call-IDs "aor:<user>" and "label:<user>", then their CANCELs, leave that user\'s kept call alone',
    push: true,
    fn: async ({push, secret}) => {
      const context = {...push, secret};
      await closedPushTab(context, 'pushvictim');
      await closedPushTab(context, 'mallory');
      const grace = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      const mallory = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      let victim;
      const callId = randomUUID();
      try {
        const answer = invite(grace, secret, {from: 'grace', to: 'pushvictim', callId}, 8000);
        expect(await until(() => pushesOf(push, callId).length > 0), 'no push for the call');
        // Mallory calls herself (her own push binding: her calls are kept too) with the Call-IDs of the keys that
        // stand for the victim's kept call, then cancels.
        for (const forged of ['aor:pushvictim', 'label:pushvictim']) {
          void invite(mallory, secret, {from: 'mallory', to: 'mallory', callId: forged});
          expect(
            await until(() => pushesOf(push, forged).length > 0),
            `no push for Mallory's call ${forged}`,
          );
          mallory.sendRaw(cancelOf(mallory, forged));
          expect(
            await until(() => pushesOf(push, forged, 'cancel').length > 0),
            `no cancel push for Mallory's call ${forged}`,
          );
        }
        // The victim's page opens (the notification's Accept) and registers: the kept call reaches it.
        victim = await registered(push.proxy, secret, 'pushvictim');
        const reached = await incoming(victim.wire, 'INVITE', 3000);
        expect(
          reached?.headers['call-id']?.[0] === callId,
          `the kept call did not reach the page that registered (${reached ? reached.headers['call-id'][0] : 'no INVITE'})`,
        );
        // The page answers: the caller hears it (the kept INVITE was resumed, not only given a branch).
        victim.wire.sendRaw(reply(reached, 200, 'OK', {toTag: 'victim1', contact: victim.contact}));
        const answered = await answer;
        expect(
          answered?.status === 200,
          `the caller got ${line(answered)} after the page answered`,
        );
      } finally {
        grace.close();
        mallory.close();
        victim?.wire.close();
      }
    },
  },
  {
    name: '300 WebSocket handshakes in 2 s from one address → banned (the flood ban counts handshakes)',
    fn: async ({proxy}) => {
      const flooder = address();
      const statuses = [];
      const started = Date.now();
      for (let sent = 0; sent < 300; sent += 30) {
        statuses.push(
          ...(await Promise.all(Array.from({length: 30}, () => handshake(proxy.url, flooder)))),
        );
      }
      const took = Date.now() - started;
      const accepted = statuses.filter(status => status === 101).length;
      expect(accepted < 300, `all 300 handshakes in ${took} ms were accepted`);
      expect(
        (await handshake(proxy.url, flooder)) !== 101,
        'the flooding address still opens a WebSocket',
      );
      // Another address is not touched.
      expect((await handshake(proxy.url, address())) === 101, 'another address was refused too');
    },
  },
  {
    name: '300 HTTP requests (/push/decline) in 2 s from one address → banned (the flood ban counts HTTP)',
    fn: async ({proxy}) => {
      const flooder = address();
      const port = Number(new URL(proxy.url).port);
      const statuses = [];
      for (let sent = 0; sent < 300; sent += 30) {
        statuses.push(
          ...(await Promise.all(
            Array.from({length: 30}, () =>
              httpGet(port, `/push/decline?t=${randomBytes(16).toString('hex')}`, flooder),
            ),
          )),
        );
      }
      const answered = statuses.filter(status => status === 200 || status === 404).length;
      expect(answered < 300, `all 300 HTTP requests were answered`);
      const after = await httpGet(port, '/push/decline?t=x', flooder);
      expect(after !== 200 && after !== 404, `the flooding address is still answered (${after})`);
      expect(
        (await handshake(proxy.url, flooder)) !== 101,
        'the flooding address still opens a WebSocket',
      );
    },
  },
  {
    name: 'connections that never authenticate (Origin faked, silent or chatty, raw TCP) → closed within seconds',
    timeout: 25000,
    fn: async ({proxy, secret}) => {
      const port = Number(new URL(proxy.url).port);
      // A client that is not a browser, with the allowed Origin: silent; sending unauthenticated requests every
      // second (each answered 401, which refreshes an idle timer); a raw TCP connection that sends nothing.
      const silent = await SipWire.open(proxy.url, {localAddress: address()});
      const chatty = await SipWire.open(proxy.url, {localAddress: address()});
      const chatter = setInterval(
        () => chatty.sendRaw(sipRequest('OPTIONS', {from: 'grace', uri: 'sip:kit.test'})),
        1000,
      );
      const raw = connect({host: '127.0.0.1', port, localAddress: address()});
      raw.on('error', () => {});
      const rawClosed = new Promise(done => raw.once('close', done));
      // A registered user's connection, idle all the while, stays.
      const user = await registered(proxy, secret, `idle${randomBytes(3).toString('hex')}`);
      try {
        const [silentClosed, chattyClosed, rawGone] = await Promise.all([
          closesWithin(silent.closed, 15000),
          closesWithin(chatty.closed, 15000),
          closesWithin(rawClosed, 15000),
        ]);
        expect(silentClosed, 'a silent WebSocket with a faked Origin is still open after 15 s');
        expect(chattyClosed, 'an unauthenticated, chatty WebSocket is still open after 15 s');
        expect(rawGone, 'a silent raw TCP connection is still open after 15 s');
        expect(!user.wire.isClosed, "a registered user's idle connection was closed");
      } finally {
        clearInterval(chatter);
        silent.close();
        chatty.close();
        raw.destroy();
        user.wire.close();
      }
    },
  },
  {
    name: 'push: an unregistration (Contact ;expires=0, Expires: 0, Contact: *) removes the push binding → no push, 404',
    push: true,
    fn: async ({push, secret}) => {
      const variants = [
        [
          "the contact's ;expires=0 (JsSIP)",
          params => ({contact: `${params.contact};expires=0${params.text}`}),
        ],
        ['Expires: 0', params => ({contact: `${params.contact}${params.text}`, expires: 0})],
        ['Contact: *', () => ({contact: '*', expires: 0})],
      ];
      for (const [index, [what, unregister]] of variants.entries()) {
        const user = `pushlogout${index}`;
        const credentials = mintSipCredentials(secret, user);
        const wire = await SipWire.open(push.proxy.url, {localAddress: address()});
        const params = {...pushParams(), contact: randomContact()};
        const registeredAnswer = await sendAuthenticated(
          wire,
          'REGISTER',
          {from: user, contact: `${params.contact}${params.text}`, expires: 120},
          credentials,
        );
        expect(
          registeredAnswer?.status === 200,
          `${user} could not register: ${line(registeredAnswer)}`,
        );
        expect(
          push.proxies.rpc(push.proxy.name, 'htable.get', 'push', user).includes(params.prid),
          `no push binding for ${user} after its REGISTER`,
        );
        const gone = await sendAuthenticated(
          wire,
          'REGISTER',
          {from: user, ...unregister(params)},
          credentials,
        );
        expect(gone?.status === 200, `the unregistration by ${what} got ${line(gone)}`);
        const grace = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
        const callId = randomUUID();
        const answer = await invite(grace, secret, {from: 'grace', to: user, callId}, 1500);
        grace.close();
        wire.close();
        const pushes = pushesOf(push, callId).length;
        if (pushes > 0 || answer?.status !== 404) {
          // Leave nothing kept for the next variant.
          throw new Error(
            `after an unregistration by ${what}: ${pushes} push(es) sent, the caller got ${line(answer)}`,
          );
        }
      }
    },
  },
  {
    name: `more than ${MAX_CALLS_IN_FLIGHT} INVITEs in flight from one user → 503, and the count goes down again`,
    fn: async ({proxy, secret}) => {
      const caller = `caller${randomBytes(3).toString('hex')}`;
      const callee = `sink${randomBytes(3).toString('hex')}`;
      const sink = await registered(proxy, secret, callee);
      const wire = await SipWire.open(proxy.url, {localAddress: address()});
      const credentials = mintSipCredentials(secret, caller);
      const call = () =>
        sendAuthenticated(wire, 'INVITE', {from: caller, to: callee}, credentials, 1000);
      try {
        // The callee never answers: each INVITE stays in flight.
        const first = await Promise.all(Array.from({length: MAX_CALLS_IN_FLIGHT}, call));
        const answered = first.filter(Boolean).map(line);
        expect(answered.length === 0, `INVITEs within the limit were answered: ${answered[0]}`);
        const over = await call();
        expect(
          over?.status === 503,
          `INVITE ${MAX_CALLS_IN_FLIGHT + 1} in flight got ${line(over)}`,
        );
        // The callee declines them all: none is in flight any more, and the next one rings.
        const invites = sink.wire.messages.filter(m => m.first.startsWith('INVITE '));
        expect(
          invites.length === MAX_CALLS_IN_FLIGHT,
          `the callee got ${invites.length} INVITEs, not ${MAX_CALLS_IN_FLIGHT}`,
        );
        for (const invite of invites) {
          sink.wire.sendRaw(
            reply(invite, 486, 'Busy Here', {toTag: randomBytes(4).toString('hex')}),
          );
        }
        await new Promise(done => setTimeout(done, 300));
        void call();
        const rang = await new Promise(done => {
          const count = () => sink.wire.messages.filter(m => m.first.startsWith('INVITE ')).length;
          const timer = setInterval(
            () => count() > invites.length && (clearInterval(timer), done(true)),
            20,
          );
          setTimeout(() => (clearInterval(timer), done(count() > invites.length)), 2000);
        });
        expect(rang, 'after the callee declined them all, the next INVITE did not ring');
      } finally {
        wire.close();
        sink.wire.close();
      }
    },
  },
  {
    name: "push: a second kept call with the Call-ID of a kept call → refused; the first one's token still declines it",
    push: true,
    fn: async ({push, secret}) => {
      const context = {...push, secret};
      await closedPushTab(context, 'pushfirst');
      await closedPushTab(context, 'pushsecond');
      const grace = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      const mallory = recording(await SipWire.open(push.proxy.url, {localAddress: address()}));
      const callId = randomUUID();
      try {
        const answer = invite(grace, secret, {from: 'grace', to: 'pushfirst', callId}, 8000);
        expect(await until(() => pushesOf(push, callId).length > 0), 'no push for the call');
        // Mallory, who learnt the Call-ID, calls her own push binding with it: her push would carry the same token.
        const second = await invite(
          mallory,
          secret,
          {from: 'pushsecond', to: 'pushsecond', callId},
          1500,
        );
        expect(
          pushesOf(push, callId).length === 1 && second?.status === 482,
          `the second call with that Call-ID got ${line(second)}, ${pushesOf(push, callId).length} pushes`,
        );
        const {declineUrl} = pushesOf(push, callId)[0].message.kitCall;
        const declined = await fetch(declineUrl, {method: 'POST'});
        expect(
          declined.status === 200,
          `the first call's decline token was answered ${declined.status}`,
        );
        expect(
          (await answer)?.status === 603,
          `the first caller got ${line(await answer)} after the decline`,
        );
      } finally {
        grace.close();
        mallory.close();
      }
    },
  },
  {
    name: 'names from a directory service (--directory-url): asserted escaped, asked once per uid, none → the uid',
    fn: async ({proxies, secret}) => {
      // The app's directory service: Grace's name has quotes and a backslash; Linus is unknown (404).
      const asked = [];
      const names = {grace: 'Grace "Amazing" Hopper \\o/'};
      const service = createHttpServer((request, response) => {
        const uid = new URL(request.url, 'http://x').searchParams.get('uid');
        asked.push(uid);
        if (names[uid]) {
          response.writeHead(200, {'Content-Type': 'text/plain; charset=utf-8'});
          response.end(`${names[uid]}\n`);
        } else {
          response.writeHead(404).end();
        }
      });
      await new Promise(done => service.listen(0, '127.0.0.1', done));
      const lookup = await proxies.start('lookup', {
        directoryUrl: `http://127.0.0.1:${service.address().port}/names?app=kit`,
      });
      const calleeUid = `callee${randomBytes(3).toString('hex')}`;
      const callee = await registered(lookup, secret, calleeUid);
      const expected = {
        grace: '"Grace \\"Amazing\\" Hopper \\\\o/" <sip:grace@kit.test>',
        linus: '<sip:linus@kit.test>',
      };
      try {
        for (const caller of ['grace', 'linus', 'grace']) {
          const wire = await SipWire.open(lookup.url, {localAddress: address()});
          const callId = randomUUID();
          void sendAuthenticated(
            wire,
            'INVITE',
            {from: caller, fromName: 'IT Support', to: calleeUid, callId},
            mintSipCredentials(secret, caller),
            1000,
          );
          const invite = await arrivedInvite(callee.wire, callId);
          wire.close();
          expect(invite, `${caller}'s INVITE did not reach the callee`);
          const asserted = invite.headers['p-asserted-identity'] ?? [];
          expect(
            asserted.length === 1 && asserted[0] === expected[caller],
            `${caller}'s INVITE arrived with P-Asserted-Identity ${JSON.stringify(asserted)}, ` +
              `not ${expected[caller]}`,
          );
        }
        expect(
          asked.join(' ') === 'grace linus',
          `the directory service was asked for: ${asked.join(' ')}`,
        );
      } finally {
        callee.wire.close();
        await new Promise(done => service.close(done));
      }
    },
  },
  {
    name: 'with --tls-port alone, plain ws:// is refused and wss:// accepted',
    fn: async ({proxies, secret}) => {
      const port = await freePort();
      const tlsOnly = await proxies.start('tlsonly', {port, tlsPort: await freePort()});
      expect(!tlsOnly.url, `kamailio.sh offered ${tlsOnly.url} beside ${tlsOnly.wssUrl}`);
      const plain = await handshake(`ws://127.0.0.1:${port}`, address());
      expect(plain !== 101, 'a plain ws:// handshake was accepted beside WSS');
      const wire = await SipWire.open(tlsOnly.wssUrl, {localAddress: address()});
      const answer = await sendAuthenticated(
        wire,
        'REGISTER',
        {from: 'grace', expires: 60},
        mintSipCredentials(secret, 'grace'),
      );
      wire.close();
      expect(answer?.status === 200, `a REGISTER over wss:// got ${line(answer)}`);
    },
  },
];

async function main() {
  if (!kamailioInstalled()) {
    console.log(
      'Kamailio is missing: apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules kamailio-autheph-modules',
    );
    console.log('sipattacks: 0 passed, 1 failed');
    process.exitCode = 2;
    return;
  }
  const proxies = new Proxies();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      proxies.stopAll();
      process.exit(130);
    });
  }
  let passed = 0;
  let failed = 0;
  const closers = [];
  try {
    // The names the proxy asserts for its users (a deployment's directory).
    const directory = join(proxies.dir, 'directory.tsv');
    writeFileSync(
      directory,
      Object.entries(DIRECTORY)
        .map(([uid, name]) => `${uid}\t${name}\n`)
        .join(''),
    );
    const proxy = await proxies.start('attacks', {directory});
    const registrar = await proxies.start('registrar', {role: 'registrar'});
    const edge = await proxies.start('edge', {role: 'edge', registrar: registrar.port});
    console.log(
      `Kamailio ${proxy.url}; an edge ${edge.url} → registrar 127.0.0.1:${registrar.port}`,
    );
    // SIP push: a proxy of its own with the push hook, the real push sender in front of a stand-in push service.
    let push;
    if (checks.some(check => check.push && (!only || only.test(check.name)))) {
      const port = await freePort();
      const sender = await startPushSender({
        vapid: newVapidKeys(),
        appUrl: uid => `http://127.0.0.1:4200/?user=${uid}`,
        kamailio: `http://127.0.0.1:${port}`,
        pushServices: ['push.invalid'],
        deliver: async () => {},
      });
      closers.push(() => sender.close());
      const pushProxy = await proxies.start('attackspush', {
        port,
        pushHook: sender.hook,
        directory,
      });
      push = {proxy: pushProxy, proxies, sender};
      console.log(`Kamailio with the push hook ${pushProxy.url} → ${sender.url}`);
    }
    for (const check of checks) {
      if (only && !only.test(check.name)) {
        continue;
      }
      const started = Date.now();
      let timer;
      try {
        await Promise.race([
          check.fn({proxy, edge, push, proxies, secret: proxies.secret}),
          new Promise((_, fail) => {
            timer = setTimeout(
              () => fail(new Error(`timed out after ${check.timeout ?? 10000} ms`)),
              check.timeout ?? 10000,
            );
          }),
        ]);
        passed++;
        console.log(`✓ ${check.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`✗ ${check.name}: ${error?.message ?? error} (${Date.now() - started} ms)`);
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    for (const close of closers) {
      await close();
    }
    proxies.stopAll();
  }
  console.log(`sipattacks: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch(error => {
  console.error(error);
  console.log('sipattacks: 0 passed, 1 failed');
  process.exitCode = 2;
});
