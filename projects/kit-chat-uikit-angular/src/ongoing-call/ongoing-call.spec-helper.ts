import {Component, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallsFeature} from '../core/calls-feature';
import {KitCallMediaSource} from '../sdk/calls-sdk';
import {KitCall, KitUser} from '../sdk/models';
import {KitOngoingCallComponent} from './ongoing-call';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

/** A page that shows the ongoing screen of its call, and takes it away when the call is set to `null`. */
@Component({
  imports: [KitOngoingCallComponent],
  template: `@if (call(); as call) {
    <kit-ongoing-call [call]="call" />
  }`,
})
export class OngoingCallHost {
  readonly call = signal<KitCall | null>(null);
}

/** The streams the SDK hands out, read each time the screen asks for them. */
export interface OngoingCallStreams {
  remote(): unknown;
  local(): unknown;
  /** The SDK's `setLocalMedia` (`KitPhoneCallsSdk`), when it has one. */
  setLocalMedia?(sessionId: string, audio: boolean, video: boolean): Promise<void>;
  /** The SDK's `sendDigits` (`KitPhoneCallsSdk`), when it has one. */
  sendDigits?(sessionId: string, digits: string): Promise<void>;
  /** The SDK's `hold` and `unhold` (`KitPhoneCallsSdk`), when it has them. */
  hold?(sessionId: string): Promise<void>;
  unhold?(sessionId: string): Promise<void>;
}

/**
 * Ada calls the user, the user accepts, and a page shows the ongoing screen (under Jest's fake timers).
 * @param features The features of the kit.
 * @param streams The streams the SDK hands out.
 * @param type `'video'` or `'audio'`.
 * @returns The page, rendered with the streams.
 */
export async function showOngoingCall(
  features: KitCallsFeature[],
  streams: OngoingCallStreams,
  type = 'video',
): Promise<ComponentFixture<OngoingCallHost>> {
  TestBed.configureTestingModule({
    providers: [provideKitCallsTesting({config: {autoRing: false}, features})],
  });
  const calls = TestBed.inject(KitCallsTestingController);
  const sdk = calls.sdk as unknown as KitCallMediaSource;
  sdk.getRemoteStream = () => streams.remote() as MediaStream;
  sdk.getLocalStream = () => streams.local() as MediaStream;
  const {setLocalMedia, sendDigits, hold, unhold} = streams;
  Object.assign(sdk, setLocalMedia && {setLocalMedia}, sendDigits && {sendDigits}, {hold, unhold});
  const fixture = TestBed.createComponent(OngoingCallHost);
  const ringing = calls.farSide.ring(ADA, calls.me, type);
  await jest.advanceTimersByTimeAsync(10);
  const accepted = calls.sdk.acceptCall((await ringing).sessionId);
  await jest.advanceTimersByTimeAsync(10);
  fixture.componentInstance.call.set(await accepted);
  fixture.detectChanges();
  await jest.advanceTimersByTimeAsync(10);
  fixture.detectChanges();
  return fixture;
}
