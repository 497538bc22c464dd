import {KitErrorCodes, KitParticipantStatus, KitUser} from 'kit-chat-uikit-angular';
import {kitJanusRoom} from './janus-room-factory';
import {KitSipGroupCall, KitSipGroupHooks} from './sip-group-wire';

/**
 * Joins a group call's room on its SFU (`kitJanusRoom`): publishes my camera and microphone as my uid, and receives
 * everyone else's; whoever sends there is in the call (`set` joined), and whoever goes is gone (a callee's side: the
 * caller's side hears a leave from that person's BYE). A room that cannot be joined is reported, never thrown.
 * @param group The call.
 * @param hooks The adapter's.
 * @param set Sets one person's status (and tells the listeners).
 */
export async function kitSipJoinRoom(
  group: KitSipGroupCall,
  hooks: KitSipGroupHooks,
  set: (user: KitUser, status: KitParticipantStatus) => void,
): Promise<void> {
  const room = group.room;
  const url = room && hooks.sfus[room.sfu];
  if (!room || !url || !group.local) {
    hooks.report(KitErrorCodes.CALL_FAILED, 'The group call has no room on a known SFU');
    return;
  }
  try {
    const member = await kitJanusRoom({
      url,
      token: room.janus,
      room: room.room,
      roomToken: room.token,
      display: hooks.user.uid,
      stream: group.local,
      iceServers: hooks.pcConfig().iceServers,
      // Each change gives the person a new stream (the grid sees a new one and shows the video, or the avatar).
      onTrack: (feed, uid, track) => {
        group.feeds.set(feed, uid);
        const kept =
          group.remotes
            .get(uid)
            ?.getTracks()
            .filter(t => t.kind !== track.kind) ?? [];
        group.remotes.set(uid, new MediaStream([...kept, track]));
        const person = group.call.participants?.find(p => p.user.uid === uid);
        if (person?.status !== 'joined') {
          set(person?.user ?? {uid, name: uid}, 'joined');
        }
      },
      onTrackGone: (feed, kind) => {
        const uid = group.feeds.get(feed) ?? '';
        const stream = group.remotes.get(uid);
        if (stream) {
          group.remotes.set(uid, new MediaStream(stream.getTracks().filter(t => t.kind !== kind)));
        }
      },
      onGone: feed => {
        const uid = group.feeds.get(feed);
        group.feeds.delete(feed);
        const user = uid && group.call.participants?.find(p => p.user.uid === uid)?.user;
        if (uid && user && group.direction === 'incoming' && !group.legs.has(uid)) {
          set(user, 'left'); // The caller's side hears a leave from its INVITE's BYE.
        }
      },
      onError: error => hooks.report(error.code, error.message, error),
    });
    if (group.done) {
      void member.leave();
    } else {
      group.member = member;
    }
  } catch (error) {
    hooks.report(KitErrorCodes.CALL_FAILED, 'The group call could not join its room', error);
  }
}
