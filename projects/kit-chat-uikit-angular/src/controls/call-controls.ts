import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {
  DestroyRef,
  EffectRef,
  Injectable,
  Injector,
  PLATFORM_ID,
  Signal,
  afterNextRender,
  effect,
  inject,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';

/** Options of `withCallControls()`: each part is on unless set to `false`. */
export interface KitCallControlsOptions {
  /** Whether the browser's own media controls (Media Session) hang up, mute and turn the camera off. */
  readonly mediaSession?: boolean;
  /** Whether the screen stays awake (Screen Wake Lock) during a video call. */
  readonly wakeLock?: boolean;
  /** Whether leaving or reloading the page during a call asks first (`beforeunload`). */
  readonly unloadGuard?: boolean;
}

/** @docs-private */
/**
 * What the platform drives on the ongoing screen: an app's own screen offers these members; the kit's screen has
 * them as its internal `_` members (those of its buttons).
 */
interface Toggles {
  readonly muted?: Signal<boolean>;
  readonly cameraOff?: Signal<boolean>;
  toggleMute?(): void;
  toggleCamera?(): void;
  readonly _muted?: Signal<boolean>;
  readonly _cameraOff?: Signal<boolean>;
  _toggleMute?(): void;
  _toggleCamera?(): void;
}

type CallAction = 'hangup' | 'togglemicrophone' | 'togglecamera';
interface CallMediaSession {
  metadata: MediaMetadata | null;
  setActionHandler(action: CallAction, handler: (() => void) | null): void;
  setMicrophoneActive?(active: boolean): void;
  setCameraActive?(active: boolean): void;
}
interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
}

