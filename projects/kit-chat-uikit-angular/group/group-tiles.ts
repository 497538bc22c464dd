import type {KitParticipant} from 'kit-chat-uikit-angular';

/** One tile of the grid. @docs-private */
export interface KitGroupTile {
  readonly participant: KitParticipant;
  readonly uid: string;
  readonly name: string;
  readonly self: boolean;
  readonly stream: MediaStream | null;
  /** Whether the stream has a camera picture to show (else the avatar). */
  readonly video: boolean;
  readonly muted: boolean;
  readonly speaking: boolean;
  readonly pinned: boolean;
  /** What a screen reader says of the tile: "Alan, muted, speaking". */
  readonly label: string;
}

/**
 * The grid's layout for a number of tiles: one, two, up to four (2 × 2), six (3 × 2), nine (3 × 3); more as a
 * strip that scrolls. @docs-private
 * @param count How many tiles.
 * @returns The layout's name, the end of the grid's class `kit-group-call-grid-…`.
 */
export function kitGridLayout(count: number): 'one' | 'two' | 'four' | 'six' | 'nine' | 'strip' {
  return count <= 1
    ? 'one'
    : count === 2
      ? 'two'
      : count <= 4
        ? 'four'
        : count <= 6
          ? 'six'
          : count <= 9
            ? 'nine'
            : 'strip';
}

/**
 * Whether a stream's sound is off, as far as it tells: every audio track disabled or muted. A stream without audio
 * tracks does not tell. @docs-private
 * @param stream The stream.
 * @returns Whether it is muted.
 */
export function kitStreamMuted(stream: MediaStream | null): boolean {
  const tracks = stream?.getAudioTracks?.() ?? [];
  return !!tracks.length && tracks.every(track => !track.enabled || track.muted);
}

/**
 * Whether a stream shows a picture: a video track that is live, not muted, and enabled. @docs-private
 * @param stream The stream.
 * @returns Whether a video element shows it.
 */
export function kitStreamHasVideo(stream: MediaStream | null): boolean {
  return !!stream
    ?.getVideoTracks?.()
    .some(track => track.readyState !== 'ended' && !track.muted && track.enabled);
}
