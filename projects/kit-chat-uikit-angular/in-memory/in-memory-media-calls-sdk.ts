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
import {
  ENDINGS,
  KitInMemoryCallMedia,
  kitDrawPeer,
  kitOpenLocal,
  kitPauseMedia,
  kitSelectInput,
} from './in-memory-call-media';
import {KitInMemoryMesh, MESH_SIZE} from './in-memory-mesh';
import {kitInMemoryHold} from './in-memory-hold';
import {kitInMemoryTransfer} from './in-memory-transfer';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

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
 * track stops and every `AudioContext` closes when the call ends. A separate class from `KitInMemoryCallsSdk`, so
 * that an app or a test that wants no media ships none of it.
 */
export class KitInMemoryMediaCallsSdk
  extends KitInMemoryCallsSdk
  implements KitCallMediaSource, KitGroupCallsSdk, KitPhoneCallsSdk
{
  readonly #media = new Map<string, KitInMemoryCallMedia>();
  readonly #document: Document | null;
  readonly #mesh: boolean;

  /**
   * @param switchboard The switchboard this device is attached to.
   * @param user The user logged in on this device, if any.
   * @param document The page's document, to draw the far side on; `null` draws nothing.
   * @param options `mesh`: real media between the tabs of a call (`KitInMemoryMesh`; default off: drawn pictures).
   */
  constructor(
    switchboard: KitInMemorySwitchboard,
    user: KitUser | null = null,
    document: Document | null = globalThis.document ?? null,
    options: {mesh?: boolean} = {},
  ) {
    super(switchboard, user);
    this.#document = document;
    this.#mesh = !!options.mesh;
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
   * The far side of a call: what their tab sends over a real connection when they are on another tab of this
   * origin (once connected), else a canvas with their initials, and a quiet tone.
   * @param sessionId An ongoing call.
   * @returns The stream, or `null` where the browser cannot draw it (or the call is not ongoing).
   */
  getRemoteStream(sessionId: string): MediaStream | null {
    const call = this.switchboard.getCall(sessionId);
    const other = call?.participants?.find(
      person => person.status === 'joined' && person.user.uid !== this.user?.uid,
    );
    if (other) {
      return this.getParticipantStream(sessionId, other.user.uid);
    }
    const media = this.#mediaOf(sessionId);
    const far =
      call && (kitCaller(call).uid === this.user?.uid ? kitReceiver(call) : kitCaller(call));
    const real = media && far ? this.#received(media, call!, far.uid) : null;
    if (real) {
      media!.peer?.stop();
      media!.peer = null;
    }
    return real ?? media?.peer?.stream ?? null;
  }

  /**
   * In a group call, the stream of one other person who joined it, up to five others (a mesh of six): what their
   * tab sends over a real connection when they are on another tab of this origin (once connected), else a canvas
   * with their initials and a quiet tone. Stopped once they leave, and all of them once this device leaves.
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
    const real = this.#received(media, call!, uid);
    let peer = media.peers.get(uid);
    if (real) {
      // Connected: the drawing stops.
      peer?.stop();
      media.peers.delete(uid);
      return real;
    }
    if (!peer && media.peers.size < MESH_SIZE - 1) {
      peer = kitDrawPeer(person.user, call!.type === 'video', this.#document) ?? undefined;
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
  selectInputDevice(sessionId: string, kind: KitMediaInputKind, deviceId: string): Promise<void> {
    return kitSelectInput(this.#mediaOf(sessionId), sessionId, kind, deviceId);
  }

  readonly #digits = signal<Readonly<Record<string, string>>>({});
  /** The digits each call's far side received (`sendDigits`), by session id: the demo's far side panel shows them. */
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

  /** Whether `transfer` takes a consultation: yes, simulated far sides are joined (`kitInMemoryTransfer`). */
  readonly attendedTransfer = true;
  /** A transfer (`KitPhoneCallsSdk.transfer`), blind or attended, as `kitInMemoryTransfer` plays it. */
  transfer(sessionId: string, to: KitUser, consultation?: string): Promise<void> {
    return kitInMemoryTransfer(this, sessionId, to, consultation);
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
    // Someone left a group call: their stream stops, their connection closes.
    const media = this.#media.get(call.sessionId);
    for (const [uid, peer] of media?.peers ?? []) {
      if (!call.participants?.some(each => each.user.uid === uid && each.status === 'joined')) {
        peer.stop();
        media!.peers.delete(uid);
      }
    }
    // From the call as it is now: the news are a latency old, and an older list would close a newer connection.
    media?.mesh?.sync(this.#elsewhere(this.switchboard.getCall(call.sessionId) ?? call));
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
      peer: call.participants
        ? null
        : kitDrawPeer(other, video && !(voice && caller), this.#document),
      peers: new Map(),
      mesh:
        this.#mesh && KitInMemoryMesh.available()
          ? new KitInMemoryMesh(
              this.switchboard._lines(),
              call.sessionId,
              me.uid,
              !!call.participants,
            )
          : null,
      released: false,
      held: new Set(),
      sends: {audio: true, video},
    };
    void kitOpenLocal(video && !(voice && !caller)).then(stream => {
      if (media.released) {
        stream?.getTracks().forEach(track => track.stop());
      } else {
        media.local = stream;
        kitPauseMedia(media);
      }
    });
    return media;
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
    media.mesh?.close();
  }

  /** @returns What someone on another tab sends over the call's mesh, once connected, or `null`. */
  #received(media: KitInMemoryCallMedia, call: KitCall, uid: string): MediaStream | null {
    media.mesh?.sync(this.#elsewhere(call));
    return media.mesh?.stream(uid) ?? null;
  }

  /** The people in a call who are on other tabs (none of their devices here): the mesh connects to them. */
  #elsewhere(call: KitCall): string[] {
    const {devices, elsewhere} = this.switchboard._lines();
    const here = new Set([...devices].map(device => device.user?.uid));
    const people = call.participants
      ? call.participants.filter(person => person.status === 'joined').map(each => each.user)
      : [kitCaller(call), kitReceiver(call)];
    return people.map(user => user.uid).filter(uid => elsewhere.has(uid) && !here.has(uid));
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
 * @param options `mesh: true`: the tabs of a call send each other their camera and microphone over real
 *   `RTCPeerConnection`s (a mesh of six at most); off by default: drawn pictures, much lighter.
 * @returns A factory to run in an injection context.
 */
export function kitInMemoryMediaCallsSdk(
  user: KitUser | null = null,
  options: {mesh?: boolean} = {},
): () => KitInMemoryMediaCallsSdk {
  return () => {
    const sdk = new KitInMemoryMediaCallsSdk(
      inject(KitInMemorySwitchboard),
      user,
      inject(DOCUMENT),
      options,
    );
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
