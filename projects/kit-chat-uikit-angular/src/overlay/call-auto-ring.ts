import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../call/call-registry';
import {KitCallSession} from '../call/call-session';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {kitCaller} from '../sdk/validation';
import {KitCallOverlay} from './call-overlay';
import {KitCallOverlayRef} from './call-overlay-ref';
import {KitCallWaiting} from './call-waiting';

/**
 * Rings by itself (installed by `provideKitUIKit` unless `autoRing: false`): each call the registry lets ring opens
 * the incoming overlay, calls that ring beside another one wait in a banner (busy policy `'wait'`), and the
 * registry applies the policies (busy, glare). Optionally raises a system notification while the tab is hidden.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallAutoRing {
  private readonly _registry = inject(KitCallRegistry);
  private readonly _overlay = inject(KitCallOverlay);
  private readonly _waiting = inject(KitCallWaiting);
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _document = inject(DOCUMENT);
  private readonly _intl = inject(KitCallsIntl);
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
    this._waiting.start();
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
    const ref = this._overlay._openSession(session);
    this._notifyIfHidden(session, ref);
  }

  private _notifyIfHidden(session: KitCallSession, ref: KitCallOverlayRef): void {
    const view = this._document.defaultView as (Window & typeof globalThis) | null;
    if (
      !this._config.notifyWhenHidden ||
      this._document.visibilityState !== 'hidden' ||
      !view?.Notification ||
      view.Notification.permission !== 'granted'
    ) {
      return;
    }
    const call = session.state.call;
    try {
      const notification = new view.Notification(
        this._intl.incomingCallFrom(kitCaller(call).name, call.type !== 'audio'),
        {tag: `kit-call-${call.sessionId}`, requireInteraction: true},
      );
      notification.onclick = () => {
        view.focus();
        notification.close();
      };
      ref.afterClosed().subscribe(() => notification.close());
    } catch (error) {
      // Some browsers only allow notifications from a service worker: the screen still rings.
      this._registry.report(
        KitException.from(error, KitErrorCodes.SDK, 'The notification could not be shown'),
      );
    }
  }
}
