import {isPlatformBrowser} from '@angular/common';
import {PLATFORM_ID, inject, provideEnvironmentInitializer} from '@angular/core';
import {KitRingReadinessFeature, kitCallsFeature} from '../core/calls-feature';
import {KitRingFallback} from './ring-fallback';
import {KitRingReadiness} from './ring-readiness';
import {KitSdkResume} from './sdk-resume';

/**
 * Makes sure a call is heard: `KitRingReadiness` follows the sound, the notification permission and the SDK's
 * registration from bootstrap (and unlocks the sound on the first click or key press); a ringtone the browser
 * blocks falls back to a flashing tab title, a vibration and a system notification; and when a frozen or sleeping
 * tab comes back (Page Lifecycle `resume`, the tab shown again, `online`), the SDK's optional `resume()` checks its
 * connection at once. Show what is missing with `<kit-ring-readiness>`.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withRingReadiness())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withRingReadiness(): KitRingReadinessFeature {
  return kitCallsFeature('ringReadiness', [
    provideEnvironmentInitializer(() => {
      if (isPlatformBrowser(inject(PLATFORM_ID))) {
        inject(KitRingReadiness);
        inject(KitRingFallback).start();
        inject(KitSdkResume).start();
      }
    }),
  ]);
}
