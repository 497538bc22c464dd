import {EnvironmentProviders, Provider} from '@angular/core';

/** The optional features of `provideKitCalls` and `provideKitUIKit`. */
export type KitCallsFeatureKind =
  | 'autoRing'
  | 'callWaiting'
  | 'hiddenTabNotifications'
  | 'dockedCalls'
  | 'pictureInPicture'
  | 'callControls'
  | 'ringReadiness'
  | 'devicePickers'
  | 'mutedSpeechHint'
  | 'hidingControls'
  | 'draggableSelfView'
  | 'keypad'
  | 'callPreview'
  | 'hold'
  | 'transfer'
  // `withPushCalls()`, in `kit-chat-uikit-angular/push`.
  | 'pushCalls'
  // `withCallLog()`, in `kit-chat-uikit-angular/call-log`.
  | 'callLog'
  // `withGroupCalls()`, in `kit-chat-uikit-angular/group`.
  | 'groupCalls';

/**
 * A feature given to `provideKitCalls(config, ...features)` or `provideKitUIKit(config, ...features)`, made by
 * `withAutoRing()`, `withCallWaiting()`, `withHiddenTabNotifications()` or
 * `withRingReadiness()`. An app ships a feature's code only when
 * it calls its function.
 */
export interface KitCallsFeature<Kind extends KitCallsFeatureKind = KitCallsFeatureKind> {
  /** Which feature this is. @docs-private */
  readonly _kind: Kind;
  /** Its providers. @docs-private */
  readonly _providers: (Provider | EnvironmentProviders)[];
}

/** The feature returned by `withAutoRing()`. */
export type KitAutoRingFeature = KitCallsFeature<'autoRing'>;
/** The feature returned by `withCallWaiting()`. */
export type KitCallWaitingFeature = KitCallsFeature<'callWaiting'>;
/** The feature returned by `withHiddenTabNotifications()`. */
export type KitHiddenTabNotificationsFeature = KitCallsFeature<'hiddenTabNotifications'>;
/** The feature returned by `withRingReadiness()`. */
export type KitRingReadinessFeature = KitCallsFeature<'ringReadiness'>;

/** The feature returned by `withDockedCalls()`. */
export type KitDockedCallsFeature = KitCallsFeature<'dockedCalls'>;
/** The feature returned by `withPictureInPicture()`. */
export type KitPictureInPictureFeature = KitCallsFeature<'pictureInPicture'>;
/** The feature returned by `withCallControls()`. */
export type KitCallControlsFeature = KitCallsFeature<'callControls'>;
/** The feature returned by `withDevicePickers()`. */
export type KitDevicePickersFeature = KitCallsFeature<'devicePickers'>;
/** The feature returned by `withMutedSpeechHint()`. */
export type KitMutedSpeechHintFeature = KitCallsFeature<'mutedSpeechHint'>;
/** The feature returned by `withHidingControls()`. */
export type KitHidingControlsFeature = KitCallsFeature<'hidingControls'>;
/** The feature returned by `withDraggableSelfView()`. */
export type KitDraggableSelfViewFeature = KitCallsFeature<'draggableSelfView'>;
/** The feature returned by `withKeypad()`. */
export type KitKeypadFeature = KitCallsFeature<'keypad'>;
/** The feature returned by `withCallPreview()`. */
export type KitCallPreviewFeature = KitCallsFeature<'callPreview'>;
/** The feature returned by `withHold()`. */
export type KitHoldFeature = KitCallsFeature<'hold'>;

/** The feature returned by `withTransfer()`. */
export type KitTransferFeature = KitCallsFeature<'transfer'>;

/**
 * @param kind Which feature.
 * @param providers Its providers.
 * @returns The feature.
 */
export function kitCallsFeature<Kind extends KitCallsFeatureKind>(
  kind: Kind,
  providers: (Provider | EnvironmentProviders)[],
): KitCallsFeature<Kind> {
  return {_kind: kind, _providers: providers};
}
