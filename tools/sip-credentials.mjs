// Ephemeral SIP credentials, as an app's backend mints them for the user it knows is logged in (the scheme of
// Kamailio's auth_ephemeral and of coturn's use-auth-secret): username `<expiry>:<uid>`, password
// base64(HMAC-SHA1(secret, username)). `npm run demo:sip` and the SIP browser tests serve them to the demo's tabs
// from 127.0.0.1, so that no password lives in the page.
//
// The demo's endpoint trusts the `user` it is asked for: a real backend mints credentials only for its own session's
// user.
import {createHmac, randomBytes} from 'node:crypto';
import {createServer} from 'node:http';

/** A fresh shared secret (base64, 32 bytes). */
export function newSipSecret() {
  return randomBytes(32).toString('base64');
}

/**
 * Mints credentials for one user.
 * @param {string} secret The secret shared with Kamailio (and coturn).
 * @param {string} uid The user part of the user's SIP address.
 * @param {{ttl?: number, now?: number}} [options] Lifetime in seconds (default 3600); the clock in ms.
 * @returns {{username: string, password: string, ttl: number}}
 */
export function mintSipCredentials(secret, uid, {ttl = 3600, now = Date.now()} = {}) {
  const username = `${Math.floor(now / 1000) + ttl}:${uid}`;
  const password = createHmac('sha1', secret).update(username).digest('base64');
  return {username, password, ttl};
}

/**
 * Serves `GET /sip-credentials?user=<uid>[&ttl=<s>]` on 127.0.0.1 (a free port unless given), as JSON, to pages of
 * the allowed origins (CORS). With `turn` (a `turn:` URL of a coturn with `use-auth-secret` and the same secret) the
 * answer carries `iceServers` with the same credentials.
 * @param {{secret: string, origins?: string[], port?: number, turn?: string}} options
 * @returns {Promise<{url: string, close: () => Promise<void>}>} The endpoint's URL.
 */
export async function serveSipCredentials({secret, origins = [], port = 0, turn}) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const origin = request.headers.origin;
    if (origin && origins.includes(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
    }
    const user = url.searchParams.get('user') ?? '';
    if (url.pathname !== '/sip-credentials' || !/^[A-Za-z0-9._-]{1,64}$/.test(user)) {
      response.writeHead(404).end();
      return;
    }
    const ttl = Math.min(Math.max(Number(url.searchParams.get('ttl')) || 3600, 1), 86400);
    response.writeHead(200, {'Content-Type': 'application/json', 'Cache-Control': 'no-store'});
    const credentials = mintSipCredentials(secret, user, {ttl});
    const iceServers = turn
      ? [{urls: turn, username: credentials.username, credential: credentials.password}]
      : undefined;
    response.end(JSON.stringify({...credentials, ...(iceServers ? {iceServers} : {})}));
  });
  await new Promise(done => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${server.address().port}/sip-credentials`,
    close: () =>
      new Promise(done => {
        server.close(() => done());
        // A browser keeps its fetch connection alive: closing waits for none.
        server.closeAllConnections();
      }),
  };
}
