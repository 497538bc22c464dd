import {Directionality} from '@angular/cdk/bidi';
import {DOCUMENT} from '@angular/common';
import {
  EnvironmentProviders,
  Injector,
  inject,
  makeEnvironmentProviders,
  provideAppInitializer,
  runInInjectionContext,
} from '@angular/core';
import {
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
import {KitPushIntl} from 'kit-chat-uikit-angular/push';
import {KitCallLogIntl} from 'kit-chat-uikit-angular/call-log';
import {KitGroupCallsIntl} from 'kit-chat-uikit-angular/group';
import type {KitLanguageCode, KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

/** Options of `provideKitLanguage()` and `kitUseLanguage()`. */
export interface KitLanguageOptions {
  /**
   * Whether the page's `<html>` takes the pack's `lang` and `dir` (and the CDK's `Directionality` its direction, so
   * that the call screens lay out right to left). Default `true`; `false` when the app sets them itself.
   */
  document?: boolean;
}

/**
 * Switches every word of the kit to a language at once, now (in an injection context: a constructor, a field, or
 * `runInInjectionContext`): the call screens, the ring readiness prompt and the tab title's flash, the hidden-tab
 * notifications, the docked window, the device pickers, the call buttons, the self view, the keypad, the look before answering, hold, the call log
 * and the push notification's words (a worker already registered is registered again with them). Each Intl class
 * fires `changes`, so open screens render again.
 * Strings an app overrides are overwritten: assign them again after.
 * @param pack The language, e.g. `de` of `kit-chat-uikit-angular/i18n/de`, or from `loadKitLanguage('de')`.
 * @param options Whether the page's `lang` and `dir` follow (default yes).
 */
export function kitUseLanguage(pack: KitLanguagePack, options: KitLanguageOptions = {}): void {
  const intls = [
    [inject(KitCallsIntl), pack.calls],
    [inject(KitRingReadinessIntl), pack.readiness],
    [inject(KitCallDockIntl), pack.dock],
    [inject(KitDevicePickersIntl), pack.devices],
    [inject(KitCallButtonsIntl), pack.buttons],
    [inject(KitSelfViewIntl), pack.selfView],
    [inject(KitKeypadIntl), pack.keypad],
    [inject(KitCallPreviewIntl), pack.preview],
    [inject(KitHoldIntl), pack.hold],
    [inject(KitPushIntl), pack.push],
    [inject(KitCallLogIntl), {...pack.log, locale: pack.locale}],
    [inject(KitGroupCallsIntl), pack.group],
  ] as const;
  if (options.document !== false) {
    const page = inject(DOCUMENT).documentElement;
    page.lang = pack.locale;
    page.dir = pack.dir;
    const direction = inject(Directionality, {optional: true});
    if (direction && direction.value !== pack.dir) {
      direction.valueSignal.set(pack.dir);
      direction.change.emit(pack.dir);
    }
  }
  for (const [intl, strings] of intls) {
    Object.assign(intl, strings);
  }
  for (const [intl] of intls) {
    intl.changes.next();
  }
}

/**
 * The kit in one language from the start: at app init, writes the pack into every Intl class of the kit (see
 * `kitUseLanguage()`). Given a language's tag, it loads its pack first (`loadKitLanguage()`, a lazy chunk), and the
 * app starts once it is there. Override single strings in an initializer provided after this one, or later.
 *
 * ```ts
 * import {de} from 'kit-chat-uikit-angular/i18n/de';
 * bootstrapApplication(App, {providers: [provideKitUIKit({...}), provideKitLanguage(de)]});
 * ```
 * @param language The pack, or the tag of one of the kit's (`'de'`), e.g. the user's choice read from storage.
 * @param options Whether the page's `lang` and `dir` follow (default yes).
 * @returns The providers.
 */
export function provideKitLanguage(
  language: KitLanguagePack | KitLanguageCode,
  options: KitLanguageOptions = {},
): EnvironmentProviders {
  return makeEnvironmentProviders([
    provideAppInitializer(() => {
      if (typeof language !== 'string') {
        return kitUseLanguage(language, options);
      }
      const injector = inject(Injector);
      return loadKitLanguage(language).then(pack =>
        runInInjectionContext(injector, () => kitUseLanguage(pack, options)),
      );
    }),
  ]);
}

/** Each language's own module: an app's bundle holds only the packs it loads. */
const PACKS: Record<KitLanguageCode, () => Promise<KitLanguagePack>> = {
  ar: () => import('kit-chat-uikit-angular/i18n/ar').then(m => m.ar),
  de: () => import('kit-chat-uikit-angular/i18n/de').then(m => m.de),
  en: () => import('kit-chat-uikit-angular/i18n/en').then(m => m.en),
  es: () => import('kit-chat-uikit-angular/i18n/es').then(m => m.es),
  fr: () => import('kit-chat-uikit-angular/i18n/fr').then(m => m.fr),
  he: () => import('kit-chat-uikit-angular/i18n/he').then(m => m.he),
  hi: () => import('kit-chat-uikit-angular/i18n/hi').then(m => m.hi),
  it: () => import('kit-chat-uikit-angular/i18n/it').then(m => m.it),
  ja: () => import('kit-chat-uikit-angular/i18n/ja').then(m => m.ja),
  ko: () => import('kit-chat-uikit-angular/i18n/ko').then(m => m.ko),
  'pt-BR': () => import('kit-chat-uikit-angular/i18n/pt-br').then(m => m.ptBR),
  ru: () => import('kit-chat-uikit-angular/i18n/ru').then(m => m.ru),
  tr: () => import('kit-chat-uikit-angular/i18n/tr').then(m => m.tr),
  'zh-Hans': () => import('kit-chat-uikit-angular/i18n/zh-hans').then(m => m.zhHans),
};

/**
 * Loads one language's pack, by a dynamic `import()` of its own module (a lazy chunk of the app).
 *
 * ```ts
 * provideAppInitializer(async () => kitUseLanguage(await loadKitLanguage('de')))
 * ```
 * @param code The language.
 * @returns The pack; rejects for a language the kit has no pack for.
 */
export function loadKitLanguage(code: KitLanguageCode): Promise<KitLanguagePack> {
  const load = Object.prototype.hasOwnProperty.call(PACKS, code) ? PACKS[code] : null;
  return load ? load() : Promise.reject(new Error(`No language pack for "${code}"`));
}
