import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {
  KitCallDirection,
  KitCallEvent,
  KitCallSessionOptions,
  KitCallSessionPorts,
  KitCallSessionState,
  KitCallSessionViewOptions,
  KitCallSoundState,
} from './call-session-types';

/** How long before a ring time-out that fired while a decision was pending is tried again. */
const RETRY_TIMEOUT_MS = 5_000;
/** How long an ongoing call waits for its lost connection by default. */
const RECONNECT_TIMEOUT_MS = 30_000;

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

/**
 * What the host reads of its session's machine, and how it tells it of the time passing: one of
 * the session's clocks fired (the ring time-out or its retry, the reconnect bound, the close
 * delay), a second went by, the sound changed (views that show its state re-read it).
 */
export interface KitCallHostTarget {
  readonly state: KitCallSessionState;
  /** Looks the event's row up and takes it. @returns Whether a row took the event. */
  fire(event: KitCallEvent): boolean;
  /** Changes the state outside of a transition, and tells the views. */
  set(change: Partial<KitCallSessionState>): void;
  /** Tells the listeners of a change made aside (the sound's state). */
  changedAside(): void;
}

/**
 * What a session drives by its state, apart from the state itself: the views that show the call, the sound, the
 * ring timer, the elapsed clock and the close timer. It never calls back into the session's actions: it tells the
 * session its clocks fired, and the session's table decides.
 */
export class KitCallSessionHost {
  readonly #views = new Map<object, KitCallSessionViewOptions>();
  #sound: {readonly state: () => KitCallSoundState; stop(): void} | null = null;
  #soundOptions: {disabled: boolean; url: string | null} = {disabled: false, url: null};
  #ringTimer: unknown = null;
  #closeTimer: unknown = null;
  #elapsedTimer: unknown = null;
  #lostTimer: unknown = null;
  /** Whether the ring time-out counts (a view shows the ringing call, and it does not wait in a banner). */
  #armed = false;

  readonly #direction: KitCallDirection;
  readonly #options: KitCallSessionOptions;
  readonly #connectedAt: () => number | null;
  readonly #target: KitCallHostTarget;
  readonly #ports: Pick<KitCallSessionPorts, 'sound' | 'clock' | 'report'>;

  /**
   * @param direction Whether the call rings here or is placed from here.
   * @param options The time-outs (the ring time-out may change while the call rings).
   * @param connectedAt When the call became ongoing, or `null`.
   * @param target The session's machine.
   * @param ports The sound, the clock and the app's error report.
   */
  constructor(
    direction: KitCallDirection,
    options: KitCallSessionOptions,
    connectedAt: () => number | null,
    target: KitCallHostTarget,
    ports: Pick<KitCallSessionPorts, 'sound' | 'clock' | 'report'>,
  ) {
    this.#direction = direction;
    this.#options = options;
    this.#connectedAt = connectedAt;
    this.#target = target;
    this.#ports = ports;
  }

  /** The looping sound, while there is one. */
  get sound(): {readonly state: () => KitCallSoundState} | null {
    return this.#sound;
  }

