import {
  KitCall,
  KitCallListener,
  KitErrorCodes,
  KitException,
  KitUser,
} from 'kit-chat-uikit-angular';
import {kitJanusRoom} from './janus-room-factory';
import type {KitJanusRoomOptions} from './janus-room-types';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipGroupCallsSdk} from './sip-group-calls-sdk';
import {
  FakeSession,
  FakeTrack,
  FakeUA,
  fakeCapture,
  installFakeMedia,
  message,
  settle,
} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));
jest.mock('./janus-room-factory', () => ({kitJanusRoom: jest.fn()}));

const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const LINUS: KitUser = {uid: 'linus', name: 'Linus Torvalds'};
const SESSION_TOKEN = '1767225600,janus,janus.plugin.videoroom:c2lnbmF0dXJl';
const b64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** The room header the proxy writes for one side (Kamailio's route[GROUP_LEG]). */
const room = (token: string, sfu = 1) =>
  `group-${'0f'.repeat(12)};token=${token};janus=${b64url(SESSION_TOKEN)};sfu=${sfu}`;
const reply = (status: number, header?: string) => ({
  status_code: status,
  getHeader: (name: string) => (name === 'X-Kit-Room' ? header : undefined),
});

describe('KitSipGroupCallsSdk (group calls over SIP, media through the SFU)', () => {
  let sdk: KitSipCallsSdk;
  let heard: {method: string; call: KitCall}[];
  let errors: KitException[];
  let joined: KitJanusRoomOptions[];
  let left: number;

  beforeEach(() => {
    installFakeMedia(fakeCapture([]));
    heard = [];
    errors = [];
    joined = [];
    left = 0;
    jest.mocked(kitJanusRoom).mockImplementation(async options => {
      joined.push(options);
      return {id: '7', setCamera: async () => {}, leave: async () => void left++};
    });
  });
  afterEach(() => sdk.dispose());

  async function start(sfu = true): Promise<FakeUA> {
    const options = {
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      displayName: 'Grace Hopper',
      onError: (error: KitException) => errors.push(error),
    };
    sdk = sfu
      ? new KitSipGroupCallsSdk({...options, sfu: {url: ['ws://sfu-a:8188', 'ws://sfu-b:8188']}})
      : new KitSipCallsSdk(options);
    await settle();
    const listener = new Proxy({} as KitCallListener, {
      get: (_, method: string) => (call: KitCall) => heard.push({method, call}),
    });
    sdk.addCallListener('spec', listener);
    return FakeUA.last;
  }

  const said = (method: string) =>
    heard.filter(each => each.method === method).map(each => each.call);

  async function ringTeam(ua: FakeUA): Promise<{call: KitCall; legs: Record<string, FakeSession>}> {
    const call = await sdk.initiateCall({
      sessionId: '',
      type: 'video',
      sender: GRACE,
      callInitiator: GRACE,
      receiver: ADA,
      callReceiver: ADA,
      participants: [
        {user: GRACE, status: 'joined'},
        {user: ADA, status: 'invited'},
        {user: LINUS, status: 'invited'},
      ],
      group: {id: 'team', name: 'Team'},
    });
    const legs = Object.fromEntries(
      ua.placed.map(placed => [/^sip:(\w+)@/.exec(placed.target)![1], placed.session]),
    );
    return {call, legs};
  }

  it('should ring each person by an INVITE of their own, marked as the group call, with no media', async () => {
    const ua = await start();
    const {call} = await ringTeam(ua);
    expect(ua.placed.map(placed => placed.target)).toEqual([
      'sip:ada@kit.test',
      'sip:linus@kit.test',
    ]);
    for (const {options, session} of ua.placed) {
      const headers = options['extraHeaders'] as string[];
      expect(headers).toContain(`X-Kit-Group: ${call.sessionId}`);
      const info = headers.find(header => header.startsWith('X-Kit-Group-Info: '))!;
      const decoded = JSON.parse(atob(info.slice(18).replace(/-/g, '+').replace(/_/g, '/')));
      expect(decoded.p.map((user: KitUser) => user.uid)).toEqual(['grace', 'ada', 'linus']);
      expect(decoded.g).toEqual({id: 'team', name: 'Team'});
      expect(options['mediaConstraints']).toEqual({audio: false, video: false});
      expect(options['mediaStream']).toBeUndefined();
      expect(session.connection!.channels).toEqual(['kit-group']);
    }
  });

  it('should join the room the proxy wrote on the answers, on its SFU, with my token, once the first one joins', async () => {
    const ua = await start();
    const {legs} = await ringTeam(ua);
    legs['ada'].emit('progress', {
      originator: 'remote',
      response: reply(180, room('grace-token-0123456789')),
    });
    expect(joined).toEqual([]);
    legs['ada'].emit('accepted', {originator: 'remote', response: reply(200)});
    await settle();
    expect(joined).toHaveLength(1);
    expect(joined[0]).toEqual(
      expect.objectContaining({
        url: 'ws://sfu-b:8188',
        room: `group-${'0f'.repeat(12)}`,
        roomToken: 'grace-token-0123456789',
        token: SESSION_TOKEN,
        display: 'grace Grace Hopper',
      }),
    );
    expect(said('onOutgoingCallAccepted')).toHaveLength(1);
    // What Ada sends comes from the room, by her uid.
    const track = Object.assign(new FakeTrack(), {kind: 'video'});
    joined[0].onTrack!('11', 'ada Ada Lovelace', track as never);
    const id = said('onOutgoingCallAccepted')[0].sessionId;
    expect((sdk as KitSipGroupCallsSdk).getParticipantStream(id, 'ada')?.getTracks()).toEqual([
      track,
    ]);
    // Someone in the room who is not on my list (added by someone else) shows with the name they joined with.
    joined[0].onTrack!('12', 'katherine Katherine Johnson', track as never);
    await settle();
    expect(said('onParticipantsChanged').at(-1)?.participants?.at(-1)).toEqual({
      user: {uid: 'katherine', name: 'Katherine Johnson'},
      status: 'joined',
    });
  });

  it('should ring someone added once: not again while their INVITE is out, again once they declined', async () => {
    const ua = await start();
    const {call, legs} = await ringTeam(ua);
    const katherine: KitUser = {uid: 'katherine', name: 'Katherine Johnson'};
    await (sdk as KitSipGroupCallsSdk).inviteToCall(call.sessionId, [ADA, katherine]);
    await (sdk as KitSipGroupCallsSdk).inviteToCall(call.sessionId, [katherine]);
    expect(ua.placed.map(placed => placed.target)).toEqual([
      'sip:ada@kit.test',
      'sip:linus@kit.test',
      'sip:katherine@kit.test',
    ]);
    legs['ada'].emit('failed', {originator: 'remote', cause: 'Rejected', message: message(603)});
    await (sdk as KitSipGroupCallsSdk).inviteToCall(call.sessionId, [ADA]);
    expect(ua.placed.at(-1)?.target).toBe('sip:ada@kit.test');
    expect(ua.placed).toHaveLength(4);
  });

  it('should tell everyone in the call where everyone stands (a SIP INFO) as it changes', async () => {
    const ua = await start();
    const {legs} = await ringTeam(ua);
    legs['ada'].emit('accepted', {
      originator: 'remote',
      response: reply(200, room('grace-token-0123456789')),
    });
    legs['linus'].emit('failed', {originator: 'remote', cause: 'Rejected', message: message(603)});
    await settle();
    const last = legs['ada'].infos.at(-1)!;
    expect(last.contentType).toBe('application/vnd.kit-group-status+json');
    expect(JSON.parse(last.body!).p).toEqual([
      {u: 'grace', n: 'Grace Hopper', s: 'joined'},
      {u: 'ada', n: 'Ada Lovelace', s: 'joined'},
      {u: 'linus', n: 'Linus Torvalds', s: 'declined'},
    ]);
  });

  it('should end as declined once everyone declined, and as busy when everyone was, without joining a room', async () => {
    const ua = await start();
    const first = await ringTeam(ua);
    first.legs['ada'].emit('failed', {
      originator: 'remote',
      cause: 'Rejected',
      message: message(603),
    });
    await settle();
    expect(said('onOutgoingCallRejected')).toEqual([]); // Linus still rings.
    first.legs['linus'].emit('failed', {
      originator: 'remote',
      cause: 'Busy',
      message: message(486),
    });
    await settle();
    expect(said('onOutgoingCallRejected').map(call => call.status)).toEqual(['rejected']);
    const second = await ringTeam(ua);
    for (const leg of Object.values(second.legs)) {
      leg.emit('failed', {originator: 'remote', cause: 'Busy', message: message(486)});
    }
    await settle();
    expect(said('onOutgoingCallRejected').map(call => call.status)).toEqual(['rejected', 'busy']);
    expect(joined).toEqual([]);
  });

  describe('a room lost mid-call (its SFU went away, or the path to it)', () => {
    const lost = new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed');
    const infoOf = (options: Record<string, unknown>) => {
      const header = (options['extraHeaders'] as string[]).find(h =>
        h.startsWith('X-Kit-Group-Info'),
      )!;
      return JSON.parse(atob(header.slice(18).replace(/-/g, '+').replace(/_/g, '/')));
    };

    async function inCall(ua: FakeUA) {
      const team = await ringTeam(ua);
      for (const uid of ['ada', 'linus']) {
        team.legs[uid].emit('accepted', {
          originator: 'remote',
          response: reply(200, room('grace-token-0123456789')),
        });
      }
      await settle();
      return team;
    }

    it('should say "Reconnecting…" while the path to the room is broken (its ICE restarting), and that it is back', async () => {
      const ua = await start();
      await inCall(ua);
      joined[0].onPath!(true);
      joined[0].onPath!(true);
      await settle();
      expect(said('onCallReconnecting')).toHaveLength(1);
      expect(said('onCallReconnected')).toEqual([]);
      joined[0].onPath!(false);
      await settle();
      expect(said('onCallReconnected')).toHaveLength(1);
      expect(joined).toHaveLength(1); // The same member: no new join.
    });

    it('should say "Reconnecting…", join the same room again while its SFU is there, and say it is back', async () => {
      const ua = await start();
      await inCall(ua);
      joined[0].onLost!(lost);
      await settle();
      await settle(); // The join, then what it says.
      expect(said('onCallReconnecting')).toHaveLength(1);
      expect(joined.map(options => options.room)).toEqual([
        `group-${'0f'.repeat(12)}`,
        `group-${'0f'.repeat(12)}`,
      ]);
      expect(said('onCallReconnected')).toHaveLength(1);
      expect(ua.placed).toHaveLength(2); // Nobody rung again.
    });

    it('should ring everyone in the call again when the room is gone, and join the new room the proxy wrote', async () => {
      const ua = await start();
      const {legs} = await inCall(ua);
      jest.mocked(kitJanusRoom).mockRejectedValueOnce(lost); // The same room: its Janus is gone.
      joined[0].onLost!(lost);
      await settle();
      expect(said('onCallReconnecting')).toHaveLength(1);
      const again = ua.placed.slice(2);
      expect(again.map(placed => placed.target)).toEqual([
        'sip:ada@kit.test',
        'sip:linus@kit.test',
      ]);
      expect(again.map(placed => infoOf(placed.options).r)).toEqual([true, true]);
      expect(said('onCallReconnected')).toEqual([]);
      // Ada's device answers with the new room (made on the other SFU); Linus's is no longer in the call.
      const moved = `group-${'1e'.repeat(12)};token=grace-token-9876543210;janus=${b64url(SESSION_TOKEN)};sfu=0`;
      again[0].session.emit('accepted', {originator: 'remote', response: reply(200, moved)});
      again[1].session.emit('failed', {
        originator: 'remote',
        cause: 'Not Found',
        message: message(481),
      });
      await settle();
      expect(joined.at(-1)).toEqual(
        expect.objectContaining({
          url: 'ws://sfu-a:8188',
          room: `group-${'1e'.repeat(12)}`,
          roomToken: 'grace-token-9876543210',
        }),
      );
      await settle();
      expect(said('onCallReconnected')).toHaveLength(1);
      // Ada's first INVITE is ended by me, and its end is not her leave; Linus left.
      expect(legs['ada'].terminated).toHaveLength(1);
      legs['ada'].emit('ended', {originator: 'local', cause: 'Terminated'});
      await settle();
      const last = said('onParticipantsChanged').at(-1)!;
      expect(last.participants?.map(p => `${p.user.uid} ${p.status}`)).toEqual([
        'grace joined',
        'ada joined',
        'linus left',
      ]);
      expect(said('onCallEnded')).toEqual([]);
    });
  });

  describe('a group call that rings here', () => {
    function ring(
      ua: FakeUA,
      headers: Record<string, string | undefined>,
      from = ADA,
    ): FakeSession {
      const session = new FakeSession({display_name: from.name, uri: {user: from.uid}});
      ua.emit('newRTCSession', {
        originator: 'remote',
        session,
        request: {body: '', getHeader: (name: string) => headers[name]},
      });
      return session;
    }
    /** The team's call rings here, and is accepted: its INVITE. */
    async function ringAndAccept(ua: FakeUA): Promise<FakeSession> {
      const session = ring(ua, groupInvite());
      await settle();
      const accepting = sdk.acceptCall(said('onIncomingCallReceived')[0].sessionId);
      await settle();
      session.emit('accepted', {originator: 'local'});
      await accepting;
      return session;
    }
    /** The team's call accepted here, and Linus in its room. */
    async function inTheRoomWithLinus(): Promise<{ua: FakeUA; first: FakeSession}> {
      const ua = await start();
      const first = await ringAndAccept(ua);
      joined[0].onTrack!(
        '21',
        'linus Linus Torvalds',
        Object.assign(new FakeTrack(), {kind: 'audio'}) as never,
      );
      return {ua, first};
    }
    const info = (people: KitUser[], video = true) =>
      b64url(JSON.stringify({v: video, g: {id: 'team', name: 'Team'}, p: people}));
    const groupInvite = (token = 'grace-token-0123456789') => ({
      'X-Kit-Group': 'kit-group-abc',
      'X-Kit-Room': room(token, 0),
      'X-Kit-Group-Info': info([ADA, GRACE, LINUS]),
    });

    it('should ring with its people and group; accept answers with no media and joins with my token', async () => {
      const ua = await start();
      const session = ring(ua, groupInvite());
      await settle();
      const [rung] = said('onIncomingCallReceived');
      expect(rung.group).toEqual({id: 'team', name: 'Team'});
      expect(rung.participants?.map(p => `${p.user.uid} ${p.status}`)).toEqual([
        'ada joined',
        'grace ringing',
        'linus ringing',
      ]);
      const accepting = sdk.acceptCall(rung.sessionId);
      await settle();
      expect(session.answerOptions?.mediaConstraints).toEqual({audio: false, video: false});
      session.emit('accepted', {originator: 'local'});
      await accepting;
      await settle();
      expect(joined.map(options => [options.url, options.roomToken])).toEqual([
        ['ws://sfu-a:8188', 'grace-token-0123456789'],
      ]);
      // Ada leaves (her BYE) while Linus is in the room: the call goes on; once he is gone too, it ends.
      joined[0].onTrack!('21', 'linus', Object.assign(new FakeTrack(), {kind: 'audio'}) as never);
      session.emit('ended', {originator: 'remote', cause: 'Terminated'});
      await settle();
      expect(said('onCallEnded')).toEqual([]);
      joined[0].onGone!('21');
      await settle();
      expect(said('onCallEnded')).toHaveLength(1);
      expect(left).toBe(1);
    });

    it('should answer the caller’s INVITE for the call’s new room without ringing, and join it; a device not in the call answers 481', async () => {
      const ua = await start();
      const first = await ringAndAccept(ua);
      await settle();
      const gone = new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed');
      jest.mocked(kitJanusRoom).mockRejectedValueOnce(gone); // The same room: its Janus is gone.
      joined[0].onLost!(gone);
      await settle();
      expect(said('onCallReconnecting')).toHaveLength(1);
      const rejoin = {
        ...groupInvite(),
        'X-Kit-Room': `group-${'1e'.repeat(12)};token=grace-token-9876543210;janus=${b64url(SESSION_TOKEN)};sfu=1`,
        'X-Kit-Group-Info': b64url(JSON.stringify({v: true, p: [ADA, GRACE, LINUS], r: true})),
      };
      const again = ring(ua, rejoin);
      const stranger = ring(ua, {...rejoin, 'X-Kit-Group': 'kit-group-other'});
      await settle();
      await settle();
      await settle();
      expect(said('onIncomingCallReceived')).toHaveLength(1); // Nothing rang.
      expect(again.answerOptions?.mediaConstraints).toEqual({audio: false, video: false});
      expect(stranger.terminated).toEqual([
        {status_code: 481, reason_phrase: 'Call Does Not Exist'},
      ]);
      expect(joined.at(-1)).toEqual(
        expect.objectContaining({url: 'ws://sfu-b:8188', roomToken: 'grace-token-9876543210'}),
      );
      expect(said('onCallReconnected')).toHaveLength(1);
      // The first INVITE, ended by the caller, is not the caller's leave.
      first.emit('ended', {originator: 'remote', cause: 'Terminated'});
      await settle();
      expect(said('onCallEnded')).toEqual([]);
    });

    it('should ring the others again for a lost room once its caller left, if first of those in it by uid, and take such a ring', async () => {
      const {ua, first} = await inTheRoomWithLinus();
      first.emit('ended', {originator: 'remote', cause: 'Terminated'}); // Ada, the caller, left.
      await settle();
      const gone = new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed');
      jest.mocked(kitJanusRoom).mockRejectedValueOnce(gone); // The same room: its Janus is gone.
      joined[0].onLost!(gone);
      await settle();
      await settle();
      // Grace (me) is first by uid of Grace and Linus: she rings Linus again, marked as a rejoin.
      const again = ua.placed.at(-1)!;
      expect(again.target).toBe('sip:linus@kit.test');
      expect(again.options['extraHeaders']).toContain('X-Kit-Group: kit-group-abc');
      const moved = `group-${'1e'.repeat(12)};token=grace-token-9876543210;janus=${b64url(SESSION_TOKEN)};sfu=1`;
      again.session.emit('accepted', {originator: 'remote', response: reply(200, moved)});
      await settle();
      await settle();
      expect(joined.at(-1)).toEqual(
        expect.objectContaining({url: 'ws://sfu-b:8188', roomToken: 'grace-token-9876543210'}),
      );
      expect(said('onCallReconnected')).toHaveLength(1);
      // Linus rings me for it in turn (he is in the call): answered without ringing.
      const fromLinus = ring(
        ua,
        {
          ...groupInvite(),
          'X-Kit-Group-Info': b64url(JSON.stringify({v: true, p: [ADA, GRACE, LINUS], r: true})),
        },
        LINUS,
      );
      await settle();
      expect(fromLinus.answered).toBe(1);
      expect(said('onIncomingCallReceived')).toHaveLength(1);
    });

    it('should ring the others again for a lost room when its caller’s leave comes only after the loss', async () => {
      const {ua, first} = await inTheRoomWithLinus();
      const placed = ua.placed.length;
      const gone = new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed');
      jest.mocked(kitJanusRoom).mockRejectedValueOnce(gone); // The same room: its Janus is gone.
      joined[0].onLost!(gone);
      await settle();
      await settle();
      // Ada, the caller, is still in the call as far as this device knows: she rings everyone again, not me.
      expect(ua.placed).toHaveLength(placed);
      first.emit('ended', {originator: 'remote', cause: 'Terminated'}); // Her leave comes in now.
      await settle();
      // Grace (me) is first by uid of Grace and Linus: she rings Linus again, marked as a rejoin, once.
      expect(ua.placed.slice(placed).map(each => each.target)).toEqual(['sip:linus@kit.test']);
      const moved = `group-${'1e'.repeat(12)};token=grace-token-9876543210;janus=${b64url(SESSION_TOKEN)};sfu=1`;
      ua.placed
        .at(-1)!
        .session.emit('accepted', {originator: 'remote', response: reply(200, moved)});
      await settle();
      await settle();
      expect(joined.at(-1)).toEqual(
        expect.objectContaining({url: 'ws://sfu-b:8188', roomToken: 'grace-token-9876543210'}),
      );
      expect(said('onCallReconnected')).toHaveLength(1);
    });

    it('should ring again those the room said left as it went away: a Janus that stops may say so first', async () => {
      const katherine = {uid: 'katherine', name: 'Katherine Johnson'};
      const ua = await start();
      const first = ring(ua, {
        ...groupInvite(),
        'X-Kit-Group-Info': info([ADA, GRACE, LINUS, katherine]),
      });
      await settle();
      const accepting = sdk.acceptCall(said('onIncomingCallReceived')[0].sessionId);
      await settle();
      first.emit('accepted', {originator: 'local'});
      await accepting;
      const track = () => Object.assign(new FakeTrack(), {kind: 'audio'}) as never;
      joined[0].onTrack!('21', 'linus Linus Torvalds', track());
      joined[0].onTrack!('22', 'katherine Katherine Johnson', track());
      first.emit('ended', {originator: 'remote', cause: 'Terminated'}); // Ada, the caller, left.
      await settle();
      const placed = ua.placed.length;
      joined[0].onGone!('22'); // The stopping Janus says Katherine left, then its WebSocket closes.
      const gone = new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed');
      jest.mocked(kitJanusRoom).mockRejectedValueOnce(gone);
      joined[0].onLost!(gone);
      await settle();
      await settle();
      // Grace (me) is first by uid: she rings both again, Katherine too.
      expect(
        ua.placed
          .slice(placed)
          .map(each => each.target)
          .sort(),
      ).toEqual(['sip:katherine@kit.test', 'sip:linus@kit.test']);
      // Katherine's device, which the room told the same of Grace, rings her in turn: answered, not 481.
      const fromKatherine = ring(
        ua,
        {
          ...groupInvite(),
          'X-Kit-Group-Info': b64url(
            JSON.stringify({v: true, p: [ADA, GRACE, LINUS, katherine], r: true}),
          ),
        },
        katherine,
      );
      await settle();
      expect(fromKatherine.answered).toBe(1);
      expect(fromKatherine.terminated).toEqual([]);
    });

    it('should join a call whose ring it missed by ringing its caller back, marked as a join, and join the room on the answer', async () => {
      const ua = await start();
      ring(ua, groupInvite());
      await settle();
      const [rung] = said('onIncomingCallReceived');
      await sdk.rejectCall(rung.sessionId, 'unanswered');
      await expect((sdk as KitSipGroupCallsSdk).joinCall('nobody')).rejects.toMatchObject({
        code: KitErrorCodes.UNKNOWN_SESSION,
      });
      const joining = (sdk as KitSipGroupCallsSdk).joinCall(rung.sessionId);
      await settle();
      const back = ua.placed.at(-1)!;
      expect(back.target).toBe('sip:ada@kit.test');
      const headers = back.options['extraHeaders'] as string[];
      expect(headers).toContain('X-Kit-Group: kit-group-abc'); // The caller's id for the call, not mine.
      const infoHeader = headers.find(header => header.startsWith('X-Kit-Group-Info: '))!;
      expect(JSON.parse(atob(infoHeader.slice(18).replace(/-/g, '+').replace(/_/g, '/'))).j).toBe(
        true,
      );
      back.session.emit('accepted', {
        originator: 'remote',
        response: reply(200, room('late-token-0123456789')),
      });
      const call = await joining;
      await settle();
      expect(call.status).toBe('ongoing');
      expect(joined.map(options => options.roomToken)).toEqual(['late-token-0123456789']);
      // A call over by then: the caller's device answers 481, and the join rejects.
      await sdk.endCall(call.sessionId);
      const again = (sdk as KitSipGroupCallsSdk).joinCall(call.sessionId);
      await settle();
      ua.placed.at(-1)!.session.emit('failed', {
        originator: 'remote',
        cause: 'SIP Failure Code',
        message: message(481),
      });
      await expect(again).rejects.toMatchObject({code: KitErrorCodes.CALL_ENDED});
    });

    it('should let the camera go and reject when JsSIP cannot ring the caller back for a join', async () => {
      const tracks: FakeTrack[] = [];
      installFakeMedia(fakeCapture(tracks));
      const ua = await start();
      ring(ua, groupInvite());
      await settle();
      const [rung] = said('onIncomingCallReceived');
      await sdk.rejectCall(rung.sessionId, 'unanswered');
      jest.spyOn(ua, 'call').mockImplementation(() => {
        throw new Error('the transport is down');
      });
      await expect((sdk as KitSipGroupCallsSdk).joinCall(rung.sessionId)).rejects.toMatchObject({
        code: KitErrorCodes.CALL_FAILED,
      });
      expect(tracks.map(track => track.stopped)).toEqual([true]);
    });

    it('should answer without ringing someone rung for my call who rings back into it (a join), and 481 anyone else', async () => {
      const ua = await start();
      const {call, legs} = await ringTeam(ua);
      legs['ada'].emit('accepted', {
        originator: 'remote',
        response: reply(200, room('grace-token-0123456789')),
      });
      legs['linus'].emit('failed', {
        originator: 'remote',
        cause: 'Rejected',
        message: message(603),
      });
      await settle();
      const join = {
        'X-Kit-Group': call.sessionId,
        'X-Kit-Room': room('grace-token-0123456789'),
        'X-Kit-Group-Info': b64url(JSON.stringify({v: true, p: [GRACE, ADA, LINUS], j: true})),
      };
      const linus = ring(ua, join, LINUS);
      const stranger = ring(ua, join, {uid: 'mallory', name: 'Mallory'});
      await settle();
      expect(linus.answerOptions?.mediaConstraints).toEqual({audio: false, video: false});
      expect(stranger.answered).toBe(0);
      expect(stranger.terminated).toEqual([
        {status_code: 481, reason_phrase: 'Call Does Not Exist'},
      ]);
      expect(said('onIncomingCallReceived')).toEqual([]); // Nothing rang.
      expect(
        said('onParticipantsChanged')
          .at(-1)
          ?.participants?.map(p => `${p.user.uid} ${p.status}`),
      ).toEqual(['grace joined', 'ada joined', 'linus joined']);
    });

    it('should take where everyone stands from its caller’s INFO (someone added, with their name); anything else is ignored', async () => {
      const ua = await start();
      const session = ring(ua, groupInvite());
      await settle();
      const tell = (contentType: string, body: string) =>
        session.emit('newInfo', {originator: 'remote', info: {contentType, body}});
      const type = 'application/vnd.kit-group-status+json';
      tell('text/plain', JSON.stringify({p: [{u: 'linus', s: 'declined'}]}));
      tell(type, 'not json');
      tell(type, JSON.stringify({p: [{u: 'linus', s: 'boss'}]}));
      tell(
        type,
        JSON.stringify({
          p: [
            {u: 'grace', s: 'declined'}, // Me: I know better.
            {u: 'linus', n: 'Linus Torvalds', s: 'declined'},
            {u: 'katherine', n: 'Katherine Johnson', s: 'ringing'},
          ],
        }),
      );
      await settle();
      const changed = said('onParticipantsChanged');
      expect(changed).toHaveLength(2);
      expect(changed.at(-1)?.participants?.map(p => `${p.user.name} ${p.status}`)).toEqual([
        'Ada Lovelace joined',
        'Grace Hopper ringing',
        'Linus Torvalds declined',
        'Katherine Johnson ringing',
      ]);
    });

    it('should refuse (488) a group call without the proxy’s room, or whose people do not hold, and say so', async () => {
      const ua = await start();
      const crafted = [
        {...groupInvite(), 'X-Kit-Room': undefined},
        {...groupInvite(), 'X-Kit-Room': 'group-1;token=x'},
        {...groupInvite(), 'X-Kit-Group-Info': b64url('{"p":[{"uid":"ada"}]}')},
        {...groupInvite(), 'X-Kit-Group-Info': 'not base64!'},
      ];
      const sessions = crafted.map(headers => ring(ua, headers));
      await settle();
      expect(sessions.map(session => session.terminated)).toEqual(
        crafted.map(() => [{status_code: 488, reason_phrase: 'Not Acceptable Here'}]),
      );
      expect(said('onIncomingCallReceived')).toEqual([]);
      expect(errors.map(error => error.code)).toEqual(
        crafted.map(() => KitErrorCodes.INVALID_CALL),
      );
    });

    it('should be refused (488) by an adapter without sfu, which cannot carry it', async () => {
      const ua = await start(false);
      const session = ring(ua, groupInvite());
      await settle();
      expect(session.terminated).toEqual([
        {status_code: 488, reason_phrase: 'Not Acceptable Here'},
      ]);
      expect(said('onIncomingCallReceived')).toEqual([]);
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.INVALID_CALL]);
    });
  });
});
