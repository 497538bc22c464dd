import {DOCUMENT} from '@angular/common';
import {Injectable, Signal, inject, signal} from '@angular/core';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitAudioPlayer, KitAudioTrack} from './audio-player';

/** Which sound a call plays: the incoming ringtone or the outgoing ringback. */
export type KitRingKind = 'incoming' | 'outgoing';

/**
 * State of a ringing sound. `blocked`: the browser's autoplay policy refused to play; the sound starts on the next
 * user gesture if it was not stopped by then. `failed`: the sound cannot play (bad URL, unsupported format).
 * `silent`: another tab of the same user rings aloud; this one starts if that one stops first.
 */
export type KitSoundState = 'starting' | 'playing' | 'blocked' | 'failed' | 'silent' | 'stopped';

/** Options of `KitRingtone.start`. */
export interface KitRingOptions {
  /** URL of a custom sound; the built-in tone when empty. */
  url?: string | null;
  /** Receives `ERR_SOUND_BLOCKED` or `ERR_SOUND_FAILED`. */
  onError?: (error: KitException) => void;
}

const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Lets one tab at a time hold a named ringer, through the Web Locks API shared by the tabs of an origin. Where the
 * API is missing (old browsers, the server, jsdom), every caller holds it at once.
 */
@Injectable({providedIn: 'root'})
export class KitRingerLock {
  readonly #document = inject(DOCUMENT);

  /**
   * Asks for the lock `key`.
   * @param key Name of the lock.
   * @param granted Called with `true` once the lock is held, and first with `false` when another tab holds it
   *   (this one then waits in line).
   * @returns Releases the lock, or leaves the line. Safe to call more than once.
   */
  acquire(key: string, granted: (held: boolean) => void): () => void {
    let locks: LockManager | undefined;
    try {
      locks = this.#document.defaultView?.navigator?.locks;
    } catch {
      locks = undefined; // A sandboxed frame may throw on the mere access.
    }
    if (!locks) {
      granted(true);
      return () => {};
    }
    const controller = new AbortController();
    let release: () => void = () => {};
    let answered = false;
    const held = new Promise<void>(resolve => (release = resolve));
    const hold = () => {
      if (controller.signal.aborted) {
        return undefined;
      }
      answered = true;
      granted(true);
      return held;
    };
    // Refused (a sandboxed iframe, an opaque origin: SecurityError): ring as if this tab were alone.
    const ringAlone = () => {
      if (!answered && !controller.signal.aborted) {
        answered = true;
        granted(true);
      }
    };
    try {
      locks
        .request(key, {ifAvailable: true}, lock => {
          if (lock) {
            return hold();
          }
          answered = true;
          granted(false);
          // Wait in line: the tab that rings may close or stop before this call ends.
          locks.request(key, {signal: controller.signal}, hold).catch(() => {});
          return undefined;
        })
        .catch(ringAlone);
    } catch {
      ringAlone();
    }
    return () => {
      controller.abort();
      release();
    };
  }
}

/** The sound of one call. Stop it on every way out: `stop()` is idempotent. */
export class KitRingtoneRef {
  readonly #state = signal<KitSoundState>('starting');
  #track: KitAudioTrack | null;
  #removeGestureListeners: (() => void) | null = null;
  #releaseLock: (() => void) | null = null;
  readonly #lock: {ringer: KitRingerLock; key: string} | undefined;
  readonly #document: Document;
  readonly #options: KitRingOptions;

  /** Current state of the sound. */
  readonly state: Signal<KitSoundState> = this.#state.asReadonly();

  /** @docs-private */
  constructor(
    track: KitAudioTrack,
    document: Document,
    options: KitRingOptions,
    lock?: {ringer: KitRingerLock; key: string},
  ) {
    this.#document = document;
    this.#options = options;
    this.#track = track;
    this.#lock = lock;
    this.#ring();
  }

