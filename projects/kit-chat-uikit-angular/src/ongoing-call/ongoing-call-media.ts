import {ElementRef, InjectionToken, Signal, Type, WritableSignal} from '@angular/core';
import type {KitCallPhase, KitCallSessionState} from '../session/call-session';
import type {KitCallMediaSource, KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import type {KitException} from '../sdk/kit-exception';

/**
 * What the optional parts of the ongoing screen (`withDevicePickers()`, `withMutedSpeechHint()`,
 * `withHidingControls()`, `withDraggableSelfView()`) read from it: the call's media as the screen shows it.
 * @docs-private
 */
export interface KitOngoingCallMedia {
  /** Session id of the call on screen. */
  readonly sessionId: Signal<string>;
  /** The state of the call's session (the call as it stands, with its participants), once bound. */
  readonly state: Signal<KitCallSessionState | null>;
  /** A line a part adds to the status, after the time (`withHold()`: "On hold"); empty for none. */
  readonly note: WritableSignal<string>;
  /** The call's phase (`'ended'` once it is over). */
  readonly phase: Signal<KitCallPhase>;
  /** Whether the call has video. */
  readonly video: Signal<boolean>;
  /** Whether the microphone is muted by the screen's toggle. */
  readonly muted: Signal<boolean>;
  /** The local camera and microphone, as the SDK hands them out. */
  readonly localStream: Signal<MediaStream | null>;
  /** The element that plays the other side (its sound goes to the selected speaker), once there is one. */
  readonly remoteVideo: Signal<ElementRef<HTMLVideoElement> | undefined>;
  /** The self view, while it is on screen (a new element each time the camera comes back on). */
  readonly localVideo: Signal<ElementRef<HTMLVideoElement> | undefined>;
  /** The SDK adapter, with the optional media and phone parts of the port. */
  readonly sdk: (KitCallsSdk & KitCallMediaSource & KitPhoneCallsSdk) | null;
  /** Reports an error through the screen's `onError` / `(error)` and the kit's `onError`. */
  report(error: KitException): void;
}

/**
 * Components the ongoing screen shows beside its controls, added by features (multi provider), so that an app that
 * names no feature ships none of them. Each gets the screen's media as its required `media` input. @docs-private
 */
export const KIT_ONGOING_CALL_PARTS = new InjectionToken<Type<unknown>[]>('KIT_ONGOING_CALL_PARTS');
