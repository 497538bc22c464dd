import {signal} from '@angular/core';
import type {KitCall, KitParticipant, KitParticipantStatus, KitUser} from 'kit-chat-uikit-angular';
import type {KitCallSessionState} from '../src/session/call-session-types';

// Test data of the group screens' specs (not part of the entry's API).

export const ADA: KitUser = {
  uid: 'ada',
  name: 'Ada Lovelace',
  avatar: 'https://example.test/ada.png',
};
export const ME: KitUser = {uid: 'me', name: 'Me'};
export const ALAN: KitUser = {uid: 'alan', name: 'Alan Turing'};
export const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
export const KATHERINE: KitUser = {uid: 'kat', name: 'Katherine Johnson'};
export const LINUS: KitUser = {uid: 'linus', name: 'Linus Torvalds'};

/**
 * @param caller Who placed the call.
 * @param receiver The first callee (the user on a callee's side).
 * @param people Everyone after the caller, each with a status.
 * @param extra More of the call (`group`, `type`).
 * @returns A call with participants.
 */
export function groupCall(
  caller: KitUser,
  receiver: KitUser,
  people: [KitUser, KitParticipantStatus][],
  extra: Partial<KitCall> = {},
): KitCall {
  const participants: KitParticipant[] = [
    {user: caller, status: 'joined'},
    ...people.map(([user, status]) => ({user, status})),
  ];
  return {
    sessionId: 's1',
    callInitiator: caller,
    callReceiver: receiver,
    sender: caller,
    receiver,
    type: 'video',
    participants,
    ...extra,
  } as KitCall;
}

/**
 * @param call The call.
 * @param more The rest of the state.
 * @returns A session's state around it, as a writable signal.
 */
export function stateOf(call: KitCall, more: Partial<KitCallSessionState> = {}) {
  return signal<KitCallSessionState | null>({
    call,
    phase: 'ringing',
    endReason: null,
    endedFrom: null,
    remoteRinging: false,
    failure: null,
    elapsedSeconds: 0,
    waiting: false,
    done: false,
    connected: false,
    reconnecting: false,
    ...more,
  });
}
