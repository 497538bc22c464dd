// A group call's rooms through Kamailio (issue 35, part 2, the proxy's half): each member is rung by an INVITE of its
// own marked `X-Kit-Group`; the proxy asks the app backend's room hook (tools/janus/group-rooms.mjs) for the call's
// room on Janus and puts a token minted for the callee on the INVITE, and the caller's on the replies. Checked with
// raw SIP clients (e2e/sip/sip-wire.mjs) and Janus's API: the tokens open that room, for those users, and nothing
// else; no client can write a room header; a caller who did not authenticate asks the hook nothing.
// Run by e2e/janus/janus.mjs with the Janus it started (`npm run e2e:janus`).
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {mintSipCredentials} from '../../tools/sip-credentials.mjs';
import {JanusConnection, JanusError} from '../../tools/janus/janus-api.mjs';
import {startGroupRooms} from '../../tools/janus/group-rooms.mjs';
import {Proxies, freePort} from '../sip/proxies.mjs';
import {SipWire, randomContact, sendAuthenticated, sipRequest} from '../sip/sip-wire.mjs';

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), '../../tools/janus/janus.sh');

/**
 * A second Janus with the same secrets (a deployment's second SFU), started by the project's script; `stop()` stops
 * it by its pid and says whether that pid is gone.
 */
function secondJanus(secret, roomKey) {
  const env = {
    ...process.env,
    KIT_JANUS_DIR: mkdtempSync(join(tmpdir(), 'kit-janus-second-')),
    KIT_JANUS_TOKEN_SECRET: secret,
    KIT_JANUS_ROOM_KEY: roomKey,
  };
  const sh = (...args) =>
    execFileSync('bash', [SCRIPT, ...args, '--name', 'second'], {env})
      .toString()
      .trim();
  const port = 19188 + (process.pid % 500);
  const url = sh('start', '--port', String(port), '--rtp-ports', '21100-21199');
  const pid = Number(readFileSync(join(sh('dir'), 'pid'), 'utf8'));
  let stopped = false;
  return {
    url,
    stop() {
      if (!stopped) {
        stopped = true;
        try {
          sh('stop');
        } finally {
          rmSync(env.KIT_JANUS_DIR, {recursive: true, force: true});
        }
      }
      return !existsSync(`/proc/${pid}`);
    },
  };
}

/** A group call's id, as a caller makes one up. */
const groupId = () => `call-${randomBytes(8).toString('hex')}`;

/** The room header of a message: `{room, token, janus}` for each X-Kit-Room it carries. */
const roomsOf = message =>
  (message?.headers['x-kit-room'] ?? []).map(value => {
    const [room, ...params] = value.split(';');
    const param = name => params.find(p => p.startsWith(`${name}=`))?.slice(name.length + 1);
    return {room, token: param('token'), janus: param('janus'), sfu: param('sfu')};
  });

/** Waits until `wire` has a message that `match` accepts, or `timeout` passes (then `null`). */
function seen(wire, match, timeout = 5000) {
  const found = wire.messages.find(match);
  if (found) {
    return Promise.resolve(found);
  }
  return new Promise(done => {
    const timer = setTimeout(() => done(null), timeout);
    wire.waiters.push(message => {
      if (match(message)) {
        clearTimeout(timer);
        done(message);
        return true;
      }
      return false;
    });
  });
}

