import {_IdGenerator} from '@angular/cdk/a11y';
import {Signal, computed, inject, signal} from '@angular/core';
import {toSignal} from '@angular/core/rxjs-interop';
import {map} from 'rxjs';
import {
  KitCallEndReason,
  KitCallLifecycle,
  KitCallPhase,
  kitEndReasonOf,
} from '../call/call-lifecycle';
import {kitConnectSdk, kitEndReasonText, kitRunSdk} from '../call/call-screen-support';
import {KitCallEventsService} from '../events/call-events';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {kitReceiver, kitValidateCall, kitValidateUser} from '../sdk/validation';

/** How many early answers (for calls not started on this screen yet) are kept. */
const EARLY_ANSWERS_KEPT = 8;

/**
 * What the view model tells its screen. @docs-private
 */
export interface KitOutgoingCallHooks {
  /** An error to hand to `onError` / `(error)`. */
  report(error: KitException): void;
  /** The callee accepted: hand the call over to the ongoing call screen. */
  accepted(call: KitCall): void;
  /** The call ended; `now` when the screen closes at once (the user's own action). */
  ended(reason: KitCallEndReason, now: boolean): void;
}

/** One call (or one callee, with no call) shown by the screen, and what to release when it is over. */
interface Session {
  readonly lifecycle: KitCallLifecycle;
  readonly call: KitCall | null;
  readonly releases: (() => void)[];
  released: boolean;
  /** Whether the pending cancel is the user's own (end call), which wins over a pick-up that crosses it. */
  cancelledByUser?: boolean;
}

/**
 * The state of a `<kit-outgoing-call>` (spec: `OutgoingViewModel`), from `getViewModel()`. Reading the signals is
 * safe; `endCall()` is the built-in cancellation, for an `onEndCallClick` handler that wants it after all.
 */
export class KitOutgoingCallViewModel {
  private readonly _connection = kitConnectSdk();
  private readonly _events = inject(KitCallEventsService);
  private readonly _intl = inject(KitCallsIntl);
  private readonly _intlVersion = toSignal(this._intl.changes.pipe(map((_, index) => index + 1)), {
    initialValue: 0,
  });
  private readonly _phase = signal<KitCallPhase>('dialing');
  private readonly _reason = signal<KitCallEndReason | null>(null);
  private readonly _error = signal<KitException | null>(null);
  private _session: Session | null = null;
  private readonly _early = new Map<string, {kind: 'accepted' | 'rejected'; call: KitCall}>();

  /** Unique id of this screen: its SDK listener id, and the prefix of its element ids. @docs-private */
  readonly _id: string = inject(_IdGenerator).getId('kit-outgoing-call-');

  /** The call, when one was given. */
  readonly call: Signal<KitCall | null>;
  /** The callee: the call's receiver, else the `user` input. */
  readonly user: Signal<KitUser | null>;
  /** Where the call stands: dialing → cancelling → ongoing / ended. */
  readonly phase: Signal<KitCallPhase> = this._phase.asReadonly();
  /** Why the call ended, once it did. */
  readonly endReason: Signal<KitCallEndReason | null> = this._reason.asReadonly();
  /** Why the screen cannot work (no SDK, nobody logged in, bad call or user), if so. */
  readonly error: Signal<KitException | null> = this._error.asReadonly();
  /** The status line: "Calling…", then the outcome. */
  readonly statusText: Signal<string> = computed(() => {
    this._intlVersion();
    const reason = this._reason();
    if (reason) {
      return kitEndReasonText(this._intl, reason);
    }
    return this._phase() === 'ongoing' ? this._intl.connecting : this._intl.calling;
  });

  /** @docs-private */
  constructor(
    call: Signal<KitCall | null | undefined>,
    user: Signal<KitUser | null | undefined>,
    private readonly _hooks: KitOutgoingCallHooks,
  ) {
    this.call = computed(() => call() ?? null);
    this.user = computed(() => {
      const current = this.call();
      return (current ? kitReceiver(current) : user()) ?? null;
    });
    // Listen from the start: the callee may answer before the first render starts the session.
    if (this._connection.sdk) {
      this._listen(this._connection.sdk);
    }
  }

