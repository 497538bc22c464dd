import {inject, provideEnvironmentInitializer} from '@angular/core';
import {
  KitDockedCallsFeature,
  KitPictureInPictureFeature,
  kitCallsFeature,
} from '../core/calls-feature';
import {
  KIT_CALL_PIP_OPENER,
  KIT_DOCKED_CALLS_OPTIONS,
  KitDockedCallsOptions,
} from './call-dock-config';
import {KitCallDocking} from './call-docking';
import {KitCallPictureInPicture} from './call-pip';

/**
 * The call beside the app: a call on screen (ongoing, or outgoing while it rings) shows a "Minimize" button that
 * docks it in a small floating window in a corner (dragged, or moved with the arrow keys, it snaps to a corner),
 * non-modal, so the app beneath stays usable. The window shows the remote video or the avatar, the clock, mute and
 * end call, and goes back to full screen in one press. `KitCallOverlayRef` has `minimize()`, `restore()` and
 * `displayMode` for the app.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withDockedCalls({startDocked: true}))
 * ```
 * @param options Whether a call starts docked, and in which corner.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withDockedCalls(options: KitDockedCallsOptions = {}): KitDockedCallsFeature {
  return kitCallsFeature('dockedCalls', [
    {provide: KIT_DOCKED_CALLS_OPTIONS, useValue: options},
    provideEnvironmentInitializer(() => inject(KitCallDocking).start()),
  ]);
}

/**
 * A docked call can pop out into a Document Picture-in-Picture window (Chromium), which stays on top of other tabs
 * and windows, with the same controls; closing the window brings the call back full screen. Where the browser has no
 * such window, the call docks. Brings the dock with it (`withDockedCalls()` gives its options).
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withPictureInPicture(): KitPictureInPictureFeature {
  return kitCallsFeature('pictureInPicture', [
    {provide: KIT_CALL_PIP_OPENER, useExisting: KitCallPictureInPicture},
    provideEnvironmentInitializer(() => inject(KitCallDocking).start()),
  ]);
}
