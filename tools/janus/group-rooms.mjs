// The app backend's part of group calls on Janus (issue 35): the room hook that Kamailio asks for each INVITE of a
// group call (route[GROUP_LEG], `kamailio.sh --group-hook URL`). It alone holds Janus's secrets (the token secret,
// the VideoRoom's admin key); a browser only ever gets tokens minted for it and for one room.
//
// Several SFUs: `janus` may list more than one Janus (the same token secret and room key on each). Each room goes to
// the one holding the fewest rooms of this hook (the first of them on a tie); one that does not answer is skipped, so
// new rooms go to the others while it is down. The answer says which one (`sfu`, its index in the list: the page is
// given the same list, in the same order, as `kitSipCallsSdk({sfu})`), and each room stays where it was made.
//
// POST /group-leg, form-encoded `caller`, `callee` (uids, checked by the proxy's authentication) and `group` (the group
// call's id, made up by the caller). The first INVITE of a caller's group call creates its room (private, with its
// own secret and an ACL: only the tokens added to it join); every INVITE adds a fresh token for the callee, and the
// caller's token (one per room) is added once. Two people of a call who ring each other with its id get that call's
// room, each their own token: a join (someone rung for it, who missed or declined its ring, rings its caller back) or
// a rejoin once its caller left (someone in it rings the others for the room made again). Anyone else's INVITE with
// that id is a new call of theirs.
// The answer, form-encoded:
//   room=<id: group- and 24 hex digits>&callee=<callee's token>&caller=<caller's token>&janus=<a Janus session token,
//   base64url>&sfu=<the index of the Janus that holds the room>
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
/** The VideoRoom's error code for a room it does not have. */
const NO_SUCH_ROOM = 426;

/**
 * @param {{janus: string | string[], tokenSecret: string, roomKey: string, ttl?: number}} options Janus's WebSocket
 *   URL (or the URLs of several), their token_auth_secret, the VideoRoom's admin_key, and how long a Janus session
 *   token lasts (seconds, default 300).
 * @returns {Promise<{url: string, hook: string, rooms: Map<string, {room: string, sfu: number, secret: string,
 *   tokens: Map<string, string>, members: Set<string>}>, asked: number, close(): Promise<void>}>} `rooms`: by
 *   caller and group id.
 */
export async function startGroupRooms({janus, tokenSecret, roomKey, ttl = 300}) {
  const sfus = [janus].flat();
  const rooms = new Map();
  const state = {asked: 0};
  /** One request at a time: two INVITEs of one group call must not make two rooms. */
  let queue = Promise.resolve();

  /** A VideoRoom handle on one Janus, for one request; closed after it. */
  async function videoRoom(sfu, use) {
    const connection = await JanusConnection.open(sfus[sfu]);
    try {
      const {send} = await connection.videoRoom(janusToken(tokenSecret, {ttl: 30}));
      return await use(send);
    } finally {
      connection.close();
    }
  }

  /** Makes a room on the Janus with the fewest rooms that answers. @returns Its entry. */
  async function place() {
    const held = sfus.map((_, sfu) => [...rooms.values()].filter(room => room.sfu === sfu).length);
    const order = sfus.map((_, sfu) => sfu).sort((a, b) => held[a] - held[b] || a - b);
    let failure;
    for (const sfu of order) {
      const entry = {
        room: `group-${randomBytes(12).toString('hex')}`,
        sfu,
        secret: token(),
        tokens: new Map(),
      };
      try {
        const made = await videoRoom(sfu, send =>
          send({
            request: 'create',
            room: entry.room,
            admin_key: roomKey,
            secret: entry.secret,
            is_private: true,
            publishers: PUBLISHERS,
            allowed: [],
          }),
        );
        if (made.videoroom === 'created') {
          return entry;
        }
        failure = new Error(`janus ${sfu}: the room was not created: ${JSON.stringify(made)}`);
      } catch (error) {
        failure = error; // Down: the next one.
      }
    }
    throw failure;
  }

  /**
   * One INVITE of a group call: its room (made with the first one; made again on another Janus when the one that held
   * it no longer answers: the tokens given before were for the lost room), and the callee's and caller's tokens.
   */
  async function leg(caller, callee, group, again = false, members = new Set(), owner = null) {
    // The call's room: the caller's own, or, when two people of a call ring each other (a join, or a rejoin once its
    // caller left), that call's room (its key names who placed it).
    const inCall = ([key, entry], uid) => key === `${uid}\n${group}` || entry.members.has(uid);
    const key =
      owner ??
      (rooms.has(`${caller}\n${group}`)
        ? `${caller}\n${group}`
        : ([...rooms].find(
            room => room[0].endsWith(`\n${group}`) && inCall(room, caller) && inCall(room, callee),
          )?.[0] ?? `${caller}\n${group}`));
    const entry = rooms.get(key) ?? {...(await place()), members};
    rooms.set(key, entry);
    entry.members.add(callee); // Who was rung for this call: who may join it later, or ring the others again.
    const added = [caller, callee].filter(uid => !entry.tokens.has(uid));
    const tokens = added.map(() => token());
    let answer = null;
    try {
      // The room's Janus is asked every time (to add the new tokens, or whether the room is there), so that a call
      // whose Janus went away gets its room made again.
      answer = await videoRoom(entry.sfu, send =>
        send(
          added.length
            ? {
                request: 'allowed',
                room: entry.room,
                secret: entry.secret,
                action: 'add',
                allowed: tokens,
              }
            : {request: 'exists', room: entry.room},
        ),
      );
    } catch (error) {
      if (again) {
        throw error;
      }
    }
    // Its Janus is gone, or restarted without it (426: no such room): the room is made again, on any Janus that
    // answers; the tokens given before were for the lost room.
    if (!again && (!answer || answer.error_code === NO_SUCH_ROOM || answer.exists === false)) {
      rooms.delete(key);
      return leg(caller, callee, group, true, entry.members, key);
    }
    if (added.length ? answer.videoroom !== 'success' : !answer.exists) {
      throw new Error(`janus: the room is not as it should be: ${JSON.stringify(answer)}`);
    }
    added.forEach((uid, index) => entry.tokens.set(uid, tokens[index]));
    return new URLSearchParams({
      room: entry.room,
      callee: entry.tokens.get(callee),
      caller: entry.tokens.get(caller),
      janus: Buffer.from(janusToken(tokenSecret, {ttl})).toString('base64url'),
      sfu: String(entry.sfu),
    }).toString();
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
