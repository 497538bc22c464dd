import {KitCall, KitCallStatus, KitUser} from 'kit-chat-uikit-angular';
// Type-only: the switchboard replays these operations, so a value import would be a cycle.
import type {KitInMemoryDevice} from './in-memory-lines';

/** An operation replayed by the switchboards of the other tabs, sent over their `BroadcastChannel`. */
export type KitTabOperation =
  | {kind: 'initiate'; call: KitCall}
  | {kind: 'accept' | 'reject' | 'end'; uid: string; sessionId: string; status: KitCallStatus}
  | {kind: 'ringing'; sessionId: string}
  | {kind: 'device'; uid: string}
  | {kind: 'hello'}
  | {kind: 'register'; user: KitUser};

/** A message from another tab, before it is checked: any fields; the call and the user once validated. */
export type KitTabMessage = Partial<Record<string, unknown>> & {call: KitCall; user: KitUser};

/** Stands for a device of another tab: it is never a local device, so local devices of its user are told. */
export const OTHER_TAB: KitInMemoryDevice = {user: null, _deliver: () => {}};
