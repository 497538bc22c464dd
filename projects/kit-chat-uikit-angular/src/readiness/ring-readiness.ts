import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, Signal, computed, inject, signal} from '@angular/core';
import {KitCallsSdk, KitCallsSdkLifecycle} from '../sdk/calls-sdk';
import {KitAudioPlayer} from '../sound/audio-player';

/** One part of the ring readiness: whether it is ready, and why (or why not), for the app's logs and its UI. */
export interface KitReadinessPart {
  /** Whether this part is ready. */
  readonly ready: boolean;
  /** Why, in a few words (`'unlocked'`, `'not asked yet'`, `'connection lost'`...). */
  readonly reason: string;
}

/** The parts of the ring readiness. */
export type KitReadinessPartName = 'sound' | 'notifications' | 'registered' | 'serviceWorker';

/** Whether a call placed now would be heard here, part by part. */
export interface KitRingReadinessState {
  /** The browser lets the ringtone play (the kit unlocks it on the first click or key press). */
  readonly sound: KitReadinessPart;
  /** The app may show system notifications (a call in a hidden tab, a blocked ringtone). */
  readonly notifications: KitReadinessPart;
  /** The call SDK is connected and registered: calls reach this device. */
  readonly registered: KitReadinessPart;
  /** A service worker can wake a closed tab for a call (reported by the push entry; `not configured` without). */
  readonly serviceWorker: KitReadinessPart;
  /** Every part is ready (the service worker only once something reported it). */
  readonly ready: boolean;
}

/** A WAV of 4 ms of silence: what the kit plays to learn whether sound may play, and to unlock it in a gesture. */
const SILENCE =
  'data:audio/wav;base64,UklGRkQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YSAAAACAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgA==';
const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;
const NOT_CONFIGURED: KitReadinessPart = {ready: false, reason: 'not configured'};

/**
 * Tells, ahead of a call, whether the user would hear it: the sound unlocked, notifications permitted, the SDK
 * registered, and (with the push entry) a service worker ready. Injecting it starts it: it tries the sound once,
 * unlocks it on the first click or key press, and follows the notification permission and the SDK's registration.
 * `withRingReadiness()` starts it at bootstrap; `<kit-ring-readiness>` shows it and asks for what is missing.
 */
@Injectable({providedIn: 'root'})
export class KitRingReadiness {
  readonly #document = inject(DOCUMENT);
  readonly #player = inject(KitAudioPlayer);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as
    (KitCallsSdk & KitCallsSdkLifecycle) | null;
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #sound = signal<KitReadinessPart>({ready: false, reason: 'not tried yet'});
  readonly #notifications = signal<KitReadinessPart>(this.#permission());
  readonly #registered = signal<KitReadinessPart>(this.#registration());
  readonly #serviceWorker = signal<KitReadinessPart>(NOT_CONFIGURED);
  readonly #reported = signal(false);
  readonly #cleanup: (() => void)[] = [];
  #probing: Promise<boolean> | null = null;

  /** Whether a call placed now would be heard here, part by part. */
  readonly ringReadiness: Signal<KitRingReadinessState> = computed(() => {
    const parts = {
      sound: this.#sound(),
      notifications: this.#notifications(),
      registered: this.#registered(),
      serviceWorker: this.#serviceWorker(),
    };
    const counted = [parts.sound, parts.notifications, parts.registered];
    if (this.#reported()) {
      counted.push(parts.serviceWorker);
    }
    return {...parts, ready: counted.every(part => part.ready)};
  });

