import {isPlatformBrowser} from '@angular/common';
import {
  ChangeDetectionStrategy,
  ChangeDetectorRef,
  Component,
  DestroyRef,
  PLATFORM_ID,
  ViewEncapsulation,
  computed,
  inject,
  signal,
} from '@angular/core';
import {
  KIT_UIKIT_CONFIG,
  KitAvatarComponent,
  KitException,
  KitIconComponent,
} from 'kit-chat-uikit-angular';
import {KitCallLog} from './call-log';
import {KitCallLogEntry} from './call-log-entry';
import {KitCallLogIntl} from './call-log-intl';

/** Arrows of Material Icons (Apache License 2.0): call received, call made, call missed. */
const ARROWS = {
  incoming: 'M20 5.41 18.59 4 7 15.59V9H5v10h10v-2H8.41z',
  outgoing: 'M9 5v2h6.59L4 18.59 5.41 20 17 8.41V15h2V5z',
  missed: 'M19.59 7 12 14.59 6.41 9H11V7H3v8h2v-4.59l7 7 9-9z',
};

/** Units of a relative time, with their length in seconds, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** What a row shows, built once per change. */
interface KitCallLogRow {
  readonly entry: KitCallLogEntry;
  readonly name: string;
  readonly avatar: string | null;
  readonly arrow: string;
  readonly kind: string;
  readonly type: string;
  readonly when: string;
  readonly iso: string;
  readonly duration: string;
  readonly callBack: string;
  /** "Called by Ada Lovelace" on the row of a group call; empty otherwise. */
  readonly caller: string;
  /** The join button's accessible name; empty when the call cannot be joined. */
  readonly join: string;
}

/**
 * The list of the user's calls (`KitCallLog`, installed by `withCallLog()`): for each, the avatar and name, the
 * direction and type, how long ago in the kit's language, the duration, missed calls in the error colour, and a
 * "Call back" button that places the call as `KitCallOverlay.startCall` does. A group call shows its group's name and
 * picture and who called; a missed one that still goes on has "Join" (`KitCallLog.join`).
 */
@Component({
  selector: 'kit-call-log',
  templateUrl: 'call-log-list.html',
  styleUrl: 'call-log-list.scss',
  imports: [KitAvatarComponent, KitIconComponent],
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-call-log'},
})
export class KitCallLogComponent {
  readonly #log = inject(KitCallLog);
  readonly #onError = inject(KIT_UIKIT_CONFIG, {optional: true})?.onError;
  protected readonly _intl = inject(KitCallLogIntl);
  readonly #words = signal(0);
  readonly #now = signal(Date.now());

  /** The rows. @docs-private */
  protected readonly _rows = computed(() => {
    this.#words();
    const now = this.#now();
    return this.#log.entries().map(entry => this.#row(entry, now));
  });

  constructor() {
    this.#log.reload(); // Someone else may have signed in since the log was loaded.
    const changeDetector = inject(ChangeDetectorRef);
    const words = this._intl.changes.subscribe(() => {
      this.#words.update(value => value + 1);
      changeDetector.markForCheck();
    });
    // "2 minutes ago" moves on while the list is open (never on the server: no timer keeps it from settling).
    const timer = isPlatformBrowser(inject(PLATFORM_ID))
      ? setInterval(() => this.#now.set(Date.now()), 30_000)
      : undefined;
    inject(DestroyRef).onDestroy(() => {
      words.unsubscribe();
      clearInterval(timer);
    });
  }

  /** Calls back the person of a row. @docs-private */
  protected _callBack(entry: KitCallLogEntry): void {
    this.#log.callBack(entry).catch((error: unknown) => {
      try {
        this.#onError?.(KitException.from(error));
      } catch {
        // The app's handler threw: nothing more to do.
      }
    });
  }

  /** Joins the missed group call of a row (a failure goes to `onError` by the kit). @docs-private */
  protected _join(entry: KitCallLogEntry): void {
    void this.#log.join(entry);
  }

  #row(entry: KitCallLogEntry, now: number): KitCallLogRow {
    const intl = this._intl;
    const person = entry.people[0];
    const direction = entry.missed ? 'missed' : entry.direction;
    const answered = entry.direction === 'incoming' || entry.duration > 0;
    const group = entry.group;
    return {
      entry,
      name: group?.name ?? person.name,
      avatar: (group ? group.icon : person.avatar) ?? null,
      arrow: ARROWS[direction],
      kind: answered || entry.missed ? intl[direction] : `${intl.outgoing}, ${intl.notAnswered}`,
      type: entry.type === 'audio' ? intl.voice : intl.video,
      when: relativeTime(entry.startedAt, now, intl.locale),
      iso: new Date(entry.startedAt).toISOString(),
      duration: entry.duration > 0 ? duration(entry.duration, intl.locale) : '',
      callBack: intl.callBackName(person.name),
      caller: group ? intl.calledBy(person.name) : '',
      join: this.#log.canJoin(entry) ? intl.joinName(group?.name ?? person.name) : '',
    };
  }
}

/** "5 minutes ago" in the language, by the largest unit that fits. */
function relativeTime(time: number, now: number, locale: string): string {
  const seconds = Math.round((time - now) / 1000);
  const [unit, length] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? UNITS[3];
  return new Intl.RelativeTimeFormat(locale, {numeric: 'auto'}).format(
    Math.round(seconds / length),
    unit,
  );
}

/** "1:05" or "1:02:05", in the language's digits. */
function duration(seconds: number, locale: string): string {
  const two = new Intl.NumberFormat(locale, {minimumIntegerDigits: 2});
  const one = new Intl.NumberFormat(locale);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = two.format(seconds % 60);
  return hours
    ? `${one.format(hours)}:${two.format(minutes)}:${rest}`
    : `${one.format(minutes)}:${rest}`;
}
