import {DOCUMENT} from '@angular/common';
import {DestroyRef, Signal, inject, signal} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallMediaSource,
  KitCallSettings,
  KitErrorCodes,
  KitException,
  KitGroupCallsSdk,
  KitMediaInputKind,
  KitPhoneCallsSdk,
  KitUser,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {ENDINGS, KitInMemoryCallMedia, MESH_SIZE, kitPauseMedia} from './in-memory-call-media';
import {kitInMemoryHold} from './in-memory-hold';
import {kitInMemoryTransfer} from './in-memory-transfer';
import {KitInMemorySwitchboard} from './in-memory-switchboard';
import {KitInMemorySyntheticPeer} from './in-memory-synthetic-peer';

/**
 * The calls answered as voice only on each switchboard of this page, by session id: both devices of such a call on
 * one page (the demo's, a test's) leave the camera out. Kept apart from the switchboard, so an app on the in-memory
 * SDK without media ships none of it.
 */
const VOICE_ANSWERS = new WeakMap<KitInMemorySwitchboard, Set<string>>();

/**
 * The in-memory SDK with media, so that a demo's video call shows video: this device's camera and microphone
 * through `getUserMedia` when the page may use them (nothing, quietly, when it may not or where there are none,
 * as in jsdom), and the far side as a canvas drawing their initials with a quiet tone. The ongoing screen's mute and
 * camera toggles then act on real tracks, and `withDevicePickers()` switches devices (`selectInputDevice`). Every
 * track stops and every `AudioContext` closes when the call ends.
 *
 * A separate class from `KitInMemoryCallsSdk`, so that an app or a test that wants no media ships none of it.
 */
