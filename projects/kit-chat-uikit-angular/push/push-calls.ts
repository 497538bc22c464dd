import {Dialog} from '@angular/cdk/dialog';
import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {
  DestroyRef,
  Injectable,
  Injector,
  PLATFORM_ID,
  Signal,
  afterNextRender,
  inject,
  provideEnvironmentInitializer,
  signal,
} from '@angular/core';
import {
  KIT_UIKIT_CONFIG,
  KitCallOverlay,
  KitCallsFeature,
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitIncomingCallComponent,
} from 'kit-chat-uikit-angular';
import {KitPushIntl} from './push-intl';
import {KIT_PUSH_CALLS_OPTIONS, KitPushCallsOptions, KitPushChoice} from './push-options';
import {KitWorkerChoice, calledBack, isCallId, redeem, workerUrl} from './push-worker-link';

/** The feature returned by `withPushCalls()`. */
export type KitPushCallsFeature = KitCallsFeature<'pushCalls'>;

/** How long `contactParams()` waits for the push service before the device registers without push. */
const SUBSCRIBE_TIMEOUT = 5000;
/**
 * The URL parameters of an Accept and of a Call back (`kit-call-sw.js`): a nonce that only the worker that made it
 * can redeem.
 */
const ACCEPT_PARAM = 'kitCallAccept';
const CALL_BACK_PARAM = 'kitCallBack';
/** Parameters of older versions' Accept: taken out of the address, never acted on. */
const OLD_PARAMS = ['kitCallAction', 'kitCallCaller'];

/**
 * Calls that ring while no tab of the app is open (installed by `withPushCalls()`): subscribes to Web Push with the
 * app's VAPID key, gives the subscription to the app's backend (`subscription`, or as RFC 8599 Contact parameters for
 * a SIP proxy, `contactParams()`), and carries out the choice made on a call's notification: the page that Accept
 * opened answers that call as soon as it rings. The choice comes only from the app's service worker: the nonce in
 * the URL is redeemed with it (once), and a message counts only from the worker that controls the page.
 */
@Injectable({providedIn: 'root'})
export class KitPushCalls {
  readonly #options = inject(KIT_PUSH_CALLS_OPTIONS, {optional: true});
  // The overlay is looked up when the choices start to be followed: an SDK factory injects this service (for
  // `contactParams`), and the overlay needs the SDK.
  #overlay: KitCallOverlay | null = null;
  readonly #document = inject(DOCUMENT);
  readonly #onError = inject(KIT_UIKIT_CONFIG, {optional: true})?.onError;
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #destroyRef = inject(DestroyRef);
  readonly #injector = inject(Injector);
  readonly #subscription = signal<PushSubscriptionJSON | null>(null);
  readonly #choice = signal<KitPushChoice | null>(null);
  #subscribing: Promise<PushSubscriptionJSON | null> | null = null;
  #registration: ServiceWorkerRegistration | null = null;
  #started = false;
  readonly #intl = inject(KitPushIntl);

  /** The Web Push subscription, once `subscribe()` got one. */
  readonly subscription: Signal<PushSubscriptionJSON | null> = this.#subscription.asReadonly();

  /** The notification's choice still waiting for its call to ring, if any. */
  readonly pendingChoice: Signal<KitPushChoice | null> = this.#choice.asReadonly();

