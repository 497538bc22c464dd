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
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {kitReceiver, kitValidateCall, kitValidateUser} from '../sdk/validation';

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
    if (!session) {
      return;
    }
    const {lifecycle, call} = session;
    if (lifecycle.isEnded) {
      this._hooks.ended(lifecycle.reason ?? 'ended', true);
      return;
    }
    if (!lifecycle.begin('cancel')) {
      return;
    }
    const sdk = this._connection.sdk;
    if (!call || !sdk) {
      // A callee shown with no call: there is nothing to cancel in the SDK.
      lifecycle.end('cancelled');
      this._hooks.ended('cancelled', true);
      return;
    }
    kitRunSdk(
      () => sdk.rejectCall(call.sessionId, 'cancelled'),
      KitErrorCodes.CALL_FAILED,
      'Cancelling the call failed',
    ).then(
      cancelled => {
        if (lifecycle.end('cancelled')) {
          this._events.publishCallEnded(cancelled);
          this._hooks.ended('cancelled', true);
        }
      },
      (error: KitException) => {
        // Only a call that still dials reports the failure: an answer that arrived meanwhile decided already.
        if (lifecycle.revert()) {
          this._hooks.report(error);
        }
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
      sdk.addCallListener(this._id, {
        onOutgoingCallAccepted: accepted => this._onAccepted(session, accepted),
        onOutgoingCallRejected: rejected => this._onRejected(session, rejected),
      });
      session.releases.push(() => sdk.removeCallListener(this._id));
    }
  }

  /** Ends what the current session holds, without telling anyone. @docs-private */
  _stop(): void {
    const session = this._session;
    if (session) {
      session.lifecycle.end('dismissed');
      this._release(session);
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
    if (lifecycle.phase === 'cancelling') {
      // The callee picked up while the user hung up: the user's decision wins, so end the call at once.
      lifecycle.end('cancelled');
      const sdk = this._connection.sdk;
      kitRunSdk(
        () => sdk!.endCall(call.sessionId),
        KitErrorCodes.CALL_FAILED,
        'Ending the call failed',
      )
        .then(() => this._events.publishCallEnded({...call, status: 'ended'}))
        .catch((error: KitException) => this._hooks.report(error));
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
