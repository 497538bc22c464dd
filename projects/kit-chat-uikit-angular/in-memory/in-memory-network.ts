import {KitCall, KitCallListener, KitCallStatus, KitException} from 'kit-chat-uikit-angular';
import {KitInMemorySession, kitSessionSnapshot} from './in-memory-sessions';
// Type-only: the switchboard owns its network, so a value import would be a cycle.
import type {KitInMemoryDevice} from './in-memory-switchboard';

/**
 * The devices attached to a switchboard (a set of them, so adding, removing and visiting them needs no code here) and
 * the network between them: every answer and listener callback comes a latency later, as over a wire.
 */
export class KitInMemoryNetwork extends Set<KitInMemoryDevice> {
  readonly #latency: () => number;

  /** @param latency The current delay, in ms, of every answer and callback. */
  constructor(latency: () => number) {
    super();
    this.#latency = latency;
  }

  /**
   * @param uid A user.
   * @returns Whether the user is logged in on a device here.
   */
  hasDevice(uid: string): boolean {
    for (const device of this) {
      if (device.user?.uid === uid) {
        return true;
      }
    }
    return false;
  }

  /**
   * Delivers a listener callback to every device of a user.
   * @param uid The user.
   * @param method The callback.
   * @param call The call it carries.
   * @returns Whether a device of the user got the call.
   */
  notify(uid: string, method: keyof KitCallListener, call: KitCall): boolean {
    let delivered = false;
    for (const device of this) {
      if (device.user?.uid === uid) {
        delivered = true;
        this.later(() => device._deliver(method, call));
      }
    }
    return delivered;
  }

  /**
   * Tells the other devices of a user that one of its devices took a ringing call up.
   * @param uid The user.
   * @param actor The device that acted, which is not told.
   * @param session The call.
   * @param status The status the other devices see.
   */
  notifyOthers(
    uid: string,
    actor: KitInMemoryDevice | null,
    session: KitInMemorySession,
    status: KitCallStatus,
  ): void {
    const call = {...kitSessionSnapshot(session), status};
    for (const device of this) {
      if (device !== actor && device.user?.uid === uid) {
        this.later(() => device._deliver('onIncomingCallCancelled', call));
      }
    }
  }

  /** @param task Run after the latency. */
  later(task: () => void): void {
    setTimeout(task, this.#latency());
  }

  /**
   * @param call The answer of an SDK action.
   * @returns It, after the latency.
   */
  answer(call: KitCall): Promise<KitCall> {
    return new Promise(resolve => this.later(() => resolve(call)));
  }

  /**
   * @param error The failure of an SDK action.
   * @returns A promise rejected with it after the latency.
   */
  fail<T>(error: KitException): Promise<T> {
    return new Promise((_, reject) => this.later(() => reject(error)));
  }
}
