// Fakes of JsSIP and of the browser's media, shared by the SIP adapter's specs. Not a spec itself (Jest runs only
// `*.spec.ts`) and not reachable from the entry point, so the package never ships it. No Jest globals here: a spec
// wraps what it wants to spy on in `jest.fn` itself.

import {KitCallsSdk} from 'kit-chat-uikit-angular';

/** A JsSIP-style event handler: each event has its own payload shape, so the fakes take any handler. */
export type Handler = (event: never) => void;

/** A tiny event emitter, like the one JsSIP's classes extend. */
export class FakeEmitter {
  private readonly _handlers = new Map<string, Handler[]>();
  on(event: string, handler: Handler): this {
    this._handlers.set(event, [...(this._handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown = {}): void {
    for (const handler of this._handlers.get(event) ?? []) {
      handler(payload as never);
    }
  }
}

/** A fake peer connection: the adapter listens to `track` and `iceconnectionstatechange`. */
export class FakePeer extends EventTarget {
  iceConnectionState: RTCIceConnectionState = 'new';
  /** Its transceivers: the adapter sets the video one's direction when the camera goes off or on. */
  readonly transceivers: {receiver: {track: {kind: string}}; direction: string}[] = [];
  getTransceivers() {
    return this.transceivers;
  }
  /** Its senders: an audio one that can send DTMF (RFC 4733), as Chromium's. */
  readonly senders: {track: {kind: string} | null; dtmf: object | null}[] = [
    {track: {kind: 'audio'}, dtmf: {}},
  ];
  getSenders() {
    return this.senders;
  }
  /** The data channels the adapter made (a group call's INVITE has one, and no media). */
  readonly channels: string[] = [];
  createDataChannel(label: string): object {
    this.channels.push(label);
    return {};
  }
  /** Moves ICE to a state, as the browser does. */
  ice(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }
}

/** A JsSIP RTCSession as the adapter sees it; records what SIP the adapter asked for. */
export class FakeSession extends FakeEmitter {
  static count = 0;
  readonly id = `call-${++FakeSession.count}`;
  connection?: FakePeer;
  terminated: {status_code?: number; reason_phrase?: string}[] = [];
  answered = 0;
  /** What the adapter answered with (`session.answer(options)`), last. */
  answerOptions?: {mediaStream?: unknown; mediaConstraints?: {audio?: boolean; video?: boolean}};
  /**
   * The re-INVITEs the adapter sent, with their offer options; `done` answers one with a 200, `fail` with an error
   * response (491 when the far side's crossed it).
   */
  readonly renegotiations: {
    options: {rtcOfferConstraints: object};
    done: () => void;
    fail: (statusCode?: number) => void;
  }[] = [];
  /** Whether JsSIP would send a re-INVITE now (set up, no transaction under way). */
  ready = true;
  /** Whether the far side answers every re-INVITE with a 200 at once, as a proxy relaying a phone's answer. */
  answersReinvites = false;
  constructor(readonly remote_identity = {display_name: 'Ada Lovelace', uri: {user: 'ada'}}) {
    super();
  }
  answer(options?: FakeSession['answerOptions']): void {
    this.answered++;
    this.answerOptions = options;
    this.connection = new FakePeer();
  }
  isReadyToReOffer(): boolean {
    return this.ready;
  }
  _sendReinvite({
    rtcOfferConstraints,
    eventHandlers,
  }: {
    rtcOfferConstraints: object;
    eventHandlers: {succeeded(): void; failed(response?: {status_code?: number}): void};
  }): void {
    this.renegotiations.push({
      options: {rtcOfferConstraints},
      done: () => eventHandlers.succeeded(),
      fail: statusCode => eventHandlers.failed(statusCode ? {status_code: statusCode} : undefined),
    });
    if (this.answersReinvites) {
      setTimeout(() => eventHandlers.succeeded());
    }
  }
  /** The DTMF the adapter sent, with how (`RFC2833` or `INFO`). */
  readonly dtmf: {tones: string; transportType: string}[] = [];
  /** The SIP INFOs sent in the dialog (`sendInfo`), once it is set up (JsSIP throws before). */
  readonly infos: {contentType: string; body?: string}[] = [];
  established = true;
  sendInfo(contentType: string, body?: string): void {
    if (!this.established) {
      throw new Error('INVALID_STATE_ERROR');
    }
    this.infos.push({contentType, body});
  }
  sendDTMF(tones: string, {transportType}: {transportType: string}): void {
    this.dtmf.push({tones, transportType});
  }
  /** The REFERs the adapter sent, with JsSIP's handlers: a spec plays the far side's answer and NOTIFYs. */
  readonly refers: {
    target: string;
    handlers: Record<string, (event?: unknown) => void>;
    replaces?: FakeSession;
  }[] = [];
  refer(
    target: string,
    {eventHandlers, replaces}: {eventHandlers: Record<string, Handler>; replaces?: FakeSession},
  ): object | false {
    this.refers.push({target, handlers: eventHandlers as never, replaces});
    return {};
  }
  /** Whether the session is over, as JsSIP's `isEnded()` (a spec sets it; `terminate` then throws, as JsSIP's). */
  ended = false;
  isEnded(): boolean {
    return this.ended;
  }
  terminate(options: {status_code?: number; reason_phrase?: string} = {}): void {
    if (this.ended) {
      throw new Error('INVALID_STATE_ERROR'); // JsSIP's InvalidStateError.
    }
    this.terminated.push(options);
    this.emit('failed', {originator: 'local', cause: 'Canceled'});
  }
}

export class FakeUA extends FakeEmitter {
  static last: FakeUA;
  connected = true;
  started = false;
  /** How many times the adapter asked JsSIP to register. */
  registrations = 0;
  /** What the adapter set at runtime (`authorization_user`, `password`). */
  readonly settings: Record<string, string> = {};
  readonly placed: {target: string; session: FakeSession; options: Record<string, unknown>}[] = [];
  /** The OPTIONS the adapter sent, with their handlers: a spec answers them (or not). */
  readonly options: {
    target: string;
    succeeded(): void;
    failed(event: {originator: string}): void;
  }[] = [];
  /** The transport: what the adapter asked of it. */
  readonly transport = {
    connects: 0,
    disconnects: 0,
    connecting: false,
    connect: () => {
      this.transport.connects++;
    },
    disconnect: () => {
      this.transport.disconnects++;
    },
    isConnecting: () => this.transport.connecting,
  };
  constructor(readonly config: Record<string, unknown>) {
    super();
    FakeUA.last = this;
  }
  start(): void {
    this.started = true;
  }
  stop(): void {
    this.started = false;
  }
  /** The Contact parameters of each registration (JsSIP's registrator), as the adapter set them before it. */
  readonly registeredParams: Record<string, string>[] = [];
  private _contactParams: Record<string, string> = {};
  register(): void {
    this.registrations++;
    this.registeredParams.push(this._contactParams);
  }
  registrator() {
    return {
      setExtraContactParams: (params: Record<string, string>) => (this._contactParams = params),
    };
  }
  set(parameter: string, value: string): boolean {
    this.settings[parameter] = value;
    return true;
  }
  isConnected(): boolean {
    return this.connected;
  }
  sendOptions(
    target: string,
    _body: unknown,
    {
      eventHandlers,
    }: {eventHandlers: {succeeded(): void; failed(event: {originator: string}): void}},
  ): void {
    this.options.push({target, ...eventHandlers});
  }
  call(target: string, options: {eventHandlers: {peerconnection: Handler}}): FakeSession {
    const session = new FakeSession({display_name: 'Bob', uri: {user: 'bob'}});
    session.connection = new FakePeer();
    options.eventHandlers.peerconnection({peerconnection: session.connection} as never);
    this.placed.push({target, session, options});
    return session;
  }
}

export class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

export class FakeMediaStream {
  readonly tracks: unknown[] = [];
  constructor(tracks: unknown[] = []) {
    this.tracks.push(...tracks);
  }
  addTrack(track: unknown): void {
    this.tracks.push(track);
  }
  getTracks(): unknown[] {
    return this.tracks;
  }
  removeTrack(track: unknown): void {
    this.tracks.splice(this.tracks.indexOf(track), 1);
  }
}

/**
 * Puts `FakeMediaStream` and a `navigator.mediaDevices` on the page.
 * @param getUserMedia The capture (`jest.fn(fakeCapture(tracks))` to spy on it).
 */
export function installFakeMedia(getUserMedia: () => Promise<FakeMediaStream>): void {
  (globalThis as unknown as {MediaStream: unknown}).MediaStream = FakeMediaStream;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {getUserMedia},
  });
}

/**
 * A `getUserMedia` whose every capture is a stream of one new track.
 * @param tracks Where each new track goes, to check later that it was stopped.
 */
export function fakeCapture(tracks: FakeTrack[]): () => Promise<FakeMediaStream> {
  return async () => {
    const track = new FakeTrack();
    tracks.push(track);
    return new FakeMediaStream([track]);
  };
}

export const INVITE_VIDEO =
  'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n';
export const INVITE_AUDIO =
  'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nm=video 0 UDP/TLS/RTP/SAVPF 96\r\n';

/** A SIP message as JsSIP hands it to a `failed` handler. */
export function message(statusCode: number, reason?: string) {
  return {
    status_code: statusCode,
    getHeader: (name: string) => (name === 'Reason' ? reason : undefined),
  };
}

/** Lets the adapter's later (setTimeout) deliveries run. */
export const settle = () => new Promise(done => setTimeout(done, 0));

/** A REFER that a session received, as JsSIP's `refer` event hands it; records what the adapter did with it. */
export class FakeRefer {
  /** The call the adapter placed by `accept`, with its options. */
  placed?: {session: FakeSession; options: Record<string, unknown>};
  rejected = 0;
  /**
   * @param uri The `Refer-To` URI, parsed as JsSIP parses it (a spec passes `URI.parse` of the real JsSIP).
   * @param display_name Its display name, if any.
   */
  constructor(uri: {scheme: string; user?: string | null; host: string}, display_name?: string) {
    this.event.request.refer_to = {uri, display_name};
  }
  readonly event = {
    request: {refer_to: {} as {uri: unknown; display_name?: string}},
    accept: (
      initCallback: (session: FakeSession) => void,
      options: {eventHandlers: {peerconnection: Handler}} & Record<string, unknown>,
    ) => {
      const user = (this.event.request.refer_to.uri as {user: string}).user;
      const session = new FakeSession({display_name: '', uri: {user}});
      session.connection = new FakePeer();
      options.eventHandlers.peerconnection({peerconnection: session.connection} as never);
      initCallback(session);
      this.placed = {session, options};
    },
    reject: () => {
      this.rejected++;
    },
  };
}

/**
 * I (the adapter's user) call Bob, the INVITE goes out, and with `answered` he answers.
 * @returns The call's JsSIP session.
 */
export async function callBob(sdk: KitCallsSdk, answered = true): Promise<FakeSession> {
  const me = sdk.getLoggedInUser()!;
  const bob = {uid: 'bob', name: 'Bob'};
  const placing = sdk.initiateCall({
    sessionId: '',
    type: 'audio',
    sender: me,
    callInitiator: me,
    receiver: bob,
    callReceiver: bob,
  });
  await settle();
  const session = FakeUA.last.placed.at(-1)!.session;
  session.emit('sending', {});
  await placing;
  if (answered) {
    session.emit('accepted', {originator: 'remote'});
  }
  return session;
}
