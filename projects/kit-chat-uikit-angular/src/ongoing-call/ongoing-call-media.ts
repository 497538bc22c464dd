import {InjectionToken, Signal, Type} from '@angular/core';
import type {KitCallMediaSource, KitCallsSdk} from '../sdk/calls-sdk';
import type {KitException} from '../sdk/kit-exception';

/**
 * What the optional parts of the ongoing screen (`withDevicePickers()`, `withMutedSpeechHint()`) read from it: the
 * call's media as the screen shows it. @docs-private
 */
export interface KitOngoingCallMedia {
  /** Session id of the call on screen. */
  readonly sessionId: Signal<string>;
  /** Whether the call is still on (not ended). */
  readonly live: Signal<boolean>;
  /** Whether the call has video. */
  readonly video: Signal<boolean>;
  /** Whether the microphone is muted by the screen's toggle. */
  readonly muted: Signal<boolean>;
  /** The local camera and microphone, as the SDK hands them out. */
  readonly localStream: Signal<MediaStream | null>;
  /** The element that plays the other side (its sound goes to the selected speaker). */
  readonly remoteElement: Signal<HTMLMediaElement | null>;
  /** The SDK adapter, with the optional media part of the port. */
  readonly sdk: (KitCallsSdk & KitCallMediaSource) | null;
  /** Reports an error through the screen's `onError` / `(error)` and the kit's `onError`. */
  report(error: KitException): void;
}

/** The media of the ongoing screen, in the injector of its optional parts. @docs-private */
export const KIT_ONGOING_CALL_MEDIA = new InjectionToken<KitOngoingCallMedia>(
  'KIT_ONGOING_CALL_MEDIA',
);

/**
 * Components the ongoing screen shows beside its controls, added by features (multi provider), so that an app that
 * names no feature ships none of them. @docs-private
 */
export const KIT_ONGOING_CALL_PARTS = new InjectionToken<Type<unknown>[]>('KIT_ONGOING_CALL_PARTS');

const TRACK_EVENTS = ['mute', 'unmute', 'ended'] as const;
const STREAM_EVENTS = ['addtrack', 'removetrack'] as const;

/**
 * Follows whether a stream has a video track that shows something: one that is live and not muted (a remote camera
 * turned off, or a track that receives nothing, is muted; a track the other side stopped is ended).
 * @param stream The remote stream.
 * @param changed Told at once and on every change.
 * @returns Stops following.
 * @docs-private
 */
export function kitWatchVideo(stream: MediaStream, changed: (live: boolean) => void): () => void {
  const watched = new Set<MediaStreamTrack>();
  const check = () => {
    const tracks = stream.getVideoTracks?.() ?? [];
    for (const track of tracks) {
      if (!watched.has(track) && track.addEventListener) {
        watched.add(track);
        TRACK_EVENTS.forEach(type => track.addEventListener(type, check));
      }
    }
    changed(tracks.some(track => track.readyState !== 'ended' && !track.muted));
  };
  STREAM_EVENTS.forEach(type => stream.addEventListener?.(type, check));
  check();
  return () => {
    STREAM_EVENTS.forEach(type => stream.removeEventListener?.(type, check));
    watched.forEach(track => TRACK_EVENTS.forEach(type => track.removeEventListener(type, check)));
  };
}
