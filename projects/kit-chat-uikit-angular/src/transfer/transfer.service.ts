import {DestroyRef, Injectable, PLATFORM_ID, WritableSignal, inject, signal} from '@angular/core';
import {isPlatformBrowser} from '@angular/common';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';

/**
 * Who the Transfer button offers (`withTransfer()`): a list, or a function of the call (which may ask a server).
 * The call's own people are left out.
 */
export type KitPeopleToTransfer =
  readonly KitUser[] | ((call: KitCall) => readonly KitUser[] | Promise<readonly KitUser[]>);

let nextListener = 0;

/**
 * Blind transfer (`withTransfer()`): hands a call to someone else, and follows the transfers the far side makes. The
 * app says who the Transfer button offers, e.g. in its root component:
 * `inject(KitTransfer).people.set(call => this.contacts())`.
 */
@Injectable({providedIn: 'root'})
export class KitTransfer {
  /** Who the Transfer button offers; `null` (the default) shows no Transfer button. */
  readonly people: WritableSignal<KitPeopleToTransfer | null> = signal(null);
  readonly #registry = inject(KitCallRegistry);
  readonly #overlay = inject(KitCallOverlay);
  readonly #sdk = inject(KitCallsSdk, {optional: true});
  readonly #listenerId = `kit-transfer-${++nextListener}`;
  readonly #browser = isPlatformBrowser(inject(PLATFORM_ID));

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      try {
        this.#sdk?.removeCallListener(this.#listenerId);
      } catch {
        // Said when it was added, if the adapter cannot take listeners.
      }
    });
  }

  /**
   * Hands an ongoing call to someone else: holds it, then asks the SDK's `transfer` (`KitPhoneCallsSdk`). The far side
   * calls them; once they answered, the call ends here. A transfer that fails (refused, declined, busy, no answer)
   * leaves the call on hold, with "Resume", and the app's `onError` hears why.
   * @param sessionId The ongoing call.
   * @param to Who the far side is handed to.
   * @returns Whether the call was handed over (it then ended here).
   */
  async transfer(sessionId: string, to: KitUser): Promise<boolean> {
    const session = this.#registry.find(sessionId);
    if (!session?.transfer || !(session.state.hold === 'held' || (await session.hold!(true)))) {
      return false;
    }
    return session.transfer(to);
  }

  /** Follows the transfers the SDK says (`onCallTransferred`): each new call opens on an outgoing screen. */
  start(): void {
    if (!this.#browser || !this.#sdk) {
      return;
    }
    try {
      this.#sdk.addCallListener(this.#listenerId, {onCallTransferred: next => this.#follow(next)});
    } catch (error) {
      this.#registry.report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'addCallListener() failed' : '',
        ),
      );
    }
  }

  /** The far side handed this device to a new call: it shows as any call this device placed. */
  #follow(next: KitCall): void {
    const session = this.#registry.sessionFor(next, 'outgoing');
    if (session instanceof KitException) {
      this.#registry.report(session);
    } else {
      this.#overlay._openSession(session);
    }
  }
}
