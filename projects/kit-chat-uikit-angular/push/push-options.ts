import {InjectionToken} from '@angular/core';

/** Options of `withPushCalls()`. */
export interface KitPushCallsOptions {
  /** The application server's VAPID public key (base64url), which the push service checks the sender against. */
  vapidPublicKey: string;
  /**
   * The service worker to register: `kit-call-sw.js` itself (copied from `node_modules/kit-chat-uikit-angular/push/`
   * into the app's assets), or the app's own worker that imports it. Default `'kit-call-sw.js'`.
   */
  serviceWorker?: string;
  /**
   * Origins besides the app's that a push may name for the page Accept opens (`url`), the Decline request
   * (`declineUrl`) and the caller's picture, e.g. `['https://api.example.com']`. The worker refuses any other; it
   * gets them on its script URL (`?origin=`), which only the app's code sets. Default: none.
   */
  origins?: string[];
  /** The worker's scope. Default: the browser's (the worker script's folder). */
  scope?: string;
  /**
   * How long a choice made on a notification waits for its call to ring in the page, in ms (default 30000): the page
   * opens, the adapter registers, the proxy hands the call over, and the kit answers it at once.
   */
  acceptWithin?: number;
  /** Called with each new subscription, to hand it to the app's backend when the proxy does not carry it. */
  onSubscription?: (subscription: PushSubscriptionJSON) => void;
  /**
   * Called by `KitPushCalls.unsubscribe()` (at logout) with the subscription it removed, so that the app's backend
   * forgets it too and sends it no more calls.
   */
  onUnsubscribe?: (subscription: PushSubscriptionJSON) => void;
}

/**
 * A choice made on a call's notification, which the page carries out when that call rings. It comes only from the
 * app's own service worker (a nonce it made and redeems once, or its message to an open tab), never from a URL alone.
 */
export interface KitPushChoice {
  /** Only Accept reaches the page (Decline never opens it). */
  action: 'accept';
  /** The call's id, as the push named it: the `sessionId` of the `KitCall` that the page answers. */
  callId: string;
  /** Until when (ms since the epoch) the choice waits for the call. */
  until: number;
}

/** The options given to `withPushCalls()`. @docs-private */
export const KIT_PUSH_CALLS_OPTIONS = new InjectionToken<KitPushCallsOptions>(
  'KIT_PUSH_CALLS_OPTIONS',
);
