import type {KitException} from 'kit-chat-uikit-angular';

/** What a member needs to join a Janus VideoRoom, all of it from the app's server for this user and call. */
export interface KitJanusRoomOptions {
  /** Janus's WebSocket API, `wss://sfu.example.com/janus`. */
  url: string;
  /** A short-lived token for the VideoRoom (Janus's `token_auth`), minted by the server for this user and call. */
  token: string;
  /** The room, created by the server with the room admin key. */
  room: string;
  /**
   * The room token that lets this user in (a room with an ACL, Janus's `allowed`: the token of `X-Kit-Room`), one
   * per user and room, minted by the server.
   */
  roomToken?: string;
  /** The room's pin, for a room guarded by one, which the server gives only to who it invites. */
  pin?: string;
  /** The name the others see. */
  display: string;
  /** The camera and microphone to publish (its audio and video tracks). */
  stream: MediaStream;
  /** STUN/TURN servers for the two peer connections. */
  iceServers?: RTCIceServer[];
  /** A track of another member arrived (audio or video), or came back (their camera on again). */
  onTrack?(feedId: string, display: string, track: MediaStreamTrack): void;
  /** A member's stream of this kind is no longer received (their camera went off): show their avatar. */
  onTrackGone?(feedId: string, kind: 'audio' | 'video'): void;
  /** A member left the room or stopped publishing. */
  onGone?(feedId: string): void;
  /**
   * The media path to Janus broke (`true`: a peer connection's ICE went `disconnected` or `failed`; the client
   * restarts its ICE) or is back (`false`). Show "Reconnecting…" meanwhile.
   */
  onPath?(broken: boolean): void;
  /**
   * The member lost the room after the join: its session dropped (Janus went away, or the path to it), or a peer
   * connection's path did not come back after an ICE restart. The member is closed by then: join again (the same room, while its Janus is up).
   * Without this callback, `onError` hears it.
   */
  onLost?(error: KitException): void;
  /** Something failed after the join: a renegotiation failed, a candidate was refused. Never thrown. */
  onError?(error: KitException): void;
}

/** A member in a room, once joined. */
export interface KitJanusRoomMember {
  /** This member's id in the room (the feed id the others see). */
  readonly id: string;
  /**
   * Turns the camera off (the video is unpublished: the others stop receiving it) or on again (published again).
   * @returns Resolves once Janus took the change; rejects with a `KitException`.
   */
  setCamera(enabled: boolean): Promise<void>;
  /** Leaves the room, hangs up, destroys the session and closes the socket. Resolves even if Janus is gone. */
  leave(): Promise<void>;
}
