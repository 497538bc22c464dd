import {KitErrorCodes, KitException} from 'kit-chat-uikit-angular';

/**
 * Asks for the microphone, and the camera for a video call.
 * @param video Whether the camera is wanted too.
 * @returns The stream; rejects with `ERR_CALL_FAILED` (permission denied, no device).
 * @docs-private
 */
export async function kitSipGetUserMedia(video: boolean): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({audio: true, video});
  } catch (error) {
    throw new KitException(
      KitErrorCodes.CALL_FAILED,
      `No ${video ? 'camera or ' : ''}microphone: ${(error as Error)?.name ?? error}`,
      error,
    );
  }
}

/**
 * Stops every track of a stream (the camera light goes off).
 * @docs-private
 */
export function kitSipStopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach(track => track.stop());
}

/** What a watched peer connection reports. @docs-private */
export interface KitSipPeerEvents {
  /** A track arrived from the other side. */
  track(track: MediaStreamTrack): void;
  /** The ICE connection state changed (`disconnected` and `failed`: the media path dropped). */
  ice(state: RTCIceConnectionState): void;
}

const WATCHED = new WeakSet<RTCPeerConnection>();

/**
 * Listens to a peer connection once (JsSIP may hand the same one over twice).
 * @param peer The call's peer connection, or nothing yet.
 * @param events What to do with its tracks and its failure.
 * @docs-private
 */
export function kitSipWatchPeer(
  peer: RTCPeerConnection | undefined,
  events: KitSipPeerEvents,
): void {
  if (!peer || WATCHED.has(peer)) {
    return;
  }
  WATCHED.add(peer);
  peer.addEventListener('track', event => events.track(event.track));
  peer.addEventListener('iceconnectionstatechange', () => events.ice(peer.iceConnectionState));
}
