import {KitException} from 'kit-chat-uikit-angular';
import {kitJanusRoom} from './janus-room-factory';
import type {KitJanusRoomMember, KitJanusRoomOptions} from './janus-room-types';

/** A request as the client sent it. */
type Sent = {janus: string; transaction: string; token?: string; handle_id?: number} & Record<
  string,
  unknown
> & {body?: {request: string} & Record<string, unknown>; jsep?: RTCSessionDescriptionInit};

interface FeedStream {
  type: string;
  mid: string;
  disabled?: boolean;
}

/**
 * A VideoRoom as the client sees it over the socket: answers each request as Janus 1.1 does (an `ack`, then the
 * event for a plugin message), keeps the subscriber's streams, and offers them as an SDP whose text lists the mids
 * ("audio:0 video:1"), which the fake peer connection turns into transceivers.
 */
class FakeJanus {
  readonly sent: Sent[] = [];
  socket!: FakeSocket;
  /** Publishers in the room when the member joins. */
  publishers: {id: string; display: string; streams: FeedStream[]}[] = [];
  /** The subscriber's streams: mid → whose stream. */
  readonly streams: {mid: string; type: string; feed: string; feedMid: string; active: boolean}[] =
    [];
  /** Requests to answer with an error (by plugin request or by Janus request). */
  readonly refuse = new Set<string>();
  private _handles = 10;

  requests(name: string): Sent[] {
    return this.sent.filter(sent => sent.body?.request === name || sent.janus === name);
  }

  /** A message from Janus that no request waits for (an event of a handle). */
  push(handle: number, data: object, jsep?: RTCSessionDescriptionInit): void {
    this.socket.receive({
      janus: 'event',
      sender: handle,
      plugindata: {plugin: 'janus.plugin.videoroom', data},
      ...(jsep ? {jsep} : {}),
    });
  }

  /** Janus took a feed's streams out of the subscription by itself (it left): a new offer. */
  dropFeed(feed: string): void {
    this.streams.filter(s => s.feed === feed).forEach(s => (s.active = false));
    this.push(SUBSCRIBER, {videoroom: 'updated', streams: this.summary()}, this.offer());
  }

  summary() {
    return this.streams.map(s => ({
      type: s.type,
      mid: s.mid,
      active: s.active,
      ...(s.active ? {feed_id: s.feed, feed_mid: s.feedMid, feed_display: s.feed} : {}),
    }));
  }

  offer(): RTCSessionDescriptionInit {
    return {type: 'offer', sdp: this.streams.map(s => `${s.type}:${s.mid}`).join(' ')};
  }

  receive(message: Sent): void {
    this.sent.push(message);
    const reply = (answer: object) =>
      Promise.resolve().then(() =>
        this.socket.receive({...answer, transaction: message.transaction}),
      );
    const what = message.body?.request ?? message.janus;
    if (this.refuse.has(what)) {
      if (message.body) {
        reply({janus: 'ack'});
        reply({
          janus: 'event',
          plugindata: {data: {videoroom: 'event', error_code: 433, error: `no ${what}`}},
        });
      } else {
        reply({janus: 'error', error: {code: 403, reason: 'Unauthorized request'}});
      }
      return;
    }
    if (message.janus === 'create' || message.janus === 'attach') {
      reply({janus: 'success', data: {id: message.janus === 'create' ? 1 : this._handles++}});
    } else if (message.janus === 'message') {
      reply({janus: 'ack'});
      const [data, jsep] = this._plugin(message.body!);
      reply({janus: 'event', plugindata: {data}, ...(jsep ? {jsep} : {})});
    } else if (message.janus === 'keepalive' || message.janus === 'trickle') {
      reply({janus: 'ack'});
    } else {
      reply({janus: 'success'});
    }
  }

  private _plugin(body: {request: string} & Record<string, unknown>): [object, object?] {
    const refs = (body['streams'] ?? []) as {feed: string; mid: string}[];
    switch (body.request) {
      case 'join':
        if (body['ptype'] === 'publisher') {
          return [
            {videoroom: 'joined', id: 'me', private_id: 7, publishers: this.publishers},
            undefined,
          ];
        }
        this._add(refs);
        return [{videoroom: 'attached', streams: this.summary()}, this.offer()];
      case 'publish':
      case 'configure':
        return [
          {videoroom: 'event', configured: 'ok'},
          {type: 'answer', sdp: 'answer'},
        ];
      case 'subscribe':
        this._add(refs);
        return [{videoroom: 'updated', streams: this.summary()}, this.offer()];
      case 'unsubscribe':
        for (const ref of refs) {
          this.streams
            .filter(s => s.feed === ref.feed && s.feedMid === ref.mid)
            .forEach(s => (s.active = false));
        }
        return [{videoroom: 'updated', streams: this.summary()}, this.offer()];
      case 'start':
        return [{videoroom: 'event', started: 'ok'}];
      default:
        return [{videoroom: 'event', [body.request]: 'ok'}];
    }
  }

