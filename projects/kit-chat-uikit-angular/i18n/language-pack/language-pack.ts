import {kitFormatCallDuration} from 'kit-chat-uikit-angular';
import type {
  KitCallButtonsIntl,
  KitCallDockIntl,
  KitCallsIntl,
  KitDevicePickersIntl,
  KitHoldIntl,
  KitKeypadIntl,
  KitCallPreviewIntl,
  KitRingReadinessIntl,
  KitSelfViewIntl,
} from 'kit-chat-uikit-angular';
import type {KitPushIntl} from 'kit-chat-uikit-angular/push';
import type {KitCallLogIntl} from 'kit-chat-uikit-angular/call-log';
import type {KitGroupCallsIntl} from 'kit-chat-uikit-angular/group';

/**
 * Every string of one Intl class, its functions included, without its `changes`: a pack that misses one does not
 * compile, and a string added to the class is missing from every pack until it is translated.
 */
export type KitIntlStrings<T> = {
  [K in keyof T as K extends 'changes' ? never : K]: T[K];
};

/**
 * One language for every word of the kit: the call screens, the ring readiness prompt, the docked window, the
 * device pickers, the call buttons, the self view that moves, the keypad, the look before answering, hold, the push notification, the call log and the
 * screens of group calls. Declare a
 * pack `{...} satisfies KitLanguagePack`.
 */
export interface KitLanguagePack {
  /** The BCP 47 tag of the language, as `Intl` and the `lang` attribute take it: `'de'`, `'pt-BR'`. */
  readonly locale: string;
  /** The direction of its script. */
  readonly dir: 'ltr' | 'rtl';
  /** The strings of `KitCallsIntl`. */
  readonly calls: KitIntlStrings<KitCallsIntl>;
  /** The strings of `KitRingReadinessIntl`. */
  readonly readiness: KitIntlStrings<KitRingReadinessIntl>;
  /** The strings of `KitCallDockIntl`. */
  readonly dock: KitIntlStrings<KitCallDockIntl>;
  /** The strings of `KitDevicePickersIntl`. */
  readonly devices: KitIntlStrings<KitDevicePickersIntl>;
  /** The strings of `KitCallButtonsIntl` (`<kit-call-buttons>`). */
  readonly buttons: KitIntlStrings<KitCallButtonsIntl>;
  /** The strings of `KitSelfViewIntl` (`withDraggableSelfView()`). */
  readonly selfView: KitIntlStrings<KitSelfViewIntl>;
  /** The strings of `KitKeypadIntl` (`withKeypad()`). */
  readonly keypad: KitIntlStrings<KitKeypadIntl>;
  /** The strings of `KitCallPreviewIntl` (`withCallPreview()`). */
  readonly preview: KitIntlStrings<KitCallPreviewIntl>;
  /** The strings of `KitHoldIntl` (`withHold()`). */
  readonly hold: KitIntlStrings<KitHoldIntl>;
  /** The words of the service worker's notification (`KitPushIntl` of `kit-chat-uikit-angular/push`). */
  readonly push: KitIntlStrings<KitPushIntl>;
  /** The strings of `KitCallLogIntl` (`kit-chat-uikit-angular/call-log`); its `locale` is the pack's. */
  readonly log: Omit<KitIntlStrings<KitCallLogIntl>, 'locale'>;
  /** The strings of `KitGroupCallsIntl` (calls with several people, `kit-chat-uikit-angular/group`). */
  readonly group: KitIntlStrings<KitGroupCallsIntl>;
}

/**
 * The call's elapsed time in a locale's own digits, for a pack's `calls.duration`: `kitFormatCallDuration` with each
 * digit written by `Intl.NumberFormat` (`'fa'`: `۰۴:۰۷`; most locales keep `04:07`).
 * @param locale The BCP 47 tag whose digits to use.
 * @returns The pack's `duration`.
 */
export function kitDurationIn(locale: string): (seconds: number) => string {
  const digits = new Intl.NumberFormat(locale);
  return seconds => kitFormatCallDuration(seconds).replace(/\d/g, digit => digits.format(+digit));
}

/** The languages of the kit's packs, which `loadKitLanguage()` loads. */
export const KIT_LANGUAGES = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'he',
  'hi',
  'it',
  'ja',
  'ko',
  'pt-BR',
  'ru',
  'tr',
  'zh-Hans',
] as const;

/** The tag of a language of the kit's packs. */
export type KitLanguageCode = (typeof KIT_LANGUAGES)[number];
