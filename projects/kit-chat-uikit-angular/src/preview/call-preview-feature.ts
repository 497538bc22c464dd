import {KitCallPreviewFeature, kitCallsFeature} from '../core/calls-feature';
import {KIT_CALL_SCREEN_PARTS} from '../screen/call-screen-parts';
import {KitAnswerAsVoiceComponent} from './answer-as-voice';
import {KitCallPreviewComponent} from './call-preview';

/**
 * A look before answering, as on a phone: a ringing video call shows the user's own camera, dimmed and mirrored,
 * behind the caller (incoming) or the callee (outgoing, as FaceTime does), and an incoming video call can be
 * answered with "Answer as voice" (no camera is sent: `acceptCall(sessionId, settings)` with `audioOnly`).
 *
 * The preview shows only when the page may already use the camera (`navigator.permissions` says `'granted'`, or
 * the SDK already hands out the call's own stream): ringing never asks for the camera. Its tracks stop as soon as
 * the call stops ringing (answered, declined, cancelled, the screen gone).
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withCallPreview())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withCallPreview(): KitCallPreviewFeature {
  return kitCallsFeature('callPreview', [
    {provide: KIT_CALL_SCREEN_PARTS, useValue: KitCallPreviewComponent, multi: true},
    {provide: KIT_CALL_SCREEN_PARTS, useValue: KitAnswerAsVoiceComponent, multi: true},
  ]);
}
