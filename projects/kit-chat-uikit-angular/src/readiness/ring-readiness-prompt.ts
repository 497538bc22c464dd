import {DOCUMENT} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  ViewEncapsulation,
  afterNextRender,
  computed,
  inject,
  signal,
  viewChild,
} from '@angular/core';
import {KitReadinessPartName, KitRingReadiness} from './ring-readiness';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitRingReadinessIntl} from './ring-readiness-intl';

/** A part that is missing, as the prompt lists it. */
interface KitMissingPart {
  readonly name: KitReadinessPartName;
  readonly label: string;
  readonly reason: string;
}

const PARTS: readonly KitReadinessPartName[] = [
  'sound',
  'notifications',
  'registered',
  'serviceWorker',
];

/**
 * A small prompt that says whether calls will be heard here and asks for what is missing in one click: its button
 * unlocks the sound and asks for the notification permission; it lists what is still missing (a blocked
 * permission, no connection). Place it in a header or a settings panel; it follows `KitRingReadiness`.
 *
 * ```html
 * <kit-ring-readiness />
 * ```
 */
@Component({
  selector: 'kit-ring-readiness',
  template: `
    <div #status class="kit-ring-readiness-text" aria-live="polite" tabindex="-1">
      @if (readiness.ringReadiness().ready) {
        <p class="kit-ring-readiness-ready">{{ intl.ready }}</p>
      } @else {
        <p class="kit-ring-readiness-title">{{ intl.missing }}</p>
        <ul class="kit-ring-readiness-missing">
          @for (part of missing(); track part.name) {
            <li [attr.data-part]="part.name" [attr.title]="part.reason">{{ part.label }}</li>
          }
        </ul>
      }
    </div>
    @if (canUnlock()) {
      <button
        #button
        type="button"
        class="kit-ring-readiness-button"
        [attr.aria-disabled]="unlocking() || null"
        (click)="unlock()"
      >
        {{ intl.turnOn }}
      </button>
    }
  `,
  styleUrl: 'ring-readiness.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-ring-readiness',
    '[class.kit-ring-readiness-is-ready]': 'readiness.ringReadiness().ready',
  },
})
export class KitRingReadinessComponent {
  protected readonly readiness = inject(KitRingReadiness);
  protected readonly intl = inject(KitRingReadinessIntl);
  protected readonly unlocking = signal(false);
  readonly #document = inject(DOCUMENT);
  readonly #injector = inject(Injector);
  private readonly _status = viewChild.required<ElementRef<HTMLElement>>('status');
  private readonly _button = viewChild<ElementRef<HTMLButtonElement>>('button');

  /** The parts not ready, in a fixed order; the service worker only once something reported it. */
  protected readonly missing = computed<KitMissingPart[]>(() => {
    const state = this.readiness.ringReadiness();
    return PARTS.filter(
      name =>
        !state[name].ready &&
        (name !== 'serviceWorker' || state.serviceWorker.reason !== 'not configured'),
    ).map(name => ({name, label: this.#label(name), reason: state[name].reason}));
  });

  /** Whether a click can fix something: the sound, or a permission never asked. */
  protected readonly canUnlock = computed(() => {
    const state = this.readiness.ringReadiness();
    return !state.sound.ready || state.notifications.reason === 'not asked yet';
  });

  constructor() {
    kitFollowIntl(this.intl);
  }

  /** Unlocks the sound and asks for the notification permission (the click is the gesture both need). */
  protected unlock(): void {
    if (this.unlocking()) {
      return;
    }
    this.unlocking.set(true);
    // Pressed from the keyboard (or clicked where a click focuses), the button holds a focus it may drop.
    const button = this._button()?.nativeElement;
    const focused = button && this.#document.activeElement === button ? button : null;
    void this.readiness.unlock().finally(() => {
      this.unlocking.set(false);
      if (focused) {
        afterNextRender({write: () => this.#keepFocus(focused)}, {injector: this.#injector});
      }
    });
  }

  /**
   * Once a click has nothing left to fix, the button goes away; the focus it had moves to the status (which says
   * what is still missing) rather than fall to the page, as Angular Material does when a focused chip is removed.
   */
  #keepFocus(button: HTMLButtonElement): void {
    const active = this.#document.activeElement;
    if (!button.isConnected && (!active || active === this.#document.body)) {
      this._status().nativeElement.focus();
    }
  }

  #label(name: KitReadinessPartName): string {
    const intl = this.intl;
    if (name === 'notifications') {
      return this.readiness.ringReadiness().notifications.reason.startsWith('denied')
        ? intl.notificationsDenied
        : intl.notifications;
    }
    return intl[name];
  }
}