  /** The logged-in user, when there is one. */
  get me(): KitUser | null {
    return this._connection.me;
  }

  /**
   * The built-in end call: cancels the call through the SDK (`rejectCall(id, 'cancelled')`), publishes
   * `ccCallEnded` and closes the screen. Only the first press counts; a failure is reported as `ERR_CALL_FAILED`
   * and the call keeps dialing. On a screen that already shows an outcome, closes it at once.
   */
  endCall(): void {
    const session = this._session;
    if (session?.lifecycle.isEnded) {
      this._hooks.ended(session.lifecycle.reason ?? 'ended', true);
      return;
    }
    this._cancel('cancelled', true);
  }

  /**
   * The call rang too long: it is withdrawn as `unanswered` through the SDK, `ccCallEnded` is published, and the
   * status line says "No answer" before the screen closes. Only counts when no decision is pending.
   * @returns Whether the call ended; `false` when a decision was pending or the SDK failed (it dials on).
   * @docs-private
   */
  _timeOut(): Promise<boolean> {
    return this._cancel('unanswered', false);
  }

  /**
   * Withdraws the call for the app's own reasons (glare: the callee's call wins): like end call, but a pick-up that
   * crosses it wins, as nobody pressed anything.
   * @returns Whether the call ended.
   * @docs-private
   */
  _withdraw(): Promise<boolean> {
    return this._cancel('cancelled', false);
  }

  private _cancel(status: 'cancelled' | 'unanswered', byUser: boolean): Promise<boolean> {
    const session = this._session;
    if (!session || !session.lifecycle.begin('cancel')) {
      return Promise.resolve(false);
    }
    const {lifecycle, call} = session;
    session.cancelledByUser = byUser;
    // The user's hang-up and a withdrawal close at once; a time-out shows "No answer" first.
    const now = status === 'cancelled';
    const sdk = this._connection.sdk;
    if (!call || !sdk) {
      // A callee shown with no call: there is nothing to cancel in the SDK.
      lifecycle.end(status);
      this._hooks.ended(status, now);
      return Promise.resolve(true);
    }
    return kitRunSdk(
      () => sdk.rejectCall(call.sessionId, status),
      KitErrorCodes.CALL_FAILED,
      'Cancelling the call failed',
    ).then(
      cancelled => {
        if (lifecycle.end(status)) {
          this._events.publishCallEnded(cancelled);
          this._hooks.ended(status, now);
        }
        return true;
      },
      (error: KitException) => {
        // Only a call that still dials reports the failure: an answer that arrived meanwhile decided already.
        if (lifecycle.revert()) {
          this._hooks.report(error);
        }
        return lifecycle.isEnded;
      },
    );
  }

  /** Removes the SDK listener of this screen (also done on every end and on destroy). */
  disposeObservers(): void {
    this._connection.sdk?.removeCallListener(this._id);
  }

  /**
   * Shows a call (or a callee with no call): checks the inputs and listens to the SDK.
   * @docs-private
   */
  _start(call: KitCall | null | undefined, user: KitUser | null | undefined): void {
    this._stop();
    const lifecycle = new KitCallLifecycle('outgoing', (phase, reason) => {
      this._phase.set(phase);
      this._reason.set(reason);
    });
    const session: Session = {lifecycle, call: call ?? null, releases: [], released: false};
    this._session = session;
    this._phase.set(lifecycle.phase);
    this._reason.set(null);
    lifecycle.onTeardown(() => this._release(session));

    const problem = this._connection.error ?? this._validate(call, user);
    this._error.set(problem);
    if (problem) {
      lifecycle.end('failed');
      this._hooks.report(problem);
      // With neither a call nor a user, the host may still be loading them: wait instead of closing.
      if (call || user) {
        this._hooks.ended('failed', false);
      }
      return;
    }
    const sdk = this._connection.sdk;
    if (call && sdk) {
      this._listen(sdk);
      session.releases.push(() => sdk.removeCallListener(this._id));
      const early = this._early.get(call.sessionId);
      this._early.clear();
      if (early) {
        this._route(early.kind, early.call);
      }
    }
  }