  /** Stops the sound and forgets any pending start. Safe to call any number of times. */
  stop(): void {
    this.#releaseLock?.();
    this.#releaseLock = null;
    this.#removeGestureListeners?.();
    this.#removeGestureListeners = null;
    this.#track?.stop();
    this.#track = null;
    this.#state.set('stopped');
  }

  /** Plays once this tab holds the user's ringer (another tab of the user may ring aloud meanwhile). */
  #ring(): void {
    const lock = this.#lock;
    if (!lock) {
      this.#play();
      return;
    }
    this.#releaseLock = lock.ringer.acquire(lock.key, held => {
      if (held) {
        this.#play();
      } else if (this.#track) {
        this.#state.set('silent');
      }
    });
  }

  #play(): void {
    const track = this.#track;
    if (!track) {
      return;
    }
    new Promise<void>(resolve => resolve(track.play())).then(
      () => {
        if (this.#track === track) {
          this.#state.set('playing');
        }
      },
      (error: unknown) => {
        if (this.#track !== track) {
          return; // Stopped meanwhile: a late refusal is of no interest.
        }
        if ((error as {name?: string} | null)?.name === 'NotAllowedError') {
          this.#state.set('blocked');
          // Another tab of the user that may play rings aloud instead; this one asks again on a gesture.
          this.#releaseLock?.();
          this.#releaseLock = null;
          this.#waitForGesture();
          this.#report(
            KitErrorCodes.SOUND_BLOCKED,
            typeof ngDevMode === 'undefined' || ngDevMode
              ? 'The browser blocked the ringtone until the user interacts'
              : '',
            error,
          );
        } else {
          this.#state.set('failed');
          this.#report(
            KitErrorCodes.SOUND_FAILED,
            typeof ngDevMode === 'undefined' || ngDevMode ? 'The ringtone could not be played' : '',
            error,
          );
        }
      },
    );
  }

  #waitForGesture(): void {
    const retry = () => {
      this.#removeGestureListeners?.();
      this.#removeGestureListeners = null;
      this.#ring();
    };
    GESTURES.forEach(type => this.#document.addEventListener(type, retry, {capture: true}));
    this.#removeGestureListeners = () =>
      GESTURES.forEach(type => this.#document.removeEventListener(type, retry, {capture: true}));
  }

  #report(
    code: typeof KitErrorCodes.SOUND_BLOCKED | typeof KitErrorCodes.SOUND_FAILED,
    message: string,
    cause: unknown,
  ): void {
    kitInvokeSafely(this.#options.onError, new KitException(code, message, cause));
  }
}

/**
 * Plays the looping sounds of calls: the incoming ringtone and the outgoing ringback (both built in), or a custom
 * URL. Each `start` gets its own track, so two calls never share one audio slot.
 */
@Injectable({providedIn: 'root'})
export class KitRingtone {
  readonly #player = inject(KitAudioPlayer);
  readonly #document = inject(DOCUMENT);
  readonly #ringer = inject(KitRingerLock);
  readonly #sdk = inject(KitCallsSdk, {optional: true});

  /**
   * Starts a looping sound. An incoming ringtone rings aloud in one tab of the logged-in user at a time.
   * @param kind `'incoming'` (ringtone) or `'outgoing'` (ringback).
   * @param options A custom URL and an error callback.
   * @returns The handle that stops it.
   */
  start(kind: KitRingKind, options: KitRingOptions = {}): KitRingtoneRef {
    const url = options.url?.trim();
    const track = this.#player.createTrack(
      url ? {url} : {tone: kind === 'incoming' ? 'ringtone' : 'ringback'},
    );
    const uid = kind === 'incoming' ? this.#loggedInUid() : null;
    const lock = uid ? {ringer: this.#ringer, key: `kit-ringer:${uid}`} : undefined;
    return new KitRingtoneRef(track, this.#document, options, lock);
  }

  #loggedInUid(): string | null {
    try {
      return this.#sdk?.getLoggedInUser()?.uid ?? null;
    } catch {
      return null; // The screens report SDK failures; the sound just rings without the cross-tab lock.
    }
  }
}
