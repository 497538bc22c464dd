import {KitErrorCodes, KitException, kitCaller} from 'kit-chat-uikit-angular';
import type {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitErrorCode,
  KitParticipant,
  KitParticipantStatus,
  KitUser,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryDevice, KitInMemoryGroupLines} from './in-memory-lines';
import {
  BUSY_ANSWER_DELAY,
  KitInMemorySession,
  RINGING,
  kitSessionSnapshot,
} from './in-memory-sessions';
import {kitValidGroupParts, kitValidInvite} from './in-memory-group-checks';
import {OTHER_TAB} from './in-memory-tab-link';

/** An action on a group call: the SDK's four, `'end'` being a leave, `'accept'` a join too. */
export type KitInMemoryGroupAction = 'accept' | 'reject' | 'end' | 'invite';

/** Whom the news of a group call reach: those in it and those it rings. */
const REACHED = new Set<KitParticipantStatus>(['joined', 'ringing', 'invited']);
/** Who missed a group call (and may join it while it goes on). */
const MISSED = new Set<KitParticipantStatus>(['declined', 'busy', 'unanswered']);
/** A callee's ending of its ring, as its participant status. */
const DECLINES: Partial<Record<KitCallStatus, KitParticipantStatus>> = {
  rejected: 'declined',
  busy: 'busy',
  unanswered: 'unanswered',
  unavailable: 'unanswered',
  failed: 'unanswered',
};

function error(code: KitErrorCode, message: string, call?: KitCall): KitException {
  return new KitException(code, typeof ngDevMode === 'undefined' || ngDevMode ? message : '', call);
}

/**
 * Calls with more than two people on an in-memory switchboard: who is rung, who joined, declined or left, and the
 * news each of them hears. Made by `kitInMemoryGroupCalls()`, so an app that does not turn group calls on ships none
 * of it. @docs-private
 */
export class KitInMemoryGroups {
  readonly #lines: KitInMemoryGroupLines;
  /** The members of a group, as set on the far side (`addGroup`). */
  readonly #members: (groupId: string) => KitUser[];

  constructor(lines: KitInMemoryGroupLines, members: (groupId: string) => KitUser[]) {
    this.#lines = lines;
    this.#members = members;
  }

  /**
   * The callees of a call as placed: its participants but the caller (once each), or the members of its group.
   * @returns `null` when the call is between two people.
   */
  callees(caller: KitUser, input: KitCall): KitUser[] | null {
    if (!kitValidGroupParts(input)) {
      return [];
    }
    const listed = input.participants?.length
      ? input.participants.map(person => person.user)
      : input.group
        ? this.#members(input.group.id)
        : [];
    const callees = listed.filter(
      (user, index) =>
        user.uid !== caller.uid && listed.findIndex(other => other.uid === user.uid) === index,
    );
    return input.group || callees.length > 1 ? callees : null;
  }

  /** Places a group call (checked by the switchboard) and rings each callee. */
  initiate(
    actor: KitInMemoryDevice | null,
    caller: KitUser,
    input: KitCall,
    callees: KitUser[],
  ): Promise<KitCall> {
    const remote = actor === OTHER_TAB;
    const first = {...input, receiver: callees[0], callReceiver: callees[0]};
    if (remote && !callees.length) {
      // A crafted call from another tab: counted with the switchboard's other dropped messages.
      this.#lines.board.droppedMessages++;
    }
    const fault = !callees.length
      ? error(KitErrorCodes.INVALID_CALL, 'A group call needs callees.', input)
      : (this.#lines.sessions.check(caller, first) ??
        (remote ? null : this.#lines.board.control._fault('initiate')));
    if (fault) {
      return this.#settled(fault);
    }
    const session = this.#lines.sessions.open(caller, first, actor);
    session.call.group = input.group ? {...input.group} : null;
    session.call.participants = [{user: {...caller}, status: 'joined'}];
    this.#lines.board._register(caller);
    if (!remote) {
      this.#lines.broadcast({
        kind: 'initiate',
        call: {...session.call, participants: callees.map(user => ({user, status: 'invited'}))},
      });
    }
    this.#ring(session, callees, remote);
    return this.#settled(this.#view(session, caller.uid));
  }