/** A callee's reply to an INVITE it received (the proxy's Via and Record-Route kept). */
function replyTo(request, status, reason, extra = []) {
  const h = request.headers;
  return [
    `SIP/2.0 ${status} ${reason}`,
    ...h.via.map(via => `Via: ${via}`),
    ...(h['record-route'] ?? []).map(route => `Record-Route: ${route}`),
    `From: ${h.from[0]}`,
    `To: ${h.to[0]};tag=${randomBytes(4).toString('hex')}`,
    `Call-ID: ${h['call-id'][0]}`,
    `CSeq: ${h.cseq[0]}`,
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/**
 * The checks, with the Janus of e2e/janus/janus.mjs.
 * @param {{check: Function, expect: Function, url: string, secret: string, roomKey: string}} janus
 */
export async function groupLegChecks({check, expect, url, secret: tokenSecret, roomKey}) {
  const second = secondJanus(tokenSecret, roomKey);
  const sfus = [url, second.url];
  const rooms = await startGroupRooms({janus: sfus, tokenSecret, roomKey});
  const proxies = new Proxies();
  const wires = [];
  try {
    const proxy = await proxies.start('groups', {groupHook: rooms.hook});
    const open = async () => {
      const wire = await SipWire.open(proxy.url);
      wires.push(wire);
      return wire;
    };
    const register = async user => {
      const wire = await open();
      const answer = await sendAuthenticated(
        wire,
        'REGISTER',
        {from: user, contact: randomContact(), expires: 120},
        mintSipCredentials(proxies.secret, user),
      );
      expect(answer?.status === 200, `${user} could not register: ${answer?.first}`);
      return wire;
    };
    const linus = await register('linus');
    const ada = await register('ada');
    const grace = await open();
    /** Grace's INVITE to `to` (marked with the group call `group`, if any); resolves what `to`'s wire received. */
    const send = async (to, wire, group, headers = []) => {
      const callId = randomBytes(8).toString('hex');
      const final = sendAuthenticated(
        grace,
        'INVITE',
        {
          from: 'grace',
          to,
          callId,
          headers: [
            'Content-Type: application/sdp',
            ...(group ? [`X-Kit-Group: ${group}`] : []),
            ...headers,
          ],
        },
        mintSipCredentials(proxies.secret, 'grace'),
        5000,
      );
      const invite = await seen(
        wire,
        message =>
          message.first.startsWith('INVITE ') && message.headers['call-id']?.[0] === callId,
      );
      return {callId, final, invite};
    };
    /** Grace rings `to` for the group call `group`; `to`'s wire gets the INVITE, which it answers `status`. */
    const ring = async (to, wire, group, {headers = [], status = 486, replyHeaders = []} = {}) => {
      const {callId, final, invite} = await send(to, wire, group, headers);
      expect(invite, `${to} was not rung`);
      wire.sendRaw(replyTo(invite, 180, 'Ringing', replyHeaders));
      const ringing = await seen(
        grace,
        message => message.status === 180 && message.headers['call-id']?.[0] === callId,
      );
      wire.sendRaw(replyTo(invite, status, status === 486 ? 'Busy Here' : 'Decline'));
      return {invite, ringing, final: await final};
    };
    /**
     * Joins a room on the Janus that holds it (or on `on`) with a session token and a room token; resolves `joined`
     * or Janus's error code.
     */
    const join = async ({room, token, janus, sfu}, display, on = sfus[Number(sfu)]) => {
      const connection = await JanusConnection.open(on);
      try {
        const sessionToken = janus ? Buffer.from(janus, 'base64url').toString() : 'none';
        const {send} = await connection.videoRoom(sessionToken);
        const answer = await send({request: 'join', ptype: 'publisher', room, token, display});
        return answer.videoroom === 'joined' ? 'joined' : `error ${answer.error_code}`;
      } catch (error) {
        return error instanceof JanusError ? `error ${error.code}` : String(error);
      } finally {
        connection.close();
      }
    };

    const group = groupId();
    let first;
    await check(
      'group call (proxy): the callee’s INVITE carries the room and a token minted for the callee, the caller’s 180 a token of her own; a client’s own X-Kit-Room never passes',
      async () => {
        first = await ring('linus', linus, group, {
          headers: ['X-Kit-Room: group-000000000000000000000000;token=forged-by-grace-0000'],
          replyHeaders: ['X-Kit-Room: group-000000000000000000000000;token=forged-by-linus-000'],
        });
        const entry = rooms.rooms.get(`grace\n${group}`);
        expect(entry, 'the hook made no room for the call');
        const [toLinus, ...moreToLinus] = roomsOf(first.invite);
        expect(
          toLinus && !moreToLinus.length,
          `linus got ${first.invite.headers['x-kit-room']?.length ?? 0} room headers`,
        );
        expect(
          toLinus.room === entry.room && toLinus.token === entry.tokens.get('linus'),
          `linus got ${JSON.stringify(toLinus)}, not his token for ${entry.room}`,
        );
        const [toGrace, ...moreToGrace] = roomsOf(first.ringing);
        expect(
          toGrace && !moreToGrace.length,
          `grace's 180 had ${first.ringing.headers['x-kit-room']?.length ?? 0} room headers`,
        );
        expect(
          toGrace.room === entry.room && toGrace.token === entry.tokens.get('grace'),
          `grace got ${JSON.stringify(toGrace)}, not her token for ${entry.room}`,
        );
        expect(
          first.final?.status === 486,
          `the busy answer did not reach grace: ${first.final?.first}`,
        );
      },
    );

    await check(
      'group call (proxy): a second member of the same call gets the same room and a token of their own',
      async () => {
        const second = await ring('ada', ada, group, {status: 603});
        const [toAda] = roomsOf(second.invite);
        const [toLinus] = roomsOf(first.invite);
        expect(toAda?.room === toLinus.room, `ada's room ${toAda?.room}, linus's ${toLinus.room}`);
        expect(toAda.token && toAda.token !== toLinus.token, 'ada got linus’s token');
        expect(
          second.final?.status === 603,
          `the decline did not reach grace: ${second.final?.first}`,
        );
      },
    );

    await check(
      'group call (proxy): someone rung for a call rings its caller back into the same room (a join: their token on the replies, the caller’s on the INVITE), or another one rung for it (a rejoin once the caller left); someone never rung gets a room of their own',
      async () => {
        const graceRegistered = await register('grace');
        const entry = rooms.rooms.get(`grace\n${group}`);
        /** `from` rings Grace with the call's id; resolves the room on Grace's INVITE and on its 180. */
        const joinBack = async (from, wire) => {
          const callId = randomBytes(8).toString('hex');
          const final = sendAuthenticated(
            wire,
            'INVITE',
            {
              from,
              to: 'grace',
              callId,
              headers: ['Content-Type: application/sdp', `X-Kit-Group: ${group}`],
            },
            mintSipCredentials(proxies.secret, from),
            5000,
          );
          const invite = await seen(
            graceRegistered,
            message =>
              message.first.startsWith('INVITE ') && message.headers['call-id']?.[0] === callId,
          );
          expect(invite, `${from}'s INVITE did not reach grace`);
          graceRegistered.sendRaw(replyTo(invite, 180, 'Ringing'));
          const ringing = await seen(
            wire,
            message => message.status === 180 && message.headers['call-id']?.[0] === callId,
          );
          graceRegistered.sendRaw(replyTo(invite, 486, 'Busy Here'));
          await final;
          return {toGrace: roomsOf(invite)[0], toCaller: roomsOf(ringing)[0]};
        };
        const back = await joinBack('linus', linus);
        expect(
          back.toGrace?.room === entry.room && back.toGrace.token === entry.tokens.get('grace'),
          `grace got ${JSON.stringify(back.toGrace)}, not her token for ${entry.room}`,
        );
        expect(
          back.toCaller?.room === entry.room && back.toCaller.token === entry.tokens.get('linus'),
          `linus got ${JSON.stringify(back.toCaller)}, not his token for ${entry.room}`,
        );
        const stranger = await joinBack('katherine', await open());
        expect(
          stranger.toCaller?.room && stranger.toCaller.room !== entry.room,
          `katherine, never rung, got the call's room: ${JSON.stringify(stranger.toCaller)}`,
        );
        // Two people rung for the call ring each other with its id (a rejoin once its caller left): its room too.
        const callId = randomBytes(8).toString('hex');
        const final = sendAuthenticated(
          linus,
          'INVITE',
          {
            from: 'linus',
            to: 'ada',
            callId,
            headers: ['Content-Type: application/sdp', `X-Kit-Group: ${group}`],
          },
          mintSipCredentials(proxies.secret, 'linus'),
          5000,
        );
        const toAda = await seen(
          ada,
          message =>
            message.first.startsWith('INVITE ') && message.headers['call-id']?.[0] === callId,
        );
        expect(toAda, "linus's INVITE did not reach ada");
        ada.sendRaw(replyTo(toAda, 486, 'Busy Here'));
        await final;
        expect(
          roomsOf(toAda)[0]?.room === entry.room &&
            roomsOf(toAda)[0].token === entry.tokens.get('ada'),
          `ada got ${JSON.stringify(roomsOf(toAda)[0])}, not her token for ${entry.room}`,
        );
      },
    );

    await check(
      'group call (Janus): each token opens its room; a forged one, one of another call’s room, or none at all does not',
      async () => {
        const [toLinus] = roomsOf(first.invite);
        const [toGrace] = roomsOf(first.ringing);
        expect((await join(toLinus, 'Linus')) === 'joined', 'linus’s token did not open the room');
        expect((await join(toGrace, 'Grace')) === 'joined', 'grace’s token did not open the room');
        const forged = await join({...toLinus, token: randomBytes(24).toString('base64url')}, 'M');
        expect(forged !== 'joined', 'a forged token opened the room');
        const none = await join({...toLinus, token: undefined}, 'M');
        expect(none !== 'joined', 'no token opened the room');
        // Another group call of Grace's, to Ada: its room does not take Linus's token.
        const other = await ring('ada', ada, groupId());
        const [otherRoom] = roomsOf(other.invite);
        expect(otherRoom && otherRoom.room !== toLinus.room, 'the other call got the same room');
        const crossed = await join({...otherRoom, token: toLinus.token}, 'Linus');
        expect(crossed !== 'joined', 'linus’s token opened the room of another call');
        const noSession = await join({...toLinus, janus: undefined}, 'Linus');
        expect(noSession !== 'joined', 'a room token without a Janus session token got in');
      },
    );

    await check(
      'group call (proxy): an INVITE without X-Kit-Group carries no room header, whatever the caller wrote',
      async () => {
        const plain = await ring('linus', linus, undefined, {
          headers: ['X-Kit-Room: group-000000000000000000000000;token=forged-by-grace-0000'],
        });
        expect(!plain.invite.headers['x-kit-room'], 'a room header reached linus');
        expect(!plain.ringing.headers['x-kit-room'], 'a room header reached grace');
      },
    );

    await check(
      'group call (proxy): a caller who did not authenticate asks the hook nothing (407); a bad group id is refused (400)',
      async () => {
        const asked = rooms.asked;
        const unauthenticated = await grace.request(
          sipRequest('INVITE', {
            from: 'grace',
            to: 'linus',
            headers: [`X-Kit-Group: ${groupId()}`],
          }),
          3000,
        );
        expect(unauthenticated?.status === 407, `answered ${unauthenticated?.first}`);
        const bad = await sendAuthenticated(
          grace,
          'INVITE',
          {from: 'grace', to: 'linus', headers: ['X-Kit-Group: not a group id!']},
          mintSipCredentials(proxies.secret, 'grace'),
          3000,
        );
        expect(bad?.status === 400, `a bad group id answered ${bad?.first}`);
        expect(rooms.asked === asked, `the hook was asked ${rooms.asked - asked} times`);
      },
    );

    await check(
      'group call (proxy): a hook that does not answer: 503, and nothing rings',
      async () => {
        const port = await freePort(); // Nobody listens there.
        const broken = await proxies.start('groupsbroken', {
          groupHook: `http://127.0.0.1:${port}/group-leg`,
        });
        const wire = await SipWire.open(broken.url);
        wires.push(wire);
        const callee = await SipWire.open(broken.url);
        wires.push(callee);
        await sendAuthenticated(
          callee,
          'REGISTER',
          {from: 'linus', contact: randomContact(), expires: 120},
          mintSipCredentials(proxies.secret, 'linus'),
        );
        const answer = await sendAuthenticated(
          wire,
          'INVITE',
          {from: 'grace', to: 'linus', headers: [`X-Kit-Group: ${groupId()}`]},
          mintSipCredentials(proxies.secret, 'grace'),
          8000,
        );
        expect(answer?.status === 503, `answered ${answer?.first}`);
        expect(
          !callee.messages.some(message => message.first.startsWith('INVITE ')),
          'linus was rung',
        );
      },
    );

    // Figures, printed only: how long a member's INVITE takes through the proxy and the hook (raw SIP on one machine,
    // the callee's wire receiving it), against an INVITE without X-Kit-Group.
    const timed = async (to, wire, group) => {
      const started = performance.now();
      const {final, invite} = await send(to, wire, group);
      const ms = performance.now() - started;
      if (invite) {
        wire.sendRaw(replyTo(invite, 486, 'Busy Here'));
      }
      await final;
      return ms;
    };
    const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const firsts = [];
    const laters = [];
    const plains = [];
    for (let run = 0; run < 5; run++) {
      const call = groupId();
      firsts.push(await timed('linus', linus, call));
      laters.push(await timed('ada', ada, call));
      plains.push(await timed('linus', linus, undefined));
    }
    console.log(
      `group ring through Kamailio and the room hook (raw SIP, 407 round trip included, medians of 5): ` +
        `the first member's INVITE (the room made on Janus) ${median(firsts).toFixed(1)} ms, ` +
        `a second member's (a token added) ${median(laters).toFixed(1)} ms, ` +
        `an INVITE without X-Kit-Group ${median(plains).toFixed(1)} ms`,
    );

    await check(
      'group call (two SFUs): each room goes to the Janus that holds fewer, and opens there only; one stopped by its pid: new rooms go to the other, and a call whose room it held gets it made again there',
      async () => {
        const held = sfu => [...rooms.rooms.values()].filter(entry => entry.sfu === sfu).length;
        const fewer = held(1) < held(0) ? '1' : '0';
        const group = groupId();
        const placed = await ring('linus', linus, group);
        const [room] = roomsOf(placed.invite);
        expect(room?.sfu === fewer, `the room went to Janus ${room?.sfu}, not ${fewer}`);
        const nextGroup = groupId();
        const next = await ring('ada', ada, nextGroup);
        const [nextRoom] = roomsOf(next.invite);
        expect(nextRoom?.sfu !== room.sfu, 'two rooms in a row went to the same Janus');
        const onSecond = room.sfu === '1' ? {group, room} : {group: nextGroup, room: nextRoom};
        expect(
          (await join(onSecond.room, 'Linus')) === 'joined',
          'the room did not open on its Janus',
        );
        const elsewhere = await join(onSecond.room, 'Linus', sfus[0]);
        expect(elsewhere !== 'joined', 'the room opened on the other Janus');

        expect(second.stop(), 'the second Janus still runs after its stop');
        const after = await ring('linus', linus, groupId());
        const [afterRoom] = roomsOf(after.invite);
        expect(
          afterRoom?.sfu === '0',
          `a new room went to Janus ${afterRoom?.sfu} while 1 was down`,
        );
        expect((await join(afterRoom, 'Linus')) === 'joined', 'the new room did not open');
        // A call whose room was on the stopped Janus: its next INVITE gets the room made again on the first.
        const again = onSecond.group ?? groupId();
        const moved = await ring('ada', ada, again);
        const [movedRoom] = roomsOf(moved.invite);
        expect(
          movedRoom?.sfu === '0',
          `the room of a call on the stopped Janus is on ${movedRoom?.sfu}`,
        );
        expect((await join(movedRoom, 'Ada')) === 'joined', 'the room made again did not open');
      },
    );
  } finally {
    for (const wire of wires) {
      wire.close();
    }
    proxies.stopAll();
    await rooms.close();
    second.stop();
  }
}