  /**
   * Registers the service worker and subscribes to Web Push. Asks the notification permission when it was neither
   * granted nor denied (call it from a click then). Failures reach `onError`; the promise never rejects.
   * @returns The subscription, or `null` without one.
   */
  subscribe(): Promise<PushSubscriptionJSON | null> {
    this.#subscribing ??= this.#subscribe().then(subscription => {
      this.#subscribing = subscription ? this.#subscribing : null; // A failure may be retried.
      return subscription;
    });
    return this.#subscribing;
  }

  /**
   * Removes this device's push subscription (at logout: then no call of the previous user rings here), clears
   * `subscription`, and hands the removed one to `onUnsubscribe` for the app's backend. Failures reach `onError`;
   * the promise never rejects.
   */
  async unsubscribe(): Promise<void> {
    await this.#subscribing; // A subscription being made now is removed too.
    const known = this.#subscription();
    this.#subscribing = null;
    this.#subscription.set(null);
    const container = this.#document.defaultView?.navigator.serviceWorker;
    if (!this.#isBrowser || !container) {
      return;
    }
    try {
      const registration =
        this.#registration ?? (await container.getRegistration(this.#options?.scope));
      const subscription = await registration?.pushManager.getSubscription();
      const json = subscription?.toJSON() ?? known;
      // The backend forgets it even if the browser fails to: the user is leaving.
      const removed = await subscription?.unsubscribe().catch((error: unknown) => error);
      if (json) {
        this.#options?.onUnsubscribe?.(json);
      }
      if (subscription && removed !== true) {
        this.#report(
          KitErrorCodes.NETWORK,
          'Push calls: the subscription was not removed',
          removed,
        );
      }
    } catch (error) {
      this.#report(KitErrorCodes.NETWORK, 'Push calls: the subscription was not removed', error);
    }
  }

  /**
   * The RFC 8599 Contact parameters of this device, for a SIP adapter's REGISTER: `pn-provider=webpush`, `pn-prid`
   * (the endpoint, base64url) and `pn-param` (`p256dh.auth`). Never asks for a permission: without one granted,
   * or when the push service does not answer within 5 s, the device registers without push.
   * @returns The parameters, or `null`.
   */
  async contactParams(): Promise<Record<string, string> | null> {
    if (!this.#isBrowser || globalThis.Notification?.permission !== 'granted') {
      return null;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>(done => {
      timer = setTimeout(() => {
        this.#report(KitErrorCodes.NETWORK, 'The push service did not answer: no push binding');
        done(null);
      }, SUBSCRIBE_TIMEOUT);
    });
    const subscription = await Promise.race([this.subscribe(), late]);
    clearTimeout(timer);
    const {p256dh, auth} = subscription?.keys ?? {};
    if (!subscription?.endpoint || !p256dh || !auth) {
      return null;
    }
    return {
      'pn-provider': 'webpush',
      'pn-prid': base64url(subscription.endpoint),
      'pn-param': `${p256dh}.${auth}`,
    };
  }

  /** The worker's script URL as `subscribe()` registers it (origins and words on it), for an app that registers it. */
  get scriptUrl(): string {
    return workerUrl(this.#options ?? {vapidPublicKey: ''}, this.#intl);
  }

  /** Starts following notification choices (the page's URL and the worker's messages). @docs-private */
  _start(): void {
    if (!this.#isBrowser || this.#started) {
      return;
    }
    this.#started = true;
    // New words (another language): a worker registered already is registered again, with them on its URL.
    const words = this.#intl.changes.subscribe(() => {
      const options = this.#options;
      const container = this.#document.defaultView?.navigator.serviceWorker;
      if (this.#registration && options && container) {
        container
          .register(workerUrl(options, this.#intl), options.scope ? {scope: options.scope} : {})
          .catch(error => this.#report(KitErrorCodes.NETWORK, 'Push calls: no new words', error));
      }
    });
    this.#destroyRef.onDestroy(() => words.unsubscribe());
    this.#overlay = this.#injector.get(KitCallOverlay);
    const worker = this.#document.defaultView?.navigator.serviceWorker;
    void this.#redeemFromUrl(worker);
    // An open tab that the worker focused for Accept: only the worker that controls this page is listened to (no
    // other sender can post here, but a page of the origin may dispatch events on the container).
    const onMessage = (event: MessageEvent) => {
      if (event.source && event.source === worker?.controller) {
        this.#carryOut((event.data as {kitCall?: KitWorkerChoice} | null)?.kitCall ?? null);
      }
    };
    worker?.addEventListener('message', onMessage);
    // A call dialog opens: once it has rendered (its ref names the component), and the overlay lists it, the next task.
    const screens = this.#injector
      .get(Dialog)
      .afterOpened.subscribe(() =>
        afterNextRender(() => setTimeout(() => this.#answerIfChosen()), {injector: this.#injector}),
      );
    this.#destroyRef.onDestroy(() => {
      worker?.removeEventListener('message', onMessage);
      screens.unsubscribe();
    });
  }

  async #subscribe(): Promise<PushSubscriptionJSON | null> {
    const options = this.#options;
    const navigator = this.#document.defaultView?.navigator;
    if (!this.#isBrowser || !options || !navigator?.serviceWorker || !globalThis.PushManager) {
      return null;
    }
    try {
      if (globalThis.Notification?.permission === 'default') {
        await Notification.requestPermission();
      }
      if (globalThis.Notification?.permission !== 'granted') {
        return null;
      }
      this.#registration = await navigator.serviceWorker.register(
        workerUrl(options, this.#intl),
        options.scope ? {scope: options.scope} : {},
      );
      const {pushManager} = await navigator.serviceWorker.ready;
      let subscription = await pushManager.getSubscription();
      // A subscription made for another VAPID key (the backend rotated it) would be refused by the push service.
      if (
        subscription &&
        !sameKey(subscription.options?.applicationServerKey, options.vapidPublicKey)
      ) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: options.vapidPublicKey,
      });
      const json = subscription.toJSON();
      this.#subscription.set(json);
      options.onSubscription?.(json);
      return json;
    } catch (error) {
      this.#report(KitErrorCodes.NETWORK, 'Push calls: no subscription', error);
      return null;
    }
  }

  /**
   * `?kitCallAccept=<nonce>` or `?kitCallBack=<nonce>`: the page was opened by Accept or by Call back on a missed
   * call, or by a link that pretends to be. The parameter leaves the URL, and the page asks its service worker what
   * the nonce stands for: a nonce the worker did not make, or already redeemed, or made for the other action, does
   * nothing.
   */
  async #redeemFromUrl(container: ServiceWorkerContainer | undefined): Promise<void> {
    const view = this.#document.defaultView;
    const url = view ? new URL(view.location.href) : null;
    const params = [ACCEPT_PARAM, CALL_BACK_PARAM, ...OLD_PARAMS];
    if (!view || !url || !params.some(name => url.searchParams.has(name))) {
      return;
    }
    const action = url.searchParams.has(ACCEPT_PARAM) ? 'accept' : 'callBack';
    const nonce = url.searchParams.get(action === 'accept' ? ACCEPT_PARAM : CALL_BACK_PARAM);
    params.forEach(name => url.searchParams.delete(name));
    // The app's router may read the address later: it sees the call route without the choice.
    view.history.replaceState(view.history.state, '', url.href);
    if (!nonce) {
      return;
    }
    try {
      const worker = container?.controller ?? (await container?.getRegistration())?.active;
      const choice = worker ? await redeem(worker, nonce) : null;
      if (choice?.action === action && this.#carryOut(choice)) {
        return;
      }
      this.#report(
        KitErrorCodes.INVALID_CALL,
        "Push calls: this page's Accept or Call back was not made by the app's service worker, or was used already: nothing done",
      );
    } catch (error) {
      this.#report(KitErrorCodes.NETWORK, 'Push calls: the service worker did not answer', error);
    }
  }

  /**
   * Carries out a choice the worker told: Accept answers that call when it rings, Call back calls the caller.
   * @returns Whether the choice was one to carry out.
   */
  #carryOut(choice: KitWorkerChoice | null): boolean {
    const back = calledBack(choice);
    if (back) {
      this.#overlay
        ?.startCall(back.user, back.type)
        .catch(error => this.#report(KitErrorCodes.SDK, 'Push calls: no call back', error));
      return true;
    }
    if (choice?.action === 'accept' && isCallId(choice.callId)) {
      this.#choose(choice.callId);
      return true;
    }
    return false;
  }

  #choose(callId: string): void {
    this.#choice.set({
      action: 'accept',
      callId,
      until: Date.now() + (this.#options?.acceptWithin ?? 30000),
    });
    this.#answerIfChosen(); // The call may already ring.
  }

  /** Answers the ringing call of the chosen id: the user already pressed Accept on its notification. */
  #answerIfChosen(): void {
    const choice = this.#choice();
    if (!choice) {
      return;
    }
    if (Date.now() > choice.until) {
      this.#choice.set(null);
      return;
    }
    const ref = this.#overlay?.openCalls.find(
      open =>
        open.direction === 'incoming' &&
        open.stage() === 'ringing' &&
        open.call().sessionId === choice.callId &&
        open.componentInstance instanceof KitIncomingCallComponent,
    );
    if (ref) {
      this.#choice.set(null);
      void (ref.componentInstance as KitIncomingCallComponent)
        .getViewModel()
        .acceptCall(ref.call());
    }
  }

  #report(code: KitErrorCode, message: string, details?: unknown): void {
    const onError = this.#onError;
    if (onError) {
      setTimeout(() => onError(new KitException(code, message, details)));
    }
  }
}

