import {LiveAnnouncer, _IdGenerator} from '@angular/cdk/a11y';
import {DOCUMENT} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  InputSignal,
  ViewEncapsulation,
  effect,
  inject,
  input,
  signal,
  viewChild,
} from '@angular/core';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitOngoingCallMedia} from '../ongoing-call/ongoing-call-media';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitDtmfTone} from './dtmf-tone';
import {KitKeypadIntl} from './keypad-intl';

/**
 * The keypad of the ongoing screen, behind a "Keypad" button beside its controls (added by `withKeypad()`): twelve
 * labelled keys, and the digits typed on the keyboard while it is open (outside a text field). Each key goes to the
 * SDK's `sendDigits`, plays its dual tone here and is said politely to screen readers; the digits sent in this call
 * show above the keys. Not shown with an adapter that has no `sendDigits`. @docs-private
 */
@Component({
  selector: 'kit-keypad',
  templateUrl: 'keypad.html',
  styleUrl: 'keypad.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-keypad',
    '[attr.hidden]': 'media().sdk?.sendDigits ? null : ""',
    '(keydown.escape)': '_close($event)',
    '(document:keydown)': '_typed($event)',
  },
})
export class KitKeypadComponent {
  /** The call's media, as the ongoing screen shows it. */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
  protected readonly intl = inject(KitKeypadIntl);
  readonly #announcer = inject(LiveAnnouncer);
  readonly #tone = new KitDtmfTone(inject(DOCUMENT).defaultView);
  protected readonly _panelId = inject(_IdGenerator).getId('kit-keypad-');
  protected readonly _open = signal(false);
  /** The digits sent in this call. */
  protected readonly _sent = signal('');
  private readonly _toggle = viewChild<ElementRef<HTMLButtonElement>>('toggle');

  constructor() {
    kitFollowIntl(this.intl);
    inject(DestroyRef).onDestroy(() => this.#tone.close());
    // Another call starts with no digits; a call that is over takes the keypad away with the controls.
    effect(() => {
      this.media().sessionId();
      this._sent.set('');
    });
    effect(() => {
      if (this.media().phase() === 'ended') {
        this._open.set(false);
      }
    });
  }

  /** The name a screen reader says for a key. @docs-private */
  protected _name(key: string): string {
    return key === '*' ? this.intl.star : key === '#' ? this.intl.pound : key;
  }

  /** @docs-private */
  protected _toggleOpen(): void {
    this._open.update(open => !open && this.media().phase() !== 'ended');
  }

  /** Escape closes the keypad and gives focus back to its button. @docs-private */
  protected _close(event: Event): void {
    if (this._open()) {
      event.stopPropagation();
      this._open.set(false);
      this._toggle()?.nativeElement.focus();
    }
  }

  /** A key typed on the keyboard while the keypad is open. @docs-private */
  protected _typed(event: KeyboardEvent): void {
    const target = event.target as Element | null;
    if (
      this._open() &&
      /^[\d*#]$/.test(event.key) &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      !target?.closest?.('input, textarea, select, [contenteditable]')
    ) {
      event.preventDefault();
      this._press(event.key);
    }
  }

  /** Sends a key, plays its tone and says it. @docs-private */
  protected _press(key: string): void {
    const {sdk, sessionId, phase, report} = this.media();
    if (phase() === 'ended' || !sdk?.sendDigits) {
      return;
    }
    this.#tone.play(key);
    this._sent.update(sent => sent + key);
    void this.#announcer.announce(this.intl.sent(this._name(key)), 'polite');
    new Promise(resolve => resolve(sdk.sendDigits!(sessionId(), key))).catch(error =>
      report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? `The key ${key} could not be sent` : '',
        ),
      ),
    );
  }
}
