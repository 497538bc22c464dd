import type {KitCallListener} from 'kit-chat-uikit-angular';
import type {KitInMemorySyntheticPeer} from './in-memory-synthetic-peer';

// The media of a call on the in-memory SDK with media (in-memory-media-calls-sdk.ts): what one call holds, and its
// pause while anyone holds the call.

/** The media of one ongoing call of this device. */
export interface KitInMemoryCallMedia {
  local: MediaStream | null;
  peer: KitInMemorySyntheticPeer | null;
  /** In a group call, each other person who joined, by uid. */
  peers: Map<string, KitInMemorySyntheticPeer>;
  /** Whether the call is over: a camera that arrives late is stopped at once. */
  released: boolean;
  /** Who holds the call (`'me'`, `'peer'`): while anyone does, nothing is sent and the far side is silent. */
  held: Set<string>;
  /** What the screen sends (`setLocalMedia`), applied once the hold ends. */
  sends: {audio: boolean; video: boolean};
}

/** How many people a group call's mesh carries: this device and five others. */
export const MESH_SIZE = 6;

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
}
