import {KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import type {KitJanusRoomMember, KitJanusRoomOptions} from './janus-room-types';
import {kitJanusWatchIce} from './janus-ice';
import {
  KitJanusFeedStream,
  KitJanusPublisher,
  KitJanusReceived,
  KitJanusStreamRef,
  KitJanusSubscribedStream,
  key,
} from './janus-room-wire';
import {KitJanusMessage, KitJanusReply, KitJanusSession} from './janus-session';

/**
 * One member in one Janus VideoRoom (Janus 1.x, multistream): a publisher handle that publishes the camera and
 * microphone, and one subscriber handle that receives every other publisher's streams, subscribing to a
 * publisher's streams as they are announced and dropping those turned off (a camera off). Janus itself takes the
 * streams of a publisher who leaves or unpublishes out of the subscription (and sends a new offer): the client
 * answers that offer and reports the member gone.
 *
 * Loaded only by `kitJanusRoom()`'s dynamic import, so a 1:1 call never downloads it.
 * @docs-private
 */
export class KitJanusRoom implements KitJanusRoomMember {
  private _session!: KitJanusSession;
  /** The handles' ids (Janus's session and handle ids are numbers, JavaScript-safe ones). */
  private _publisher = 0;
  private _subscriber = 0;
  private _privateId: unknown;
  private _pubPeer: RTCPeerConnection | null = null;
  private _subPeer: RTCPeerConnection | null = null;
  /** The other publishers and the streams each announces. */
  private readonly _feeds = new Map<string, {display: string; streams: KitJanusFeedStream[]}>();
  /** The feeds' streams the subscriber asked for (feed, mid on the publisher's side). */
  private readonly _asked = new Map<string, KitJanusStreamRef>();
  /** The streams received now, by subscriber mid: whose and which kind. */
  private _receiving = new Map<string, KitJanusReceived>();
  /** Renegotiations of each handle, one at a time. */
  private _pubQueue: Promise<unknown> = Promise.resolve();
  private _subQueue: Promise<unknown> = Promise.resolve();
  private _left = false;
  /** The peer connections whose path is broken now, and what stops each one's watch. */
  private readonly _broken = new Set<RTCPeerConnection>();
  private readonly _stops: (() => void)[] = [];
  /** Whether the join resolved: errors go to `onError` from then on. */
  private _joined = false;

  private _id = '';

  /** This member's id in the room (the feed id the others see). */
  get id(): string {
    return this._id;
  }

  private constructor(private readonly _options: KitJanusRoomOptions) {}

  /**
   * Joins a room: a session with the token, a publisher with the pin that publishes the stream, and a subscriber
   * to the others.
   * @param options The room, its pin, the token, the stream to publish and the callbacks.
   * @returns The member, once published; rejects with a `KitException` (nothing stays open then).
   */
  static async join(options: KitJanusRoomOptions): Promise<KitJanusRoom> {
    const room = new KitJanusRoom(options);
    try {
      await room._join();
      return room;
    } catch (error) {
      room._close();
      throw KitException.from(error, KitErrorCodes.CALL_FAILED, 'janus: could not join the room');
    }
  }

  /** Turns the camera off (the video transceiver goes inactive: Janus drops it) or on, by renegotiating. */
  setCamera(enabled: boolean): Promise<void> {
    const video = this._pubPeer
      ?.getTransceivers()
      .find(transceiver => transceiver.sender.track?.kind === 'video');
    if (!video || this._left) {
      return Promise.reject(new KitException(KitErrorCodes.CALL_FAILED, 'janus: no video to turn'));
    }
    return this._queue('pub', async () => {
      video.direction = enabled ? 'sendonly' : 'inactive';
      await this._publish('configure');
    });
  }

  /** Leaves the room, hangs up both handles, destroys the session and closes the socket; never rejects. */
  async leave(): Promise<void> {
    if (this._left) {
      return;
    }
    this._left = true;
    const session = this._session;
    if (session && !session.closed) {
      await Promise.allSettled([
        this._publisher && session.message(this._publisher, {request: 'leave'}),
        this._publisher && session.hangup(this._publisher),
        this._subscriber && session.hangup(this._subscriber),
      ]);
      await session.destroy();
    }
    this._close();
  }

  private async _join(): Promise<void> {
    const {url, token, room, roomToken, pin, display} = this._options;
    this._session = await KitJanusSession.open(url, token, {
      event: (handle, message) => this._guard(() => this._event(handle, message)),
      lost: error => this._lost(error),
    });
    this._publisher = await this._session.attach();
    const joined = await this._session.message(this._publisher, {
      request: 'join',
      ptype: 'publisher',
      room,
      ...(roomToken ? {token: roomToken} : {}),
      ...(pin ? {pin} : {}),
      display,
    });
    this._id = String(joined.data['id']);
    this._privateId = joined.data['private_id'];
    this._pubPeer = this._peer(this._publisher);
    for (const track of this._options.stream.getTracks()) {
      this._pubPeer.addTransceiver(track, {direction: 'sendonly', streams: [this._options.stream]});
    }
    await this._queue('pub', () => this._publish('publish'));
    this._joined = true;
    this._announced((joined.data['publishers'] as KitJanusPublisher[]) ?? []);
  }

  /**
   * Offers what the publisher sends (`publish` the first time, `configure` after; `iceRestart` with new ICE
   * credentials) and takes Janus's answer.
   */
  private async _publish(request: 'publish' | 'configure', iceRestart = false): Promise<void> {
    const peer = this._pubPeer!;
    const offer = await peer.createOffer({iceRestart});
    await peer.setLocalDescription(offer);
    const reply = await this._session.message(this._publisher, {request}, offer);
    if (!reply.jsep) {
      throw new KitException(KitErrorCodes.CALL_FAILED, `janus: no answer to ${request}`);
    }
    await peer.setRemoteDescription(reply.jsep);
  }

  /** A peer connection of a handle that trickles its candidates to Janus. */
  private _peer(handle: number): RTCPeerConnection {
    const peer = new RTCPeerConnection({iceServers: this._options.iceServers ?? []});
    this._stops.push(
      kitJanusWatchIce(peer, {
        changed: now => {
          const was = this._broken.size > 0;
          if (now) {
            this._broken.add(peer);
          } else {
            this._broken.delete(peer);
          }
          const is = this._broken.size > 0;
          if (was !== is && !this._left) {
            this._call(() => this._options.onPath?.(is));
          }
        },
        // The publisher offers anew; Janus offers anew to the subscriber (`restart`), which answers.
        restart: () =>
          handle === this._publisher
            ? this._queue('pub', () => this._publish('configure', true))
            : this._queue('sub', async () =>
                this._subscribed(
                  await this._session.message(this._subscriber, {
                    request: 'configure',
                    restart: true,
                  }),
                ),
              ),
        lost: () =>
          this._lost(new KitException(KitErrorCodes.NETWORK, 'janus: the media path failed')),
      }),
    );
    peer.addEventListener('icecandidate', ({candidate}) => {
      // Chromium ends each generation with an empty candidate before the final null: only null says "completed".
      if (!this._left && candidate?.candidate !== '') {
        this._session.trickle(handle, candidate).catch(error => this._fail(error));
      }
    });
    return peer;
  }

  /** An event that no request waited for: the publisher's news of the room, the subscriber's new offers. */
  private _event(handle: number, message: KitJanusMessage): void {
    if (message.janus === 'hangup' && !this._left) {
      this._fail(
        new KitException(KitErrorCodes.NETWORK, `janus: media hung up (${message.reason})`),
      );
      return;
    }
    const data = message.plugindata?.data;
    if (message.janus !== 'event' || !data) {
      return; // webrtcup, media, slowlink: nothing to do.
    }
    if (handle === this._publisher) {
      if (Array.isArray(data['publishers'])) {
        this._announced(data['publishers'] as KitJanusPublisher[]);
      }
      const gone = data['unpublished'] ?? data['leaving'];
      if (gone !== undefined && gone !== 'ok') {
        this._gone(String(gone));
      }
    } else if (handle === this._subscriber && (message.jsep || data['streams'])) {
      this._queue('sub', () => this._subscribed({data, jsep: message.jsep}));
    }
  }

  /** Publishers announced (new ones, or a change of their streams): subscribe and unsubscribe to match. */
  private _announced(publishers: KitJanusPublisher[]): void {
    for (const publisher of publishers) {
      const id = String(publisher.id);
      if (id !== this._id) {
        this._feeds.set(id, {display: publisher.display ?? '', streams: publisher.streams ?? []});
      }
    }
    this._sync();
  }

  /** A publisher left or unpublished: Janus already took its streams out of the subscription. */
  private _gone(feed: string): void {
    if (!this._feeds.delete(feed)) {
      return;
    }
    for (const [id, ref] of this._asked) {
      if (ref.feed === feed) {
        this._asked.delete(id);
      }
    }
    this._call(() => this._options.onGone?.(feed));
  }

  /** Asks the subscriber for the streams announced and not asked for, and drops those turned off. */
  private _sync(): void {
    this._queue('sub', async () => {
      const wanted = new Map<string, KitJanusStreamRef>();
      for (const [feed, {streams}] of this._feeds) {
        streams
          .filter(
            stream => !stream.disabled && (stream.type === 'audio' || stream.type === 'video'),
          )
          .forEach(({mid}) => wanted.set(key(feed, mid), {feed, mid}));
      }
      const add = [...wanted].filter(([id]) => !this._asked.has(id));
      const drop = [...this._asked].filter(([id]) => !wanted.has(id));
      drop.forEach(([id]) => this._asked.delete(id));
      add.forEach(([id, ref]) => this._asked.set(id, ref));
      if (drop.length && this._subscriber) {
        await this._subscribed(
          await this._session.message(this._subscriber, {
            request: 'unsubscribe',
            streams: drop.map(([, ref]) => ref),
          }),
        );
      }
      if (add.length) {
        await this._subscribed(await this._subscribe(add.map(([, ref]) => ref)));
      }
    });
  }

  /** The first streams join a subscriber handle (multistream); later ones are added to it. */
  private async _subscribe(streams: KitJanusStreamRef[]): Promise<KitJanusReply> {
    if (this._subscriber) {
      return this._session.message(this._subscriber, {request: 'subscribe', streams});
    }
    this._subscriber = await this._session.attach();
    return this._session.message(this._subscriber, {
      request: 'join',
      ptype: 'subscriber',
      room: this._options.room,
      ...(this._options.pin ? {pin: this._options.pin} : {}),
      private_id: this._privateId,
      streams,
    });
  }

  /** Janus's offer for the subscriber (with the streams it now carries): answer it, then report what changed. */
  private async _subscribed({data, jsep}: KitJanusReply): Promise<void> {
    if (jsep?.type === 'offer') {
      const peer = (this._subPeer ??= this._peer(this._subscriber));
      await peer.setRemoteDescription(jsep);
      const answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      await this._session.message(this._subscriber, {request: 'start'}, answer);
    }
    if (Array.isArray(data['streams'])) {
      this._received(data['streams'] as KitJanusSubscribedStream[]);
    }
  }

  /** Compares the streams the subscriber carries with those it carried: new tracks, tracks gone. */
  private _received(streams: KitJanusSubscribedStream[]): void {
    const now = new Map<string, KitJanusReceived>();
    for (const stream of streams) {
      if (stream.active && stream.feed_id !== undefined && stream.feed_mid !== undefined) {
        const feed = String(stream.feed_id);
        const kind = stream.type === 'video' ? 'video' : 'audio';
        const display = this._feeds.get(feed)?.display ?? stream.feed_display ?? '';
        now.set(stream.mid, {feed, display, kind, key: key(feed, stream.feed_mid)});
      }
    }
    for (const [mid, was] of this._receiving) {
      if (now.get(mid)?.key !== was.key && this._feeds.has(was.feed)) {
        this._call(() => this._options.onTrackGone?.(was.feed, was.kind));
      }
    }
    const before = this._receiving;
    this._receiving = now;
    for (const [mid, stream] of now) {
      const track = this._subPeer?.getTransceivers().find(transceiver => transceiver.mid === mid)
        ?.receiver.track;
      if (before.get(mid)?.key !== stream.key && track) {
        this._call(() => this._options.onTrack?.(stream.feed, stream.display, track));
      }
    }
  }

  /**
   * Runs one renegotiation of a handle after the ones before it. The publisher's caller awaits it (the join,
   * `setCamera`); nobody awaits the subscriber's, whose failure goes to `onError`.
   */
  private _queue(handle: 'pub' | 'sub', work: () => Promise<void>): Promise<void> {
    const run = (handle === 'pub' ? this._pubQueue : this._subQueue).then(() =>
      this._left ? undefined : work(),
    );
    const settled = run.catch(() => {});
    if (handle === 'sub') {
      this._subQueue = settled;
      run.catch(error => this._fail(error));
      return settled;
    }
    this._pubQueue = settled;
    return run.catch(error => {
      throw KitException.from(error, KitErrorCodes.CALL_FAILED);
    });
  }

  /** Reports an error to the app once joined (before, the join rejects); never throws. */
  private _fail(error: unknown): void {
    if (!this._left && this._joined) {
      const report = KitException.from(error, KitErrorCodes.NETWORK);
      this._call(() => this._options.onError?.(report));
    }
  }

  /** The room is lost (the session, or a connection's ICE): the member closes and, once joined, says so once. */
  private _lost(error: KitException): void {
    if (this._left) {
      return;
    }
    const joined = this._joined;
    this._close();
    if (joined) {
      this._call(() => (this._options.onLost ?? this._options.onError)?.(error));
    }
  }

  /** Runs an event handler so that nothing it throws escapes into the socket's or the peer's event. */
  private _guard(handler: () => void): void {
    try {
      handler();
    } catch (error) {
      this._fail(error);
    }
  }

  /** Calls the app's callback; what it throws is the app's own error, and stays out of the client. */
  private _call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      console.error(error);
    }
  }

  private _close(): void {
    this._left = true;
    this._stops.forEach(stop => stop());
    this._session?.close();
    this._pubPeer?.close();
    this._subPeer?.close();
  }
}
