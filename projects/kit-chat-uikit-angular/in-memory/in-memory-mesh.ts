import type {KitInMemoryGroupLines, KitInMemoryLines} from './in-memory-lines';
import {KitMeshSignal, kitMeshSignal} from './in-memory-tab-link';

// The media mesh of the in-memory SDK with media: a call's people on other tabs of this origin get this device's
// camera and microphone over a real RTCPeerConnection each, and send theirs, signalled over the switchboard's
// BroadcastChannel. Host candidates only (one machine): no STUN, no TURN.

/** One connection of the mesh: to one person, in another tab. */
interface KitMeshLink {
  readonly pc: RTCPeerConnection;
  /** Names this connection in its signals: those of an older one are dropped. */
  readonly cid: string;
  /** When it was made (`Date.now()`). */
  readonly since: number;
  /** When it last moved (`Date.now()`): made, a signalling step done, its connection's state changed. */
  moved: number;
  /** How many signalling steps are begun and not done yet. */
  pending: number;
  /** The signalling steps, one after the other (a candidate waits for the description it belongs to). */
  chain: Promise<unknown>;
  /** What they receive, once connected: kept, so the screen sees one stream per person. */
  stream: MediaStream | null;
  /** What the far side says its tracks carry (`'media'`): the avatar shows, or the muted mark. */
  far: {audio: boolean; video: boolean};
}

/** How often, at most, a tab says hello to someone it has no connection to (in ms). */
const HELLO_EVERY = 2000;
/** How long an offer may wait before a hello of a tab that never got it makes a new one (in ms). */
const ANSWER_WAIT = 3000;
/**
 * How long a connection that is not connected may go without moving (a step done, a change of its state) before it
 * counts as failed (in ms); while a step is under way, or while it is `'connecting'` or `'disconnected'` (ICE and
 * DTLS at work, or its checks unanswered for a moment: the browser ends them in `'failed'` when they do not work),
 * `STEP_WAIT`. On a busy machine (six tabs of video on two cores) a step
 * may take 30 s and the whole connecting a minute: counted from when it was made, such a connection was thrown away
 * and made again, over and over, and never connected.
 */
const CONNECT_WAIT = 15000;
const STEP_WAIT = 60000;

/** How many people a group call's mesh carries: this device and five others. */
export const MESH_SIZE = 6;

/**
 * The mesh of one call of one device: a connection to each other person of the call in another tab (up to five). The
 * lower uid offers, the higher answers, so two tabs never offer to each other at once (no glare). Each says `'hello'`
 * to those it has no connection to (when they join, then every two seconds, with the connection it has, if failed):
 * the lower one offers when it hears it, unless the hello names its offer (it is being answered), and the higher one
 * says hello back (the lower listens now). Once a tab has a connection it says nothing more, however slow the
 * answer on a busy machine. @docs-private
 */
export class KitInMemoryMesh {
  /** The connections, by the uid of the person at their other end. */
  readonly #links = new Map<string, KitMeshLink>();
  /** Who this device connects to now (`sync`): a signal from anyone else is dropped. */
  #people = new Set<string>();
  /** When this device last said hello to each. */
  readonly #hellos = new Map<string, number>();
  #local: MediaStream | null = null;
  #closed = false;
  readonly #listen = (signal: KitMeshSignal) => this.#receive(signal);

  /** Whether this browser can connect (not jsdom, not the server). */
  static available(): boolean {
    return typeof RTCPeerConnection === 'function' && typeof MediaStream === 'function';
  }

