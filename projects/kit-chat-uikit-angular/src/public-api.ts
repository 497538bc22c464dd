/*
 * Public API of kit-chat-uikit-angular: what an app uses. The embedded in-memory SDK is in
 * `kit-chat-uikit-angular/in-memory`, test helpers and harnesses in `kit-chat-uikit-angular/testing`.
 */
export * from './sdk/models';
export * from './sdk/kit-exception';
export * from './sdk/call-settings';
export * from './sdk/calls-sdk';
export * from './sdk/validation';
export * from './core/config';
export * from './provide/provide-kit-uikit';
export {provideKitCalls} from './provide/provide-kit-calls';
export type {
  KitAutoRingFeature,
  KitCallsFeature,
  KitCallsFeatureKind,
  KitCallWaitingFeature,
  KitDevicePickersFeature,
  KitHiddenTabNotificationsFeature,
  KitRingReadinessFeature,
  KitDockedCallsFeature,
  KitPictureInPictureFeature,
  KitCallControlsFeature,
  KitMutedSpeechHintFeature,
  KitHidingControlsFeature,
  KitDraggableSelfViewFeature,
  KitKeypadFeature,
  KitCallPreviewFeature,
  KitHoldFeature,
  KitTransferFeature,
} from './core/calls-feature';
export {
  kitEndReasonOf,
  type KitCallDirection,
  type KitCallEndReason,
  type KitCallPhase,
} from './session/call-session';
export * from './events/call-events';
export * from './intl/calls-intl';
export {KitAudioPlayer, KitHtmlAudioPlayer} from './sound/audio-player';
export type {KitAudioTrack, KitSoundSource} from './sound/audio-player';
export type {KitTone} from './sound/tones';
export type {KitSoundState} from './sound/ringtone';
export * from './avatar/avatar';
export {KitIconComponent, type KitIconName} from './icon/icon';
export * from './incoming-call/index';
export * from './outgoing-call/index';
export * from './ongoing-call/index';
export * from './overlay/call-overlay-config';
export {KitCallOverlayRef, type KitCallOverlayStage} from './overlay/call-overlay-ref';
export * from './overlay/call-overlay';
export {withAutoRing, withCallWaiting, withHiddenTabNotifications} from './ring/call-features';
export {withRingReadiness} from './readiness/ring-readiness-feature';
export {
  KitRingReadiness,
  type KitReadinessPart,
  type KitReadinessPartName,
  type KitRingReadinessState,
} from './readiness/ring-readiness';
export {KitRingReadinessIntl} from './readiness/ring-readiness-intl';
export {KitRingReadinessComponent} from './readiness/ring-readiness-prompt';
export type {KitCallDisplayMode} from './overlay/call-display';
export {withDockedCalls, withPictureInPicture} from './dock/dock-features';
export type {KitCallDockCorner, KitDockedCallsOptions} from './dock/call-dock-config';
export {KitCallDockIntl} from './dock/call-dock-intl';
export {withCallControls} from './controls/controls-feature';
export type {KitCallControlsOptions} from './controls/call-controls';
export {withDevicePickers, withMutedSpeechHint} from './devices/device-features';
export {KitDevicePickersIntl} from './devices/device-pickers-intl';
export {_kitWatchCallEndings, type _KitCallEnding} from './registry/call-endings';
// The hooks `withGroupCalls()` (kit-chat-uikit-angular/group) plugs into: internal.
export {KitCallRegistry as _KitCallRegistry} from './registry/call-registry';
export {_KIT_GROUP_ENGINE} from './registry/group-engine-token';
export type {_KitGroupEngine, _KitGroupSession} from './session/call-session-types';
export type {KitCallSession as _KitCallSession} from './session/call-session';
export {KitCallButtonsComponent} from './call-buttons/call-buttons';
export {KitCallButtonsIntl} from './call-buttons/call-buttons-intl';
export {withHidingControls, withDraggableSelfView} from './ongoing-call/ongoing-call-features';
export type {KitHidingControlsOptions} from './ongoing-call/hiding-controls';
export {KitSelfViewIntl} from './ongoing-call/self-view-intl';
// The hooks that `kit-chat-uikit-angular/group` plugs its parts into (not for apps).
export {
  KIT_ONGOING_CALL_PARTS as _KIT_ONGOING_CALL_PARTS,
  type KitOngoingCallMedia as _KitOngoingCallMedia,
} from './ongoing-call/ongoing-call-media';
export {
  KIT_CALL_SCREEN_PARTS as _KIT_CALL_SCREEN_PARTS,
  type KitCallScreenView as _KitCallScreenView,
} from './screen/call-screen-parts';
export {KitCallButtonComponent as _KitCallButtonComponent} from './button/call-button';
export {withKeypad} from './keypad/keypad-feature';
export {KitKeypadIntl} from './keypad/keypad-intl';
export {withCallPreview} from './preview/call-preview-feature';
export {KitCallPreviewIntl} from './preview/call-preview-intl';
export {withHold} from './hold/hold-feature';
export {KitHoldIntl} from './hold/hold-intl';
export {withTransfer} from './transfer/transfer-feature';
export {KitTransfer, type KitPeopleToTransfer} from './transfer/transfer.service';
