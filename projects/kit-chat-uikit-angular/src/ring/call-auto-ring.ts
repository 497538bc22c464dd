import {isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallOverlay} from '../overlay/call-overlay';

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
    // Straight to the overlay, which opens nothing once the app is being destroyed.
    this.#subscription = this.#registry.shown.subscribe(session =>
      this.#overlay._openSession(session),
    );
  }

  /** Stops ringing by itself. Screens already open stay. */
  stop(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#registry.policies = false;
  }
}
