/*
 * Public API of kit-chat-uikit-angular/i18n: one switch for every word of the kit. The packs are entry points of
 * their own (`kit-chat-uikit-angular/i18n/de`...), so that an app ships only the ones it uses.
 */
export * from 'kit-chat-uikit-angular/i18n/language-pack';
export * from './provide-language';
