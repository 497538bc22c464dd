import {DOCUMENT} from '@angular/common';
import {Injectable, Signal, inject, signal} from '@angular/core';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitAudioPlayer, KitAudioTrack} from './audio-player';
import {KitRingerLock} from './ringer-lock';

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

/** The sound of one call. Stop it on every way out: `stop()` is idempotent. */
export class KitRingtoneRef {
  private readonly _state = signal<KitSoundState>('starting');
  private _track: KitAudioTrack | null;
  private _removeGestureListeners: (() => void) | null = null;
  private _releaseLock: (() => void) | null = null;

  /** Current state of the sound. */
  readonly state: Signal<KitSoundState> = this._state.asReadonly();

  /** @docs-private */
  constructor(
    track: KitAudioTrack,
    private readonly _document: Document,
    private readonly _options: KitRingOptions,
    lock?: {ringer: KitRingerLock; key: string},
  ) {
    this._track = track;
    if (lock) {
      this._releaseLock = lock.ringer.acquire(lock.key, held => {
        if (held) {
          this._play();
        } else if (this._track) {
          this._state.set('silent');
        }
      });
    } else {
      this._play();
    }
  }

  /** Stops the sound and forgets any pending start. Safe to call any number of times. */
  stop(): void {
    this._releaseLock?.();
    this._releaseLock = null;
    this._removeGestureListeners?.();
    this._removeGestureListeners = null;
    this._track?.stop();
    this._track = null;
    this._state.set('stopped');
  }

  private _play(): void {
    const track = this._track;
    if (!track) {
      return;
    }
    let started: Promise<void>;
    try {
      started = Promise.resolve(track.play());
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      () => {
        if (this._track === track) {
          this._state.set('playing');
        }
      },
      (error: unknown) => {
        if (this._track !== track) {
          return; // Stopped meanwhile: a late refusal is of no interest.
        }
        if ((error as {name?: string} | null)?.name === 'NotAllowedError') {
          this._state.set('blocked');
          this._waitForGesture();
          this._report(
            KitErrorCodes.SOUND_BLOCKED,
            'The browser blocked the ringtone until the user interacts',
            error,
          );
        } else {
          this._state.set('failed');
          this._report(KitErrorCodes.SOUND_FAILED, 'The ringtone could not be played', error);
        }
      },
    );
  }

  private _waitForGesture(): void {
    const retry = () => {
      this._removeGestureListeners?.();
      this._removeGestureListeners = null;
      this._play();
    };
    GESTURES.forEach(type => this._document.addEventListener(type, retry, {capture: true}));
    this._removeGestureListeners = () =>
      GESTURES.forEach(type => this._document.removeEventListener(type, retry, {capture: true}));
  }

  private _report(
    code: typeof KitErrorCodes.SOUND_BLOCKED | typeof KitErrorCodes.SOUND_FAILED,
    message: string,
    cause: unknown,
  ): void {
    try {
      this._options.onError?.(new KitException(code, message, cause));
    } catch (error) {
      console.error('KitRingtone: the onError handler threw', error);
    }
  }
}

/**
 * Plays the looping sounds of calls: the incoming ringtone and the outgoing ringback (both built in), or a custom
 * URL. Each `start` gets its own track, so two calls never share one audio slot.
 */
@Injectable({providedIn: 'root'})
export class KitRingtone {
  private readonly _player = inject(KitAudioPlayer);
  private readonly _document = inject(DOCUMENT);
  private readonly _ringer = inject(KitRingerLock);
  private readonly _sdk = inject(KitCallsSdk, {optional: true});

  /**
   * Starts a looping sound. An incoming ringtone rings aloud in one tab of the logged-in user at a time.
   * @param kind `'incoming'` (ringtone) or `'outgoing'` (ringback).
   * @param options A custom URL and an error callback.
   * @returns The handle that stops it.
   */
  start(kind: KitRingKind, options: KitRingOptions = {}): KitRingtoneRef {
    const url = options.url?.trim();
    const track = this._player.createTrack(
      url ? {url} : {tone: kind === 'incoming' ? 'ringtone' : 'ringback'},
    );
    const uid = kind === 'incoming' ? this._loggedInUid() : null;
    const lock = uid ? {ringer: this._ringer, key: `kit-ringer:${uid}`} : undefined;
    return new KitRingtoneRef(track, this._document, options, lock);
  }

  private _loggedInUid(): string | null {
    try {
      return this._sdk?.getLoggedInUser()?.uid ?? null;
    } catch {
      return null; // The screens report SDK failures; the sound just rings without the cross-tab lock.
    }
  }
}