  /**
   * A view starts showing the call.
   * @param view Any object, used as a key.
   * @param options Whether it plays the sound, ticks, and where its errors go.
   * @returns Detaches the view.
   */
  attach(view: object, options: KitCallSessionViewOptions): () => void {
    this.#views.set(view, options);
    this.sync();
    return () => {
      if (this.#views.delete(view)) {
        if (!this.#views.size && this.#armed) {
          // Nobody shows the call any more: it stops counting towards its time-out until shown again.
          this.#armed = false;
          this.#ringTimer = this.#cancel(this.#ringTimer);
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
    if (disabled === this.#soundOptions.disabled && url === this.#soundOptions.url) {
      return;
    }
    this.#soundOptions = {disabled, url};
    this.#stopSound();
    this.#syncSound();
  }

  /** Follows the session's state: the ring timer, the sound and the elapsed clock. */
  sync(): void {
    const {phase, waiting, call} = this.#target.state;
    const ringing = phase === 'ringing' || phase === 'dialing';
    if (phase === 'ended' || this.#connectedAt() !== null) {
      this.#ringTimer = this.#cancel(this.#ringTimer);
    } else if (waiting) {
      // A waiting call rings until the call on screen ends, then takes the screen with a time-out of its own.
      this.#armed = false;
      this.#ringTimer = this.#cancel(this.#ringTimer);
    } else if (
      !this.#armed &&
      ringing &&
      this.#views.size &&
      (this.#direction === 'incoming' || call.sessionId)
    ) {
      this.#armed = true;
      this.#arm(this.#options.ringTimeout);
    }
    this.#syncSound();
    this.#syncElapsed();
    this.#syncLost();
  }

  /** Sets the ring time-out anew, restarting it when the call already rings. */
  restartRing(): void {
    const phase = this.#target.state.phase;
    if (this.#armed && (phase === 'ringing' || phase === 'dialing')) {
      this.#arm(this.#options.ringTimeout);
    }
  }

  /** The ring time-out fired while a decision was pending, or was refused: it is tried again a little later. */
  retry(): void {
    this.#arm(Math.min(this.#options.ringTimeout, RETRY_TIMEOUT_MS));
  }

  /** @param ms Milliseconds the ending stays on screen; the session hears `closed()` then. */
  closeIn(ms: number): void {
    this.#closeTimer = this.#cancel(this.#closeTimer);
    this.#closeTimer = this.#ports.clock.setTimeout(() => this.#target.fire({type: 'closed'}), ms);
  }

  /** Stops every timer and the sound (safe to call twice). */
  teardown(): void {
    const clock = this.#ports.clock;
    this.#ringTimer = this.#cancel(this.#ringTimer);
    this.#closeTimer = this.#cancel(this.#closeTimer);
    if (this.#elapsedTimer !== null) {
      clock.clearInterval(this.#elapsedTimer);
      this.#elapsedTimer = null;
    }
    this.#lostTimer = this.#cancel(this.#lostTimer);
    this.#stopSound();
  }

  /**
   * Errors go to the views that listen; with none, to the app's `onError` (unless `fallback` is false).
   * @param error The error.
   * @param fallback Whether the app hears it when no view listens (default true).
   */
  report(error: KitException, fallback = true): void {
    const handlers = [...this.#views.values()]
      .map(view => view.onError)
      .filter(handler => !!handler);
    if (!handlers.length) {
      if (fallback) {
        this.#ports.report(error);
      }
      return;
    }
    for (const handler of handlers) {
      try {
        handler(error);
      } catch (thrown) {
        console.error(
          typeof ngDevMode === 'undefined' || ngDevMode
            ? 'kit-chat-uikit-angular: an onError handler threw'
            : '',
          thrown,
        );
      }
    }
  }

  #arm(ms: number): void {
    this.#ringTimer = this.#cancel(this.#ringTimer);
    if (ms <= 0 || this.#options.ringTimeout <= 0) {
      return;
    }
    this.#ringTimer = this.#ports.clock.setTimeout(() => {
      this.#ringTimer = null;
      this.#target.fire({type: 'ringExpired'});
    }, ms);
  }

  /** Stops a time-out, if it runs. @returns `null`, the stopped timer's new value. */
  #cancel(timer: unknown): null {
    if (timer !== null) {
      this.#ports.clock.clearTimeout(timer);
    }
    return null;
  }

  /** While the call reconnects, the bound runs; once back (or ended: no ended state reconnects), it stops. */
  #syncLost(): void {
    if (!this.#target.state.reconnecting) {
      this.#lostTimer = this.#cancel(this.#lostTimer);
    } else if (this.#lostTimer === null) {
      this.#lostTimer = this.#ports.clock.setTimeout(() => {
        this.#lostTimer = null;
        this.#target.fire({type: 'reconnectExpired'});
      }, this.#options.reconnectTimeout ?? RECONNECT_TIMEOUT_MS);
    }
  }

  /** The elapsed time ticks while the call is ongoing and a view that shows it is attached. */
  #syncElapsed(): void {
    const clock = this.#ports.clock;
    const since = this.#connectedAt();
    const wanted =
      since !== null &&
      this.#target.state.phase !== 'ended' &&
      [...this.#views.values()].some(view => view.ticks !== false);
    if (!wanted) {
      if (this.#elapsedTimer !== null) {
        clock.clearInterval(this.#elapsedTimer);
        this.#elapsedTimer = null;
      }
    } else if (this.#elapsedTimer === null) {
      this.#elapsedTimer = clock.setInterval(() => {
        const elapsedSeconds = Math.floor((clock.now() - since) / 1000);
        if (elapsedSeconds !== this.#target.state.elapsedSeconds) {
          this.#target.set({elapsedSeconds});
        }
      }, 1000);
    }
  }

  /** The sound plays while the call rings or dials, a view that plays it is attached, and it is not off. */
  #syncSound(): void {
    const {phase, waiting} = this.#target.state;
    const wanted =
      (phase === 'ringing' || phase === 'dialing') &&
      !waiting &&
      !this.#soundOptions.disabled &&
      [...this.#views.values()].some(view => view.sound !== false);
    if (!wanted) {
      this.#stopSound();
      return;
    }
    if (this.#sound) {
      return;
    }
    try {
      this.#sound = this.#ports.sound.start(this.#direction, {
        url: this.#soundOptions.url,
        onError: error => this.report(error),
      });
    } catch (error) {
      this.#sound = null;
      this.#ports.report(
        KitException.from(
          error,
          KitErrorCodes.SOUND_FAILED,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'The sound failed' : '',
        ),
      );
    }
    this.#target.changedAside();
  }

  #stopSound(): void {
    const sound = this.#sound;
    if (sound) {
      this.#sound = null;
      try {
        sound.stop();
      } catch (error) {
        this.#ports.report(
          KitException.from(
            error,
            KitErrorCodes.SOUND_FAILED,
            typeof ngDevMode === 'undefined' || ngDevMode ? 'Stopping the sound failed' : '',
          ),
        );
      }
    }
  }
}