  /**
   * Acts on a group call as one of its people: accept (or join a call that goes on), decline, cancel (the caller,
   * before anyone joined), leave (`'end'`), invite more people.
   */
  act(
    actor: KitInMemoryDevice | null,
    actorUid: string,
    sessionId: string,
    action: KitInMemoryGroupAction,
    status: KitCallStatus,
    users: readonly KitUser[] = [],
    known?: KitCall,
  ): Promise<KitCall> {
    const remote = actor === OTHER_TAB;
    if (remote && action === 'invite' && !kitValidInvite(users, known)) {
      this.#lines.board.droppedMessages++;
      return this.#settled(error(KitErrorCodes.INVALID_CALL, 'A crafted invite.'));
    }
    // A tab opened after the call began learns it from an invite, which carries it.
    const session =
      this.#lines.sessions.known(sessionId) ?? (remote && known ? this.#adopt(known) : null);
    if (!session) {
      return this.#settled(
        error(KitErrorCodes.UNKNOWN_SESSION, `Unknown call session "${sessionId}".`),
      );
    }
    const mine = this.#statusOf(session, actorUid);
    const isCaller = kitCaller(session.call).uid === actorUid;
    const ringing = session.status === RINGING;
    const cancel = isCaller && ringing && action !== 'invite' && action !== 'accept';
    const problem =
      session.status !== 'ongoing' && !ringing
        ? error(KitErrorCodes.CALL_ENDED, `Call "${sessionId}" is ${session.status}.`)
        : !mine && !(action === 'accept' && this.#isMember(session, actorUid))
          ? error(KitErrorCodes.INVALID_CALL, `"${actorUid}" is not in call "${sessionId}".`)
          : cancel
            ? status === 'cancelled' || status === 'unanswered' || status === 'ended'
              ? null
              : error(KitErrorCodes.INVALID_CALL, 'The caller cancels as "cancelled".')
            : action === 'reject'
              ? REACHED.has(mine!) && mine !== 'joined' && DECLINES[status]
                ? null
                : error(KitErrorCodes.CALL_ENDED, `The call no longer rings for "${actorUid}".`)
              : (action === 'accept') === (mine === 'joined')
                ? error(KitErrorCodes.INVALID_CALL, `"${actorUid}" cannot ${action} now.`)
                : null;
    const fault =
      problem ??
      (remote ? null : this.#lines.board.control._fault(action === 'invite' ? 'initiate' : action));
    if (fault) {
      return this.#settled(fault);
    }
    if (!remote) {
      this.#lines.broadcast({
        kind: action,
        uid: actorUid,
        sessionId,
        status,
        users: [...users],
        call: action === 'invite' ? kitSessionSnapshot(session) : undefined,
      });
    }
    if (cancel) {
      this.#cancel(session, status === 'ended' ? 'cancelled' : status);
    } else if (action === 'invite') {
      const fresh = users.filter(
        user => user.uid !== actorUid && !REACHED.has(this.#statusOf(session, user.uid)!),
      );
      this.#ring(session, fresh, remote);
      this.#settle(session, actor, fresh);
    } else if (action === 'accept') {
      this.#join(actor, actorUid, session, mine);
    } else {
      if (mine !== 'joined') {
        // The callee's other devices stop ringing.
        this.#lines.notify(actorUid, 'onIncomingCallCancelled', session, actor, {
          ...this.#view(session, actorUid),
          status: 'rejected-elsewhere',
        });
      }
      this.#set(session, actorUid, action === 'end' ? 'left' : DECLINES[status]!);
      this.#settle(session, actor);
    }
    const call = this.#view(session, actorUid);
    return this.#settled(action === 'end' ? {...call, status: 'ended'} : call);
  }

  #adopt(call: KitCall): KitInMemorySession {
    const session = this.#lines.sessions.open(kitCaller(call), call, OTHER_TAB);
    session.call.participants = call.participants;
    session.call.group = call.group;
    this.#lines.sessions.setStatus(session, call.status === 'ongoing' ? 'ongoing' : RINGING);
    return session;
  }

  /** The tab goes away: each one of a group call who is in it from here leaves it; the others stay. */
  leaveTab(session: KitInMemorySession): void {
    for (const device of this.#lines.devices) {
      const uid = device.user?.uid ?? '';
      if (session.status === 'ongoing' && this.#statusOf(session, uid) === 'joined') {
        this.act(device, uid, session.call.sessionId, 'end', 'ended').catch(() => {});
      }
    }
  }

  /** The caller cancels before anyone joined: every ring stops, each callee has a missed call. */
  #cancel(session: KitInMemorySession, status: KitCallStatus): void {
    const people = this.#people(session).slice(1);
    const rung = people.filter(person => REACHED.has(person.status));
    rung.forEach(person => this.#set(session, person.user.uid, 'unanswered'));
    this.#lines.sessions.setStatus(session, status);
    for (const {user} of rung) {
      this.#tellOne(session, user.uid, 'onIncomingCallCancelled', null);
    }
    for (const {user} of people.filter(person => MISSED.has(person.status))) {
      this.#tellOne(session, user.uid, 'onParticipantsChanged', null); // Missed it: it is over.
    }
  }

  /** A callee accepts (or joins a call that goes on): the call connects with the first one. */
  #join(
    actor: KitInMemoryDevice | null,
    uid: string,
    session: KitInMemorySession,
    was: KitParticipantStatus | undefined,
  ): void {
    if (was === 'ringing' || was === 'invited') {
      this.#lines.notify(uid, 'onIncomingCallCancelled', session, actor, {
        ...this.#view(session, uid),
        status: 'accepted-elsewhere',
      });
    }
    const user = this.#members(session.call.group?.id ?? '').find(member => member.uid === uid);
    this.#set(session, uid, 'joined', user);
    if (session.status === RINGING) {
      this.#lines.sessions.setStatus(session, 'ongoing');
      this.#tellOne(session, kitCaller(session.call).uid, 'onOutgoingCallAccepted', null);
    }
    this.#settle(session, actor);
  }

  /**
   * After someone's status changed: the caller hears how the call ended once nobody joined and nobody rings any
   * more; the last one alone hears the call end; else everyone hears the new list.
   */
  #settle(
    session: KitInMemorySession,
    actor: KitInMemoryDevice | null,
    rung: readonly KitUser[] = [],
  ): void {
    const people = this.#people(session);
    const joined = people.filter(person => person.status === 'joined').length;
    const rings = people.some(person => person.status === 'ringing' || person.status === 'invited');
    const callees = people.slice(1);
    if (session.status === RINGING && !rings) {
      // Never for one callee while others still ring: only once none is left.
      this.#lines.sessions.setStatus(
        session,
        callees.every(person => person.status === 'busy')
          ? 'busy'
          : callees.some(person => person.status === 'declined')
            ? 'rejected'
            : 'unanswered',
      );
      this.#tellOne(session, kitCaller(session.call).uid, 'onOutgoingCallRejected', null);
    } else if (session.status === 'ongoing' && (joined === 0 || (joined < 2 && !rings))) {
      this.#lines.sessions.setStatus(session, 'ended');
      for (const person of people) {
        if (REACHED.has(person.status)) {
          const joinedOne = person.status === 'joined';
          this.#tellOne(
            session,
            person.user.uid,
            joinedOne ? 'onCallEnded' : 'onIncomingCallCancelled',
            null,
            joinedOne ? 'ended' : 'cancelled',
          );
        } else if (MISSED.has(person.status)) {
          // A member who missed it may join while it goes on (the call log's "Join"): now it ended.
          this.#tellOne(session, person.user.uid, 'onParticipantsChanged', null, 'ended');
        }
      }
    } else {
      for (const person of people) {
        // Those just rung heard of the call with its list.
        if (REACHED.has(person.status) && !rung.some(user => user.uid === person.user.uid)) {
          this.#tellOne(session, person.user.uid, 'onParticipantsChanged', actor);
        }
      }
    }
  }

  /** Rings people in a group call: their devices, or the far side's answer for simulated ones. */
  #ring(session: KitInMemorySession, users: readonly KitUser[], remote: boolean): void {
    const {board, sessions} = this.#lines;
    const {sessionId} = session.call;
    let rings = false;
    for (const user of users) {
      this.#lines.board._register(user);
      this.#set(session, user.uid, 'ringing', user);
    }
    for (const {uid} of users) {
      const device =
        this.#lines.elsewhere.has(uid) ||
        [...this.#lines.devices].some(each => each.user?.uid === uid);
      if (!device && sessions.isInCall(uid, sessionId)) {
        // A simulated callee in another call: the tab that placed the call answers busy for it.
        if (!remote) {
          setTimeout(
            () => board._act(null, uid, sessionId, 'reject', 'busy').catch(() => {}),
            BUSY_ANSWER_DELAY,
          );
        }
        continue;
      }
      this.#tellOne(session, uid, 'onIncomingCallReceived', null);
      rings ||= device || board.control._rings(uid);
      if (!remote) {
        board.control._answer(session, uid, () => this.#statusOf(session, uid) === 'ringing');
      }
    }
    if (rings) {
      this.#lines.ringing(session);
    }
  }

  #tellOne(
    session: KitInMemorySession,
    uid: string,
    method: keyof KitCallListener,
    actor: KitInMemoryDevice | null,
    status?: KitCallStatus,
  ): void {
    const call = this.#view(session, uid);
    this.#lines.notify(uid, method, session, actor, status ? {...call, status} : call);
  }

  /** @returns The answer (a call) or the failure (an error) of an action, a latency later. */
  #settled(outcome: KitCall | KitException): Promise<KitCall> {
    return new Promise((resolve, reject) =>
      setTimeout(
        () => (outcome instanceof KitException ? reject(outcome) : resolve(outcome)),
        this.#lines.board.latency,
      ),
    );
  }

  /** The call as one of its people sees it: a callee is its receiver. */
  #view(session: KitInMemorySession, uid: string): KitCall {
    const call = kitSessionSnapshot(session);
    const me = this.#people(session).find(person => person.user.uid === uid)?.user;
    return me && uid !== kitCaller(call).uid
      ? {...call, receiver: {...me}, callReceiver: {...me}}
      : call;
  }

  #people(session: KitInMemorySession): readonly KitParticipant[] {
    return session.call.participants ?? [];
  }

  #statusOf(session: KitInMemorySession, uid: string): KitParticipantStatus | undefined {
    return this.#people(session).find(person => person.user.uid === uid)?.status;
  }

  #isMember(session: KitInMemorySession, uid: string): boolean {
    const group = session.call.group;
    return !!group && this.#members(group.id).some(member => member.uid === uid);
  }

  /** Gives a person a new status: a new list, so what was handed out before keeps its own. */
  #set(
    session: KitInMemorySession,
    uid: string,
    status: KitParticipantStatus,
    user?: KitUser,
  ): void {
    const people = this.#people(session);
    const known = people.some(person => person.user.uid === uid);
    session.call.participants = known
      ? people.map(person => (person.user.uid === uid ? {user: person.user, status} : person))
      : [...people, {user: {...user!}, status}];
  }
}
