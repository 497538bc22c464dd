import {
  ChangeDetectionStrategy,
  Component,
  ViewEncapsulation,
  computed,
  effect,
  inject,
  input,
  output,
  signal,
} from '@angular/core';
import {KitCallButtonComponent} from '../button/call-button';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitCallSession} from '../session/call-session';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {KitHoldIntl} from './hold-intl';

/** @returns The name of the other person of a call, as this device sees them. */
export function kitOtherName(session: KitCallSession): string {
  const call = session.state.call;
  return (session.direction === 'incoming' ? kitCaller(call) : kitReceiver(call))?.name ?? '';
}

/** The pause sign of hold, drawn in the buttons of `withHold()`. */
const PAUSE = 'M6 19h4V5H6v14zm8-14v14h4V5h-4z';

/**
 * "Hold and accept" in a call-waiting banner (`withHold()`): put into the banner's actions by `KitHeldCalls`, between
 * Decline and "End and accept". @docs-private
 */
@Component({
  selector: 'kit-hold-and-accept',
  imports: [KitCallButtonComponent],
  template: `
    <kit-call-button
      buttonClass="kit-call-waiting-button kit-call-waiting-hold-and-accept"
      [label]="intl.holdAndAccept"
      [ariaLabel]="intl.holdAndAcceptCallFrom(name(), video())"
      (press)="press.emit()"
    >
      <svg class="kit-hold-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        <path [attr.d]="pause" />
      </svg>
    </kit-call-button>
  `,
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-hold-and-accept'},
})
export class KitHoldAndAcceptComponent {
  protected readonly intl = inject(KitHoldIntl);
  protected readonly pause = PAUSE;
  /** The caller of the waiting call. */
  readonly name = input('');
  /** Whether the waiting call is a video call. */
  readonly video = input(false);
  /** Emits when the user holds the call on screen to accept the waiting one. */
  readonly press = output<void>();

  constructor() {
    kitFollowIntl(this.intl);
  }
}

/**
 * The bar of the call on hold behind the call on screen (`withHold()`): its name, "On hold", and "Switch", which
 * holds the call on screen and resumes that one. At the top of the call screen, first in its Tab order after
 * a waiting call's banner. @docs-private
 */
@Component({
  selector: 'kit-held-calls',
  imports: [KitCallButtonComponent],
  template: `
    @if (_row(); as row) {
      <div class="kit-held-call" role="group" [attr.aria-label]="intl.onHold">
        <svg class="kit-hold-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
          <path [attr.d]="pause" />
        </svg>
        <p class="kit-held-call-text">
          <span class="kit-held-call-name">{{ row.name }}</span>
          <span class="kit-held-call-status">{{ row.status }}</span>
        </p>
        <kit-call-button
          buttonClass="kit-held-call-switch"
          [label]="intl.switchCall"
          [ariaLabel]="intl.switchTo(row.name)"
          (press)="switchTo.emit(row.session)"
        />
      </div>
    }
  `,
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-held-calls'},
})
export class KitHeldCallsComponent {
  protected readonly intl = inject(KitHoldIntl);
  protected readonly pause = PAUSE;
  /** The held call behind the call on screen (the latest one put behind it, when there are several). */
  readonly session = input<KitCallSession | null>(null);
  /** Emits the call the user switches to. */
  readonly switchTo = output<KitCallSession>();
  /** Counts the session's changes: its hold is read from its state. */
  readonly #version = signal(0);
  readonly #words = kitFollowIntl(this.intl);
  /** The held call: the other person's name and what its hold says. */
  protected readonly _row = computed(() => {
    this.#version();
    this.#words();
    const session = this.session();
    if (!session) {
      return null;
    }
    const name = kitOtherName(session);
    const {hold, heldByPeer} = session.state;
    return {
      session,
      name,
      status: hold ? this.intl.onHold : heldByPeer ? this.intl.heldBy(name) : '',
    };
  });

  constructor() {
    effect(onCleanup => {
      const stop = this.session()?.subscribe(() => this.#version.update(count => count + 1));
      onCleanup(() => stop?.());
    });
  }
}
