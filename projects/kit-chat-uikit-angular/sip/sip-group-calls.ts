import {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitConstants,
  KitErrorCodes,
  KitException,
  KitParticipant,
  KitParticipantStatus,
  KitUser,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import {kitSipAnswerCode, kitSipIncomingFailStatus, kitSipRejectStatus} from './sip-mapping';
import {kitSipGetUserMedia, kitSipStopTracks} from './sip-media';
import {KitSipGroupRooms} from './sip-group-rooms';
import {
  GROUP,
  INFO,
  KitSipGroupCall,
  KitSipGroupHooks,
  MOST,
  ROOM,
  dedupe,
  fail,
  groupCall,
  groupInvite,
  hearStatuses,
  randomId,
  readInfo,
  readRoom,
  tellStatuses,
  terminate,
} from './sip-group-wire';
import {KitSipSessionEvent, KitSipUA, KitSipUAEvent} from './sip-types';

/**
 * The calls with several people of the SIP adapter (`sfu`): each person is rung by an INVITE of their own marked
 * `X-Kit-Group`, which carries no media (a data channel only: it gives ICE something to gather); the proxy writes the
 * call's room on it and on its replies, and each side joins that room on Janus (`kitJanusRoom`) once the call is
 * theirs. The caller's side learns each person's answer from their INVITE (180 ringing, 200 joined, 603 declined, 486
 * busy, 480/408 or a time-out unanswered, BYE left); a callee learns who is in from the room.
 * @docs-private
 */
export class KitSipGroupCalls {
  private readonly _calls = new Map<string, KitSipGroupCall>();
  /** The calls' rooms: joined, got back when lost, and joined late (`joinBack`). */
  readonly rooms: KitSipGroupRooms;

  constructor(private readonly _hooks: KitSipGroupHooks) {
    this.rooms = new KitSipGroupRooms({
      hooks: _hooks,
      calls: this._calls,
      invite: (ua, group, user, mark) => groupInvite(ua, _hooks, group, user, mark),
      close: group => this._close(group),
      set: (group, user, status) => this._set(group, user, status),
    });
  }

  /** @returns The group call of that session id, if it is one. */
  get(sessionId: string): KitSipGroupCall | undefined {
    return this._calls.get(sessionId);
  }

  /** Rings everyone of `call.participants` (but me), each by an INVITE of their own. */
  async place(call: KitCall): Promise<KitCall> {
    const me = this._hooks.user;
    const people = dedupe((call.participants ?? []).map(p => p.user)).filter(u => u.uid !== me.uid);
    const invalid = people.map(user => kitValidateUser(user, 'participant')).find(Boolean);
    if (invalid || !people.length || people.length >= MOST) {
      throw (
        invalid ?? fail(KitErrorCodes.INVALID_CALL, `A group call rings 1 to ${MOST - 1} people`)
      );
    }
    const ua = this._hooks.ua('The group call could not start');
    const local = await kitSipGetUserMedia(call.type !== KitConstants.CALL_TYPE_AUDIO);
    const id = `kit-group-${randomId()}`;
    const participants = [
      {user: me, status: 'joined' as const},
      ...people.map(user => ({user, status: 'invited' as const})),
    ];
    const group = groupCall(
      'outgoing',
      id,
      {...call, sessionId: id, status: 'initiated', participants},
      {local},
    );
    this._calls.set(id, group);
    try {
      people.forEach(user => this._ring(ua, group, user));
    } catch (error) {
      this._close(group);
      throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not ring the group', error);
    }
    return {...group.call};
  }

  /** More people into a call I placed (a callee's device cannot: the room is the caller's). */
  async invite(sessionId: string, users: readonly KitUser[]): Promise<KitCall> {
    const group = this._live(sessionId);
    if (group.direction !== 'outgoing') {
      throw fail(
        KitErrorCodes.INVALID_CALL,
        'Over SIP only the caller adds people to a group call',
      );
    }
    const ua = this._hooks.ua('Nobody could be added');
    for (const user of dedupe(users)) {
      const status = group.call.participants?.find(p => p.user.uid === user.uid)?.status;
      // Who is in the call, or is being rung now, is not rung twice.
      if (
        user.uid !== this._hooks.user.uid &&
        !['joined', 'ringing', 'invited'].includes(status!)
      ) {
        this._set(group, user, 'invited', false);
        this._ring(ua, group, user);
      }
    }
    this._hooks.emit('onParticipantsChanged', group.call);
    return {...group.call};
  }

  /**
   * An INVITE of a group call reached this device: it rings as a call with several people. `false` when the INVITE
   * is not a group call's. One without the proxy's room, or with a list that does not hold, is answered 488.
   */
  incoming({session, request}: KitSipUAEvent, caller: KitUser): boolean {
    const header = (name: string) => request?.getHeader?.(name);
    const id = header(GROUP);
    if (!id) {
      return false;
    }
    const room = readRoom(header(ROOM));
    const info = readInfo(header(INFO));
    if (!room || !info) {
      this._hooks.report(
        KitErrorCodes.INVALID_CALL,
        'A group call came without its room or people',
      );
      session.terminate({status_code: 488, reason_phrase: 'Not Acceptable Here'});
      return true;
    }
    if (info.rejoin) {
      this.rooms.rejoin(session, caller, room, id);
    } else if (info.join) {
      this.rooms.joined(session, caller, id);
    }
    if (info.rejoin || info.join) {
      return true; // Someone in the call, or rung for it: answered by itself, or 481. Nothing rings.
    }
    const me = this._hooks.user;
    const others = info.people.filter(u => u.uid !== me.uid && u.uid !== caller.uid);
    const group = groupCall(
      'incoming',
      id,
      {
        sessionId: session.id,
        type: info.video ? KitConstants.CALL_TYPE_VIDEO : KitConstants.CALL_TYPE_AUDIO,
        sender: caller,
        callInitiator: caller,
        receiver: me,
        callReceiver: me,
        status: 'initiated',
        participants: [
          {user: caller, status: 'joined'},
          {user: me, status: 'ringing'},
          ...others.map(user => ({user, status: 'ringing' as const})),
        ],
        group: info.group,
      },
      {room, legs: [{user: caller, session}]},
    );
    this._calls.set(session.id, group);
    hearStatuses(session, group, me.uid, (user, status) => this._set(group, user, status));
    session.on('failed', event => {
      if (!group.done) {
        // The caller cancelled (or rang off elsewhere) before I answered.
        this._end(
          group,
          kitSipIncomingFailStatus(event.cause, event.message as never),
          'onIncomingCallCancelled',
        );
      }
    });
    session.on('ended', () => this.rooms.leftIf(group, caller, session)); // The caller left.
    this._hooks.emit('onIncomingCallReceived', group.call);
    return true;
  }

  /** Answers a group call that rings here (no media on the INVITE), then joins its room. */
  async accept(sessionId: string, audioOnly: boolean): Promise<KitCall> {
    const group = this._live(sessionId);
    const [leg] = group.legs.values();
    if (group.direction !== 'incoming' || group.call.status !== 'initiated') {
      throw fail(KitErrorCodes.INVALID_CALL, 'This group call does not ring here');
    }
    group.local = await kitSipGetUserMedia(
      group.call.type !== KitConstants.CALL_TYPE_AUDIO && !audioOnly,
    );
    if (group.done) {
      this._close(group);
      throw fail(KitErrorCodes.CALL_ENDED, 'The caller hung up before the answer');
    }
    await new Promise<void>((accepted, failed) => {
      leg.session.on('accepted', () => accepted());
      leg.session.on('failed', () =>
        failed(fail(KitErrorCodes.CALL_ENDED, 'The call ended before the answer')),
      );
      try {
        leg.session.answer({
          mediaConstraints: {audio: false, video: false},
          pcConfig: this._hooks.pcConfig(),
        });
      } catch (error) {
        failed(new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not answer', error));
      }
    });
    group.call = {...group.call, status: 'ongoing'};
    this._set(group, this._hooks.user, 'joined', false);
    void this.rooms.join(group);
    return {...group.call};
  }

  /** Declines a group call that rings here, or stops ringing everyone of one I placed before anyone joined. */
  async reject(sessionId: string, status: KitCallStatus): Promise<KitCall> {
    const group = this._live(sessionId);
    const ended = this._end(group, status); // First: what the sessions then say is not news.
    for (const {session} of group.legs.values()) {
      terminate(
        session,
        group.direction === 'incoming'
          ? {status_code: kitSipAnswerCode(status)}
          : status === 'unanswered'
            ? {status_code: 480, reason_phrase: 'Temporarily Unavailable'}
            : {},
      );
    }
    return ended;
  }

  /** Leaves a group call: my INVITEs end (BYE, or CANCEL where they still ring), and I leave the room. */
  async leave(sessionId: string): Promise<KitCall> {
    const group = this._live(sessionId);
    const ended = this._end(group, 'ended');
    for (const {session} of group.legs.values()) {
      terminate(session, {});
    }
    return ended;
  }

  /** @returns What one person of a group call sends, once it arrived. */
  participantStream(sessionId: string, uid: string): MediaStream | null {
    return this._calls.get(sessionId)?.remotes.get(uid) ?? null;
  }

  /** Leaves every group call (the adapter is disposed). */
  endAll(): void {
    for (const group of this._calls.values()) {
      if (!group.done) {
        void this.leave(group.call.sessionId).catch(() => {});
      }
    }
  }

  private _live(sessionId: string): KitSipGroupCall {
    const group = this._calls.get(sessionId);
    if (!group || group.done) {
      throw fail(
        group ? KitErrorCodes.CALL_ENDED : KitErrorCodes.UNKNOWN_SESSION,
        `No live group call "${sessionId}"`,
      );
    }
    return group;
  }

  /** Rings one person, and reads what their answers say of them. */
  private _ring(ua: KitSipUA, group: KitSipGroupCall, user: KitUser): void {
    const session = groupInvite(ua, this._hooks, group, user);
    group.legs.set(user.uid, {user, session});
    let rang = false;
    const answered = (event: KitSipSessionEvent) => {
      group.room ??= readRoom(event.response?.getHeader?.(ROOM));
    };
    session.on('progress', event => {
      answered(event);
      if (!rang && event.response && event.response.status_code >= 180) {
        rang = true;
        this._set(group, user, 'ringing');
        if (group.call.status === 'initiated') {
          this._hooks.emit('onOutgoingCallRinging', group.call);
        }
      }
    });
    session.on('accepted', event => {
      answered(event);
      const first = group.call.status !== 'ongoing';
      if (first) {
        group.call = {...group.call, status: 'ongoing'};
        this._hooks.emit('onOutgoingCallAccepted', group.call);
        void this.rooms.join(group);
      }
      this._set(group, user, 'joined');
    });
    session.on('failed', event => {
      if (group.legs.get(user.uid)?.session !== session) {
        return; // An INVITE another one took the place of (a new room's).
      }
      const code = (event.message as {status_code?: number} | undefined)?.status_code ?? 0;
      const why = kitSipRejectStatus(code, rang);
      this._set(
        group,
        user,
        why === 'rejected' ? 'declined' : why === 'busy' ? 'busy' : 'unanswered',
      );
    });
    session.on('ended', () => this.rooms.leftIf(group, user, session));
  }

  /** Sets one person's status, tells the listeners, and ends the call once it is over for this device. */
  private _set(
    group: KitSipGroupCall,
    user: KitUser,
    status: KitParticipantStatus,
    tell = true,
  ): void {
    if (group.done) {
      return;
    }
    const participants = [...(group.call.participants ?? [])];
    const index = participants.findIndex(p => p.user.uid === user.uid);
    const next: KitParticipant = {user: index >= 0 ? participants[index].user : user, status};
    if (index >= 0) {
      participants[index] = next;
    } else {
      participants.push(next);
    }
    group.call = {...group.call, participants};
    if (!tell) {
      return;
    }
    tellStatuses(group); // A caller's callees learn it from it.
    const me = this._hooks.user.uid;
    const others = participants.filter(p => p.user.uid !== me);
    // A callee knows only who is in the room and the caller: the others' rings are the caller's business.
    const outgoing = group.direction === 'outgoing';
    const rings = outgoing && others.some(p => p.status === 'invited' || p.status === 'ringing');
    const joined = others.filter(p => p.status === 'joined').length;
    if (group.call.status === 'initiated' && !rings && outgoing) {
      // Nobody joined, and nobody rings any more.
      const outcome: KitCallStatus = others.every(p => p.status === 'busy')
        ? 'busy'
        : others.some(p => p.status === 'declined')
          ? 'rejected'
          : 'unanswered';
      this._end(group, outcome, 'onOutgoingCallRejected');
    } else if (group.call.status === 'ongoing' && !joined && !rings) {
      this._end(group, 'ended', 'onCallEnded'); // The last one in the call.
    } else {
      this._hooks.emit('onParticipantsChanged', group.call);
    }
  }

  /** The call is over for this device: it says so once, leaves the room and stops the tracks. */
  private _end(
    group: KitSipGroupCall,
    status: KitCallStatus,
    event?: keyof KitCallListener,
  ): KitCall {
    if (!group.done) {
      group.call = {...group.call, status};
      if (event) {
        this._hooks.emit(event, group.call);
      }
      this._close(group);
    }
    return {...group.call};
  }

  private _close(group: KitSipGroupCall): void {
    group.done = true;
    void group.member?.leave();
    group.member = null;
    kitSipStopTracks(group.local);
  }
}
