import type {KitUser} from 'kit-chat-uikit-angular';

/**
 * What the conformance suite needs to play the other people of a call with several people (the group checks run
 * only for an adapter with `groupCalls: true`). Each method resolves once the message is sent.
 */
export interface KitCallsSdkConformanceGroupDriver {
  /** At least three users besides `me`, whom the adapter can ring in one call. */
  readonly people: readonly KitUser[];
  /**
   * One of them joins a call `me` placed (accepts its ring).
   * @param sessionId The call, as `initiateCall` resolved it.
   * @param user Who.
   */
  accept(sessionId: string, user: KitUser): Promise<void>;
  /**
   * One of them declines the ring of a call `me` placed.
   * @param sessionId The call.
   * @param user Who.
   */
  reject(sessionId: string, user: KitUser): Promise<void>;
  /**
   * One of them, in the call, hangs up (leaves it).
   * @param sessionId The call.
   * @param user Who.
   */
  leave(sessionId: string, user: KitUser): Promise<void>;
}
