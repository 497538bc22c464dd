import {
  KitDraggableSelfViewFeature,
  KitHidingControlsFeature,
  kitCallsFeature,
} from '../core/calls-feature';
import {KitDraggableSelfViewComponent} from './draggable-self-view';
import {
  KIT_HIDING_CONTROLS_OPTIONS,
  KitHidingControlsComponent,
  KitHidingControlsOptions,
} from './hiding-controls';
import {KIT_ONGOING_CALL_PARTS} from './ongoing-call-media';

/**
 * The control bar of a video call steps aside after a few seconds of a still mouse on a wide screen, as Meet's does,
 * and comes back when the mouse moves. It never hides on touch or on a narrow screen, nor while the focus or the
 * pointer is in it, and a key press or a focus shows it: keyboard and screen-reader users keep it (it fades by
 * opacity, so it stays in the accessibility tree). No transition under `prefers-reduced-motion: reduce`.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withHidingControls({delay: 5000}))
 * ```
 * @param options How long the mouse stays still before the bar hides (3 s by default).
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withHidingControls(
  options: KitHidingControlsOptions = {},
): KitHidingControlsFeature {
  return kitCallsFeature('hidingControls', [
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitHidingControlsComponent, multi: true},
    {provide: KIT_HIDING_CONTROLS_OPTIONS, useValue: options},
  ]);
}

/**
 * The self view of a video call moves to any corner of the room between the far side's name and the controls: the
 * pointer drags it (mouse, touch or pen) and it snaps to the nearest corner when let go; keyboard users focus it
 * (Tab) and an arrow key moves it to the corner on that side, said to screen readers (`KitSelfViewIntl`). Wherever
 * it goes, it covers neither the name nor the controls. Without this feature the self view stays in the bottom end
 * corner.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withDraggableSelfView())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withDraggableSelfView(): KitDraggableSelfViewFeature {
  return kitCallsFeature('draggableSelfView', [
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitDraggableSelfViewComponent, multi: true},
  ]);
}