  /** Ends what the current session holds, without telling anyone. @docs-private */
  _stop(): void {
    const session = this._session;
    if (session) {
      session.lifecycle.end('dismissed');
      this._release(session);
    }
    // Also the listener of the constructor, when no call was ever started.
    this.disposeObservers();
  }

  private _listen(sdk: KitCallsSdk): void {
    sdk.addCallListener(this._id, {
      onOutgoingCallAccepted: accepted => this._route('accepted', accepted),
      onOutgoingCallRejected: rejected => this._route('rejected', rejected),
    });
  }

  /**
   * Hands an answer of the callee to the session of its call. An answer for a call not started yet (it can arrive
   * right behind `initiateCall`, before the screen's first render) is kept for `_start`.
   * @docs-private
   */
  _route(kind: 'accepted' | 'rejected', call: KitCall): void {
    const session = this._session;
    if (session && session.call?.sessionId === call.sessionId) {
      if (kind === 'accepted') {
        this._onAccepted(session, call);
      } else {
        this._onRejected(session, call);
      }
      return;
    }
    this._early.set(call.sessionId, {kind, call});
    if (this._early.size > EARLY_ANSWERS_KEPT) {
      this._early.delete(this._early.keys().next().value as string);
    }
  }

  /**
   * Registers a step to run when the current call stops dialing for good (accepted, ended, destroyed).
   * @docs-private
   */
  _onRelease(step: () => void): void {
    const session = this._session;
    if (!session || session.released) {
      step();
    } else {
      session.releases.push(step);
    }
  }

  private _validate(
    call: KitCall | null | undefined,
    user: KitUser | null | undefined,
  ): KitException | null {
    if (call) {
      return kitValidateCall(call);
    }
    if (user) {
      return kitValidateUser(user, 'callee');
    }
    return new KitException(
      KitErrorCodes.INVALID_CALL,
      '<kit-outgoing-call> needs a `call`, or a `user` when there is no call.',
      call,
    );
  }

  private _onAccepted(session: Session, call: KitCall): void {
    if (call.sessionId !== session.call?.sessionId) {
      return;
    }
    const {lifecycle} = session;
    if (lifecycle.phase === 'cancelling' && session.cancelledByUser) {
      // The callee picked up while the user hung up: the user's decision wins, so end the call at once.
      // (A pick-up that crosses a time-out or a withdrawal wins instead: their cancel then fails, unheard.)
      // The call is over for the user at once (event and screen); the SDK's endCall is the housekeeping.
      lifecycle.end('cancelled');
      const sdk = this._connection.sdk;
      kitRunSdk(
        () => sdk!.endCall(call.sessionId),
        KitErrorCodes.CALL_FAILED,
        'Ending the call failed',
      ).catch((error: KitException) => this._hooks.report(error));
      this._events.publishCallEnded({...call, status: 'ended'});
      this._hooks.ended('cancelled', true);
      return;
    }
    if (!lifecycle.connect()) {
      return;
    }
    this._release(session);
    this._events.publishCallAccepted(call);
    this._hooks.accepted(call);
  }

  private _onRejected(session: Session, call: KitCall): void {
    if (call.sessionId !== session.call?.sessionId) {
      return;
    }
    const reason = kitEndReasonOf(call.status) ?? 'rejected';
    if (session.lifecycle.end(reason)) {
      this._events.publishCallRejected(call);
      this._hooks.ended(reason, false);
    }
  }

  private _release(session: Session): void {
    session.released = true;
    for (const step of session.releases.splice(0).reverse()) {
      try {
        step();
      } catch (error) {
        // A failing step must not keep the others (stop sound, remove the listener) from running.
        console.error('KitOutgoingCallViewModel: a release step threw', error);
      }
    }
  }
}
