import {DestroyRef, inject} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
  KitUser,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import {KitInMemoryDevice, KitInMemorySwitchboard} from './in-memory-switchboard';

/**
 * The embedded call SDK: one instance is one device of one user on a shared `KitInMemorySwitchboard`, so a demo
 * or a test can ring one user from another with no server. Drive the far side with `switchboard.control`.
 */
export class KitInMemoryCallsSdk extends KitCallsSdk implements KitInMemoryDevice {
  private readonly _listeners = new Map<string, KitCallListener>();
  private _user: KitUser | null = null;

  /**
   * @param switchboard The switchboard this device is attached to.
   * @param user The user logged in on this device, if any.
   */
  constructor(
    readonly switchboard: KitInMemorySwitchboard,
    user: KitUser | null = null,
  ) {
    super();
    switchboard._attach(this);
    if (user) {
      this.login(user);
    }
  }

  /** The user logged in on this device. */
  get user(): KitUser | null {
    return this._user;
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
    this._user = {...user};
    this.switchboard._register(user);
  }

  /** Logs the user out of this device. */
  logout(): void {
    this._user = null;
  }

  /** Detaches this device from the switchboard and drops its listeners. */
  dispose(): void {
    this._listeners.clear();
    this.switchboard._detach(this);
  }

  /** Number of registered listeners, for leak checks. */
  get listenerCount(): number {
    return this._listeners.size;
  }

  getLoggedInUser(): KitUser | null {
    return this._user ? {...this._user} : null;
  }

  initiateCall(call: KitCall): Promise<KitCall> {
    return this._asUser(user => this.switchboard._initiate(this, user, call));
  }

  acceptCall(sessionId: string): Promise<KitCall> {
    return this._asUser(user => this.switchboard._accept(this, user.uid, sessionId));
  }

  rejectCall(sessionId: string, status: KitCallStatus): Promise<KitCall> {
    return this._asUser(user => this.switchboard._reject(this, user.uid, sessionId, status));
  }

  endCall(sessionId: string): Promise<KitCall> {
    return this._asUser(user => this.switchboard._end(user.uid, sessionId, this));
  }

  addCallListener(listenerId: string, listener: KitCallListener): void {
    this._listeners.set(listenerId, listener);
  }

  removeCallListener(listenerId: string): void {
    this._listeners.delete(listenerId);
  }

  /** @docs-private */
  _deliver(method: keyof KitCallListener, call: KitCall): void {
    for (const listener of [...this._listeners.values()]) {
      try {
        listener[method]?.({...call});
      } catch (error) {
        // One faulty listener must not keep the call from the others; surface it for the developer.
        console.error('KitInMemoryCallsSdk: a call listener threw', error);
      }
    }
  }

  private _asUser(action: (user: KitUser) => Promise<KitCall>): Promise<KitCall> {
    if (!this._user) {
      return Promise.reject(new KitException(KitErrorCodes.NOT_LOGGED_IN, 'No user is logged in.'));
    }
    return action(this._user);
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
