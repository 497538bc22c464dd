import {
  KitCall,
  KitCallListener,
  KitCallType,
  KitCallsSdk,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
// Type-only: the suite's entry imports the probe, so a value import would be a cycle.
import type {KitCallsSdkConformanceDriver} from './calls-sdk-conformance-driver';

/** A listener callback the probe heard. */
export interface Seen {
  method: keyof KitCallListener;
  call: KitCall;
  /** Whether the listener was called inside a method of the adapter, which the kit forbids. */
  synchronous: boolean;
}

/** One check's world: a fresh adapter, its driver, and what its listener heard. */
/** Every method of `KitCallListener`, to record them all (and, in the stress test, to call them all). @docs-private */
export const KIT_CALL_LISTENER_METHODS: readonly (keyof KitCallListener)[] = [
  'onIncomingCallReceived',
  'onIncomingCallCancelled',
  'onOutgoingCallRinging',
  'onOutgoingCallAccepted',
  'onOutgoingCallRejected',
  'onCallEnded',
  'onCallReconnecting',
  'onCallReconnected',
  'onCallHeld',
  'onCallResumed',
];

export class Probe {
  readonly seen: Seen[] = [];
  private _inside = false;

  constructor(
    readonly sdk: KitCallsSdk,
    readonly driver: KitCallsSdkConformanceDriver,
    readonly within: number,
  ) {
    sdk.addCallListener('kit-conformance', this.listener());
  }

  /** A listener that records every callback into `into`. */
  listener(into: Seen[] = this.seen): KitCallListener {
    const listener: KitCallListener = {};
    // The participants' news, too: the group checks read it (calls-sdk-conformance-group.ts).
    for (const method of [...KIT_CALL_LISTENER_METHODS, 'onParticipantsChanged' as const]) {
      listener[method] = (call: KitCall) => into.push({method, call, synchronous: this._inside});
    }
    return listener;
  }

  /**
   * Calls a method of the adapter the way the kit does, and checks that it answers with a promise that settles.
   * @returns How it settled.
   */
  async act<T>(
    what: string,
    action: () => Promise<T>,
  ): Promise<{ok: true; value: T} | {ok: false; error: unknown}> {
    let promise: Promise<T>;
    this._inside = true;
    try {
      promise = action();
    } catch (error) {
      this._inside = false;
      throw new Error(
        `${what} threw synchronously (${describeError(error)}); the kit expects a rejection`,
      );
    }
    this._inside = false;
    if (!promise || typeof (promise as Promise<T>).then !== 'function') {
      throw new Error(`${what} returned ${String(promise)}, not a promise`);
    }
    const settled = Promise.resolve(promise).then(
      value => ({ok: true as const, value}),
      (error: unknown) => ({ok: false as const, error}),
    );
    const result = await Promise.race([settled, delay(this.within).then(() => null)]);
    if (!result) {
      throw new Error(`${what} did not settle within ${this.within} ms`);
    }
    return result;
  }

  /** Calls a method that must succeed; returns its value. */
  async succeed<T>(what: string, action: () => Promise<T>): Promise<T> {
    const result = await this.act(what, action);
    if (!result.ok) {
      throw new Error(`${what} rejected: ${describeError(result.error)}`);
    }
    return result.value;
  }

  /** Waits for a listener callback; fails with what was heard instead. */
  async next(method: keyof KitCallListener, sessionId?: string): Promise<Seen> {
    const deadline = Date.now() + this.within;
    for (;;) {
      const found = this.seen.find(
        entry => entry.method === method && (!sessionId || entry.call?.sessionId === sessionId),
      );
      if (found) {
        return found;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `the adapter did not call ${method}${sessionId ? ` for "${sessionId}"` : ''} within ` +
            `${this.within} ms; it called: ${this.heard() || 'nothing'}`,
        );
      }
      await delay(10);
    }
  }

  heard(): string {
    return this.seen.map(entry => `${entry.method}(${entry.call?.sessionId})`).join(', ');
  }

  /** Waits for a ring to me and returns its call. */
  async ringMe(type: KitCallType = 'audio'): Promise<KitCall> {
    await this.driver.ringMe(type);
    return (await this.next('onIncomingCallReceived')).call;
  }

  /** Places a call to the peer and returns it as the adapter registered it. */
  async callPeer(type: KitCallType = 'audio'): Promise<KitCall> {
    const {me, peer} = this.driver;
    return this.succeed('initiateCall', () =>
      this.sdk.initiateCall({
        sessionId: '',
        type,
        sender: me,
        callInitiator: me,
        receiver: peer,
        callReceiver: peer,
      }),
    );
  }

  /** No listener was called inside an adapter method. */
  checkAsynchronous(): void {
    const early = this.seen.find(entry => entry.synchronous);
    if (early) {
      throw new Error(
        `${early.method} was called inside the adapter method that caused it; call listeners later ` +
          '(a timer, a promise, a network message), as the kit needs the method’s answer first',
      );
    }
  }
}

/**
 * @param ms How long to wait.
 * @returns A promise resolved after that.
 */
export function delay(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}

/**
 * @param error Whatever a promise rejected with, or a method threw.
 * @returns It, readable in a check's failure.
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Fails the check unless two values are the same.
 * @param actual What the adapter gave.
 * @param expected What the kit needs.
 * @param what What the value is, for the failure.
 */
export function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/**
 * Fails the check unless the adapter gave a whole call: a session id, and a caller and a callee with a uid and a name.
 * @param call What the adapter gave.
 * @param what Where it came from, for the failure.
 */
export function expectWholeCall(call: KitCall | undefined, what: string): void {
  if (!call || typeof call !== 'object') {
    throw new Error(`${what}: not a call (${JSON.stringify(call)})`);
  }
  if (!call.sessionId) {
    throw new Error(`${what}: no sessionId`);
  }
  for (const user of [kitCaller(call), kitReceiver(call)]) {
    if (!user?.uid || !user?.name) {
      throw new Error(
        `${what}: callInitiator and callReceiver need a uid and a name (${JSON.stringify(call)})`,
      );
    }
  }
}
