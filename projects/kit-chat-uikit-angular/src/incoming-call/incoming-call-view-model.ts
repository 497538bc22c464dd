import {Signal, computed, signal} from '@angular/core';
import {
  KitCallDecision,
  KitCallEndReason,
  KitCallLifecycle,
  KitCallPhase,
  kitEndReasonOf,
} from '../call/call-lifecycle';
import {kitRunSdk} from '../call/call-screen-support';
import {KitCallEventsService} from '../events/call-events';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitConstants} from '../sdk/models';

/**
 * What the view model tells the screen that owns it.
 * @docs-private
 */
export interface KitIncomingCallViewModelHost {
  /** @returns The builder whose settings travel with an accepted call, if the app set one. */
  settings(): KitCallSettingsBuilder | null | undefined;
  /** The call was accepted here: hand it over to the ongoing call screen. */
  accepted(call: KitCall): void;
  /** The screen closed without a hand-over (rejected, cancelled, answered elsewhere, failed). */
  closed(reason: KitCallEndReason, call: KitCall): void;
  /** Something failed. */
  error(error: KitException): void;
}

/** Codes of an SDK failure that means the call is over, not that the action can be tried again. */
const CALL_OVER: readonly string[] = [KitErrorCodes.CALL_ENDED, KitErrorCodes.UNKNOWN_SESSION];

/**
 * The state and the built-in logic of `<kit-incoming-call>` (spec: `IncomingCallViewModel`), reached with
 * `getViewModel()`. Each call shown gets its own `KitCallLifecycle`: the first decision wins, and a late answer of
 * the SDK for a call that ended meanwhile changes nothing.
 */
export class KitIncomingCallViewModel {
  private readonly _call = signal<KitCall | null>(null);
  private readonly _phase = signal<KitCallPhase | null>(null);
  private readonly _endReason = signal<KitCallEndReason | null>(null);
  private _lifecycle: KitCallLifecycle | null = null;
  /** Session ids that ended or were handed over: they never ring again on this screen. */
  private readonly _finished = new Set<string>();

  /** The call shown (or handed over), with its latest known status. `null` before the first call. */
  readonly call: Signal<KitCall | null> = this._call.asReadonly();
  /** Where the call stands: ringing, accepting, declining, ongoing (handed over), ended; `null` with no call. */
  readonly phase: Signal<KitCallPhase | null> = this._phase.asReadonly();
  /** Why the last call ended, once it did. */
  readonly endReason: Signal<KitCallEndReason | null> = this._endReason.asReadonly();
  /** Whether the call rings with no decision pending. */
  readonly isRinging: Signal<boolean> = computed(() => this._phase() === 'ringing');
  /** Whether an accept or reject was sent to the SDK and its answer is awaited. */
  readonly isPending: Signal<boolean> = computed(
    () => this._phase() === 'accepting' || this._phase() === 'declining',
  );
  /** Whether a call occupies the screen: ringing, pending, or accepted and not yet ended. */
  readonly isBusy: Signal<boolean> = computed(() => !!this._phase() && this._phase() !== 'ended');

  /** @docs-private */
  constructor(
    private readonly _sdk: KitCallsSdk | null,
    private readonly _events: KitCallEventsService,
    private readonly _host: KitIncomingCallViewModelHost,
  ) {}

  /**
   * Accepts the call through the SDK, with the settings of the screen's `callSettingsBuilder`, publishes
   * `ccCallAccepted` and hands the call over. Does nothing when a decision is already pending or the call ended.
   * @param call The call shown.
   * @returns A promise that settles (never rejects) once the SDK answered.
   */
  acceptCall(call: KitCall): Promise<void> {
    const lifecycle = this._begin(call, 'accept');
    if (!lifecycle || !this._sdk) {
      return Promise.resolve();
    }
    const sdk = this._sdk;
    const sessionId = call.sessionId;
    return kitRunSdk(
      () => sdk.acceptCall(sessionId),
      KitErrorCodes.CALL_FAILED,
      'The call could not be accepted',
    ).then(
      answer => {
        // A cancel (or a dismissal) that came first wins: the late answer changes nothing.
        if (this._lifecycle !== lifecycle || !lifecycle.connect()) {
          return;
        }
        const shown = this._call() ?? call;
        const builder =
          this._host.settings() ??
          new KitCallSettingsBuilder(shown.type === KitConstants.CALL_TYPE_AUDIO);
        const accepted: KitCall = {
          ...shown,
          ...answer,
          status: answer?.status ?? 'ongoing',
          settings: builder.build(),
        };
        this._finished.add(sessionId);
        this._call.set(accepted);
        this._events.publishCallAccepted(accepted);
        this._host.accepted(accepted);
      },
      (error: KitException) => this._failed(lifecycle, error),
    );
  }

  /**
   * Rejects the call through the SDK (status `rejected`), publishes `ccCallRejected` and closes the screen. Does
   * nothing when a decision is already pending or the call ended.
   * @param call The call shown.
   * @returns A promise that settles (never rejects) once the SDK answered.
   */
  rejectCall(call: KitCall): Promise<void> {
    return this._decline(call, 'rejected').then(() => {});
  }

  /**
   * The call rang too long: it is declined as `unanswered` through the SDK, `ccCallEnded` is published and the
   * screen closes. Like a press, it only counts when no decision is pending.
   * @param call The call shown.
   * @returns Whether the call ended; `false` when a decision was pending or the SDK failed (the call rings on).
   * @docs-private
   */
  _timeOut(call: KitCall): Promise<boolean> {
    return this._decline(call, 'unanswered');
  }

