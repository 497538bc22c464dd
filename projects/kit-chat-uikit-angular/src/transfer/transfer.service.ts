import {
  DestroyRef,
  Injectable,
  PLATFORM_ID,
  Signal,
  WritableSignal,
  inject,
  signal,
} from '@angular/core';
import {isPlatformBrowser} from '@angular/common';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import type {KitCallSession} from '../session/call-session';

/**
 * Who the Transfer button offers (`withTransfer()`): a list, or a function of the call (which may ask a server).
 * The call's own people are left out.
 */
export type KitPeopleToTransfer =
  readonly KitUser[] | ((call: KitCall) => readonly KitUser[] | Promise<readonly KitUser[]>);

let nextListener = 0;

/** A call the user placed to someone first (an attended transfer): the held call it is for, and that person. */
export interface KitConsultation {
  /** The held call, handed to `to` once the user completes the transfer. */
  readonly held: KitCallSession;
  /** Who the user called first. */
  readonly to: KitUser;
}

/**
 * Transfer (`withTransfer()`): hands a call to someone else, blind or after calling them first (attended), and
 * follows the transfers the far side makes. The app says who the Transfer button offers, e.g. in its root component:
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
  readonly #consultations = signal<ReadonlyMap<KitCallSession, KitConsultation>>(new Map());
  /** The calls placed first (`consult`) while their held call waits, by their session. @docs-private */
  readonly _consultations: Signal<ReadonlyMap<KitCallSession, KitConsultation>> =
    this.#consultations.asReadonly();

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

  /**
   * Calls someone first (an attended transfer): holds the call, and places a call to them on an outgoing screen, as
   * any call. Once it connected, its screen offers "Complete transfer" (`complete`). It ending first (declined, busy,
   * no answer, hung up) leaves the held call on hold, with "Resume". Needs an adapter with `attendedTransfer`.
   * @param sessionId The ongoing call.
   * @param to Who the user calls first.
   * @returns Whether the call to them was placed (the held call waits for it).
   */
  async consult(sessionId: string, to: KitUser): Promise<boolean> {
    const held = this.#registry.find(sessionId);
    const sdk = this.#sdk as KitPhoneCallsSdk | null;
    if (
      !held?.consult ||
      !sdk?.attendedTransfer ||
      !(held.state.hold === 'held' || (await held.hold!(true))) ||
      !held.consult(to)
    ) {
      return false;
    }
    const next = this.#registry.placeCall(to, held.state.call.type);
    if (next instanceof KitException) {
      held.consultEnded!();
      this.#registry.report(next);
      return false;
    }
    this.#link(next, {held, to});
    this.#overlay._openSession(next);
    // A call that cannot start ends on its screen, which says why: the held call comes back.
    next.start().catch(() => {});
    return true;
  }

  /**
   * Completes an attended transfer from the call placed first: the held call's far side is joined to this call's
   * (the SDK's `transfer` with this call as the consultation); both calls then end here. A transfer that fails
   * leaves the held call on hold and this call as it is; the app's `onError` hears why.
   * @param sessionId The call placed first (`consult`), connected.
   * @returns Whether the held call was handed over.
   */
  complete(sessionId: string): Promise<boolean> {
    const next = this.#registry.find(sessionId);
    const link = next && this.#consultations().get(next);
    return link && next.state.phase === 'ongoing' && link.held.consulting!()
      ? link.held.transfer!(link.to, next.sessionId)
      : Promise.resolve(false);
  }

  /** Links the call placed first to its held call, until either lets go of the other. */
  #link(next: KitCallSession, link: KitConsultation): void {
    this.#consultations.update(all => new Map(all).set(next, link));
    const {held} = link;
    const stops: (() => void)[] = [];
    const unlink = () => {
      stops.splice(0).forEach(stop => stop());
      this.#consultations.update(all => {
        const rest = new Map(all);
        rest.delete(next);
        return rest;
      });
    };
    stops.push(
      next.subscribe(() => {
        if (next.isEnded) {
          unlink();
          if (held.consulting!()) {
            held.consultEnded!();
          }
        }
      }),
      // The held call left the consultation (resumed, ended, the transfer done or failed): this call goes on.
      held.subscribe(() => {
        if (!held.consulting!() && !held.state.transferTo) {
          unlink();
        }
      }),
    );
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

  /**
   * The far side handed this device to a new call: it shows as any call this device placed. An attended transfer's
   * target hears a call already `ongoing` (it replaced the user's call with the transferor): it opens connected.
   */
  #follow(next: KitCall): void {
    const session =
      next.status === 'ongoing'
        ? this.#registry.sessionFor(next, 'incoming', 'ongoing')
        : this.#registry.sessionFor(next, 'outgoing');
    if (session instanceof KitException) {
      this.#registry.report(session);
    } else {
      this.#overlay._openSession(session);
    }
  }
}
