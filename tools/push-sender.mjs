// The push sender: the small part of an app's backend that turns Kamailio's push hook into a Web Push message
// (the `web-push` library, VAPID, RFC 8291 encryption), and relays a notification's Decline back to Kamailio.
// `npm run demo:sip` and the SIP browser tests start it on 127.0.0.1.
//
//   POST /kamailio?key=KEY   Kamailio's hook (tools/kamailio/kamailio.cfg, route[PUSH_CALL] and route[PUSH_CANCEL]),
//                            form-encoded: event (call | cancel), to, prid, param, callId, token, callerUid,
//                            callerName (the From's display name without its outer quotes, \-escapes as in SIP),
//                            video (true | false). A JSON body {event, to, prid, param, callId, token?, caller?:
//                            {uid, name}, video?} is read too.
//   POST /decline?t=TOKEN    the service worker's Decline (kit-call-sw.js): Kamailio answers the kept INVITE 603
//
// The binding that Kamailio keeps comes from the page's REGISTER (RFC 8599 Contact parameters, made by
// `KitPushCalls.contactParams()`): pn-prid is the subscription's endpoint in base64url, pn-param its two keys
// `p256dh.auth`. What the worker receives is `{kitCall: {type: 'ring' | 'cancel', callId, caller, video, url,
// declineUrl}}`.
//
// Real Web Push goes through the browser vendor's push service (`webpush.sendNotification`). Where that service
// cannot be reached (the tests run with loopback only), `deliver` replaces the last step: the browser tests encrypt
// the same message with web-push (`webpush.generateRequestDetails`, to the page's own keys) and hand its plaintext to
// Chromium through the DevTools protocol (`ServiceWorker.deliverPushMessage`).
import {randomBytes} from 'node:crypto';
import {createServer, request as httpRequest} from 'node:http';
import webpush from 'web-push';

/** The push services of Chrome, Edge, Firefox and Safari: the only hosts a subscription's endpoint may name. */
export const PUSH_SERVICES = [
  'fcm.googleapis.com',
  'notify.windows.com',
  'push.services.mozilla.com',
  'push.apple.com',
];

/** Fresh VAPID keys (base64url): the public one goes to the page (`withPushCalls({vapidPublicKey})`). */
export function newVapidKeys() {
  return webpush.generateVAPIDKeys();
}

/**
 * The subscription that a binding stands for.
 * @param {string} prid pn-prid: the endpoint, base64url.
 * @param {string} param pn-param: `p256dh.auth`.
 * @param {string[]} [pushServices] The hosts (and their subdomains) an endpoint may name.
 * @returns {{endpoint: string, keys: {p256dh: string, auth: string}} | null}
 */
export function subscriptionOf(prid, param, pushServices = PUSH_SERVICES) {
  const endpoint = Buffer.from(prid ?? '', 'base64url').toString('utf8');
  const [p256dh, auth] = String(param ?? '').split('.');
  let host = '';
  try {
    const url = new URL(endpoint);
    host = url.protocol === 'https:' ? url.hostname : '';
  } catch {
    return null;
  }
  // The endpoint comes from a REGISTER: only the browsers' push services are posted to, never a host of the
  // user's choosing.
  if (!pushServices.some(service => host === service || host.endsWith(`.${service}`)) || !p256dh || !auth) {
    return null;
  }
  return {endpoint, keys: {p256dh, auth}};
}

/**
 * The hook's body as `{event, to, prid, param, callId, token, caller: {uid, name}, video}`: Kamailio's form (every
 * value percent-encoded by the config, so that a caller's name or Call-ID cannot break or add to it), or JSON.
 * @param {string} text The body.
 * @param {string | undefined} type Its Content-Type.
 */
export function hookBody(text, type) {
  if (!/^application\/x-www-form-urlencoded\b/i.test(type ?? '')) {
    return JSON.parse(text);
  }
  const form = new URLSearchParams(text);
  const value = name => form.get(name) ?? undefined;
  // A quoted display name keeps its quoted-pairs (RFC 3261: \" and \\); an unquoted one has none.
  const name = value('callerName')?.replace(/\\([\s\S])/g, '$1');
  return {
    event: value('event'),
    to: value('to'),
    prid: value('prid'),
    param: value('param'),
    callId: value('callId'),
    token: value('token'),
    caller: {uid: value('callerUid'), name},
    video: value('video') === 'true',
  };
}

