import {KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import type {KitJanusRoomMember, KitJanusRoomOptions} from './janus-room-types';

/**
 * Joins a Janus VideoRoom as one member of a group call: publishes the stream's camera and microphone and receives
 * the others' (see `KitJanusRoomOptions` for the callbacks). The client is a chunk of its own, loaded on the first
 * call of this function: an app that makes only 1:1 calls never downloads it.
 *
 * ```ts
 * const member = await kitJanusRoom({url, token, room, pin, display: 'Ada', stream, onTrack, onGone});
 * await member.setCamera(false);
 * await member.leave();
 * ```
 * The token, the room and its pin come from the app's server, which mints them for this user and call.
 * @param options The room, the credentials, the stream and the callbacks.
 * @returns The member once published; rejects with a `KitException`.
 */
export async function kitJanusRoom(options: KitJanusRoomOptions): Promise<KitJanusRoomMember> {
  let loaded: typeof import('./janus-room');
  try {
    loaded = await import('./janus-room');
  } catch (error) {
    throw new KitException(KitErrorCodes.SDK, 'The Janus room client could not be loaded', error);
  }
  return loaded.KitJanusRoom.join(options);
}
