import {Signal, computed, inject} from '@angular/core';
import {KitCallEndReason, KitCallPhase} from '../session/call-session';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {kitEndReasonText} from '../screen/call-screen-support';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {kitReceiver} from '../sdk/validation';

/**
 * The state of a `<kit-outgoing-call>` (spec: `OutgoingViewModel`), from `getViewModel()`: a thin facade over the
 * call's session, which owns the call. Reading the signals is safe; `endCall()` is the built-in cancellation, for an
 * `onEndCallClick` handler that wants it after all.
 */
export class KitOutgoingCallViewModel {
  readonly #intl = inject(KitCallsIntl);
  readonly #shell: KitCallScreenShell;
  readonly #endCall: () => void;

  /** The call, when one was given. */
  readonly call: Signal<KitCall | null>;
  /** The callee: the call's receiver, else the `user` input. */
  readonly user: Signal<KitUser | null>;
  /** Where the call stands: dialing → cancelling → ongoing / ended. */
  readonly phase: Signal<KitCallPhase>;
  /** Why the call ended, once it did. */
  readonly endReason: Signal<KitCallEndReason | null>;
  /** Why the screen cannot work (no SDK, nobody logged in, bad call or user), if so. */
  readonly error: Signal<KitException | null>;
  /** The status line: "Calling…", "Ringing…", then the outcome. */
  readonly statusText: Signal<string>;

  /** @docs-private */
  constructor(
    shell: KitCallScreenShell,
    call: Signal<KitCall | null | undefined>,
    user: Signal<KitUser | null | undefined>,
    error: Signal<KitException | null>,
    endCall: () => void,
  ) {
    this.#shell = shell;
    this.#endCall = endCall;
    const state = shell.state;
    this.error = error;
    this.call = computed(() => (call() ? (state()?.call ?? call() ?? null) : null));
    this.user = computed(() => {
      const current = this.call();
      return (current ? kitReceiver(current) : user()) ?? null;
    });
    this.phase = computed(() => state()?.phase ?? (error() ? 'ended' : 'dialing'));
    this.endReason = computed(() => state()?.endReason ?? (error() ? 'failed' : null));
    this.statusText = computed(() => {
      shell.intlVersion();
      const reason = this.endReason();
      if (reason) {
        return kitEndReasonText(this.#intl, reason);
      }
      const current = state();
      if (current?.phase === 'ongoing') {
        return this.#intl.connecting;
      }
      if (current?.phase === 'cancelling') {
        return this.#intl.ending;
      }
      return current?.remoteRinging ? this.#intl.ringing : this.#intl.calling;
    });
  }

  /** The logged-in user, when there is one. */
  get me(): KitUser | null {
    return this.#shell.me();
  }

  /**
   * The built-in end call: cancels the call through the SDK (`rejectCall(id, 'cancelled')`), publishes
   * `ccCallEnded` and closes the screen. Only the first press counts; a failure is reported as `ERR_CALL_FAILED`
   * and the call keeps dialing. On a screen that already shows an outcome, closes it at once.
   */
  endCall(): void {
    this.#endCall();
  }
}
