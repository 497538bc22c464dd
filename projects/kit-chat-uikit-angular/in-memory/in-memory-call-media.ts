import {
  KitErrorCodes,
  KitException,
  type KitCallListener,
  type KitMediaInputKind,
  type KitUser,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryMesh} from './in-memory-mesh';
import {KitInMemorySyntheticPeer} from './in-memory-synthetic-peer';

// The media of a call on the in-memory SDK with media (in-memory-media-calls-sdk.ts): what one call holds, and its
// pause while anyone holds the call.

/** The media of one ongoing call of this device. */
export interface KitInMemoryCallMedia {
  local: MediaStream | null;
  peer: KitInMemorySyntheticPeer | null;
  /** In a group call, each other person who joined, by uid. */
  peers: Map<string, KitInMemorySyntheticPeer>;
  /** The real connections to the people on other tabs, where the browser has `RTCPeerConnection`. */
  mesh: KitInMemoryMesh | null;
  /** Whether the call is over: a camera that arrives late is stopped at once. */
  released: boolean;
  /** Who holds the call (`'me'`, `'peer'`): while anyone does, nothing is sent and the far side is silent. */
  held: Set<string>;
  /** What the screen sends (`setLocalMedia`), applied once the hold ends. */
  sends: {audio: boolean; video: boolean};
}

/** The listener callbacks after which a call has no media any more. */
export const ENDINGS = new Set<keyof KitCallListener>([
  'onCallEnded',
  'onIncomingCallCancelled',
  'onOutgoingCallRejected',
]);

/**
 * Applies a call's hold to its media: while anyone holds it, this device sends nothing and the far side is silent;
 * after, what the screen set (`sends`) is sent again.
 * @param media The call's media.
 */
export function kitPauseMedia(media: KitInMemoryCallMedia): void {
  const held = media.held.size > 0;
  media.local?.getAudioTracks().forEach(track => (track.enabled = !held && media.sends.audio));
  media.local?.getVideoTracks().forEach(track => (track.enabled = !held && media.sends.video));
  for (const peer of [media.peer, ...media.peers.values()]) {
    peer?.setHeld(held);
  }
  media.mesh?.send(media.local);
}

/**
 * @param user The person to draw.
 * @param video Whether their camera is on.
 * @param document The page's document, or `null`.
 * @returns A person drawn as a stream, or `null` where the browser cannot draw (the screen shows the avatar).
 */
export function kitDrawPeer(
  user: KitUser,
  video: boolean,
  document: Document | null,
): KitInMemorySyntheticPeer | null {
  try {
    const canDraw = !!document?.createElement('canvas').captureStream;
    return canDraw && typeof MediaStream === 'function'
      ? new KitInMemorySyntheticPeer(user, video, document!)
      : null;
  } catch {
    return null;
  }
}

/** @returns The camera and microphone, the microphone alone when there is no camera, or nothing. */
export async function kitOpenLocal(video: boolean): Promise<MediaStream | null> {
  const devices = globalThis.navigator?.mediaDevices;
  if (typeof devices?.getUserMedia !== 'function') {
    return null;
  }
  for (const constraints of video ? [{audio: true, video: true}, {audio: true}] : [{audio: true}]) {
    try {
      return await devices.getUserMedia(constraints);
    } catch {
      // Not allowed, or no such device: try with less, then quietly go without.
    }
  }
  return null;
}

/**
 * Switches the microphone or the camera of a call to another device (`selectInputDevice`): the new track keeps the
 * old one's `enabled`, the old one stops, and the mesh sends the new one.
 */
export async function kitSelectInput(
  media: KitInMemoryCallMedia | null,
  sessionId: string,
  kind: KitMediaInputKind,
  deviceId: string,
): Promise<void> {
  if (!media?.local) {
    throw new KitException(KitErrorCodes.CALL_ENDED, `Call "${sessionId}" has no local media.`);
  }
  const trackKind = kind === 'audioinput' ? 'audio' : 'video';
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      [trackKind]: {deviceId: {exact: deviceId}},
    });
  } catch (error) {
    throw KitException.from(error, KitErrorCodes.SDK, `The device "${deviceId}" cannot be used`);
  }
  const [track] = stream.getTracks();
  const current = media.local;
  if (media.released || !current) {
    track.stop();
    throw new KitException(KitErrorCodes.CALL_ENDED, `Call "${sessionId}" ended meanwhile.`);
  }
  const old = current.getTracks().filter(each => each.kind === trackKind);
  track.enabled = old.every(each => each.enabled);
  old.forEach(each => each.stop());
  // A new stream, so the screen sees the change and sets its toggles on the new track too.
  media.local = new MediaStream([
    ...current.getTracks().filter(each => each.kind !== trackKind),
    track,
  ]);
  media.mesh?.send(media.local);
}