  private _add(refs: {feed: string; mid: string}[]): void {
    for (const {feed, mid} of refs) {
      const publisher = this.publishers.find(p => p.id === feed);
      const type = publisher?.streams.find(s => s.mid === mid)?.type ?? 'audio';
      // Janus reuses an inactive m-line of the same kind before it adds one.
      const free = this.streams.find(s => !s.active && s.type === type);
      const stream = free ?? {
        mid: String(this.streams.length),
        type,
        feed,
        feedMid: mid,
        active: true,
      };
      Object.assign(stream, {feed, feedMid: mid, active: true});
      if (!free) {
        this.streams.push(stream);
      }
    }
  }
}

/** The subscriber's handle: the second one attached (the publisher is the first, 10). */
const SUBSCRIBER = 11;
let janus: FakeJanus;

class FakeSocket extends EventTarget {
  closed = false;
  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    super();
    janus.socket = this;
    Promise.resolve().then(() => this.dispatchEvent(new Event('open')));
  }
  send(text: string): void {
    janus.receive(JSON.parse(text));
  }
  close(): void {
    if (!this.closed) {
      this.closed = true;
      this.dispatchEvent(new Event('close'));
    }
  }
  /** A message from Janus (a string goes as it is: not JSON). */
  receive(message: object | string): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.dispatchEvent(new MessageEvent('message', {data}));
  }
}

interface FakeTransceiver {
  mid: string | null;
  direction: string;
  sender: {track: {kind: string} | null};
  receiver: {track: {kind: string; id: string}};
}

class FakePeer extends EventTarget {
  static all: FakePeer[] = [];
  readonly transceivers: FakeTransceiver[] = [];
  closed = false;
  iceConnectionState = 'new';
  /** The options of each offer made (an ICE restart's: `iceRestart`). */
  readonly offers: (RTCOfferOptions | undefined)[] = [];
  constructor() {
    super();
    FakePeer.all.push(this);
  }
  addTransceiver(track: {kind: string}, init: {direction: string}) {
    const mid = String(this.transceivers.length);
    const receiver = {track: {kind: track.kind, id: `local-${mid}`}};
    this.transceivers.push({mid, direction: init.direction, sender: {track}, receiver});
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options?: RTCOfferOptions) {
    this.offers.push(options);
    return {
      type: 'offer',
      sdp: this.transceivers.map(t => `${t.sender.track?.kind}:${t.direction}`).join(' '),
    };
  }
  async createAnswer() {
    return {type: 'answer', sdp: 'subscriber answer'};
  }
  async setLocalDescription() {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    for (const line of description.type === 'offer' ? description.sdp!.split(' ') : []) {
      const [kind, mid] = line.split(':');
      if (!this.transceivers.some(t => t.mid === mid)) {
        const track = {kind, id: `remote-${mid}`};
        this.transceivers.push({
          mid,
          direction: 'recvonly',
          sender: {track: null},
          receiver: {track},
        });
      }
    }
  }
  /** ICE goes to `state` (`disconnected`, `failed`: the path to Janus broke; `connected`: back). */
  ice(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }
  candidate(candidate: object | null): void {
    this.dispatchEvent(Object.assign(new Event('icecandidate'), {candidate}));
  }
  close(): void {
    this.closed = true;
  }
}

/** Lets the fake Janus and the client talk until nothing is left to say. */
async function settle(): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await Promise.resolve();
  }
}

