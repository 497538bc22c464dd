import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallsSdk, KitCallsSdkLifecycle} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitRingReadiness} from './ring-readiness';

/**
 * Wakes the SDK when the page may have slept: a frozen tab resumes (Page Lifecycle `resume`), the tab becomes
 * visible, or the network comes back (`online`). The adapter's optional `resume()` then checks its connection and
 * registration at once, instead of finding out at the next call that its socket died while the tab was frozen.
 * Installed by `withRingReadiness()`.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitSdkResume {
  readonly #document = inject(DOCUMENT);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as
    (KitCallsSdk & KitCallsSdkLifecycle) | null;
  readonly #registry = inject(KitCallRegistry);
  readonly #readiness = inject(KitRingReadiness);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  #stop: (() => void) | null = null;
  /** Whether a wake is queued: `resume` and `visibilitychange` often come together and make one check. */
  #queued = false;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.#stop?.());
  }

  /** Starts listening. Does nothing on the server or when already started. */
  start(): void {
    const view = this.#document.defaultView;
    if (!this.#isBrowser || this.#stop || !view) {
      return;
    }
    const onVisibility = () => {
      if (this.#document.visibilityState === 'visible') {
        this.wake();
      }
    };
    const onWake = () => this.wake();
    this.#document.addEventListener('resume', onWake);
    this.#document.addEventListener('visibilitychange', onVisibility);
    view.addEventListener('online', onWake);
    this.#stop = () => {
      this.#document.removeEventListener('resume', onWake);
      this.#document.removeEventListener('visibilitychange', onVisibility);
      view.removeEventListener('online', onWake);
    };
  }

  /** Asks the SDK to check itself (once for the events of one task), and reads the readiness again. */
  wake(): void {
    if (this.#queued) {
      return;
    }
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#readiness._refresh();
      const sdk = this.#sdk;
      if (!sdk?.resume) {
        return;
      }
      Promise.resolve()
        .then(() => sdk.resume?.())
        .catch(error =>
          this.#registry.report(
            KitException.from(
              error,
              KitErrorCodes.NETWORK,
              typeof ngDevMode === 'undefined' || ngDevMode ? 'The call SDK could not resume' : '',
            ),
          ),
        );
    });
  }
}
