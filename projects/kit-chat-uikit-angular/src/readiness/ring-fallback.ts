import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {
  DestroyRef,
  Injectable,
  Injector,
  PLATFORM_ID,
  computed,
  effect,
  inject,
  signal,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallSession} from '../session/call-session';
import {KitCallsIntl} from '../intl/calls-intl';
import {kitShowCallNotification} from '../core/call-notification';
import {kitCaller} from '../sdk/validation';
import {KitRingReadiness} from './ring-readiness';

/** How often the tab title flashes and the device vibrates again while a blocked call rings, in ms. */
const FLASH_INTERVAL = 1000;
const VIBRATE_EVERY = 2;
const VIBRATION = [600, 400, 600];

/** The title flashing: the page's own title, the one shown in turn with it, and the timer. */
interface KitTitleFlash {
  timer?: ReturnType<typeof setInterval>;
  /** The app's title: the latest one it set, shown in turn with the flash and put back at the end. */
  title: string;
  shown: string;
  /** Whether the flash text shows now. */
  showing: boolean;
  /** The title as the flash last left it (as the browser reads it back), to tell the app's changes from ours. */
  written: string;
  ticks: number;
}

/**
 * When the browser blocks the ringtone of a call that rings, the call still gets noticed: the tab title flashes
 * the caller, the device vibrates (`navigator.vibrate`, where the browser allows it) and a system notification
 * shows (with the permission), until the sound plays after a click or the call stops ringing. Installed by
 * `withRingReadiness()`.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitRingFallback {
  readonly #registry = inject(KitCallRegistry);
  readonly #document = inject(DOCUMENT);
  readonly #intl = inject(KitCallsIntl);
  readonly #readiness = inject(KitRingReadiness);
  readonly #injector = inject(Injector);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  /** The incoming sessions followed, and how to stop following each. */
  readonly #followed = new Map<KitCallSession, () => void>();
  /** Bumped whenever a followed session changes: the sound of a session is not a signal of its own. */
  readonly #version = signal(0);
  /** The sessions whose fallback runs, and how to stop each one's notification. */
  readonly #alerting = new Map<KitCallSession, () => void>();
  #subscription: Subscription | null = null;
  #flash: KitTitleFlash | null = null;

  /** The incoming calls that ring on screen while the browser blocks their sound. */
  readonly #blocked = computed(() => {
    this.#version();
    return [...this.#followed.keys()].filter(
      session =>
        session.state.phase === 'ringing' &&
        !session.state.waiting &&
        session.sound?.state() === 'blocked',
    );
  });

  constructor() {
    inject(DestroyRef).onDestroy(() => this.#stop());
  }

  /** Starts watching the calls. Does nothing on the server or when already started. */
  start(): void {
    if (!this.#isBrowser || this.#subscription) {
      return;
    }
    this.#subscription = this.#registry.changes.subscribe(() => this.#follow());
    this.#follow();
    effect(() => this.#apply(this.#blocked()), {injector: this.#injector});
  }

  /** Follows the incoming sessions of the registry: each change of theirs may change their sound. */
  #follow(): void {
    const live = new Set(this.#registry.sessions.filter(s => s.direction === 'incoming'));
    for (const [session, stop] of this.#followed) {
      if (!live.has(session)) {
        stop();
        this.#followed.delete(session);
      }
    }
    for (const session of live) {
      if (!this.#followed.has(session)) {
        this.#followed.set(
          session,
          session.subscribe(() => this.#version.update(v => v + 1)),
        );
      }
    }
    this.#version.update(v => v + 1);
  }

  #apply(blocked: KitCallSession[]): void {
    for (const [session, close] of this.#alerting) {
      if (!blocked.includes(session)) {
        close();
        this.#alerting.delete(session);
        if (session.sound?.state() === 'playing') {
          this.#readiness.report('sound', {ready: true, reason: 'the ringtone plays'});
        }
      }
    }
    for (const session of blocked) {
      if (!this.#alerting.has(session)) {
        this.#alerting.set(session, this.#notify(session));
        this.#readiness.report('sound', {
          ready: false,
          reason: 'blocked by the browser at the last ring: click or type on the page',
        });
      }
    }
    const first = blocked[0];
    if (first) {
      this.#startFlash(this.#label(first));
    } else {
      this.#stopFlash();
    }
  }

  #label(session: KitCallSession): string {
    const call = session.state.call;
    return this.#intl.incomingCallFrom(kitCaller(call).name, call.type !== 'audio');
  }

  /** Flashes the title (and vibrates every other flash) until no blocked call rings. */
  #startFlash(text: string): void {
    if (this.#flash) {
      this.#flash.shown = text;
      return;
    }
    const title = this.#document.title;
    const flash: KitTitleFlash = {title, shown: text, showing: false, written: title, ticks: 0};
    const tick = () => {
      const current = this.#document.title;
      // The app set a title of its own since the last flash (an unread count): that one wins from now on, and the
      // flash shows next.
      const appTitle = current !== flash.written;
      if (appTitle) {
        flash.title = current;
      }
      flash.showing = appTitle || !flash.showing;
      this.#document.title = flash.showing ? flash.shown : flash.title;
      flash.written = this.#document.title;
      if (flash.ticks++ % VIBRATE_EVERY === 0) {
        this.#vibrate(VIBRATION);
      }
    };
    flash.timer = setInterval(tick, FLASH_INTERVAL);
    this.#flash = flash;
    tick();
  }

  #stopFlash(): void {
    const flash = this.#flash;
    if (!flash) {
      return;
    }
    this.#flash = null;
    clearInterval(flash.timer);
    // A title the app set since the last flash stays; otherwise the app's latest title comes back.
    if (this.#document.title === flash.written) {
      this.#document.title = flash.title;
    }
    this.#vibrate(0);
  }

  #vibrate(pattern: number | number[]): void {
    const navigator = this.#document.defaultView?.navigator;
    // Chromium refuses (with a console warning) before the first tap on the page.
    if (
      typeof navigator?.vibrate === 'function' &&
      navigator.userActivation?.hasBeenActive !== false
    ) {
      navigator.vibrate(pattern);
    }
  }

  /** @returns Closes the notification. */
  #notify(session: KitCallSession): () => void {
    return kitShowCallNotification(this.#document, this.#label(session), session.sessionId, error =>
      this.#registry.report(error),
    );
  }

  #stop(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#followed.forEach(stop => stop());
    this.#followed.clear();
    this.#alerting.forEach(close => close());
    this.#alerting.clear();
    this.#stopFlash();
  }
}