/**
 * Starts the push sender.
 * @param {object} options
 * @param {{publicKey: string, privateKey: string, subject?: string}} options.vapid The VAPID keys.
 * @param {(uid: string) => string} options.appUrl The page that Accept opens for a user (the app's call route).
 * @param {string} options.kamailio Kamailio's HTTP side (`http://127.0.0.1:PORT`: the decline goes there).
 * @param {(uid: string) => {avatar?: string} | undefined} [options.userOf] The callers' avatars.
 * @param {(uid: string) => object | undefined} [options.labelsOf] The notification's words in the callee's language
 *   (`{voice, video, accept, decline}`; English without them).
 * @param {(subscription: object, message: object, to: string) => Promise<void>} [options.deliver] Replaces the
 *   push service (tests); default `webpush.sendNotification`.
 * @param {string[]} [options.pushServices] The hosts an endpoint may name (default PUSH_SERVICES).
 * @param {number} [options.port] Default: a free one.
 * @returns {Promise<{url: string, hook: string, sent: object[], close: () => Promise<void>}>} `hook` is the URL for
 *   `kamailio.sh --push-hook`; `sent` lists every message handed on.
 */
export async function startPushSender({
  vapid,
  appUrl,
  kamailio,
  userOf,
  labelsOf,
  deliver,
  pushServices = PUSH_SERVICES,
  port = 0,
}) {
  const key = randomBytes(18).toString('base64url');
  const sent = [];
  const send =
    deliver ??
    ((subscription, message) =>
      webpush.sendNotification(subscription, JSON.stringify(message), {
        vapidDetails: {
          subject: vapid.subject ?? 'mailto:calls@example.com',
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
        },
        // A call is worth nothing a minute later, and must wake the device now.
        TTL: 60,
        urgency: 'high',
      }));
  let base = '';

  const onHook = async body => {
    const subscription = subscriptionOf(body.prid, body.param, pushServices);
    if (!subscription || !/^[A-Za-z0-9._-]{1,64}$/.test(body.to ?? '')) {
      return 400;
    }
    const caller = body.caller ?? {};
    const message = {
      kitCall:
        body.event === 'cancel'
          ? {type: 'cancel', callId: body.callId}
          : {
              type: 'ring',
              callId: body.callId,
              caller: {uid: caller.uid, name: caller.name || caller.uid, ...userOf?.(caller.uid)},
              video: !!body.video,
              url: appUrl(body.to),
              ...(labelsOf?.(body.to) ? {labels: labelsOf(body.to)} : {}),
              declineUrl: `${base}/decline?t=${encodeURIComponent(body.token ?? '')}`,
            },
    };
    sent.push({to: body.to, message});
    // Kamailio waits for this answer in a SIP worker: answer now, send in the background.
    Promise.resolve()
      .then(() => send(subscription, message, body.to))
      .catch(error => console.error(`push sender: ${body.to}: ${error.message}`));
    return 200;
  };

  const onDecline = token =>
    new Promise(done => {
      const ask = httpRequest(`${kamailio}/push/decline?t=${encodeURIComponent(token)}`, answer => {
        answer.resume();
        done(answer.statusCode ?? 502);
      });
      ask.on('error', () => done(502));
      ask.end();
    });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks = [];
    request.on('data', chunk => chunks.push(chunk));
    request.on('end', async () => {
      let status = 404;
      try {
        if (request.method === 'POST' && url.pathname === '/kamailio') {
          status =
            url.searchParams.get('key') === key
              ? await onHook(
                  hookBody(Buffer.concat(chunks).toString('utf8'), request.headers['content-type']),
                )
              : 403;
        } else if (request.method === 'POST' && url.pathname === '/decline') {
          // The worker's fetch: a simple request from the app's origin. The token is the capability (one call).
          response.setHeader('Access-Control-Allow-Origin', '*');
          status = await onDecline(url.searchParams.get('t') ?? '');
        }
      } catch (error) {
        console.error(`push sender: ${error.message}`);
        status = 502;
      }
      response.writeHead(status, {'Content-Type': 'text/plain'}).end(`${status}\n`);
    });
  });
  await new Promise(done => server.listen(port, '127.0.0.1', done));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    hook: `${base}/kamailio?key=${key}`,
    sent,
    close: () => new Promise(done => server.close(() => done())),
  };
}