  /**
   * @param lines The switchboard: its channel to the other tabs.
   * @param sessionId The call.
   * @param me The uid of this device's user.
   * @param tiles Whether the pictures show as tiles (a group call): each is sent at half the size and 15 frames a
   *   second, which a tile needs, so that a mesh of six tabs on one machine keeps up.
   */
  constructor(
    private readonly _lines: KitInMemoryGroupLines,
    private readonly _sessionId: string,
    private readonly _me: string,
    private readonly _tiles = false,
  ) {
    kitListen(_lines.board).add(this.#listen);
  }

  /**
   * The people of the call to connect to now: a connection opens to each new one (the lower uid offers, the higher
   * says hello), and closes for each who is gone. Beyond five, nobody more.
   * @param uids The uids of the others in the call, on other tabs.
   */
  sync(uids: readonly string[]): void {
    if (this.#closed) {
      return;
    }
    const people = new Set(uids.filter(uid => uid !== this._me).slice(0, MESH_SIZE - 1));
    for (const uid of this.#links.keys()) {
      if (!people.has(uid)) {
        this.#drop(uid);
        this.#hellos.delete(uid);
      }
    }
    this.#people = people;
    const now = Date.now();
    for (const uid of people) {
      const link = this.#links.get(uid);
      const since = this.#hellos.get(uid) ?? -Infinity;
      if ((!link || this.#failed(link)) && now - since >= HELLO_EVERY) {
        this.#hellos.set(uid, now);
        this.#send(uid, link?.cid ?? '', {type: 'hello'});
      }
    }
  }

  /**
   * What one person sends, once connected to them.
   * @returns Their stream, or `null` (not connected, not in the mesh).
   */
  stream(uid: string): MediaStream | null {
    const link = this.#links.get(uid);
    if (link?.pc.connectionState !== 'connected') {
      return null;
    }
    link.stream ??= new MediaStream(link.pc.getReceivers().map(receiver => receiver.track));
    this.#applyFar(link);
    return link.stream;
  }

  /**
   * This device's camera and microphone, sent on every connection: a disabled track (muted, camera off, held) is
   * sent as such and told to the far side, whose tile shows the avatar or the muted mark.
   * @param local The local stream, or `null` while there is none.
   */
  send(local: MediaStream | null): void {
    this.#local = local;
    for (const [uid, link] of this.#links) {
      this.#attach(link);
      this.#tell(uid, link);
    }
  }

  /** Closes every connection and stops listening: the call ended here. */
  close(): void {
    this.#closed = true;
    [...this.#links.keys()].forEach(uid => this.#drop(uid));
    this.#people.clear();
    this.#hellos.clear();
    kitListen(this._lines.board).delete(this.#listen);
  }

  #receive(signal: KitMeshSignal): void {
    const {from, cid, type} = signal;
    if (
      this.#closed ||
      signal.sessionId !== this._sessionId ||
      signal.to !== this._me ||
      !this.#people.has(from)
    ) {
      return;
    }
    const link = this.#links.get(from);
    const offers = this._me < from;
    if (type === 'hello') {
      // They listen now: the lower one offers (again, when the connection failed, or when they never got its
      // offer: it was made before they listened); the higher one says hello back.
      const stale =
        !link ||
        this.#failed(link) ||
        (link.pc.signalingState === 'have-local-offer' &&
          cid !== link.cid &&
          Date.now() - link.since > ANSWER_WAIT);
      if (offers && stale) {
        this.#offer(from);
      } else if (!offers && !link) {
        this.#send(from, '', {type: 'hello'});
      }
    } else if (type === 'offer') {
      if (!offers) {
        this.#answer(from, cid, signal.sdp!);
      }
    } else if (link?.cid === cid) {
      if (type === 'answer' && offers) {
        this.#step(link, async () => {
          await link.pc.setRemoteDescription({type: 'answer', sdp: signal.sdp});
          await this.#limit(link);
        });
      } else if (type === 'ice') {
        this.#step(link, () => link.pc.addIceCandidate(signal.candidate));
      } else if (type === 'media') {
        link.far = {audio: !!signal.audio, video: !!signal.video};
        this.#applyFar(link);
      }
    }
  }

  /** @returns Whether a connection failed, or has not connected and not moved for too long. */
  #failed({pc, moved, pending}: KitMeshLink): boolean {
    const state = pc.connectionState;
    const browsers = state === 'connecting' || state === 'disconnected';
    const wait = pending > 0 || browsers ? STEP_WAIT : CONNECT_WAIT;
    return state === 'failed' || (state !== 'connected' && Date.now() - moved > wait);
  }

