import {
  KitCall,
  KitConstants,
  KitErrorCodes,
  KitException,
  KitParticipantStatus,
  KitUser,
} from 'kit-chat-uikit-angular';
import {kitJanusRoom} from './janus-room-factory';
import type {KitJanusRoomMember} from './janus-room-types';
import {kitSipGetUserMedia} from './sip-media';
import {
  KitSipGroupCall,
  KitSipGroupHooks,
  KitSipGroupRoom,
  ROOM,
  fail,
  groupCall,
  hearStatuses,
  readRoom,
  statusOf,
  terminate,
} from './sip-group-wire';
import {KitSipSession, KitSipSessionEvent, KitSipUA} from './sip-types';

/** What the rooms need of the group calls. @docs-private */
export interface KitSipGroupRoomsHost {
  readonly hooks: KitSipGroupHooks;
  /** The group calls of this device, by session id. */
  readonly calls: Map<string, KitSipGroupCall>;
  /** An INVITE to someone in the call, for its new room (`rejoin`), or to its caller, to join it (`join`). */
  invite(
    ua: KitSipUA,
    group: KitSipGroupCall,
    user: KitUser,
    mark: 'rejoin' | 'join',
  ): KitSipSession;
  /** Sets one person's status (and tells the listeners). */
  set(group: KitSipGroupCall, user: KitUser, status: KitParticipantStatus): void;
  /** The call is over for this device: out of the room, the tracks stopped. */
  close(group: KitSipGroupCall): void;
}

/**
 * The rooms of the group calls over SIP: joining a call's room, and getting it back when it is lost. A room is lost
 * when its SFU goes away or the path to it breaks: the call says "Reconnecting…" and tries the same room again. When
 * that room is gone with its SFU, the caller (once it left, also by a BYE that comes after the loss, the first in the
 * call by uid) rings everyone again (an INVITE marked as a rejoin): the proxy's room hook makes the room again on an
 * SFU that answers and writes it on those INVITEs and their answers; each device answers by itself and joins it.
 * @docs-private
 */
export class KitSipGroupRooms {
  /** The calls whose room is lost, waiting for someone to ring everyone again (me, once I lead): when it was lost. */
  private readonly _leaderless = new WeakMap<KitSipGroupCall, number>();

  constructor(private readonly _host: KitSipGroupRoomsHost) {}

  /**
   * Joins a group call that rang here and goes on, its ring missed or declined (`joinCall`): its caller is rung back
   * by an INVITE marked as a join; their device answers by itself, and the proxy writes this device's room token on
   * the answer (only for someone who was rung for that call).
   */
  async joinBack(sessionId: string): Promise<KitCall> {
    const was = this._host.calls.get(sessionId);
    if (!was || was.direction !== 'incoming' || !was.done) {
      throw fail(
        was ? KitErrorCodes.INVALID_CALL : KitErrorCodes.UNKNOWN_SESSION,
        `No group call "${sessionId}" that rang here and can be joined`,
      );
    }
    const {hooks} = this._host;
    const caller = was.call.callInitiator;
    const ua = hooks.ua('The group call could not be joined');
    const participants = was.call.participants?.map(p =>
      p.user.uid === hooks.user.uid ? {...p, status: 'joined' as const} : p,
    );
    const group = groupCall(
      'incoming',
      was.id,
      {...was.call, status: 'initiated', participants},
      {local: await kitSipGetUserMedia(was.call.type !== KitConstants.CALL_TYPE_AUDIO)},
    );
    this._host.calls.set(sessionId, group);
    let session: KitSipSession;
    try {
      session = this._host.invite(ua, group, caller, 'join');
    } catch (error) {
      this._host.close(group); // Nothing rings: the camera and microphone are let go.
      throw KitException.from(error, KitErrorCodes.CALL_FAILED, 'JsSIP could not ring the caller');
    }
    group.legs.set(caller.uid, {user: caller, session});
    this._hear(session, group);
    const answer = await new Promise<KitSipSessionEvent>(done => {
      session.on('accepted', done);
      session.on('failed', done);
    });
    group.room = answer.response ? readRoom(answer.response.getHeader?.(ROOM)) : null;
    if (!group.room || group.done) {
      terminate(session, {});
      this._host.close(group);
      const why = answer.response ? 'no room on the answer' : answer.cause;
      throw fail(KitErrorCodes.CALL_ENDED, `The group call is over, or cannot be joined (${why})`);
    }
    session.on('ended', () => this.leftIf(group, caller, session));
    group.call = {...group.call, status: 'ongoing'};
    void this.join(group);
    return {...group.call};
  }

