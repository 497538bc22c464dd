import {isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../call/call-registry';
import {KitCallSession} from '../call/call-session';
import {KitCallOverlay} from './call-overlay';

/**
 * Rings by itself (installed by `withAutoRing()`, which `provideKitUIKit` adds unless `autoRing: false`): each call
 * the registry lets ring opens the incoming overlay, and the registry applies the policies (busy or wait, glare).
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallAutoRing {
  readonly #registry = inject(KitCallRegistry);
  readonly #overlay = inject(KitCallOverlay);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #destroyRef = inject(DestroyRef);
  #subscription: Subscription | null = null;

  constructor() {
    this.#destroyRef.onDestroy(() => this.stop());
  }

  /** Whether the kit rings by itself. */
  get isStarted(): boolean {
    return this.#subscription !== null;
  }

  /** Starts ringing by itself. Does nothing on the server or when already started. */
  start(): void {
    if (!this.#isBrowser || this.#subscription) {
      return;
    }
    this.#registry.policies = true;
    this.#registry.listen();
    this.#subscription = this.#registry.shown.subscribe(session => this.#ring(session));
  }

  /** Stops ringing by itself. Screens already open stay. */
  stop(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#registry.policies = false;
  }

  #ring(session: KitCallSession): void {
    if (this.#destroyRef.destroyed) {
      return; // The app is being destroyed: nothing may open any more.
    }
    this.#overlay._openSession(session);
  }
}