  /** The lower uid offers: a new connection with a sender for sound and one for the picture. */
  #offer(uid: string): void {
    const link = this.#open(uid, Math.random().toString(36).slice(2));
    link.pc.addTransceiver('audio', {direction: 'sendrecv'});
    link.pc.addTransceiver('video', {direction: 'sendrecv'});
    this.#attach(link);
    this.#step(link, async () => {
      await link.pc.setLocalDescription(await link.pc.createOffer());
      this.#send(uid, link.cid, {type: 'offer', sdp: link.pc.localDescription!.sdp});
      this.#tell(uid, link);
    });
  }

  /** The higher uid answers an offer: a new connection in place of any older one. */
  #answer(uid: string, cid: string, sdp: string): void {
    const link = this.#open(uid, cid);
    this.#step(link, async () => {
      await link.pc.setRemoteDescription({type: 'offer', sdp});
      link.pc.getTransceivers().forEach(transceiver => (transceiver.direction = 'sendrecv'));
      this.#attach(link);
      await link.pc.setLocalDescription(await link.pc.createAnswer());
      this.#send(uid, cid, {type: 'answer', sdp: link.pc.localDescription!.sdp});
      this.#tell(uid, link);
      // Once the answer is on its way, never before: a slow setParameters must not hold it back.
      await this.#limit(link);
    });
  }

  #open(uid: string, cid: string): KitMeshLink {
    this.#drop(uid);
    const pc = new RTCPeerConnection();
    const link: KitMeshLink = {
      pc,
      cid,
      since: Date.now(),
      moved: Date.now(),
      pending: 0,
      chain: Promise.resolve(),
      stream: null,
      far: FAR_ON,
    };
    pc.onicecandidate = ({candidate}) => {
      if (candidate && this.#links.get(uid) === link) {
        this.#send(uid, cid, {type: 'ice', candidate: candidate.toJSON()});
      }
    };
    pc.onconnectionstatechange = () => (link.moved = Date.now());
    this.#links.set(uid, link);
    return link;
  }

  /** Puts this device's tracks on a connection's senders (none where there is no such track). */
  #attach(link: KitMeshLink): void {
    for (const transceiver of link.pc.getTransceivers()) {
      const kind = transceiver.receiver.track?.kind;
      const track = this.#local?.getTracks().find(each => each.kind === kind) ?? null;
      if (transceiver.sender.track !== track && link.pc.signalingState !== 'closed') {
        transceiver.sender.replaceTrack(track).catch(() => {});
      }
    }
  }

  /**
   * In a group call, sends the picture as a tile needs it: half the size, 15 frames a second. Once negotiated (the
   * encodings exist then), and a failure leaves the picture as it is.
   */
  async #limit({pc}: KitMeshLink): Promise<void> {
    const sender = pc.getTransceivers().find(each => each.receiver.track?.kind === 'video')?.sender;
    const parameters = this._tiles ? sender?.getParameters?.() : null;
    if (sender && parameters?.encodings?.length) {
      parameters.encodings.forEach(each => Object.assign(each, TILE_ENCODING));
      await sender.setParameters(parameters).catch(() => {});
    }
  }

  /** Tells the far side what this device's tracks carry. */
  #tell(uid: string, link: KitMeshLink): void {
    const on = (tracks?: MediaStreamTrack[]) => !!tracks?.some(track => track.enabled);
    this.#send(uid, link.cid, {
      type: 'media',
      audio: on(this.#local?.getAudioTracks()),
      video: on(this.#local?.getVideoTracks()),
    });
  }

  /**
   * Applies what the far side says it sends: its muted microphone's track is disabled (the muted mark), and its
   * camera's leaves the stream while off (the avatar shows, as for a drawn person), with the events a browser fires.
   */
  #applyFar({pc, stream, far}: KitMeshLink): void {
    stream?.getAudioTracks().forEach(track => (track.enabled = far.audio));
    const video = pc.getReceivers().find(receiver => receiver.track?.kind === 'video')?.track;
    if (stream && video && stream.getVideoTracks().includes(video) !== far.video) {
      stream[far.video ? 'addTrack' : 'removeTrack'](video);
      const type = far.video ? 'addtrack' : 'removetrack';
      stream.dispatchEvent(new MediaStreamTrackEvent(type, {track: video}));
    }
  }

  /** Runs a signalling step after the others; a failed one leaves the connection as it is (avatar, a canvas). */
  #step(link: KitMeshLink, step: () => Promise<unknown>): void {
    link.pending++;
    link.chain = link.chain.then(() => (link.pc.signalingState === 'closed' ? null : step()));
    link.chain = link.chain
      .catch(() => {})
      .then(() => {
        link.pending--;
        link.moved = Date.now();
      });
  }

  #send(to: string, cid: string, signal: Partial<KitMeshSignal>): void {
    this._lines.broadcast({
      kind: 'mesh',
      type: 'hello',
      ...signal,
      sessionId: this._sessionId,
      from: this._me,
      to,
      cid,
    });
  }

  /** Closes the connection to someone (they left, or a newer one takes its place); their tracks end. */
  #drop(uid: string): void {
    const link = this.#links.get(uid);
    this.#links.delete(uid);
    link?.pc.close();
    link?.stream?.getTracks().forEach(track => track.stop());
  }
}

const FAR_ON = Object.freeze({audio: true, video: true});
/** How a group call's picture is sent (`#limit`). */
const TILE_ENCODING = Object.freeze({scaleResolutionDownBy: 2, maxFramerate: 15});

/** The meshes of each switchboard of this page, told each signal of another tab once it is checked. */
const MESHES = new WeakMap<KitInMemoryLines, Set<(signal: KitMeshSignal) => void>>();

/** @returns The meshes of a switchboard, its hook set on the first one. */
function kitListen(board: KitInMemoryLines): Set<(signal: KitMeshSignal) => void> {
  let meshes = MESHES.get(board);
  if (!meshes) {
    const all = (meshes = new Set());
    MESHES.set(board, all);
    board._mesh = data => {
      const signal = kitMeshSignal(data);
      if (signal) {
        all.forEach(listen => listen(signal));
      } else {
        board.droppedMessages++;
      }
    };
  }
  return meshes;
}
