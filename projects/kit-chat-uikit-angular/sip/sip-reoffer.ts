import {KitErrorCode, KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import {KitSipSession} from './sip-types';

/** What a call's re-INVITEs read of it. @docs-private */
export interface KitSipReofferable {
  readonly session: KitSipSession;
  readonly direction: 'incoming' | 'outgoing';
  readonly local: MediaStream | null;
  readonly done: boolean;
  /** What the call lost (`ice`, `link`), until it is back. */
  readonly lost: ReadonlySet<'ice' | 'link'>;
  readonly timers: ReturnType<typeof setTimeout>[];
}

/** What the re-INVITEs tell the call book. @docs-private */
export interface KitSipReofferHooks {
  /** An ICE restart was answered (the media path may still be checking). */
  iceAnswered(entry: KitSipReofferable): void;
  /** The far side refused an ICE restart (not a 491): the call cannot get its media back. */
  iceRefused(entry: KitSipReofferable): void;
  /** An error that no SDK method can reject with. */
  report(code: KitErrorCode, message: string, details?: unknown): void;
}

/** Where one call's re-INVITEs stand. */
interface KitSipReofferState {
  /** Whether a re-INVITE is under way, or waits to be sent: one at a time. */
  busy: boolean;
  /** Whether the next re-INVITE restarts ICE. */
  iceRestart: boolean;
  /** Whether the kit wants my camera to send (`setLocalMedia`). */
  cameraOn: boolean;
  /** Whether the far side was last told that my camera sends (`m=video` sendrecv, else recvonly). */
  videoSent: boolean | null;
  /** How many re-INVITEs in a row crossed one of the far side (491). */
  glare: number;
  /** The ICE restart planned since the media path dropped. */
  giveUp?: ReturnType<typeof setTimeout>;
  /** Whether the kit wants my microphone to send (`setLocalMedia`). */
  audioOn: boolean;
  /** Whether the kit wants the call on hold (`hold`), and whether the far side was last told so. */
  held: boolean;
  heldSent: boolean;
  /** Whether the far side holds the call (its re-INVITE said `sendonly` or `inactive`). */
  remoteHeld: boolean;
  /** The holds and resumes that wait for their re-INVITE's answer. */
  holds: {on: boolean; settle: (error?: KitException) => void}[];
}

/** An SDP direction from what is sent and what is received. */
const direction = (send: boolean, receive: boolean): RTCRtpTransceiverDirection =>
  send ? (receive ? 'sendrecv' : 'sendonly') : receive ? 'recvonly' : 'inactive';

/** How often a re-INVITE is tried again after crossing one of the far side (491). */
const MAX_GLARE = 5;
/**
 * How long ICE may stay `disconnected` before it is restarted as if `failed`. Chromium may never move on to
 * `failed`: with the TURN server that relayed the media restarted (its allocations gone), it stayed `disconnected`
 * for over 100 s in the browser tests.
 */
const ICE_DISCONNECTED_WAIT = 5000;
/** How much later than the caller the callee restarts ICE, if still needed: two crossing re-INVITEs fail both. */
const CALLEE_ICE_WAIT = 3000;

/**
 * The re-INVITEs of each call, one at a time: an ICE restart, and the camera's direction. The kit turns the camera
 * off by disabling its track (and says so through `setLocalMedia`); a disabled track still sends black frames, and
 * the far side would show a black picture. So the `m=video` goes `recvonly` (camera off) and back to `sendrecv`: the far side's remote video track is then muted,
 * and its ongoing screen shows my avatar instead. A re-INVITE that crosses one of the far side fails with 491 on
 * both sides; each tries again after a random wait (RFC 3261 §14.1), never ending the call for it.
 *
 * JsSIP's `renegotiate()` is not used: it sets `enabled` on every track it sends (so a muted microphone would be
 * heard again after an ICE restart), and it ends the call on any failure, a 491 included.
 * @docs-private
 */
export class KitSipReoffers {
  private readonly _states = new WeakMap<KitSipReofferable, KitSipReofferState>();

  /** @param _hooks What an ICE restart's answer or refusal does to the call. */
  constructor(private readonly _hooks: KitSipReofferHooks) {}

  /** Restarts ICE with the next re-INVITE (as soon as no other is under way). */
  restartIce(entry: KitSipReofferable): void {
    this._state(entry).iceRestart = true;
    this.send(entry);
  }

  /**
   * The media path dropped: ICE restarts once it is `failed`, or `disconnected` for 5 s, if it is not back by
   * then; the caller first, the callee 3 s later. With the transport lost, the registration's return decides.
   * @param failed Whether ICE is `failed` (else `disconnected`, which may heal by itself).
   */
  iceLost(entry: KitSipReofferable, failed: boolean): void {
    const state = this._state(entry);
    clearTimeout(state.giveUp);
    const wait =
      (failed ? 0 : ICE_DISCONNECTED_WAIT) + (entry.direction === 'outgoing' ? 0 : CALLEE_ICE_WAIT);
    state.giveUp = setTimeout(() => {
      if (entry.lost.has('ice') && !entry.lost.has('link')) {
        this.restartIce(entry);
      }
    }, wait);
    entry.timers.push(state.giveUp);
  }

  /**
   * The kit turned the camera off or on (`setLocalMedia`): the far side hears it by a re-INVITE, if it changed.
   * @param on Whether the camera sends.
   */
  camera(entry: KitSipReofferable, on: boolean): void {
    this._state(entry).cameraOn = on;
    // Later: the toggles of one moment (off and on again) make one re-INVITE, or none.
    entry.timers.push(setTimeout(() => this.send(entry)));
  }

  /**
   * The kit turned the microphone or the camera off or on (`setLocalMedia`): the tracks follow (not while the call
   * is held), and the far side hears a change of the camera by a re-INVITE.
   */
  media(entry: KitSipReofferable, audio: boolean, video: boolean): void {
    this._state(entry).audioOn = audio;
    this.camera(entry, video);
    this._apply(entry);
  }

  /**
   * Puts the call on hold (`m=` lines `sendonly`, `inactive` when the far side holds too), or takes it off
   * (`sendrecv`), by a re-INVITE in turn with the others; meanwhile nothing is sent.
   * @returns Resolves once the far side took it; rejects with a `KitException` when it refused (the call stays as it
   *   was), or the call is over.
   */
  hold(entry: KitSipReofferable, on: boolean): Promise<void> {
    const state = this._state(entry);
    if (entry.done) {
      return Promise.reject(new KitException(KitErrorCodes.CALL_ENDED, 'The call is over'));
    }
    state.held = on;
    if (!state.busy && on === state.heldSent) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      state.holds.push({on, settle: error => (error ? reject(error) : resolve())});
      this.send(entry);
    });
  }

  /** The far side put the call on hold or took it off: nothing is sent to it meanwhile. */
  remoteHold(entry: KitSipReofferable, on: boolean): void {
    this._state(entry).remoteHeld = on;
    this._apply(entry);
  }

  /** The tracks send what the kit wants, and nothing while either side holds (JsSIP's own toggles undone). */
  private _apply(entry: KitSipReofferable): void {
    const state = this._state(entry);
    const paused = state.heldSent || state.remoteHeld;
    entry.local
      ?.getTracks()
      .forEach(
        track =>
          (track.enabled = !paused && (track.kind === 'audio' ? state.audioOn : state.cameraOn)),
      );
  }

  /** Settles the holds or resumes waiting for `on`: resolved, or rejected with `error`. */
  private _settleHolds(state: KitSipReofferState, on: boolean, error?: KitException): void {
    const settled = state.holds.filter(hold => hold.on === on);
    state.holds = state.holds.filter(hold => hold.on !== on);
    settled.forEach(hold => hold.settle(error));
  }

  /** Sends the next re-INVITE when one is due and none is under way. */
  send(entry: KitSipReofferable): void {
    const state = this._state(entry);
    if (entry.done || state.busy) {
      return;
    }
    // Media that came back by itself (or by the far side's restart) is never restarted: that would pause it.
    state.iceRestart &&= entry.lost.has('ice');
    const video = entry.session.connection
      ?.getTransceivers?.()
      .find(each => each.receiver.track?.kind === 'video' && each.direction !== 'stopped');
    const camera =
      state.cameraOn &&
      (entry.local?.getTracks() ?? []).some(
        track => track.kind === 'video' && track.readyState !== 'ended',
      );
    state.videoSent ??= !!video && video.direction.startsWith('send');
    const moveVideo = !!video && camera !== state.videoSent;
    const holding = state.held;
    if (!state.iceRestart && !moveVideo && holding === state.heldSent) {
      return;
    }
    // Nothing goes out over a lost transport (JsSIP would end the call); the next registration sends it. Not before
    // the call is set up either, nor while the far side's re-INVITE is answered.
    if (entry.lost.has('link') || !entry.session.isReadyToReOffer()) {
      state.busy = true;
      this._later(entry, 500);
      return;
    }
    const iceRestart = state.iceRestart;
    state.iceRestart = false;
    state.busy = true;
    // Each m= line: sent unless the far side holds (or, video, the camera is off); received unless I hold.
    for (const each of entry.session.connection?.getTransceivers?.() ?? []) {
      if (each.direction !== 'stopped') {
        const sends = each === video ? camera : each.receiver.track?.kind === 'audio' || camera;
        each.direction = direction(sends && !state.remoteHeld, !holding);
      }
    }
    try {
      entry.session._sendReinvite({
        rtcOfferConstraints: iceRestart ? {iceRestart: true} : {},
        eventHandlers: {
          succeeded: () => {
            state.busy = false;
            state.glare = 0;
            state.videoSent = video ? camera : state.videoSent;
            state.heldSent = holding;
            this._apply(entry);
            this._settleHolds(state, holding);
            if (iceRestart) {
              this._hooks.iceAnswered(entry);
            }
            this.send(entry); // What changed meanwhile.
          },
          failed: response =>
            this._failed(entry, state, iceRestart, response?.status_code, holding),
        },
      });
    } catch {
      // A JsSIP without its private `_sendReinvite` (3.x has it), or one that refuses to offer now: as if refused,
      // never an error thrown into the page's ICE or camera events.
      this._failed(entry, state, iceRestart, undefined, holding);
    }
  }

  private _failed(
    entry: KitSipReofferable,
    state: KitSipReofferState,
    iceRestart: boolean,
    code: number | undefined,
    holding: boolean,
  ): void {
    if (entry.done) {
      return;
    }
    if (code === 491 && state.glare < MAX_GLARE) {
      // Crossed the far side's re-INVITE: try again, the caller (who owns the Call-ID) after 2.1–4 s, the callee
      // after 0–2 s, so that the two do not cross again.
      state.glare++;
      state.iceRestart ||= iceRestart;
      const wait =
        entry.direction === 'outgoing' ? 2100 + Math.random() * 1900 : Math.random() * 2000;
      this._later(entry, wait);
      return;
    }
    state.busy = false;
    state.glare = 0;
    if (holding !== state.heldSent) {
      // A hold (or resume) refused: the call stays as it was, and the kit hears it from the promise.
      state.held = state.heldSent;
      this._settleHolds(
        state,
        holding,
        new KitException(
          KitErrorCodes.CALL_FAILED,
          `The far side refused the ${holding ? 'hold' : 'resume'} (${code ?? 'no answer'})`,
          code,
        ),
      );
    }
    if (iceRestart) {
      this._hooks.iceRefused(entry);
    } else if (holding === state.heldSent) {
      // The call goes on; the far side keeps the picture it had. The next change of the camera tries again.
      this._hooks.report(
        KitErrorCodes.SDK,
        `The far side refused the camera's renegotiation (${code ?? 'no answer'})`,
      );
    }
  }

  /** Tries again after `wait` ms (the call stays busy meanwhile). */
  private _later(entry: KitSipReofferable, wait: number): void {
    entry.timers.push(
      setTimeout(() => {
        this._state(entry).busy = false;
        this.send(entry);
      }, wait),
    );
  }

  private _state(entry: KitSipReofferable): KitSipReofferState {
    let state = this._states.get(entry);
    if (!state) {
      state = {
        busy: false,
        iceRestart: false,
        cameraOn: true,
        videoSent: null,
        glare: 0,
        audioOn: true,
        held: false,
        heldSent: false,
        remoteHeld: false,
        holds: [],
      };
      this._states.set(entry, state);
    }
    return state;
  }
}
