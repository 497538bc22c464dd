// What the room client reads from Janus's VideoRoom (its events' shapes) and how it names a stream it asked for.

/** A stream a publisher announces (`publishers` events): its `mid` on the publisher's side. */
export interface KitJanusFeedStream {
  type: string;
  mid: string;
  disabled?: boolean;
}

/** A publisher of the room as the `joined` and `publishers` events list it. */
export interface KitJanusPublisher {
  id: string | number;
  display?: string;
  streams?: KitJanusFeedStream[];
}

/** A stream of the subscriber's peer connection as the `attached` and `updated` events list it. */
export interface KitJanusSubscribedStream {
  type: string;
  mid: string;
  active: boolean;
  feed_id?: string | number;
  feed_mid?: string;
  feed_display?: string;
}

/** One feed's stream, as the subscriber asks for it. */
export interface KitJanusStreamRef {
  feed: string;
  mid: string;
}

/** A stream the subscriber receives: whose, which kind, and which of their streams (`key`). */
export interface KitJanusReceived {
  feed: string;
  display: string;
  kind: 'audio' | 'video';
  key: string;
}

export const key = (feed: string, mid: string): string => `${feed} ${mid}`;
