import type {KitCall, KitCallType, KitGroup, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {KitInMemoryGroups} from './in-memory-groups';
import type {KitInMemorySwitchboard} from './in-memory-switchboard';

/**
 * The far side of calls with several people on an in-memory switchboard: the groups it knows, a simulated member who
 * rings a group, and what each member of a group call does (accept, decline, be busy, not answer, leave, invite).
 * Returned by `kitInMemoryGroupCalls(switchboard)`. The answers set with `switchboard.control.autoAnswer` play for
 * each simulated member too.
 */
export class KitInMemoryGroupFarSide {
  readonly #switchboard: KitInMemorySwitchboard;
  /** The members of each group set with `addGroup`, by group id. */
  readonly #members = new Map<string, KitUser[]>();

  /**
   * Turns group calls on for a switchboard: reach it with `kitInMemoryGroupCalls(switchboard)`.
   * @param switchboard The switchboard.
   */
  constructor(switchboard: KitInMemorySwitchboard) {
    this.#switchboard = switchboard;
    const lines = switchboard._lines();
    const groups = new KitInMemoryGroups(lines, groupId => this.#members.get(groupId) ?? []);
    switchboard._groups = groups;
    // The switchboard's own two actions stay for calls between two people; calls with several (and every invite)
    // go to the group calls, here, so that the 1:1 path carries none of their checks.
    const {_initiate: initiate, _act: act} = switchboard;
    switchboard._initiate = (actor, caller, input) => {
      const callees = (input.group || input.participants) && groups.callees(caller, input);
      return callees
        ? groups.initiate(actor, caller, input, callees)
        : initiate.call(switchboard, actor, caller, input);
    };
    switchboard._act = (actor, uid, sessionId, action, status, ...group) =>
      lines.sessions.known(sessionId)?.call.participants || action === 'invite'
        ? groups.act(actor, uid, sessionId, action, status, ...group)
        : act.call(switchboard, actor, uid, sessionId, action, status);
  }

  /**
   * Sets a group: a call placed to it (`initiateCall` with `group` and no `participants`, or `ringGroup`) rings its
   * members. Each tab sets its own groups, as each would learn them from a server.
   * @param group The group.
   * @param members Its members (the caller is left out of its own call).
   */
  addGroup(group: KitGroup, members: readonly KitUser[]): void {
    this.#switchboard.control.addUsers(...members);
    this.#members.set(
      group.id,
      members.map(user => ({...user})),
    );
  }

  /**
   * A simulated user rings a group set with `addGroup`, or several people: each one's devices ring.
   * @param from The caller.
   * @param to The group, or the people to ring.
   * @param type `'audio'` or `'video'`.
   * @returns The call, once the switchboard registered it.
   */
  ringGroup(
    from: KitUser,
    to: KitGroup | readonly KitUser[],
    type: KitCallType = 'audio',
  ): Promise<KitCall> {
    const group = 'id' in to ? to : null;
    const people = group ? (this.#members.get(group.id) ?? []) : (to as readonly KitUser[]);
    const first = people.find(user => user.uid !== from.uid) ?? from;
    return this.#switchboard._initiate(null, from, {
      sessionId: '',
      type,
      sender: from,
      callInitiator: from,
      receiver: first,
      callReceiver: first,
      participants: people.map(user => ({user, status: 'invited'})),
      group,
    });
  }

  /**
   * A member accepts a group call that rings for them, or joins one that goes on.
   * @param sessionId The call.
   * @param uid The member.
   * @returns The call, as the member sees it.
   */
  accept(sessionId: string, uid: string): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'accept', 'ongoing');
  }

  /**
   * A member declines a group call; the others keep ringing.
   * @param sessionId The call.
   * @param uid The member.
   * @returns The call.
   */
  reject(sessionId: string, uid: string): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'reject', 'rejected');
  }

  /**
   * A member answers busy.
   * @param sessionId The call.
   * @param uid The member.
   * @returns The call.
   */
  busy(sessionId: string, uid: string): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'reject', 'busy');
  }

  /**
   * A member does not answer: their ring times out (`unanswered`), as their own kit does after its ring time-out.
   * @param sessionId The call.
   * @param uid The member.
   * @returns The call.
   */
  noAnswer(sessionId: string, uid: string): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'reject', 'unanswered');
  }

  /**
   * A member hangs up; the others stay in the call while two remain.
   * @param sessionId The call.
   * @param uid The member.
   * @returns The call, as the one who left sees it (`'ended'`).
   */
  leave(sessionId: string, uid: string): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'end', 'ended');
  }

  /**
   * Someone in a group call rings more people into it.
   * @param sessionId The call.
   * @param uid Who invites (in the call).
   * @param users Whom to ring.
   * @returns The call with them.
   */
  invite(sessionId: string, uid: string, users: readonly KitUser[]): Promise<KitCall> {
    return this.#switchboard._act(null, uid, sessionId, 'invite', 'ongoing', users);
  }
}