  private _decline(call: KitCall, status: 'rejected' | 'unanswered'): Promise<boolean> {
    const lifecycle = this._begin(call, 'decline');
    if (!lifecycle || !this._sdk) {
      return Promise.resolve(false);
    }
    const sdk = this._sdk;
    return kitRunSdk(
      () => sdk.rejectCall(call.sessionId, status),
      KitErrorCodes.CALL_FAILED,
      'The call could not be rejected',
    ).then(
      answer => {
        if (this._lifecycle !== lifecycle || lifecycle.isEnded) {
          return true;
        }
        const ended: KitCall = {...(this._call() ?? call), ...answer, status};
        this._call.set(ended);
        lifecycle.end(status);
        if (status === 'rejected') {
          this._events.publishCallRejected(ended);
        } else {
          this._events.publishCallEnded(ended);
        }
        this._host.closed(status, ended);
        return true;
      },
      (error: KitException) => {
        this._failed(lifecycle, error);
        return lifecycle.isEnded;
      },
    );
  }

  /**
   * Shows a call: a new lifecycle, ringing. A call already shown, ended or handed over is refused.
   * @param call A valid call.
   * @returns Whether the call is now shown.
   * @docs-private
   */
  _show(call: KitCall): boolean {
    if (this._finished.has(call.sessionId) || this._call()?.sessionId === call.sessionId) {
      return false;
    }
    this._dismiss();
    const lifecycle = new KitCallLifecycle('incoming', (phase, reason) => {
      if (this._lifecycle === lifecycle) {
        this._phase.set(phase);
        this._endReason.set(reason);
      }
    });
    lifecycle.onTeardown(() => this._finished.add(call.sessionId));
    this._lifecycle = lifecycle;
    this._call.set(call);
    this._endReason.set(null);
    this._phase.set(lifecycle.phase);
    return true;
  }

  /**
   * Registers a step of the current call's teardown (runs at once when there is no live call).
   * @param teardown The step.
   * @docs-private
   */
  _onTeardown(teardown: () => void): void {
    if (this._lifecycle) {
      this._lifecycle.onTeardown(teardown);
    } else {
      teardown();
    }
  }

  /**
   * The SDK (or the app, through the `call` input) reports a new state of a call. A status that ends a ringing
   * call closes the screen with that reason and publishes `ccCallEnded`; the end of a handed-over call frees the
   * screen; other updates refresh what is shown.
   * @param call The call with its new status.
   * @param endStatusFallback Reason used when the status does not tell one (a cancel event without status).
   * @docs-private
   */
  _update(call: KitCall, endStatusFallback: KitCallEndReason | null = null): void {
    const lifecycle = this._lifecycle;
    const reason = kitEndReasonOf(call.status) ?? endStatusFallback;
    if (reason) {
      this._finished.add(call.sessionId);
    }
    if (!lifecycle || lifecycle.isEnded || this._call()?.sessionId !== call.sessionId) {
      return;
    }
    const updated: KitCall = {...this._call()!, ...call};
    if (lifecycle.phase === 'ongoing') {
      // Handed over: the ongoing screen owns the call; its end only frees this screen for the next call.
      if (reason) {
        this._call.set(updated);
        lifecycle.end(reason);
      }
      return;
    }
    this._call.set(updated);
    if (reason) {
      lifecycle.end(reason);
      this._events.publishCallEnded(updated);
      this._host.closed(reason, updated);
    }
  }

  /**
   * Ends the current call on this screen without a word to the SDK or the app (destroy, the `call` input cleared
   * or replaced). The teardown runs.
   * @docs-private
   */
  _dismiss(): void {
    this._lifecycle?.end('dismissed');
  }

  private _begin(call: KitCall, decision: KitCallDecision): KitCallLifecycle | null {
    const lifecycle = this._lifecycle;
    if (!this._sdk) {
      this._host.error(
        new KitException(
          KitErrorCodes.NOT_INITIALIZED,
          'No call SDK: nothing to accept or reject.',
        ),
      );
      return null;
    }
    if (!lifecycle || this._call()?.sessionId !== call?.sessionId) {
      if (!this._finished.has(call?.sessionId)) {
        this._host.error(
          new KitException(KitErrorCodes.INVALID_CALL, 'This call is not the one shown.', call),
        );
      }
      return null;
    }
    return lifecycle.begin(decision) ? lifecycle : null;
  }

  private _failed(lifecycle: KitCallLifecycle, error: KitException): void {
    if (this._lifecycle !== lifecycle || lifecycle.isEnded) {
      return; // Ended meanwhile (cancelled, dismissed): the failure is expected and of no interest.
    }
    const cause = error.details;
    const over = cause instanceof KitException && CALL_OVER.includes(cause.code);
    if (!over) {
      lifecycle.revert();
      this._host.error(error);
      return;
    }
    // The SDK says the call no longer rings: close with the reason it gives.
    const ended = cause.details as Partial<KitCall> | undefined;
    const reason = kitEndReasonOf(ended?.status) ?? 'failed';
    const call: KitCall = {...this._call()!, ...(ended?.status ? {status: ended.status} : {})};
    this._call.set(call);
    lifecycle.end(reason);
    this._host.error(error);
    this._events.publishCallEnded(call);
    this._host.closed(reason, call);
  }
}