export class KitInMemoryMediaCallsSdk
  extends KitInMemoryCallsSdk
  implements KitCallMediaSource, KitGroupCallsSdk, KitPhoneCallsSdk
{
  readonly #media = new Map<string, KitInMemoryCallMedia>();
  readonly #document: Document | null;

  /**
   * @param switchboard The switchboard this device is attached to.
   * @param user The user logged in on this device, if any.
   * @param document The page's document, to draw the far side on; `null` draws nothing.
   */
  constructor(
    switchboard: KitInMemorySwitchboard,
    user: KitUser | null = null,
    document: Document | null = globalThis.document ?? null,
  ) {
    super(switchboard, user);
    this.#document = document;
  }

  /**
   * This device's camera and microphone in a call, asked for with `getUserMedia` on the first ask once it is ongoing.
   * @param sessionId An ongoing call.
   * @returns The stream, or `null` (not yet allowed, none, not ongoing).
   */
  getLocalStream(sessionId: string): MediaStream | null {
    return this.#mediaOf(sessionId)?.local ?? null;
  }

  /**
   * The far side of a call: a canvas with their initials, and a quiet tone.
   * @param sessionId An ongoing call.
   * @returns The stream, or `null` where the browser cannot draw it (or the call is not ongoing).
   */
  getRemoteStream(sessionId: string): MediaStream | null {
    const call = this.switchboard.getCall(sessionId);
    const other = call?.participants?.find(
      person => person.status === 'joined' && person.user.uid !== this.user?.uid,
    );
    return other
      ? this.getParticipantStream(sessionId, other.user.uid)
      : (this.#mediaOf(sessionId)?.peer?.stream ?? null);
  }

  /**
   * In a group call, the stream of one other person who joined it: a canvas with their initials and a quiet tone,
   * one per person, up to five others (a mesh of six). Stopped once they leave, and all of them once this device
   * leaves.
   * @param sessionId An ongoing group call this device is in.
   * @param uid One of its people.
   * @returns The stream, or `null` (not joined, this device's own user, beyond the mesh, nothing to draw on).
   */
  getParticipantStream(sessionId: string, uid: string): MediaStream | null {
    const media = this.#mediaOf(sessionId);
    const call = this.switchboard.getCall(sessionId);
    const person = call?.participants?.find(each => each.user.uid === uid);
    if (!media || person?.status !== 'joined' || uid === this.user?.uid) {
      return null;
    }
    let peer = media.peers.get(uid);
    if (!peer && media.peers.size < MESH_SIZE - 1) {
      peer = this.#draw(person.user, call!.type === 'video') ?? undefined;
      if (peer) {
        media.peers.set(uid, peer);
      }
    }
    return peer?.stream ?? null;
  }

  /**
   * Switches the microphone or the camera of a call to another device; the new track keeps the old one's `enabled`
   * (a muted microphone stays muted) and the old one stops.
   * @param sessionId An ongoing call.
   * @param kind `'audioinput'` or `'videoinput'`.
   * @param deviceId The device, from `enumerateDevices()`.
   * @returns Resolves once the new device is in use; rejects with `ERR_CALL_ENDED` when the call has no media,
   *   or `ERR_SDK` when the device cannot be opened.
   */
  async selectInputDevice(
    sessionId: string,
    kind: KitMediaInputKind,
    deviceId: string,
  ): Promise<void> {
    const media = this.#mediaOf(sessionId);
    if (!media?.local) {
      throw new KitException(KitErrorCodes.CALL_ENDED, `Call "${sessionId}" has no local media.`);
    }
    const trackKind = kind === 'audioinput' ? 'audio' : 'video';
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        [trackKind]: {deviceId: {exact: deviceId}},
      });
    } catch (error) {
      throw KitException.from(error, KitErrorCodes.SDK, `The device "${deviceId}" cannot be used`);
    }
    const [track] = stream.getTracks();
    const current = media.local;
    if (media.released || !current) {
      track.stop();
      throw new KitException(KitErrorCodes.CALL_ENDED, `Call "${sessionId}" ended meanwhile.`);
    }
    const old = current.getTracks().filter(each => each.kind === trackKind);
    track.enabled = old.every(each => each.enabled);
    old.forEach(each => each.stop());
    // A new stream, so the screen sees the change and sets its toggles on the new track too.
    media.local = new MediaStream([
      ...current.getTracks().filter(each => each.kind !== trackKind),
      track,
    ]);
  }

  readonly #digits = signal<Readonly<Record<string, string>>>({});
  /**
   * The keypad digits the far side of each call received (`sendDigits`), by session id, in the order the calls first
   * got one. For demos and tests: the demo's far side panel shows them ("Digits received: 12#").
   */
  readonly farSideDigits: Signal<Readonly<Record<string, string>>> = this.#digits.asReadonly();

  /**
   * Sends keypad digits on an ongoing call: its far side receives them (`farSideDigits`).
   * @param sessionId An ongoing call.
   * @param digits `0`–`9`, `*`, `#`, `A`–`D`.
   * @returns Resolves once received; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED` (not ongoing) or
   *   `ERR_INVALID_CALL` (not a digit).
   */
  async sendDigits(sessionId: string, digits: string): Promise<void> {
    const status = this.switchboard.getCall(sessionId)?.status;
    if (status !== 'ongoing' || !/^[\dA-D#*]+$/.test(digits)) {
      throw new KitException(
        !status
          ? KitErrorCodes.UNKNOWN_SESSION
          : status !== 'ongoing'
            ? KitErrorCodes.CALL_ENDED
            : KitErrorCodes.INVALID_CALL,
        `Digits "${digits}" for call "${sessionId}" (${status ?? 'unknown'}) cannot be sent.`,
      );
    }
    this.#digits.update(all => ({...all, [sessionId]: (all[sessionId] ?? '') + digits}));
  }

  /**
   * Puts an ongoing call on hold: the far side hears `onCallHeld` (in another tab too), and both sides pause (this
   * device's tracks are disabled, the far side's drawing goes quiet) until `unhold`. A fault injected with
   * `control.failNext('hold')` refuses it.
   * @param sessionId An ongoing call.
   * @returns Resolves once held; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED` or the injected fault.
   */
  hold(sessionId: string): Promise<void> {
    return this.#hold(sessionId, true);
  }

  /** Takes a held call off hold (`onCallResumed` at the far side); `control.failNext('unhold')` refuses it. */
  unhold(sessionId: string): Promise<void> {
    return this.#hold(sessionId, false);
  }

  /** A blind transfer (`KitPhoneCallsSdk.transfer`), as `kitInMemoryTransfer` plays it. */
  transfer(sessionId: string, to: KitUser): Promise<void> {
    return kitInMemoryTransfer(this, sessionId, to);
  }

  /** What the screen sends (its toggles), applied to this device's tracks unless the call is on hold. */
  async setLocalMedia(sessionId: string, audio: boolean, video: boolean): Promise<void> {
    const media = this.#mediaOf(sessionId);
    if (media) {
      media.sends = {audio, video};
      kitPauseMedia(media);
    } else if (!this.switchboard.getCall(sessionId)) {
      throw new KitException(KitErrorCodes.UNKNOWN_SESSION, `Unknown call "${sessionId}".`);
    }
  }

  async #hold(sessionId: string, on: boolean): Promise<void> {
    kitInMemoryHold(this.switchboard, this.user, sessionId, on);
    this.#holding(sessionId, 'me', on);
  }

  /** Someone holds the call, or stopped: both directions pause while anyone holds it. */
  #holding(sessionId: string, who: string, on: boolean): void {
    const media = this.#mediaOf(sessionId);
    if (media) {
      media.held[on ? 'add' : 'delete'](who);
      kitPauseMedia(media);
    }
  }

  /**
   * The far side turns their camera off or on: the remote stream's video track leaves it (the screen shows their
   * avatar) or comes back. For demos and tests.
   * @param sessionId An ongoing call.
   * @param on Whether the far side's camera is on.
   */
  setRemoteCamera(sessionId: string, on: boolean): void {
    this.#mediaOf(sessionId)?.peer?.setCamera(on);
  }

  /**
   * Accepts a call that rings for the logged-in user. With `audioOnly` settings ("Answer as voice" of
   * `withCallPreview()`), a video call is answered with the microphone alone: no camera here, and a caller on this
   * page gets no picture of the callee (a caller in another tab still draws one).
   * @param sessionId The ringing call.
   * @param settings The settings the screen accepts with, if any.
   * @returns The call, status `'ongoing'`, as `KitInMemoryCallsSdk.acceptCall` answers it.
   */
  override acceptCall(sessionId: string, settings?: KitCallSettings | null): Promise<KitCall> {
    if (settings?.audioOnly) {
      let answers = VOICE_ANSWERS.get(this.switchboard);
      if (!answers) {
        VOICE_ANSWERS.set(this.switchboard, (answers = new Set()));
      }
      answers.add(sessionId);
    }
    return super.acceptCall(sessionId);
  }

  /** Ends the call, and stops its media once the switchboard took the hang-up. */
  override async endCall(sessionId: string): Promise<KitCall> {
    const call = await super.endCall(sessionId);
    this.#release(sessionId);
    return call;
  }

  /** Stops the media of every call, then detaches from the switchboard. */
  override dispose(): void {
    [...this.#media.keys()].forEach(sessionId => this.#release(sessionId));
    super.dispose();
  }

  /** @docs-private */
  override _deliver(method: keyof KitCallListener, call: KitCall): void {
    if (ENDINGS.has(method)) {
      this.#release(call.sessionId);
    } else if (method === 'onCallHeld' || method === 'onCallResumed') {
      this.#holding(call.sessionId, 'peer', method === 'onCallHeld');
    }
    // Someone left a group call: their stream stops.
    for (const [uid, peer] of this.#media.get(call.sessionId)?.peers ?? []) {
      if (!call.participants?.some(each => each.user.uid === uid && each.status === 'joined')) {
        peer.stop();
        this.#media.get(call.sessionId)!.peers.delete(uid);
      }
    }
    super._deliver(method, call);
  }

  /** The media of a call while it is ongoing: started on the first ask, stopped once it is not ongoing. */
  #mediaOf(sessionId: string): KitInMemoryCallMedia | null {
    const call = this.switchboard.getCall(sessionId);
    const mine = call?.participants?.find(person => person.user.uid === this.user?.uid);
    if (call?.status !== 'ongoing' || !this.user || (mine && mine.status !== 'joined')) {
      this.#release(sessionId);
      return null;
    }
    let media = this.#media.get(sessionId);
    if (!media) {
      media = this.#start(call, this.user);
      this.#media.set(sessionId, media);
    }
    return media;
  }

  #start(call: KitCall, me: KitUser): KitInMemoryCallMedia {
    const caller = kitCaller(call).uid === me.uid;
    // A callee who answered as voice sends no camera: none on their side, no picture of them on the caller's.
    const voice = !!VOICE_ANSWERS.get(this.switchboard)?.has(call.sessionId);
    const video = call.type === 'video';
    const other = caller ? kitReceiver(call) : kitCaller(call);
    const media: KitInMemoryCallMedia = {
      local: null,
      // A group call draws each person apart (getParticipantStream).
      peer: call.participants ? null : this.#draw(other, video && !(voice && caller)),
      peers: new Map(),
      released: false,
      held: new Set(),
      sends: {audio: true, video},
    };
    void this.#openLocal(video && !(voice && !caller)).then(stream => {
      if (media.released) {
        stream?.getTracks().forEach(track => track.stop());
      } else {
        media.local = stream;
        kitPauseMedia(media);
      }
    });
    return media;
  }

  /** @returns A person drawn as a stream, or `null` where the browser cannot draw (the screen shows the avatar). */
  #draw(user: KitUser, video: boolean): KitInMemorySyntheticPeer | null {
    try {
      const canDraw = !!this.#document?.createElement('canvas').captureStream;
      return canDraw && typeof MediaStream === 'function'
        ? new KitInMemorySyntheticPeer(user, video, this.#document!)
        : null;
    } catch {
      return null;
    }
  }

  /** The camera and microphone, the microphone alone when there is no camera, or nothing. */
  async #openLocal(video: boolean): Promise<MediaStream | null> {
    const devices = globalThis.navigator?.mediaDevices;
    if (typeof devices?.getUserMedia !== 'function') {
      return null;
    }
    for (const constraints of video
      ? [{audio: true, video: true}, {audio: true}]
      : [{audio: true}]) {
      try {
        return await devices.getUserMedia(constraints);
      } catch {
        // Not allowed, or no such device: try with less, then quietly go without.
      }
    }
    return null;
  }

  #release(sessionId: string): void {
    const media = this.#media.get(sessionId);
    if (!media) {
      return;
    }
    this.#media.delete(sessionId);
    media.released = true;
    media.local?.getTracks().forEach(track => track.stop());
    media.local = null;
    media.peer?.stop();
    media.peers.forEach(peer => peer.stop());
    media.peers.clear();
  }
}

/**
 * A `callsSdk` factory for `provideKitUIKit`: an in-memory device with media on the app's switchboard (the demo's
 * video calls show the camera and the far side's picture).
 *
 * ```ts
 * provideKitUIKit({callsSdk: kitInMemoryMediaCallsSdk({uid: 'ada', name: 'Ada Lovelace'})})
 * ```
 * @param user The user logged in on the device.
 * @returns A factory to run in an injection context.
 */
export function kitInMemoryMediaCallsSdk(
  user: KitUser | null = null,
): () => KitInMemoryMediaCallsSdk {
  return () => {
    const sdk = new KitInMemoryMediaCallsSdk(
      inject(KitInMemorySwitchboard),
      user,
      inject(DOCUMENT),
    );
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
