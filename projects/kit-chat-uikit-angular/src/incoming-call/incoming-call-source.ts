import {Signal, untracked} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallEndReason, KitCallSession, kitEndReasonOf} from '../session/call-session';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';

/** What the source needs of its screen. */
export interface KitIncomingCallSourceScreen {
  /** The screen's shell: its registry, the session shown and error reporting. */
  readonly shell: KitCallScreenShell;
  /** The screen's `call` input. */
  readonly call: Signal<KitCall | null | undefined>;
  /** Whether a call occupies the screen (ringing, pending, or accepted and not yet ended). */
  readonly isBusy: () => boolean;
  /** Shows a session on the screen. */
  readonly show: (session: KitCallSession) => void;
  /** Says that the call given is over, without showing it. */
  readonly closed: (reason: KitCallEndReason) => void;
}

/**
 * Which call a `<kit-incoming-call>` placed in a page shows: the `call` input, else the next call that rings, but
 * never one the app cleared from the input (it still rings at the SDK, not on this screen).
 * @docs-private
 */
export class KitIncomingCallSource {
  readonly #screen: KitIncomingCallSourceScreen;
  readonly #shell: KitCallScreenShell;
  readonly #registry: KitCallRegistry;
  readonly #subscription = new Subscription();
  /** Calls the app took off the screen by clearing `call`: they never come back by themselves. */
  readonly #cleared = new WeakSet<KitCallSession>();
  #inputDriven = false;
  #following = true;
  #reportedMe: string | null = null;

  /** @param screen The screen. */
  constructor(screen: KitIncomingCallSourceScreen) {
    this.#screen = screen;
    this.#shell = screen.shell;
    this.#registry = screen.shell.registry;
    if (!this.#shell.overlaySession) {
      // With no `call` input, the screen shows the next call that rings.
      this.#subscription.add(
        this.#registry.shown.subscribe(session => {
          if (this.#following && !untracked(screen.call) && !screen.isBusy()) {
            screen.show(session);
          }
        }),
      );
    }
  }

  /** Stops following calls; the call shown goes on without the screen. */
  stop(): void {
    this.#following = false;
    this.#subscription.unsubscribe();
  }

  /** Reports once that nobody is logged in, or that there is no SDK. */
  checkMe(): void {
    const me = this.#registry.me();
    if (me instanceof KitException && this.#reportedMe !== me.code) {
      this.#reportedMe = me.code;
      this.#shell.report(me);
    }
  }

  /**
   * Follows the `call` input of a screen placed in a page (in a call overlay the screen shows the overlay's session).
   * @param call Its new value.
   */
  apply(call: KitCall | null | undefined): void {
    const shown = this.#shell.session();
    if (!call) {
      // Cleared: the call the input showed leaves; the screen shows the next call that rings.
      if (this.#inputDriven && shown) {
        this.#cleared.add(shown);
        this.#shell.bind(null);
      }
      this.#inputDriven = false;
      this.showNext();
      return;
    }
    // The app now names the call shown (it may have rung here first): clearing the input takes it away.
    this.#inputDriven = true;
    if (shown?.sessionId === call.sessionId) {
      shown._update(call); // A new status of the call shown: update, or close.
      return;
    }
    // The input wins over whatever was shown, so a bad input never leaves a misleading caller on screen.
    this.#shell.bind(null);
    this.checkMe();
    if (this.#registry.me() instanceof KitException) {
      return;
    }
    const session = this.#registry.sessionFor(call, 'incoming');
    if (session instanceof KitException) {
      const over = kitEndReasonOf(call.status);
      if (over) {
        this.#screen.closed(over);
      } else if (!this.#registry.hasEnded(call.sessionId)) {
        this.#shell.report(session);
      }
      return;
    }
    this.#cleared.delete(session);
    this.#screen.show(session);
  }

  /** Shows the oldest call that rings, unless the app cleared it. */
  showNext(): void {
    const next = this.#registry.nextRinging();
    if (next && this.#following && !this.#cleared.has(next)) {
      this.#screen.show(next);
    }
  }

  /** The call shown is done: a screen placed in a layout is free for the next call that rings. */
  done(): void {
    if (this.#shell.overlaySession) {
      return;
    }
    queueMicrotask(() => {
      if (this.#shell.session()?.state.done && !untracked(this.#screen.call)) {
        this.#shell.bind(null);
        this.showNext();
      }
    });
  }
}
