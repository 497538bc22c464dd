import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  ViewEncapsulation,
  computed,
  inject,
  input,
  signal,
} from '@angular/core';
import {KitHoldComponent} from '../hold/hold';
import {kitOtherName} from '../hold/held-calls-bar';
import {KitHoldIntl} from '../hold/hold-intl';
import {kitFollowIntl} from '../intl/follow-intl';
import {KIT_ONGOING_CALL_PARTS, KitOngoingCallMedia} from '../ongoing-call/ongoing-call-media';
import {KitUser} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {KitCallRegistry} from '../registry/call-registry';
import {KitConsultation, KitTransfer} from './transfer.service';

/**
 * The Transfer button of the ongoing screen (added by `withTransfer()`): it opens the list of people the app offers
 * (`KitTransfer.people`); choosing one holds the call and hands it to them. Shown only with an adapter that has
 * `transfer`, and once the app offers people. @docs-private
 */
@Component({
  selector: 'kit-transfer',
  imports: [KitHoldComponent],
  template: `
    @if (!_holdShown) {
      <!-- A failed transfer leaves the call on hold: its Resume is here even without withHold(). -->
      <kit-hold [media]="media()" />
    }
    @if (_consultation(); as link) {
      <!-- The call placed first (an attended transfer): its button hands the held call over. -->
      <div class="kit-call-button kit-call-button-label-below">
        <button
          type="button"
          class="kit-call-button-button kit-ongoing-call-toggle kit-transfer-complete"
          [attr.aria-disabled]="_usable() && !link.held.state.transferTo ? null : true"
          [attr.aria-label]="intl.transferBetween(_heldName(link), link.to.name)"
          (click)="_complete()"
        >
          <svg class="kit-hold-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
            <path [attr.d]="icon" />
          </svg>
        </button>
        <span class="kit-call-button-text" aria-hidden="true">{{ intl.completeTransfer }}</span>
      </div>
    } @else {
      <div class="kit-call-button kit-call-button-label-below">
        <button
          type="button"
          class="kit-call-button-button kit-ongoing-call-toggle kit-transfer-toggle"
          [class.kit-ongoing-call-toggle-active]="_open()"
          [attr.aria-expanded]="_open()"
          [attr.aria-disabled]="_usable() ? null : true"
          [attr.aria-label]="intl.transfer"
          (click)="_toggle()"
        >
          <svg class="kit-hold-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
            <path [attr.d]="icon" />
          </svg>
        </button>
        <span class="kit-call-button-text" aria-hidden="true">{{ intl.transfer }}</span>
      </div>
    }
    @if (_open()) {
      <div
        class="kit-transfer-list"
        role="group"
        [attr.aria-label]="intl.transferTo"
        (keydown.escape)="_close()"
      >
        @for (person of _people(); track person.uid) {
          <div class="kit-transfer-person">
            <button type="button" class="kit-transfer-option" dir="auto" (click)="_pick(person)">
              {{ person.name }}
            </button>
            @if (media().sdk?.attendedTransfer) {
              <button
                type="button"
                class="kit-transfer-call-first"
                [attr.aria-label]="intl.callFirstTo(person.name)"
                (click)="_consult(person)"
              >
                {{ intl.callFirst }}
              </button>
            }
          </div>
        }
      </div>
    }
  `,
  styleUrl: 'transfer.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-transfer',
    '[attr.hidden]': 'media().sdk?.transfer && (service.people() || _consultation()) ? null : ""',
  },
})
export class KitTransferComponent {
  /** The call's media, as the ongoing screen shows it. */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
  protected readonly intl = inject(KitHoldIntl);
  protected readonly service = inject(KitTransfer);
  protected readonly icon =
    'M18 11l5-5-5-5v3h-4v4h4v3zm2 4.5c-1.25 0-2.45-.2-3.57-.57-.35-.11-.74-.03-1.02.24l-2.2 2.2c-2.83-1.44-' +
    '5.15-3.75-6.59-6.59l2.2-2.21c.28-.26.36-.65.25-1C8.7 6.45 8.5 5.25 8.5 4c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 ' +
    '1 0 9.39 7.61 17 17 17 .55 0 1-.45 1-1v-3.5c0-.55-.45-1-1-1z';
  readonly #host: HTMLElement = inject(ElementRef).nativeElement;
  /** Whether `withHold()` puts its own Hold button on the screen. */
  protected readonly _holdShown = !!inject(KIT_ONGOING_CALL_PARTS, {optional: true})?.includes(
    KitHoldComponent,
  );
  protected readonly _open = signal(false);
  protected readonly _people = signal<readonly KitUser[]>([]);
  readonly #registry = inject(KitCallRegistry);
  /** This call, when the user placed it first for an attended transfer: its held call and person. */
  protected readonly _consultation = computed(() => {
    const session = this.#registry.find(this.media().sessionId());
    return (session && this.service._consultations().get(session)) ?? null;
  });
  /** Whether the button can act now: the call is live, no hold, resume or transfer on its way. */
  protected readonly _usable = computed(() => {
    const state = this.media().state();
    return (
      state?.phase === 'ongoing' &&
      !state.reconnecting &&
      !state.transferTo &&
      !/ing$/.test(state.hold ?? '')
    );
  });

  constructor() {
    kitFollowIntl(this.intl);
  }

  /** Opens the list of people (asked of the app each time), or closes it. @docs-private */
  protected async _toggle(): Promise<void> {
    const call = this.media().state()?.call;
    const source = this.service.people();
    if (this._open() || !this._usable() || !call || !source) {
      this._close();
      return;
    }
    const parties = [kitCaller(call).uid, kitReceiver(call)?.uid];
    const people = typeof source === 'function' ? await source(call) : source;
    this._people.set(people.filter(person => !parties.includes(person.uid)));
    this._open.set(true);
    // The list is where the keyboard goes (after it rendered).
    setTimeout(() => this.#host.querySelector<HTMLElement>('.kit-transfer-option')?.focus());
  }

  /** Closes the list; the focus goes back to the button. @docs-private */
  protected _close(): void {
    if (this._open()) {
      this._open.set(false);
      this.#host.querySelector<HTMLElement>('.kit-transfer-toggle')?.focus();
    }
  }

  /** Holds the call and calls someone first (an attended transfer). @docs-private */
  protected _consult(person: KitUser): void {
    this._close();
    void this.service.consult(this.media().sessionId(), person);
  }

  /** Hands the held call to the person of this call. @docs-private */
  protected _complete(): void {
    const link = this._consultation();
    if (link && this._usable() && !link.held.state.transferTo) {
      void this.service.complete(this.media().sessionId());
    }
  }

  /** @returns The other person of the held call. @docs-private */
  protected _heldName(link: KitConsultation): string {
    return kitOtherName(link.held);
  }

  /** Hands the call to someone. @docs-private */
  protected _pick(person: KitUser): void {
    this._close();
    void this.service.transfer(this.media().sessionId(), person);
  }
}
