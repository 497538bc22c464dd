import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallSession} from '../session/call-session';
import {KitCallsIntl} from '../intl/calls-intl';
import {kitShowCallNotification} from '../core/call-notification';
import {kitCaller} from '../sdk/validation';

/**
 * Raises a system notification for each call that rings while the tab is hidden (installed by
 * `withHiddenTabNotifications()`), and closes it once the call is over. Needs the permission granted by the app.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallNotifications {
  readonly #registry = inject(KitCallRegistry);
  readonly #document = inject(DOCUMENT);
  readonly #intl = inject(KitCallsIntl);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  #subscription: Subscription | null = null;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.#subscription?.unsubscribe());
  }

  /** Starts notifying. Does nothing on the server or when already started. */
  start(): void {
    if (!this.#isBrowser || this.#subscription) {
      return;
    }
    this.#registry.listen();
    this.#subscription = this.#registry.shown.subscribe(session => this.#notifyIfHidden(session));
  }

  #notifyIfHidden(session: KitCallSession): void {
    if (this.#document.visibilityState !== 'hidden') {
      return;
    }
    const call = session.state.call;
    const close = kitShowCallNotification(
      this.#document,
      this.#intl.incomingCallFrom(kitCaller(call).name, call.type !== 'audio'),
      call.sessionId,
      error => this.#registry.report(error),
    );
    // The session is done when its screen closes: the notification goes with it (the session lets go of its
    // listeners then).
    session.subscribe((_, facts) => {
      if (facts.some(fact => fact.type === 'done')) {
        close();
      }
    });
  }
}