  constructor() {
    inject(DestroyRef).onDestroy(() => this.#cleanup.splice(0).forEach(stop => stop()));
    if (!this.#isBrowser) {
      this.#sound.set({ready: false, reason: 'not in a browser'});
      return;
    }
    this.#followSdk();
    this.#followPermission();
    this.#waitForGesture();
    void this.#probe();
  }

  /**
   * Unlocks what one click can: plays a moment of silence (the browser then lets the ringtone play) and asks for
   * the notification permission when it was never asked. Call it from a click handler: both need the gesture.
   * @returns Resolves once both are settled.
   */
  async unlock(): Promise<void> {
    const sound = this.#probe();
    const view = this.#document.defaultView as (Window & typeof globalThis) | null;
    const notifications =
      view?.Notification?.permission === 'default'
        ? Promise.resolve()
            .then(() => view.Notification.requestPermission())
            .catch(() => 'default')
        : Promise.resolve();
    await Promise.all([sound, notifications]);
    this.#notifications.set(this.#permission());
  }

  /**
   * Sets a part that another piece watches: the push entry reports the service worker (from then on it counts
   * in `ready`), the blocked-ring fallback reports a ringtone the browser refused.
   * @param name The part.
   * @param part Its state.
   * @docs-private
   */
  report(name: 'serviceWorker' | 'sound', part: KitReadinessPart): void {
    if (name === 'serviceWorker') {
      this.#reported.set(true);
      this.#serviceWorker.set(part);
    } else {
      this.#sound.set(part);
    }
  }

  /** Reads the permission and the registration again (after the page slept, or came back into view). @docs-private */
  _refresh(): void {
    this.#notifications.set(this.#permission());
    if (!this.#sdk?.getRegistration) {
      this.#registered.set(this.#registration());
    }
  }

  /** Plays a moment of silence: whether it plays says whether the browser lets the ringtone play now. */
  #probe(): Promise<boolean> {
    if (this.#sound().ready) {
      return Promise.resolve(true);
    }
    if (this.#probing) {
      return this.#probing;
    }
    let track: ReturnType<KitAudioPlayer['createTrack']> | null = null;
    this.#probing = Promise.resolve()
      .then(() => {
        track = this.#player.createTrack({url: SILENCE});
        return track.play();
      })
      .then(
        () => {
          this.#sound.set({ready: true, reason: 'unlocked'});
          return true;
        },
        (error: unknown) => {
          const blocked = (error as {name?: string} | null)?.name === 'NotAllowedError';
          const active = this.#document.defaultView?.navigator?.userActivation?.hasBeenActive;
          // A policy (CSP `media-src`) may refuse the silent sound itself: then the page's activation tells.
          this.#sound.set(
            blocked || !active
              ? {ready: false, reason: 'blocked until the user clicks or types on the page'}
              : {ready: true, reason: 'the user interacted with the page'},
          );
          return this.#sound().ready;
        },
      )
      .finally(() => {
        (track as {stop(): void} | null)?.stop();
        this.#probing = null;
      });
    return this.#probing;
  }

  /** Tries the sound again at every click or key press until it plays (the gesture unlocks it). */
  #waitForGesture(): void {
    const retry = () => {
      void this.#probe().then(ready => {
        if (ready) {
          remove();
        }
      });
    };
    const remove = () =>
      GESTURES.forEach(type => this.#document.removeEventListener(type, retry, {capture: true}));
    GESTURES.forEach(type => this.#document.addEventListener(type, retry, {capture: true}));
    this.#cleanup.push(remove);
  }

  #permission(): KitReadinessPart {
    const view = this.#document.defaultView as (Window & typeof globalThis) | null;
    const permission = view?.Notification?.permission;
    switch (permission) {
      case 'granted':
        return {ready: true, reason: 'granted'};
      case 'denied':
        return {ready: false, reason: "denied in the browser's site settings"};
      case 'default':
        return {ready: false, reason: 'not asked yet'};
      default:
        return {ready: false, reason: 'not supported by this browser'};
    }
  }

  /** Follows the permission: the Permissions API tells changes made in the site settings or by a test. */
  #followPermission(): void {
    const permissions = this.#document.defaultView?.navigator?.permissions;
    if (!permissions?.query) {
      return;
    }
    let status: PermissionStatus | null = null;
    const changed = () => this.#notifications.set(this.#permission());
    permissions
      .query({name: 'notifications'})
      .then(answer => {
        status = answer;
        status.addEventListener('change', changed);
        changed();
      })
      .catch(() => {}); // Unknown permission name in this browser: the clicks and refreshes still read it.
    this.#cleanup.push(() => status?.removeEventListener('change', changed));
  }

  #registration(): KitReadinessPart {
    const sdk = this.#sdk;
    if (!sdk) {
      return {ready: false, reason: 'no call SDK'};
    }
    try {
      const told = sdk.getRegistration?.();
      if (told) {
        return {ready: !!told.registered, reason: String(told.reason)};
      }
      return sdk.getLoggedInUser()
        ? {ready: true, reason: 'logged in (the SDK does not report a registration)'}
        : {ready: false, reason: 'nobody is logged in'};
    } catch {
      return {ready: false, reason: 'the SDK failed to answer'};
    }
  }

  /** Follows the SDK's registration, when it tells it. */
  #followSdk(): void {
    const sdk = this.#sdk;
    if (!sdk?.getRegistration || !sdk.watchRegistration) {
      return;
    }
    try {
      const stop = sdk.watchRegistration(registration =>
        this.#registered.set({
          ready: !!registration?.registered,
          reason: String(registration?.reason ?? ''),
        }),
      );
      this.#cleanup.push(() => stop?.());
      this.#registered.set(this.#registration());
    } catch {
      this.#registered.set({ready: false, reason: 'the SDK failed to answer'});
    }
  }
}
