// The app backend's part of group calls on Janus (issue 35): the room hook that Kamailio asks for each INVITE of a
// group call (route[GROUP_LEG], `kamailio.sh --group-hook URL`). It alone holds Janus's secrets (the token secret,
// the VideoRoom's admin key); a browser only ever gets tokens minted for it and for one room.
//
// POST /group-leg, form-encoded `caller`, `callee` (uids, checked by the proxy's authentication) and `group` (the group
// call's id, made up by the caller). The first INVITE of a caller's group call creates its room (private, with its
// own secret and an ACL: only the tokens added to it join); every INVITE adds a fresh token for the callee, and the
// caller's token (one per room) is added once. The answer, form-encoded:
//   room=<id: group- and 24 hex digits>&callee=<callee's token>&caller=<caller's token>&janus=<a Janus session token, base64url>
// The Janus session token (token_auth, HMAC-signed, short-lived) only opens the VideoRoom plugin; what lets someone
// into this room is the room token, one per user and room.
//
//   import {startGroupRooms} from './tools/janus/group-rooms.mjs';
//   const rooms = await startGroupRooms({janus: 'ws://127.0.0.1:8188', tokenSecret, roomKey});
//   rooms.hook  // the URL for kamailio.sh --group-hook
import {randomBytes} from 'node:crypto';
import {createServer} from 'node:http';
import {JanusConnection} from './janus-api.mjs';
import {janusToken} from './janus-token.mjs';

/** What a uid and a group call's id may be (the proxy checked both already). */
const UID = /^[A-Za-z0-9._-]{1,64}$/;
const GROUP = /^[A-Za-z0-9_-]{8,64}$/;
/** Most people a room takes (the group calls of the kit ring at most 9 on one grid). */
const PUBLISHERS = 9;

/**
 * @param {{janus: string, tokenSecret: string, roomKey: string, ttl?: number}} options Janus's WebSocket URL, its
 *   token_auth_secret, the VideoRoom's admin_key, and how long a Janus session token lasts (seconds, default 300).
 * @returns {Promise<{url: string, hook: string, rooms: Map<string, {room: string, secret: string, tokens:
 *   Map<string, string>}>, asked: number, close(): Promise<void>}>} `rooms`: by caller and group id.
 */
export async function startGroupRooms({janus, tokenSecret, roomKey, ttl = 300}) {
  const rooms = new Map();
  const state = {asked: 0};
  /** One request at a time: two INVITEs of one group call must not make two rooms. */
  let queue = Promise.resolve();

  async function leg(caller, callee, group) {
    const connection = await JanusConnection.open(janus);
    try {
      const {send} = await connection.videoRoom(janusToken(tokenSecret, {ttl: 30}));
      const key = `${caller}\n${group}`;
      let entry = rooms.get(key);
      const added = [];
      if (!entry) {
        entry = {
          room: `group-${randomBytes(12).toString('hex')}`,
          secret: token(),
          tokens: new Map(),
        };
        const made = await send({
          request: 'create',
          room: entry.room,
          admin_key: roomKey,
          secret: entry.secret,
          is_private: true,
          publishers: PUBLISHERS,
          allowed: [],
        });
        if (made.videoroom !== 'created') {
          throw new Error(`janus: the room was not created: ${JSON.stringify(made)}`);
        }
        rooms.set(key, entry);
      }
      for (const uid of [caller, callee]) {
        if (!entry.tokens.has(uid)) {
          entry.tokens.set(uid, token());
          added.push(entry.tokens.get(uid));
        }
      }
      if (added.length) {
        const allowed = await send({
          request: 'allowed',
          room: entry.room,
          secret: entry.secret,
          action: 'add',
          allowed: added,
        });
        if (allowed.videoroom !== 'success') {
          throw new Error(`janus: the tokens were not added: ${JSON.stringify(allowed)}`);
        }
      }
      return new URLSearchParams({
        room: entry.room,
        callee: entry.tokens.get(callee),
        caller: entry.tokens.get(caller),
        janus: Buffer.from(janusToken(tokenSecret, {ttl})).toString('base64url'),
      }).toString();
    } finally {
      connection.close();
    }
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', chunk => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const [caller, callee, group] = ['caller', 'callee', 'group'].map(name => form.get(name));
      if (
        request.method !== 'POST' ||
        new URL(request.url ?? '/', 'http://x').pathname !== '/group-leg' ||
        !UID.test(caller ?? '') ||
        !UID.test(callee ?? '') ||
        caller === callee ||
        !GROUP.test(group ?? '')
      ) {
        response.writeHead(400).end();
        return;
      }
      state.asked++;
      const answer = (queue = queue.then(() => leg(caller, callee, group)));
      answer.then(
        body =>
          response.writeHead(200, {'content-type': 'application/x-www-form-urlencoded'}).end(body),
        error => {
          console.error(`group rooms: ${error?.message ?? error}`);
          response.writeHead(502).end();
        },
      );
      queue = answer.catch(() => {});
    });
  });
  await new Promise(done => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    hook: `${url}/group-leg`,
    rooms,
    get asked() {
      return state.asked;
    },
    close: () => new Promise(done => server.close(() => done())),
  };
}

/** A room token: 24 random bytes, base64url (what the proxy lets through: letters, digits, - and _). */
function token() {
  return randomBytes(24).toString('base64url');
}
