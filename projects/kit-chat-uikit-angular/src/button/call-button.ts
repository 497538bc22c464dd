import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  InputSignalWithTransform,
  OutputEmitterRef,
  ViewEncapsulation,
  booleanAttribute,
  inject,
  input,
  output,
} from '@angular/core';
import {KitIconComponent, KitIconName} from '../icon/icon';

/**
 * The round labelled button of the call screens (accept, decline, end call, mute...): an icon, a visible label and an
 * accessible name. The label sits inside a pill (`labelPosition="inside"`) or under a round button (`"below"`,
 * where it is hidden from screen readers: the accessible name already says it).
 *
 * A disabled button stays focusable and is announced as disabled (`aria-disabled`), as a phone keeps its buttons in
 * place while a decision is in flight; a press on it is not emitted. The screen's own classes go on the native
 * button through `buttonClass`, so that its harness, tests and theme tokens find it as before. @docs-private
 */
@Component({
  selector: 'kit-call-button',
  template: `
    <button
      type="button"
      class="kit-call-button-button"
      [class]="buttonClass()"
      [attr.aria-label]="ariaLabel() || label()"
      [attr.aria-disabled]="disabled() || null"
      (click)="_press()"
    >
      <ng-content />
      @if (icon(); as icon) {
        <kit-icon [name]="icon" />
      }
      @if (labelPosition() === 'inside') {
        <span class="kit-call-button-text" [class]="textClass()">{{ label() }}</span>
      }
    </button>
    @if (labelPosition() === 'below') {
      <span class="kit-call-button-text" aria-hidden="true" [class]="textClass()">{{
        label()
      }}</span>
    }
  `,
  styleUrl: 'call-button.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [KitIconComponent],
  host: {
    class: 'kit-call-button',
    '[class.kit-call-button-label-below]': 'labelPosition() === "below"',
  },
})
export class KitCallButtonComponent {
  /** The icon; `null` when the content projected into the button is the icon (an app's image). */
  readonly icon: InputSignal<KitIconName | null> = input<KitIconName | null>(null);
  /** The visible label. */
  readonly label: InputSignal<string> = input('');
  /** The accessible name when it says more than the label ("Decline voice call from Ada"); the label otherwise. */
  readonly ariaLabel: InputSignal<string | null | undefined> = input<string | null>();
  /** Where the label stands: inside the pill, or under the round button. */
  readonly labelPosition: InputSignal<'inside' | 'below'> = input<'inside' | 'below'>('inside');
  /** Whether the button is disabled: shown and announced as such, still focusable; a press is not emitted. */
  readonly disabled: InputSignalWithTransform<boolean, unknown> = input(false, {
    transform: booleanAttribute,
  });
  /** Classes of the native button: the screen's part names and the classes its tokens are mapped on. */
  readonly buttonClass: InputSignal<string | null | undefined> = input<string | null>();
  /** Classes of the label (a text appearance class of the app). */
  readonly textClass: InputSignal<string | null | undefined> = input<string | null>();

  /** Emits when the button is pressed while enabled (click, Enter or Space). */
  readonly press: OutputEmitterRef<void> = output<void>();

  readonly #host: HTMLElement = inject(ElementRef).nativeElement;

  /** @returns The native button, for a screen's `getBinding()`. @docs-private */
  _element(): HTMLButtonElement {
    // The template's first node: no query needed to find it.
    return this.#host.firstElementChild as HTMLButtonElement;
  }

  /** @docs-private */
  protected _press(): void {
    if (!this.disabled()) {
      this.press.emit();
    }
  }
}
