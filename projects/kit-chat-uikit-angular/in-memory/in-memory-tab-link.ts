import {KitCall, KitCallStatus, KitUser} from 'kit-chat-uikit-angular';
// Type-only: the switchboard owns its tab link, so a value import would be a cycle.
import type {KitInMemoryDevice} from './in-memory-switchboard';

/** An operation replayed by the switchboards of the other tabs. */
export type KitTabOperation =
  | {kind: 'initiate'; call: KitCall}
  | {kind: 'accept' | 'reject' | 'end'; uid: string; sessionId: string; status: KitCallStatus}
  | {kind: 'ringing'; sessionId: string}
  | {kind: 'device'; uid: string}
  | {kind: 'hello'}
  | {kind: 'register'; user: KitUser};

/** Stands for a device of another tab: it is never a local device, so local devices of its user are told. */
export const OTHER_TAB: KitInMemoryDevice = {user: null, _deliver: () => {}};

/** The switchboard's `BroadcastChannel` to the other tabs of this origin, when connected. */
export class KitInMemoryTabLink {
  #channel: BroadcastChannel | null = null;

  /**
   * Opens the channel, unless it is open or `BroadcastChannel` is missing (the server, old browsers).
   * @param channelName Name of the channel.
   * @param onOperation Replays what another tab did.
   * @returns Whether the channel opened now.
   */
  open(channelName: string, onOperation: (operation: KitTabOperation) => void): boolean {
    if (this.#channel || typeof BroadcastChannel === 'undefined') {
      return false;
    }
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.onmessage = (event: MessageEvent<KitTabOperation>) => onOperation(event.data);
    return true;
  }

  /** Closes the channel. */
  close(): void {
    this.#channel?.close();
    this.#channel = null;
  }

  /**
   * Tells the other tabs, if connected.
   * @param operation What happened here.
   */
  broadcast(operation: KitTabOperation): void {
    this.#channel?.postMessage(operation);
  }
}