/** base64url of a string's UTF-8 bytes (a token in a SIP header parameter), or of bytes. */
function base64url(data: string | ArrayBuffer): string {
  let binary = '';
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a subscription's key is the VAPID public key (base64url); an unknown one counts as the same. */
function sameKey(key: ArrayBuffer | null | undefined, vapidPublicKey: string): boolean {
  return !key || base64url(key) === vapidPublicKey.replace(/=+$/, '');
}

/**
 * Calls that ring while no tab of the app is open, through Web Push: the service worker (`kit-call-sw.js` of
 * `kit-chat-uikit-angular/push`) shows the call's notification, and Accept opens the app, which answers the call as
 * soon as it rings. See `docs/push.md` for the backend part.
 *
 * ```ts
 * provideKitUIKit({callsSdk: ...}, withPushCalls({vapidPublicKey: 'BEl6...'}))
 * ```
 * @param options The VAPID public key, the worker, and when a choice gives up waiting.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withPushCalls(options: KitPushCallsOptions): KitPushCallsFeature {
  return {
    _kind: 'pushCalls',
    _providers: [
      {provide: KIT_PUSH_CALLS_OPTIONS, useValue: options},
      provideEnvironmentInitializer(() => inject(KitPushCalls)._start()),
    ],
  };
}