  /**
   * Someone rung for a call I placed, who missed its ring, rings me back into it (`joinCall` on their side): answered
   * here, without ringing. Anyone else, or for a call not going on here: 481.
   */
  joined(session: KitSipSession, joiner: KitUser, id: string): void {
    const group = [...this._host.calls.values()].find(
      each =>
        !each.done &&
        each.direction === 'outgoing' &&
        each.id === id &&
        each.call.status === 'ongoing',
    );
    const person = group?.call.participants?.find(p => p.user.uid === joiner.uid);
    if (!group || !person || person.status === 'joined') {
      terminate(session, {status_code: 481, reason_phrase: 'Call Does Not Exist'});
      return;
    }
    const old = group.legs.get(joiner.uid)?.session;
    group.legs.set(joiner.uid, {user: person.user, session});
    if (old) {
      terminate(old, {});
    }
    session.on('ended', () => this.leftIf(group, person.user, session));
    if (this._answer(session)) {
      this._host.set(group, person.user, 'joined');
    }
  }

  /** Someone's INVITE ended: they left, unless a new room's took its place; with the room lost, I may lead now. */
  leftIf(group: KitSipGroupCall, user: KitUser, session: KitSipSession | undefined): void {
    if (group.legs.get(user.uid)?.session === session) {
      this._host.set(group, user, 'left');
      this._leadIfFirst(group);
    }
  }

  /** Rings someone in the call again, for the call's new room: their device answers by itself and joins it. */
  private _rering(ua: KitSipUA, group: KitSipGroupCall, user: KitUser): void {
    const old = group.legs.get(user.uid)?.session;
    const session = this._host.invite(ua, group, user, 'rejoin');
    session.on('accepted', event => {
      if (group.done) {
        terminate(session, {});
        return;
      }
      group.legs.set(user.uid, {user, session});
      if (old) {
        terminate(old, {}); // Ended by me: its BYE is not their leave.
      }
      if (!group.room) {
        group.room = readRoom(event.response?.getHeader?.(ROOM));
        void this.join(group);
      }
    });
    session.on('failed', () => {
      // Their device is no longer in the call.
      if (old) {
        terminate(old, {});
      }
      this.leftIf(group, user, old);
    });
    session.on('ended', () => this.leftIf(group, user, session));
  }

  /**
   * The caller rang me again for a call I am in, whose room was made again (its SFU went away): answered here, without
   * ringing, and the new room joined. A device not in that call answers 481 and does not ring either.
   */
  rejoin(session: KitSipSession, caller: KitUser, room: KitSipGroupRoom, id: string): void {
    const group = [...this._host.calls.values()].find(
      each =>
        !each.done &&
        each.direction === 'incoming' &&
        each.id === id &&
        each.call.status === 'ongoing' &&
        (each.legs.has(caller.uid) ||
          statusOf(each, caller.uid) === 'joined' ||
          each.roomLeft.has(caller.uid)),
    );
    if (!group) {
      terminate(session, {status_code: 481, reason_phrase: 'Call Does Not Exist'});
      return;
    }
    group.legs.set(caller.uid, {user: caller, session}); // The old INVITE is the caller's to end.
    this._hear(session, group);
    session.on('ended', () => this.leftIf(group, caller, session));
    if (!this._answer(session)) {
      return;
    }
    if (group.room?.room !== room.room || !group.member) {
      this._leaderless.delete(group); // Someone else led.
      void group.member?.leave();
      group.member = null;
      group.room = room;
      void this.join(group);
    }
  }

  /** Where everyone stands, as the caller tells it on this INVITE. */
  private _hear(session: KitSipSession, group: KitSipGroupCall): void {
    hearStatuses(session, group, this._host.hooks.user.uid, (user, status) =>
      this._host.set(group, user, status),
    );
  }

  /** Answers an INVITE of a group call that does not ring (no media on it). @returns Whether JsSIP could. */
  private _answer(session: KitSipSession): boolean {
    try {
      session.answer({
        mediaConstraints: {audio: false, video: false},
        pcConfig: this._host.hooks.pcConfig(),
      });
      return true;
    } catch (error) {
      this._host.hooks.report(KitErrorCodes.CALL_FAILED, 'JsSIP could not answer', error);
      return false;
    }
  }

  /** Joins the call's room; back in it after a loss, the listeners hear `onCallReconnected`. */
  async join(group: KitSipGroupCall, quiet = false): Promise<boolean> {
    const joined = await kitSipJoinRoom(
      group,
      this._host.hooks,
      {
        set: (user, status) => this._host.set(group, user, status),
        lost: () => void this._lost(group),
        path: broken => this._reconnecting(group, broken),
      },
      quiet,
    );
    if (joined) {
      this._leaderless.delete(group);
      this._reconnecting(group, false);
    }
    return joined;
  }

  /** The call's media path broke ("Reconnecting…", said once) or is back. */
  private _reconnecting(group: KitSipGroupCall, broken: boolean): void {
    if (!group.done && broken !== group.reconnecting) {
      group.reconnecting = broken;
      this._host.hooks.emit(broken ? 'onCallReconnecting' : 'onCallReconnected', group.call);
    }
  }

