import {DestroyRef, inject} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitCallsSdk,
  KitCallsSdkLifecycle,
  KitErrorCodes,
  KitException,
  KitGroupCallsSdk,
  KitUser,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryDevice} from './in-memory-lines';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

/**
 * The embedded call SDK: one instance is one device of one user on a shared `KitInMemorySwitchboard`, so a demo
 * or a test can ring one user from another with no server. Drive the far side with `switchboard.control`.
 */
export class KitInMemoryCallsSdk
  extends KitCallsSdk
  implements KitInMemoryDevice, KitCallsSdkLifecycle, KitGroupCallsSdk
{
  readonly #listeners = new Map<string, KitCallListener>();
  #user: KitUser | null = null;

  /**
   * The switchboard this device is attached to: its `control` plays the far side of calls (ring me, accept,
   * decline, busy, fail the next action, add latency).
   */
  readonly switchboard: KitInMemorySwitchboard;

  /**
   * Attaches a new device to a switchboard, with a user logged in or not.
   * @param switchboard The switchboard this device is attached to.
   * @param user The user logged in on this device, if any.
   */
  constructor(switchboard: KitInMemorySwitchboard, user: KitUser | null = null) {
    super();
    this.switchboard = switchboard;
    switchboard._attach(this);
    if (user) {
      this.login(user);
    }
  }

  /**
   * The page slept (the kit calls it on wake): the switchboard lives in the page and its tabs talk over a
   * BroadcastChannel, which survives a freeze, so there is nothing to reconnect. Announces this device to the other
   * tabs again, in case one of them started while this one was frozen.
   */
  resume(): void {
    if (this.#user) {
      this.switchboard._announceDevice(this);
    }
  }

  /**
   * Whether calls with several people are on for this switchboard: `kitInMemoryGroupCalls()` turns them on and gives
   * this SDK their methods (`inviteToCall`, `leaveCall`, `joinCall`), so that an app that never rings a group ships
   * none of them. `initiateCall` with `participants` or a `group` then rings each of them.
   */
  declare readonly groupCalls?: boolean;
  /** See `KitGroupCallsSdk.inviteToCall`; there once `kitInMemoryGroupCalls()` turned group calls on. */
  declare inviteToCall?: (sessionId: string, users: readonly KitUser[]) => Promise<KitCall>;
  /** See `KitGroupCallsSdk.leaveCall`; there once `kitInMemoryGroupCalls()` turned group calls on. */
  declare leaveCall?: (sessionId: string) => Promise<void>;
  /** See `KitGroupCallsSdk.joinCall`; there once `kitInMemoryGroupCalls()` turned group calls on. */
  declare joinCall?: (sessionId: string) => Promise<KitCall>;

  /** The user logged in on this device. */
  get user(): KitUser | null {
    return this.#user;
  }

  /**
   * Logs a user in on this device.
   * @param user The user (`uid` and `name` required).
   * @throws KitException `ERR_INVALID_USER` when the user has no uid or name.
   */
  login(user: KitUser): void {
    const invalid = kitValidateUser(user);
    if (invalid) {
      throw invalid;
    }
    this.#user = {...user};
    this.switchboard._register(user);
    this.switchboard._announceDevice(this);
  }

  /** Logs the user out of this device. */
  logout(): void {
    this.#user = null;
  }

  /** Detaches this device from the switchboard and drops its listeners. */
  dispose(): void {
    this.#listeners.clear();
    this.switchboard._detach(this);
  }

  /** Number of registered listeners, for leak checks. */
  get listenerCount(): number {
    return this.#listeners.size;
  }

  /**
   * The user logged in on this device.
   * @returns A copy of the user, or `null` when nobody is logged in.
   */
  getLoggedInUser(): KitUser | null {
    return this.#user ? {...this.#user} : null;
  }

  /**
   * Calls someone as the logged-in user: the callee's devices ring (`onIncomingCallReceived`), and this device hears
   * `onOutgoingCallRinging` once one of them does. A callee in another call is told too; its kit answers busy or
   * shows the call waiting.
   * @param call The call; `sessionId` may be empty (the switchboard assigns one), the receiver is the callee.
   * @returns The call as registered, status `'initiated'`; rejects with `ERR_NOT_LOGGED_IN`, `ERR_INVALID_CALL`
   *   (a call to oneself, a session id in use) or an injected fault.
   */
  initiateCall(call: KitCall): Promise<KitCall> {
    return this._asUser(user => this.switchboard._initiate(this, user, call));
  }

  /**
   * Accepts a call that rings for the logged-in user: the caller hears `onOutgoingCallAccepted`, the user's other
   * devices stop ringing (`onIncomingCallCancelled`, status `'accepted-elsewhere'`).
   * @param sessionId The ringing call.
   * @returns The call, status `'ongoing'`; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED` (it stopped
   *   ringing) or an injected fault.
   */
  acceptCall(sessionId: string): Promise<KitCall> {
    return this._asUser(user =>
      this.switchboard._act(this, user.uid, sessionId, 'accept', 'ongoing'),
    );
  }

  /**
   * Ends a ringing call: the callee declines (`'rejected'`, `'busy'`, `'unanswered'`) and the caller hears
   * `onOutgoingCallRejected`, or the caller cancels (`'cancelled'`, `'unanswered'`) and the callee hears
   * `onIncomingCallCancelled`.
   * @param sessionId The ringing call.
   * @param status How it ends.
   * @returns The call with that status; rejects with `ERR_INVALID_CALL` for a status this side cannot give,
   *   `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED` or an injected fault.
   */
  rejectCall(sessionId: string, status: KitCallStatus): Promise<KitCall> {
    return this._asUser(user => this.switchboard._reject(this, user.uid, sessionId, status));
  }

  /**
   * Hangs up an ongoing call: both sides hear `onCallEnded`.
   * @param sessionId The ongoing call.
   * @returns The call, status `'ended'`; rejects with `ERR_CALL_ENDED` when it is not ongoing,
   *   `ERR_UNKNOWN_SESSION` or an injected fault.
   */
  endCall(sessionId: string): Promise<KitCall> {
    return this._asUser(user => this.switchboard._act(this, user.uid, sessionId, 'end', 'ended'));
  }

  /**
   * Registers listener callbacks; they are called later (after the switchboard's `latency`), never inside the
   * method that caused them. A listener that throws is logged and does not keep the call from the others.
   * @param listenerId Id of the listener; the same id replaces the previous one.
   * @param listener The callbacks.
   */
  addCallListener(listenerId: string, listener: KitCallListener): void {
    this.#listeners.set(listenerId, listener);
  }

  /**
   * Removes a listener.
   * @param listenerId The id given to `addCallListener`; an unknown id is ignored.
   */
  removeCallListener(listenerId: string): void {
    this.#listeners.delete(listenerId);
  }

  /** @docs-private */
  _deliver(method: keyof KitCallListener, call: KitCall): void {
    for (const listener of [...this.#listeners.values()]) {
      try {
        listener[method]?.({...call});
      } catch (error) {
        // One faulty listener must not keep the call from the others; surface it for the developer.
        console.error(
          typeof ngDevMode === 'undefined' || ngDevMode
            ? 'KitInMemoryCallsSdk: a call listener threw'
            : '',
          error,
        );
      }
    }
  }

  /** Runs an action as the logged-in user, or rejects with `ERR_NOT_LOGGED_IN`. @docs-private */
  _asUser(action: (user: KitUser) => Promise<KitCall>): Promise<KitCall> {
    if (!this.#user) {
      return Promise.reject(
        new KitException(
          KitErrorCodes.NOT_LOGGED_IN,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'No user is logged in.' : '',
        ),
      );
    }
    return action(this.#user);
  }
}

/**
 * A `callsSdk` factory for `provideKitUIKit`: an in-memory device on the app's switchboard.
 *
 * ```ts
 * provideKitUIKit({callsSdk: kitInMemoryCallsSdk({uid: 'ada', name: 'Ada Lovelace'})})
 * ```
 * The device is detached from the switchboard when the injector is destroyed.
 * @param user The user logged in on the device.
 * @returns A factory to run in an injection context.
 */
export function kitInMemoryCallsSdk(user: KitUser | null = null): () => KitInMemoryCallsSdk {
  return () => {
    const sdk = new KitInMemoryCallsSdk(inject(KitInMemorySwitchboard), user);
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
