import {Injectable} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallsSdk,
  KitGroupCallsSdk,
  KitParticipantStatus,
  KitUser,
} from 'kit-chat-uikit-angular';

// A hand-driven adapter with the group part of the port, for the entry's specs: it keeps its listeners, so a spec
// delivers any news, and it logs what the kit sent. Not exported by the entry.

export const ME: KitUser = {uid: 'me', name: 'Me'};
export const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
export const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
export const CY: KitUser = {uid: 'cy', name: 'Cy Twombly'};
export const DOT: KitUser = {uid: 'dot', name: 'Dorothy Vaughan'};
export const TEAM = {id: 'team', name: 'Team'};

/**
 * @param caller The caller (first, joined).
 * @param to The receiver of the call's own fields.
 * @param statuses Each other person's status, by user.
 * @param sessionId The call.
 * @returns A call with several people.
 */
export function groupCall(
  caller: KitUser,
  to: KitUser,
  statuses: [KitUser, KitParticipantStatus][],
  sessionId = 'g1',
): KitCall {
  return {
    sessionId,
    type: 'video',
    sender: caller,
    callInitiator: caller,
    receiver: to,
    callReceiver: to,
    group: TEAM,
    participants: [
      {user: caller, status: 'joined'},
      ...statuses.map(([user, status]) => ({user, status})),
    ],
  };
}

@Injectable()
export class GroupSdk extends KitCallsSdk implements KitGroupCallsSdk {
  /** Whether the adapter says it can carry group calls (set before the TestBed is made). */
  static capable = true;
  /** How initiateCall answers: held until a spec resolves it, when set. */
  static holdInitiate = false;
  readonly groupCalls = GroupSdk.capable;
  readonly listeners = new Map<string, KitCallListener>();
  readonly sent: string[] = [];
  readonly initiated: KitCall[] = [];
  release: (() => void) | null = null;
  getLoggedInUser = () => ME;
  initiateCall = (call: KitCall) => {
    this.initiated.push(call);
    this.sent.push('initiateCall');
    const answer = {...call, sessionId: 'g1', status: 'initiated' as const};
    return GroupSdk.holdInitiate
      ? new Promise<KitCall>(resolve => (this.release = () => resolve(answer)))
      : Promise.resolve(answer);
  };
  acceptCall = (id: string) => {
    this.sent.push(`acceptCall ${id}`);
    return Promise.resolve({
      ...groupCall(ADA, ME, [[ME, 'joined']], id),
      status: 'ongoing' as const,
    });
  };
  rejectCall = (id: string, status: string) => {
    this.sent.push(`rejectCall ${id} ${status}`);
    return Promise.resolve({...groupCall(ME, ADA, [], id), status} as KitCall);
  };
  endCall = (id: string) => {
    this.sent.push(`endCall ${id}`);
    return Promise.resolve();
  };
  leaveCall = (id: string) => {
    this.sent.push(`leaveCall ${id}`);
    return Promise.resolve();
  };
  inviteToCall = (id: string, users: readonly KitUser[]) => {
    this.sent.push(`inviteToCall ${id} ${users.map(u => u.uid).join(',')}`);
    const invited = users.map(user => [user, 'invited'] as [KitUser, KitParticipantStatus]);
    return Promise.resolve(groupCall(ME, ADA, [[ADA, 'joined'], [BOB, 'ringing'], ...invited], id));
  };
  joinCall = (id: string) => {
    this.sent.push(`joinCall ${id}`);
    return Promise.resolve({
      ...groupCall(
        ADA,
        ME,
        [
          [BOB, 'joined'],
          [ME, 'joined'],
        ],
        id,
      ),
      status: 'ongoing' as const,
    });
  };
  addCallListener(id: string, listener: KitCallListener): void {
    this.listeners.set(id, listener);
  }
  removeCallListener(id: string): void {
    this.listeners.delete(id);
  }
  /** Delivers an event to every listener, as an SDK's dispatch loop would. */
  deliver(method: keyof KitCallListener, payload: KitCall): void {
    this.listeners.forEach(listener => listener[method]?.(payload));
  }
}