  /**
   * The room was lost (its SFU went away, or the path to it): "Reconnecting…", and the same room is tried again.
   * Gone, whoever leads rings everyone again; the others wait for that ring (until the engine's `reconnectTimeout`).
   */
  private async _lost(group: KitSipGroupCall): Promise<void> {
    if (group.done) {
      return;
    }
    const lostAt = Date.now();
    group.remotes.clear();
    group.feeds.clear();
    this._reconnecting(group, true);
    if (!(await this.join(group, true))) {
      this._leaderless.set(group, lostAt);
      this._leadIfFirst(group);
    }
  }

  /** Rings everyone in a lost room's call again if I lead: the caller, or once it left, the first in it by uid. */
  private _leadIfFirst(group: KitSipGroupCall): void {
    const lostAt = this._leaderless.get(group) ?? NaN;
    const me = this._host.hooks.user.uid;
    // Those the room said left as it went away (within 2 s before the loss) are still in the call.
    const inCall = (group.call.participants ?? []).filter(
      p => p.status === 'joined' || (group.roomLeft.get(p.user.uid) ?? 0) > lostAt - 2000,
    );
    const leads =
      group.direction === 'outgoing' ||
      (statusOf(group, group.call.callInitiator.uid) !== 'joined' &&
        [me, ...inCall.map(p => p.user.uid)].sort()[0] === me);
    if (Number.isNaN(lostAt) || group.done || group.member || !leads) {
      return;
    }
    this._leaderless.delete(group);
    group.room = null;
    try {
      const ua = this._host.hooks.ua('The group call could not reconnect');
      inCall.filter(p => p.user.uid !== me).forEach(p => this._rering(ua, group, p.user));
    } catch (error) {
      this._host.hooks.report(
        KitErrorCodes.CALL_FAILED,
        'The group call could not ring again',
        error,
      );
    }
  }
}

/**
 * Joins a group call's room on its SFU (`kitJanusRoom`): publishes my camera and microphone as my uid, and receives
 * everyone else's; whoever sends there is in the call (`set` joined), and whoever goes is gone (a callee's side: the
 * caller's side hears a leave from that person's BYE). A room that cannot be joined is reported (unless `quiet`),
 * never thrown.
 * @param group The call.
 * @param hooks The adapter's.
 * @param on `set`: sets one person's status (and tells the listeners); `lost`: the room was lost once joined (its
 *   Janus went away, or the path to it did not come back): `group.member` is gone; `path`: the media path broke, or
 *   is back.
 * @param quiet Whether a failure to join goes unreported (a try at the same room, when it was lost).
 * @returns Whether this device is in the room now (`group.member`).
 */
async function kitSipJoinRoom(
  group: KitSipGroupCall,
  hooks: KitSipGroupHooks,
  on: {
    set(user: KitUser, status: KitParticipantStatus): void;
    lost(): void;
    path(broken: boolean): void;
  },
  quiet = false,
): Promise<boolean> {
  const room = group.room;
  const url = room && hooks.sfus[room.sfu];
  if (!room || !url || !group.local) {
    hooks.report(KitErrorCodes.CALL_FAILED, 'The group call has no room on a known SFU');
    return false;
  }
  let member: KitJanusRoomMember | null = null;
  try {
    member = await kitJanusRoom({
      url,
      token: room.janus,
      room: room.room,
      roomToken: room.token,
      // My uid, then my name: someone added later finds my name there, not in the list of the ring they had.
      display: `${hooks.user.uid} ${hooks.user.name}`.slice(0, 200),
      stream: group.local,
      iceServers: hooks.pcConfig().iceServers,
      // Each change gives the person a new stream (the grid sees a new one and shows the video, or the avatar).
      onTrack: (feed, display, track) => {
        const [uid, ...name] = display.split(' ');
        group.feeds.set(feed, uid);
        const kept =
          group.remotes
            .get(uid)
            ?.getTracks()
            .filter(t => t.kind !== track.kind) ?? [];
        group.remotes.set(uid, new MediaStream([...kept, track]));
        const person = group.call.participants?.find(p => p.user.uid === uid);
        if (person?.status !== 'joined') {
          on.set(person?.user ?? {uid, name: name.join(' ') || uid}, 'joined');
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
          group.roomLeft.set(uid, Date.now());
          on.set(user, 'left'); // The caller's side hears a leave from its INVITE's BYE.
        }
      },
      onPath: broken => group.member === member && on.path(broken),
      onLost: () => {
        if (group.member && group.member === member) {
          group.member = null;
          on.lost();
        }
      },
      onError: error => hooks.report(error.code, error.message, error),
    });
    // Over, or given another room while this one was joined (the call's room was made again elsewhere).
    if (group.done || group.room !== room) {
      void member.leave();
      return false;
    }
    group.member = member;
    if (group.local.getTracks().some(track => track.kind === 'video' && !track.enabled)) {
      void member.setCamera(false).catch(() => {}); // Joined again with the camera off: it stays off.
    }
    return true;
  } catch (error) {
    if (!quiet) {
      hooks.report(KitErrorCodes.CALL_FAILED, 'The group call could not join its room', error);
    }
    return false;
  }
}
