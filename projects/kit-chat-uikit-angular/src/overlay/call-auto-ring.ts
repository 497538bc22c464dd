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
  private readonly _registry = inject(KitCallRegistry);
  private readonly _overlay = inject(KitCallOverlay);
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _destroyRef = inject(DestroyRef);
  private _subscription: Subscription | null = null;

  constructor() {
    this._destroyRef.onDestroy(() => this.stop());
  }

  /** Whether the kit rings by itself. */
  get isStarted(): boolean {
    return this._subscription !== null;
  }

  /** Starts ringing by itself. Does nothing on the server or when already started. */
  start(): void {
    if (!this._isBrowser || this._subscription) {
      return;
    }
    this._registry.policies = true;
    this._registry.listen();
    this._subscription = this._registry.shown.subscribe(session => this._ring(session));
  }

  /** Stops ringing by itself. Screens already open stay. */
  stop(): void {
    this._subscription?.unsubscribe();
    this._subscription = null;
    this._registry.policies = false;
  }

  private _ring(session: KitCallSession): void {
    if (this._destroyRef.destroyed) {
      return; // The app is being destroyed: nothing may open any more.
    }
    this._overlay._openSession(session);
  }
}
