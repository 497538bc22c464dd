// Janus's signed tokens (token_auth with token_auth_secret): `expiry,janus,plugin[,plugin...]:signature`, the
// signature base64(HMAC-SHA1(secret, the part before the colon)), as Janus's `janus_auth_check_signature` checks
// them. Only a server holds the secret: it mints a short-lived token per user and call, for the VideoRoom only.
//
//   node tools/janus/janus-token.mjs SECRET [TTL_SECONDS]    (prints a token for the VideoRoom, 60 s by default)
import {createHmac} from 'node:crypto';
import {fileURLToPath} from 'node:url';

/** The VideoRoom plugin's name, as a token lists it. */
export const VIDEOROOM = 'janus.plugin.videoroom';

/**
 * @param {string} secret Janus's token_auth_secret.
 * @param {{ttl?: number, plugins?: string[], now?: number}} [options] Seconds it lasts (60), the plugins it opens
 *   (the VideoRoom), and the clock (ms since the epoch).
 * @returns {string} The token.
 */
export function janusToken(secret, {ttl = 60, plugins = [VIDEOROOM], now = Date.now()} = {}) {
  const data = [Math.floor(now / 1000) + ttl, 'janus', ...plugins].join(',');
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [secret, ttl] = process.argv.slice(2);
  if (!secret) {
    console.error('usage: node tools/janus/janus-token.mjs SECRET [TTL_SECONDS]');
    process.exit(2);
  }
  console.log(janusToken(secret, {ttl: Number(ttl) || 60}));
}
