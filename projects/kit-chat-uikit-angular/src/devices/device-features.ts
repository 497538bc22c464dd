import {
  KitDevicePickersFeature,
  KitMutedSpeechHintFeature,
  kitCallsFeature,
} from '../core/calls-feature';
import {KIT_ONGOING_CALL_PARTS} from '../ongoing-call/ongoing-call-media';
import {KIT_RINGTONE_OUTPUT} from '../sound/ringtone-output';
import {KitDevicePickersComponent} from './device-pickers';
import {KitMutedSpeechHintComponent} from './muted-speech-hint';
import {kitRingtoneSink} from './ringtone-sink';

/**
 * Microphone, camera and speaker pickers on the ongoing screen (a "Devices" button beside its controls), kept up to
 * date when a device is plugged in or out, and the ringtone on its own output (`ringtoneOutput` in the config).
 * The microphone and camera pickers need an SDK adapter with `selectInputDevice` (`KitCallMediaSource`); the
 * speaker picker needs `HTMLMediaElement.setSinkId` and a remote stream.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter, ringtoneOutput: speakersId}, withDevicePickers())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withDevicePickers(): KitDevicePickersFeature {
  return kitCallsFeature('devicePickers', [
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitDevicePickersComponent, multi: true},
    {provide: KIT_RINGTONE_OUTPUT, useFactory: kitRingtoneSink},
  ]);
}

/**
 * "You are muted", shown on the ongoing screen and said politely to screen readers when the microphone hears the
 * user while muted (once per burst of speech). Listens only while muted, through WebAudio.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withMutedSpeechHint(): KitMutedSpeechHintFeature {
  return kitCallsFeature('mutedSpeechHint', [
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitMutedSpeechHintComponent, multi: true},
  ]);
}