/**
 * The platform's call controls for the call on screen (`withCallControls()`): from the moment a call in the overlay
 * is ongoing until it ends, the browser's media controls (Media Session: hang up, microphone, camera, with the other
 * person's name and picture) drive the same actions as the screen's buttons, a video call keeps the screen awake
 * (Screen Wake Lock, taken again when the tab comes back), and leaving the page asks first.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallControls {
  readonly #document = inject(DOCUMENT);
  readonly #injector = inject(Injector);
  readonly #registry = inject(KitCallRegistry);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  #options: KitCallControlsOptions = {};
  #opened: Subscription | null = null;
  /** The call the controls drive: the one that became ongoing last. */
  #active: KitCallOverlayRef | null = null;
  #stopActive: (() => void) | null = null;

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      this.#opened?.unsubscribe();
      this.#stopActive?.();
    });
  }

  /**
   * Follows the calls the overlay opens. Does nothing on the server or when already started.
   * @param options Which controls.
   */
  start(options: KitCallControlsOptions = {}): void {
    if (!this.#isBrowser || this.#opened) {
      return;
    }
    this.#options = options;
    this.#opened = this.#injector
      .get(Dialog)
      .afterOpened.subscribe(dialogRef => this.#follow(dialogRef));
  }

  #follow(dialogRef: DialogRef<unknown, unknown>): void {
    const ref = dialogRef.componentRef?.injector.get(KitCallOverlayRef, null);
    if (!ref) {
      return; // Another dialog of the app.
    }
    const stages = ref.stageChanges().subscribe(stage => {
      if (stage === 'ongoing') {
        this.#activate(ref);
      } else if (stage === 'closed' && this.#active === ref) {
        this.#stopActive?.();
      }
    });
    ref.afterClosed().subscribe(() => stages.unsubscribe());
    if (ref.stage() === 'ongoing') {
      this.#activate(ref);
    }
  }

  /** Once the ongoing screen is on screen (the host names it in its render), the controls drive it. */
  #activate(ref: KitCallOverlayRef): void {
    afterNextRender(
      {
        read: () => {
          if (ref.stage() === 'ongoing' && this.#active !== ref) {
            this.#drive(ref);
          }
        },
      },
      {injector: this.#injector},
    );
  }

  #drive(ref: KitCallOverlayRef): void {
    this.#stopActive?.();
    this.#active = ref;
    const stops = [
      this.#options.mediaSession !== false ? this.#mediaSession(ref) : null,
      this.#options.wakeLock !== false && isVideo(ref.call()) ? this.#wakeLock() : null,
      this.#options.unloadGuard !== false ? this.#unloadGuard() : null,
    ];
    this.#stopActive = () => {
      this.#stopActive = null;
      this.#active = null;
      stops.forEach(stop => stop?.());
    };
  }

  /** The browser's media controls drive the call; cleared when it ends. */
  #mediaSession(ref: KitCallOverlayRef): (() => void) | null {
    const session = (
      this.#document.defaultView?.navigator as unknown as {mediaSession?: CallMediaSession}
    )?.mediaSession;
    if (!session) {
      return null;
    }
    const screen = (ref.componentInstance ?? {}) as Toggles;
    const handlers: [CallAction, () => void][] = [
      ['hangup', () => void ref._session?.hangUp()],
      ['togglemicrophone', () => (screen.toggleMute ?? screen._toggleMute)?.call(screen)],
    ];
    if (isVideo(ref.call())) {
      handlers.push([
        'togglecamera',
        () => (screen.toggleCamera ?? screen._toggleCamera)?.call(screen),
      ]);
    }
    const set = (clear: boolean) => {
      for (const [action, handler] of handlers) {
        try {
          session.setActionHandler(action, clear ? null : handler);
        } catch {
          // A browser that does not know the action: its controls simply do not offer it.
        }
      }
    };
    set(false);
    const call = ref.call();
    const other = ref.direction === 'incoming' ? kitCaller(call) : kitReceiver(call);
    const Metadata = (this.#document.defaultView as {MediaMetadata?: typeof MediaMetadata} | null)
      ?.MediaMetadata;
    if (Metadata && other) {
      session.metadata = new Metadata({
        title: other.name,
        artwork: other.avatar ? [{src: other.avatar}] : [],
      });
    }
    // The browser shows the microphone and camera as the screen's buttons have them.
    const states: EffectRef = effect(
      () => {
        const muted = (screen.muted ?? screen._muted)?.() ?? false;
        const cameraOff = (screen.cameraOff ?? screen._cameraOff)?.() ?? !isVideo(ref.call());
        try {
          session.setMicrophoneActive?.(!muted);
          session.setCameraActive?.(!cameraOff);
        } catch {
          // Older browsers: the controls work, without the state.
        }
      },
      {injector: this.#injector},
    );
    return () => {
      states.destroy();
      set(true);
      session.metadata = null;
    };
  }

  /** The screen stays awake during a video call, also after the tab was hidden (the lock is lost then). */
  #wakeLock(): (() => void) | null {
    const wakeLock = (
      this.#document.defaultView?.navigator as {
        wakeLock?: {request(type: 'screen'): Promise<WakeLockSentinelLike>};
      }
    )?.wakeLock;
    if (!wakeLock) {
      return null;
    }
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const take = () => {
      if (
        stopped ||
        this.#document.visibilityState !== 'visible' ||
        (sentinel && !sentinel.released)
      ) {
        return;
      }
      wakeLock.request('screen').then(
        taken => (stopped ? void taken.release() : (sentinel = taken)),
        (error: unknown) =>
          this.#registry.report(
            KitException.from(
              error,
              KitErrorCodes.SDK,
              typeof ngDevMode === 'undefined' || ngDevMode
                ? 'The screen could not be kept awake'
                : '',
            ),
          ),
      );
    };
    this.#document.addEventListener('visibilitychange', take);
    take();
    return () => {
      stopped = true;
      this.#document.removeEventListener('visibilitychange', take);
      void sentinel?.release().catch(() => {});
    };
  }

  /** Leaving or reloading the page asks first while the call is on. */
  #unloadGuard(): () => void {
    const view = this.#document.defaultView;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    view?.addEventListener('beforeunload', guard);
    return () => view?.removeEventListener('beforeunload', guard);
  }
}

/** @returns Whether the call has video (a video call whose settings are not audio only). */
function isVideo(call: KitCall): boolean {
  return call.type === 'video' && !call.settings?.audioOnly;
}
