import {
  KitCall,
  KitCallStatus,
  KitUser,
  kitValidateCall,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryDevice} from './in-memory-device';

/** An operation replayed by the switchboards of the other tabs, sent over their `BroadcastChannel`. */
export type KitTabOperation =
  | {kind: 'initiate'; call: KitCall}
  | {
      kind: 'accept' | 'reject' | 'end' | 'invite';
      uid: string;
      sessionId: string;
      status: KitCallStatus;
      /** Whom an `'invite'` rings. */
      users?: KitUser[];
      /** The call an `'invite'` rings into, for a tab that opened after it began. */
      call?: KitCall;
    }
  | {kind: 'ringing'; sessionId: string}
  /** News for one party of an ongoing call (a hold): the listener method is the kind. */
  | {kind: 'onCallHeld'; sessionId: string; uid: string}
  | {kind: 'onCallResumed'; sessionId: string; uid: string}
  | {kind: 'device'; uid: string}
  | {kind: 'hello'}
  | {kind: 'register'; user: KitUser};

/**
 * A signal of the media mesh between tabs (in-memory-mesh.ts), from one person of a call to another: `'hello'` (the
 * higher uid asks the lower for an offer), the offer and the answer (their SDP), an ICE candidate, and what the
 * sender's tracks carry (`'media'`: the far tiles show the avatar, the muted mark).
 */
export interface KitMeshSignal {
  kind: 'mesh';
  type: 'hello' | 'offer' | 'answer' | 'ice' | 'media';
  sessionId: string;
  from: string;
  to: string;
  /** The connection of the two it is for: a signal of an older one is dropped. */
  cid: string;
  sdp?: string;
  candidate?: RTCIceCandidateInit;
  audio?: boolean;
  video?: boolean;
}

/** The longest SDP a tab takes (a mesh's offer of two tracks is some 6 KB). */
const MAX_SDP = 64_000;

/** A message from another tab, before it is checked: any fields; the call and the user once validated. */
type KitTabMessage = Partial<Record<string, unknown>> & {call: KitCall; user: KitUser};

/**
 * Checks a message from another tab: its kind, each field it reads, a valid call or user, the status its action
 * gives (an accept makes the call ongoing, an end ends it, a decline's status is checked as a local one). The group
 * calls check the rest of their own (an invite's users, a call's participants).
 * @param data What another page posted.
 * @returns The operation, or `null` for whatever else a page posts.
 */
export function kitTabOperation(data: unknown): KitTabOperation | null {
  const message: KitTabMessage = Object(data);
  const {kind, uid, sessionId, status} = message;
  const acts =
    (kind === 'accept' || kind === 'reject' || kind === 'end' || kind === 'invite') &&
    typeof uid === 'string' &&
    typeof sessionId === 'string' &&
    (kind === 'reject'
      ? typeof status === 'string'
      : status === (kind === 'end' ? 'ended' : 'ongoing'));
  return acts ||
    (kind === 'register' && !kitValidateUser(message.user)) ||
    (kind === 'device' && typeof uid === 'string') ||
    kind === 'hello' ||
    (kind === 'initiate' && !kitValidateCall(message.call)) ||
    (kind === 'ringing' && typeof sessionId === 'string') ||
    ((kind === 'onCallHeld' || kind === 'onCallResumed') &&
      typeof sessionId === 'string' &&
      typeof uid === 'string')
    ? (message as unknown as KitTabOperation)
    : null;
}

/**
 * Checks a signal of the media mesh from another tab (no operation: the switchboard hands it to its mesh): every
 * field it reads, of its type and size, so that a crafted one never reaches a connection. Whether it is for a call
 * and a person of this tab is the mesh's own check. Only the mesh imports it: an app without media ships none of it.
 * @param data What another page posted.
 * @returns The signal, or `null` (counted as dropped).
 */
export function kitMeshSignal(data: unknown): KitMeshSignal | null {
  const message: Partial<Record<string, unknown>> = Object(data);
  const {kind, type, sessionId, from, to, cid, sdp, audio, video} = message;
  const candidate: Partial<Record<string, unknown>> = Object(message['candidate']);
  const {sdpMid: mid, sdpMLineIndex: line} = candidate;
  return kind === 'mesh' &&
    ['hello', 'offer', 'answer', 'ice', 'media'].includes(type as string) &&
    [sessionId, from, to, cid].every(field => typeof field === 'string' && field.length <= 200) &&
    (type === 'offer' || type === 'answer'
      ? typeof sdp === 'string' && sdp.length <= MAX_SDP
      : type === 'ice'
        ? typeof candidate['candidate'] === 'string' &&
          candidate['candidate'].length <= 1000 &&
          (mid == null || (typeof mid === 'string' && mid.length <= 64)) &&
          (line == null || (Number.isInteger(line) && (line as number) >= 0))
        : type !== 'media' || (typeof audio === 'boolean' && typeof video === 'boolean'))
    ? (message as unknown as KitMeshSignal)
    : null;
}

/** Stands for a device of another tab: it is never a local device, so local devices of its user are told. */
export const OTHER_TAB: KitInMemoryDevice = {user: null, _deliver: () => {}};
