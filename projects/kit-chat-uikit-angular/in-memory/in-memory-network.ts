import {KitCall, KitCallListener, KitException} from 'kit-chat-uikit-angular';
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
   * @param except A device not to tell (the one that acted), if any.
   */
  notify(
    uid: string,
    method: keyof KitCallListener,
    call: KitCall,
    except: KitInMemoryDevice | null = null,
  ): void {
    for (const device of this) {
      if (device !== except && device.user?.uid === uid) {
        this.later(() => device._deliver(method, call));
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
