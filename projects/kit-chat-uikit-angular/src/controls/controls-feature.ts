import {inject, provideEnvironmentInitializer} from '@angular/core';
import {KitCallControlsFeature, kitCallsFeature} from '../core/calls-feature';
import {KitCallControls, KitCallControlsOptions} from './call-controls';

/**
 * The platform's own call controls for the call on screen, from the moment it is ongoing until it ends: the
 * browser's media controls (Media Session) hang up, mute and turn the camera off as the screen's buttons do, and
 * show the other person's name and picture; a video call keeps the screen awake (Screen Wake Lock); leaving or
 * reloading the page asks first. Each part can be turned off.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withCallControls({unloadGuard: false}))
 * ```
 * @param options Which controls (all on by default).
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit` (with the overlay: `withAutoRing()` or
 *     `KitCallOverlay`).
 */
export function withCallControls(options: KitCallControlsOptions = {}): KitCallControlsFeature {
  return kitCallsFeature('callControls', [
    provideEnvironmentInitializer(() => inject(KitCallControls).start(options)),
  ]);
}