const farSides = new WeakMap<KitInMemorySwitchboard, KitInMemoryGroupFarSide>();

/**
 * Turns calls with several people on for the in-memory SDK on a switchboard (a separate step, so that an app that
 * never rings a group ships none of it): `initiateCall` with `participants` or a `group` then rings each of them, and
 * `groupCalls` is `true`. Without it, a call's `participants` are left aside and it is a call between two people.
 *
 * ```ts
 * provideEnvironmentInitializer(() => kitInMemoryGroupCalls(inject(KitInMemorySwitchboard)))
 * ```
 * @param switchboard The switchboard (each tab turns it on for its own).
 * @returns The far side of its group calls (the same one at every call).
 */
export function kitInMemoryGroupCalls(
  switchboard: KitInMemorySwitchboard,
): KitInMemoryGroupFarSide {
  giveGroupMethods();
  let farSide = farSides.get(switchboard);
  if (!farSide) {
    farSide = new KitInMemoryGroupFarSide(switchboard);
    farSides.set(switchboard, farSide);
  }
  return farSide;
}

/**
 * The in-memory SDK's part of the port's group methods, given to its class once group calls are turned on anywhere
 * (an SDK on a switchboard without them says `groupCalls: false`, and its `inviteToCall` rejects as for a call
 * between two people): an app that never calls `kitInMemoryGroupCalls()` ships none of it.
 */
function giveGroupMethods(): void {
  const sdk = KitInMemoryCallsSdk.prototype;
  if (sdk.inviteToCall) {
    return;
  }
  Object.defineProperty(sdk, 'groupCalls', {
    configurable: true,
    get(this: KitInMemoryCallsSdk): boolean {
      return !!this.switchboard._groups;
    },
  });
  Object.assign(sdk, {
    /**
     * Rings more people into a group call the user is in; each one's devices ring, and everyone in the call hears
     * `onParticipantsChanged`. Rejects with `ERR_INVALID_CALL` (not a group call, not in it), `ERR_CALL_ENDED`,
     * `ERR_UNKNOWN_SESSION` or an injected fault (`'initiate'`).
     */
    inviteToCall(
      this: KitInMemoryCallsSdk,
      sessionId: string,
      users: readonly KitUser[],
    ): Promise<KitCall> {
      return this._asUser(user =>
        this.switchboard._act(this, user.uid, sessionId, 'invite', 'ongoing', users),
      );
    },
    /**
     * Leaves a group call (`endCall` does the same there): the others stay in it while two remain; the last one left
     * hears `onCallEnded`. The caller leaving before anyone joined cancels it.
     */
    async leaveCall(this: KitInMemoryCallsSdk, sessionId: string): Promise<void> {
      await this.endCall(sessionId);
    },
    /** Joins a group call that is still going on: a member who missed its ring (or declined it) comes in. */
    joinCall(this: KitInMemoryCallsSdk, sessionId: string): Promise<KitCall> {
      return this.acceptCall(sessionId);
    },
  });
}
