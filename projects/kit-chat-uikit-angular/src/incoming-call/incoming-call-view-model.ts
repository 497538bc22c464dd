import {Signal, computed} from '@angular/core';
import {KitCallEndReason, KitCallPhase} from '../session/call-session';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings} from '../sdk/models';

/**
 * The state and the built-in logic of `<kit-incoming-call>` (spec: `IncomingCallViewModel`), reached with
 * `getViewModel()`: a thin facade over the call's session, which owns the call. The first decision wins, and a
 * late answer of the SDK for a call that ended meanwhile changes nothing.
 */
export class KitIncomingCallViewModel {
  /** The call shown (or handed over), with its latest known status. `null` before the first call. */
  readonly call: Signal<KitCall | null>;
  /** Where the call stands: ringing, accepting, declining, ongoing (handed over), ended; `null` with no call. */
  readonly phase: Signal<KitCallPhase | null>;
  /** Why the last call ended, once it did. */
  readonly endReason: Signal<KitCallEndReason | null>;
  /** Whether the call rings with no decision pending. */
  readonly isRinging: Signal<boolean>;
  /** Whether an accept or reject was sent to the SDK and its answer is awaited. */
  readonly isPending: Signal<boolean>;
  /** Whether a call occupies the screen: ringing, pending, or accepted and not yet ended. */
  readonly isBusy: Signal<boolean>;

  readonly #shell: KitCallScreenShell;
  readonly #settings: () => KitCallSettings | null;

  /** @docs-private */
  constructor(shell: KitCallScreenShell, settings: () => KitCallSettings | null) {
    this.#shell = shell;
    this.#settings = settings;
    const state = shell.state;
    this.call = computed(() => state()?.call ?? null);
    this.phase = computed(() => state()?.phase ?? null);
    this.endReason = computed(() => state()?.endReason ?? null);
    this.isRinging = computed(() => state()?.phase === 'ringing');
    this.isPending = computed(() => {
      const phase = state()?.phase;
      return phase === 'accepting' || phase === 'declining';
    });
    this.isBusy = computed(() => {
      const phase = state()?.phase;
      return !!phase && phase !== 'ended';
    });
  }

  /**
   * Accepts the call through the SDK, with the settings of the screen's `callSettingsBuilder`, publishes
   * `ccCallAccepted` and hands the call over. Does nothing when a decision is already pending or the call ended.
   * @param call The call shown.
   * @returns A promise that settles (never rejects) once the SDK answered.
   */
  acceptCall(call: KitCall): Promise<void> {
    const session = this.#sessionOf(call);
    return session ? session.accept(this.#settings()).then(() => {}) : Promise.resolve();
  }

  /**
   * Rejects the call through the SDK (status `rejected`), publishes `ccCallRejected` and closes the screen. While an
   * accept is in flight the reject supersedes it (and ends the call should the accept land first); it does nothing
   * when a reject is already pending or the call ended.
   * @param call The call shown.
   * @returns A promise that settles (never rejects) once the SDK answered.
   */
  rejectCall(call: KitCall): Promise<void> {
    const session = this.#sessionOf(call);
    return session ? session.decline().then(() => {}) : Promise.resolve();
  }

  #sessionOf(call: KitCall) {
    const session = this.#shell.session();
    if (session && call && session.sessionId === call.sessionId) {
      return session;
    }
    if (!session || !session.isEnded) {
      this.#shell.report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'This call is not the one shown.' : '',
          call,
        ),
      );
    }
    return null;
  }
}

/** The elements of `<kit-incoming-call>` (spec: `KitIncomingCallComponentBinding`); `null` where a slot replaced a part. */
export interface KitIncomingCallBinding {
  /** The host element. */
  readonly root: HTMLElement;
  /** The default avatar. */
  readonly avatar: HTMLElement | null;
  /** The default title (the caller's name). */
  readonly title: HTMLElement | null;
  /** The default subtitle (the call type). */
  readonly subtitle: HTMLElement | null;
  /** The default accept button. */
  readonly acceptButton: HTMLButtonElement | null;
  /** The default reject button. */
  readonly rejectButton: HTMLButtonElement | null;
}
