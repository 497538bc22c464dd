import {InjectionToken} from '@angular/core';

/**
 * Routes each ringing element to an output device before it plays: installed by `withDevicePickers()` for
 * `KitUIKitConfig.ringtoneOutput`, so that an app without it ships none of that code. @docs-private
 */
export const KIT_RINGTONE_OUTPUT = new InjectionToken<(audio: HTMLAudioElement) => void>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_RINGTONE_OUTPUT' : '',
);
