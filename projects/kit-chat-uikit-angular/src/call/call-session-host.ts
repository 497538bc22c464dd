import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {
  KitCallDirection,
  KitCallPhase,
  KitCallSessionPorts,
  KitCallSessionViewOptions,
  KitCallSoundState,
} from './call-session-types';

/** How long before a ring time-out that fired while a decision was pending is tried again. */
const RETRY_TIMEOUT_MS = 5_000;

/** A clock whose timers never fire: on the server nothing may keep the render from settling. */
export const KIT_SERVER_CLOCK: KitCallSessionPorts['clock'] = {
  now: () => Date.now(),
  setTimeout: () => null,
  clearTimeout: () => {},
  setInterval: () => null,
  clearInterval: () => {},
};

/** The browser's clock. */
export const KIT_BROWSER_CLOCK: KitCallSessionPorts['clock'] = {
  now: () => Date.now(),
  setTimeout: (task, ms) => setTimeout(task, ms),
  clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (task, ms) => setInterval(task, ms),
  clearInterval: handle => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** What the host reads of its session, and how it tells it the time passed. */
export interface KitCallHostTarget {
  readonly direction: KitCallDirection;
  phase(): KitCallPhase;
  waiting(): boolean;
  sessionId(): string;
  ringTimeout(): number;
  /** When the call became ongoing, or `null`. */
  connectedAt(): number | null;
  /** The ring time-out fired (or its retry). */
  ringExpired(): void;
  /** The close delay passed. */
  closed(): void;
  /** Whole seconds since the call became ongoing, each second while a view ticks. */
  elapsed(seconds: number): void;
  /** The sound changed (started, stopped): views that show its state re-read it. */
  soundChanged(): void;
}

/**
 * What a session drives by its state, apart from the state itself: the views that show the call, the sound, the
 * ring timer, the elapsed clock and the close timer. It never calls back into the session's actions: it tells the
 * session its clocks fired, and the session's table decides.
 */
export class KitCallSessionHost {
  private readonly _views = new Map<object, KitCallSessionViewOptions>();
  private _sound: {readonly state: () => KitCallSoundState; stop(): void} | null = null;
  private _soundOptions: {disabled: boolean; url: string | null} = {disabled: false, url: null};
  private _ringTimer: unknown = null;
  private _closeTimer: unknown = null;
  private _elapsedTimer: unknown = null;
  /** Whether the ring time-out counts (a view shows the ringing call, and it does not wait in a banner). */
  private _armed = false;
  /** Whether the ring time-out fired. */
  expired = false;

  /**
   * @param _target The session.
   * @param _ports The sound, the clock and the app's error report.
   */
  constructor(
    private readonly _target: KitCallHostTarget,
    private readonly _ports: Pick<KitCallSessionPorts, 'sound' | 'clock' | 'report'>,
  ) {}

  /** Whether a view shows the call. */
  get isShown(): boolean {
    return this._views.size > 0;
  }

  /** The looping sound, while there is one. */
  get sound(): {readonly state: () => KitCallSoundState} | null {
    return this._sound;
  }

  /**
   * A view starts showing the call.
   * @param view Any object, used as a key.
   * @param options Whether it plays the sound, ticks, and where its errors go.
   * @returns Detaches the view.
   */
  attach(view: object, options: KitCallSessionViewOptions): () => void {
    this._views.set(view, options);
    this.sync();
    return () => {
      if (this._views.delete(view)) {
        if (!this._views.size && this._armed) {
          // Nobody shows the call any more: it stops counting towards its time-out until shown again.
          this._armed = false;
          this._clear('_ringTimer');
        }
        this.sync();
      }
    };
  }

  /**
   * Sets the sound; a change restarts or stops it at once.
   * @param disabled Whether the call is silent.
   * @param url A custom sound, or `null` for the built-in tone.
   */
  setSound(disabled: boolean, url: string | null): void {
    if (disabled === this._soundOptions.disabled && url === this._soundOptions.url) {
      return;
    }
    this._soundOptions = {disabled, url};
    this._stopSound();
    this._syncSound();
  }

  /** Follows the session's state: the ring timer, the sound and the elapsed clock. */
  sync(): void {
    const target = this._target;
    const ringing = target.phase() === 'ringing' || target.phase() === 'dialing';
    if (target.phase() === 'ended' || target.connectedAt() !== null) {
      this._clear('_ringTimer');
    } else if (target.waiting()) {
      // A waiting call rings until the call on screen ends, then takes the screen with a time-out of its own.
      this._armed = false;
      this._clear('_ringTimer');
    } else if (
      !this._armed &&
      ringing &&
      this._views.size &&
      (target.direction === 'incoming' || target.sessionId())
    ) {
      this._armed = true;
      this._arm(target.ringTimeout());
    }
    this._syncSound();
    this._syncElapsed();
  }

  /** Sets the ring time-out anew, restarting it when the call already rings. */
  restartRing(): void {
    if (this._armed && (this._target.phase() === 'ringing' || this._target.phase() === 'dialing')) {
      this._arm(this._target.ringTimeout());
    }
  }

  /** The ring time-out fired while a decision was pending, or was refused: it is tried again a little later. */
  retry(): void {
    this._arm(Math.min(this._target.ringTimeout(), RETRY_TIMEOUT_MS));
  }

  /** @param ms Milliseconds the ending stays on screen; the session hears `closed()` then. */
  closeIn(ms: number): void {
    this._clear('_closeTimer');
    this._closeTimer = this._ports.clock.setTimeout(() => this._target.closed(), ms);
  }

  /** Stops every timer and the sound (safe to call twice). */
  teardown(): void {
    const clock = this._ports.clock;
    this._clear('_ringTimer');
    this._clear('_closeTimer');
    if (this._elapsedTimer !== null) {
      clock.clearInterval(this._elapsedTimer);
      this._elapsedTimer = null;
    }
    this._stopSound();
  }

  /**
   * Errors go to the views that listen; with none, to the app's `onError` (unless `fallback` is false).
   * @param error The error.
   * @param fallback Whether the app hears it when no view listens.
   */
  report(error: KitException, fallback: boolean): void {
    const handlers = [...this._views.values()]
      .map(view => view.onError)
      .filter(handler => !!handler);
    if (!handlers.length) {
      if (fallback) {
        this._ports.report(error);
      }
      return;
    }
    for (const handler of handlers) {
      try {
        handler(error);
      } catch (thrown) {
        console.error('kit-chat-uikit-angular: an onError handler threw', thrown);
      }
    }
  }

  private _arm(ms: number): void {
    this._clear('_ringTimer');
    if (ms <= 0 || this._target.ringTimeout() <= 0) {
      return;
    }
    this._ringTimer = this._ports.clock.setTimeout(() => {
      this._ringTimer = null;
      this.expired = true;
      this._target.ringExpired();
    }, ms);
  }

  private _clear(timer: '_ringTimer' | '_closeTimer'): void {
    if (this[timer] !== null) {
      this._ports.clock.clearTimeout(this[timer]);
      this[timer] = null;
    }
  }

  /** The elapsed time ticks while the call is ongoing and a view that shows it is attached. */
  private _syncElapsed(): void {
    const clock = this._ports.clock;
    const since = this._target.connectedAt();
    const wanted =
      since !== null &&
      this._target.phase() !== 'ended' &&
      [...this._views.values()].some(view => view.ticks !== false);
    if (!wanted) {
      if (this._elapsedTimer !== null) {
        clock.clearInterval(this._elapsedTimer);
        this._elapsedTimer = null;
      }
    } else if (this._elapsedTimer === null) {
      this._elapsedTimer = clock.setInterval(
        () => this._target.elapsed(Math.floor((clock.now() - since) / 1000)),
        1000,
      );
    }
  }

  /** The sound plays while the call rings or dials, a view that plays it is attached, and it is not off. */
  private _syncSound(): void {
    const phase = this._target.phase();
    const wanted =
      (phase === 'ringing' || phase === 'dialing') &&
      !this._target.waiting() &&
      !this._soundOptions.disabled &&
      [...this._views.values()].some(view => view.sound !== false);
    if (!wanted) {
      this._stopSound();
      return;
    }
    if (this._sound) {
      return;
    }
    try {
      this._sound = this._ports.sound.start(this._target.direction, {
        url: this._soundOptions.url,
        onError: error => this.report(error, true),
      });
    } catch (error) {
      this._sound = null;
      this._ports.report(KitException.from(error, KitErrorCodes.SOUND_FAILED, 'The sound failed'));
    }
    this._target.soundChanged();
  }

  private _stopSound(): void {
    const sound = this._sound;
    if (sound) {
      this._sound = null;
      try {
        sound.stop();
      } catch (error) {
        this._ports.report(
          KitException.from(error, KitErrorCodes.SOUND_FAILED, 'Stopping the sound failed'),
        );
      }
    }
  }
}