describe('kitJanusRoom', () => {
  const stream = {getTracks: () => [{kind: 'audio'}, {kind: 'video'}]} as unknown as MediaStream;
  let seen: string[];
  let errors: KitException[];
  const join = (options: Partial<KitJanusRoomOptions> = {}): Promise<KitJanusRoomMember> =>
    kitJanusRoom({
      url: 'wss://sfu.test/janus',
      token: 'signed-token',
      room: 'team',
      pin: 'the-pin',
      display: 'Me',
      stream,
      onTrack: (feed, display, track) => seen.push(`track ${feed} ${display} ${track.kind}`),
      onTrackGone: (feed, kind) => seen.push(`gone ${feed} ${kind}`),
      onGone: feed => seen.push(`left ${feed}`),
      onError: error => errors.push(error),
      ...options,
    });
  const ada = {
    id: 'ada',
    display: 'Ada',
    streams: [
      {type: 'audio', mid: '0'},
      {type: 'video', mid: '1'},
    ],
  };

  beforeEach(() => {
    janus = new FakeJanus();
    seen = [];
    errors = [];
    FakePeer.all = [];
    Object.assign(globalThis, {WebSocket: FakeSocket, RTCPeerConnection: FakePeer});
  });

  it('should join with the token and the pin, publish the stream and subscribe to who is in the room', async () => {
    janus.publishers = [ada];
    const member = await join();
    await settle();

    expect(member.id).toBe('me');
    expect(janus.socket.protocol).toBe('janus-protocol');
    expect(janus.sent.every(sent => sent.token === 'signed-token')).toBe(true);
    expect(new Set(janus.sent.map(sent => sent.transaction)).size).toBe(janus.sent.length);
    expect(janus.requests('join')[0].body).toEqual(
      expect.objectContaining({ptype: 'publisher', room: 'team', pin: 'the-pin', display: 'Me'}),
    );
    expect(janus.requests('publish')[0].jsep).toEqual({
      type: 'offer',
      sdp: 'audio:sendonly video:sendonly',
    });
    expect(janus.requests('join')[1].body).toEqual(
      expect.objectContaining({
        ptype: 'subscriber',
        private_id: 7,
        pin: 'the-pin',
        streams: [
          {feed: 'ada', mid: '0'},
          {feed: 'ada', mid: '1'},
        ],
      }),
    );
    expect(janus.requests('start')[0].jsep?.type).toBe('answer');
    expect(seen).toEqual(['track ada Ada audio', 'track ada Ada video']);
  });

  it('should join a room with an ACL with the room token the server minted for this user', async () => {
    await join({pin: undefined, roomToken: 'room-token-of-me'});
    const [publisher] = janus.requests('join');
    expect(publisher.body).toEqual(expect.objectContaining({token: 'room-token-of-me'}));
    expect(publisher.body).not.toHaveProperty('pin');
    expect(publisher.token).toBe('signed-token'); // The session token stays the request's own.
  });

  it('should subscribe to a publisher who comes later and report them gone when they leave', async () => {
    await join();
    await settle();
    expect(janus.requests('join').length).toBe(1); // Nobody to receive yet: no subscriber.

    janus.publishers = [ada];
    janus.push(10, {videoroom: 'event', publishers: [ada]});
    await settle();
    expect(seen).toEqual(['track ada Ada audio', 'track ada Ada video']);

    const grace = {id: 'grace', display: 'Grace', streams: [{type: 'audio', mid: '0'}]};
    janus.publishers.push(grace);
    janus.push(10, {videoroom: 'event', publishers: [grace]});
    await settle();
    expect(janus.requests('subscribe')[0].body?.['streams']).toEqual([{feed: 'grace', mid: '0'}]);
    expect(seen.at(-1)).toBe('track grace Grace audio');

    janus.push(10, {videoroom: 'event', leaving: 'ada'});
    janus.dropFeed('ada');
    await settle();
    expect(seen.slice(3)).toEqual(['left ada']);
    // Janus took Ada's streams out itself and offered again: the client answered, and asked for nothing more.
    expect(janus.requests('start').length).toBe(3);
    expect(janus.requests('unsubscribe').length).toBe(0);
  });

  it('should drop a camera turned off and subscribe to it again when it is back', async () => {
    janus.publishers = [ada];
    await join();
    await settle();

    const off = {...ada, streams: [ada.streams[0], {type: 'video', mid: '1', disabled: true}]};
    janus.push(10, {videoroom: 'event', publishers: [off]});
    await settle();
    expect(janus.requests('unsubscribe')[0].body?.['streams']).toEqual([{feed: 'ada', mid: '1'}]);
    expect(seen.at(-1)).toBe('gone ada video');

    janus.push(10, {videoroom: 'event', publishers: [ada]});
    await settle();
    expect(janus.requests('subscribe')[0].body?.['streams']).toEqual([{feed: 'ada', mid: '1'}]);
    expect(seen.at(-1)).toBe('track ada Ada video');
  });

  it('should unpublish the camera by renegotiating its video inactive, and publish it again', async () => {
    const member = await join();
    await member.setCamera(false);
    expect(janus.requests('configure')[0].jsep?.sdp).toBe('audio:sendonly video:inactive');
    await member.setCamera(true);
    expect(janus.requests('configure')[1].jsep?.sdp).toBe('audio:sendonly video:sendonly');
  });

  it('should trickle its candidates to the handle of each peer connection, then say completed', async () => {
    await join();
    const [publisher] = FakePeer.all;
    publisher.candidate({
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    publisher.candidate({candidate: ''}); // The end of a generation: not sent.
    publisher.candidate(null);
    await settle();
    expect(janus.requests('trickle').map(sent => [sent.handle_id, sent['candidate']])).toEqual([
      [
        10,
        {candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0},
      ],
      [10, {completed: true}],
    ]);
  });

  it('should keep the session alive every 25 s and stop when it leaves: leave, hang up, destroy, close', async () => {
    jest.useFakeTimers();
    try {
      janus.publishers = [ada];
      const member = await join();
      await jest.advanceTimersByTimeAsync(50_000);
      expect(janus.requests('keepalive').length).toBe(2);

      await member.leave();
      expect(janus.requests('leave').length).toBe(1);
      expect(janus.requests('hangup').map(sent => sent.handle_id)).toEqual([10, SUBSCRIBER]);
      expect(janus.requests('destroy').length).toBe(1);
      expect(janus.socket.closed).toBe(true);
      expect(FakePeer.all.every(peer => peer.closed)).toBe(true);
      await jest.advanceTimersByTimeAsync(100_000);
      expect(janus.requests('keepalive').length).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should reject the join with a KitException when the token is refused, and close the socket', async () => {
    janus.refuse.add('create');
    const joined = join();
    await expect(joined).rejects.toBeInstanceOf(KitException);
    await expect(joined).rejects.toMatchObject({code: 'ERR_CALL_FAILED'});
    expect(janus.socket.closed).toBe(true);
  });

  it('should reject the join when the pin is wrong, with nothing left open', async () => {
    janus.refuse.add('join');
    await expect(join({pin: 'guess'})).rejects.toMatchObject({code: 'ERR_CALL_FAILED'});
    expect(janus.socket.closed).toBe(true);
    expect(janus.requests('publish').length).toBe(0);
  });

  it('should report errors after the join through onError, never by throwing', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    janus.publishers = [ada];
    await join({
      onTrack: () => {
        throw new Error('the app’s own bug');
      },
    });
    await settle();
    janus.refuse.add('subscribe');
    janus.push(10, {
      videoroom: 'event',
      publishers: [{id: 'grace', display: 'Grace', streams: [{type: 'audio', mid: '0'}]}],
    });
    janus.socket.receive({janus: 'hangup', sender: SUBSCRIBER, reason: 'ICE failed'});
    janus.socket.receive('not json');
    await settle();
    expect(errors.map(error => error.message)).toEqual([
      'janus: media hung up (ICE failed)',
      'janus: no subscribe',
    ]);
    expect(errors.every(error => error instanceof KitException)).toBe(true);

    janus.socket.close(); // The socket drops: the session is lost.
    await settle();
    expect(errors.at(-1)?.code).toBe('ERR_NETWORK');
    expect(logged).toHaveBeenCalledWith(new Error('the app’s own bug'));
    logged.mockRestore();
  });

  it('should say once that the room is lost (onLost), with everything closed, when the socket drops', async () => {
    const lost: string[] = [];
    await join({onLost: error => lost.push(error.message)});
    await settle();
    janus.socket.close();
    janus.socket.close();
    await settle();
    expect(lost).toEqual(['janus: the WebSocket closed']);
    expect(errors).toEqual([]);
    expect(FakePeer.all.every(peer => peer.closed)).toBe(true);
  });

  it('should restart ICE when the path breaks (said broken, then back), and give the room up when a restart does not connect', async () => {
    jest.useFakeTimers();
    try {
      janus.publishers = [ada];
      const path: boolean[] = [];
      const lost: string[] = [];
      await join({onPath: broken => path.push(broken), onLost: error => lost.push(error.message)});
      await jest.advanceTimersByTimeAsync(0);
      const [publisher, subscriber] = FakePeer.all;
      // The publisher's path: disconnected 5 s, then a new offer with new ICE credentials.
      publisher.ice('disconnected');
      await jest.advanceTimersByTimeAsync(4000);
      expect(path).toEqual([true]);
      expect(publisher.offers.at(-1)?.iceRestart).toBe(false);
      await jest.advanceTimersByTimeAsync(1000);
      expect(publisher.offers.at(-1)?.iceRestart).toBe(true);
      expect(janus.requests('configure').length).toBe(1);
      publisher.ice('connected');
      expect(path).toEqual([true, false]);
      // The subscriber's path fails: Janus is asked for a restart at once; it does not connect within 10 s.
      subscriber.ice('failed');
      await jest.advanceTimersByTimeAsync(0);
      expect(janus.requests('configure').at(-1)?.body).toEqual({
        request: 'configure',
        restart: true,
      });
      await jest.advanceTimersByTimeAsync(9000);
      expect(lost).toEqual([]);
      await jest.advanceTimersByTimeAsync(1000);
      expect(lost).toEqual(['janus: the media path failed']);
      expect(path).toEqual([true, false, true]);
      expect(janus.socket.closed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
