import type {KitCallType, KitUser} from 'kit-chat-uikit-angular';
import type {KitCallsSdkConformanceGroupDriver} from './calls-sdk-conformance-group-driver';

// The driver a conformance run plays the other person of a call with: apart from the suite
// (calls-sdk-conformance.ts) so that the suite's probe can name it without importing the suite.

/**
 * What the conformance suite needs to play the other person of a call, through the network or the server your
 * adapter talks to. Each method resolves once the message is sent; the suite then waits for your adapter.
 */
export interface KitCallsSdkConformanceDriver {
  /** The user logged in on the adapter under test. */
  readonly me: KitUser;
  /** Another user, whom the adapter can call and who can call it. */
  readonly peer: KitUser;
  /**
   * The peer calls `me`: the adapter must then call `onIncomingCallReceived`.
   * @param type `'audio'` or `'video'`.
   */
  ringMe(type: KitCallType): Promise<void>;
  /**
   * The peer cancels the call it placed to `me`, while it rings.
   * @param sessionId The call, as the adapter reported it.
   */
  cancel(sessionId: string): Promise<void>;
  /**
   * The peer accepts a call `me` placed.
   * @param sessionId The call, as `initiateCall` resolved it.
   */
  accept(sessionId: string): Promise<void>;
  /**
   * The peer declines a call `me` placed.
   * @param sessionId The call, as `initiateCall` resolved it.
   */
  reject(sessionId: string): Promise<void>;
  /**
   * The peer hangs up an ongoing call.
   * @param sessionId The call.
   */
  hangUp(sessionId: string): Promise<void>;
  /**
   * The peer puts an ongoing call on hold, or takes it off: the adapter must then call `onCallHeld` /
   * `onCallResumed`. Optional: without it the suite checks only the adapter's own `hold` and `unhold`.
   * @param sessionId The call.
   * @param on Whether it is held or taken off hold.
   */
  hold?(sessionId: string, on: boolean): Promise<void>;
  /**
   * Plays the other people of a call with several people: needed when the adapter says `groupCalls: true` (the
   * suite then runs its group checks).
   */
  readonly group?: KitCallsSdkConformanceGroupDriver;
  /** Called after each check: close connections, log out. */
  dispose?(): void | Promise<void>;
}
