import {
  ChangeDetectionStrategy,
  ChangeDetectorRef,
  Component,
  DestroyRef,
  ViewEncapsulation,
  computed,
  inject,
  signal,
} from '@angular/core';
import {KitReadinessPartName, KitRingReadiness} from './ring-readiness';
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
    <div class="kit-ring-readiness-text" aria-live="polite">
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
    const changeDetector = inject(ChangeDetectorRef);
    const subscription = this.intl.changes.subscribe(() => changeDetector.markForCheck());
    inject(DestroyRef).onDestroy(() => subscription.unsubscribe());
  }

  /** Unlocks the sound and asks for the notification permission (the click is the gesture both need). */
  protected unlock(): void {
    if (this.unlocking()) {
      return;
    }
    this.unlocking.set(true);
    void this.readiness.unlock().finally(() => this.unlocking.set(false));
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
