import {
  KitCall,
  KitCallListener,
  KitCallType,
  KitCallsSdk,
  KitException,
  KitUser,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';

// The suite runs in the app's own runner, Jest or Vitest (with globals, as `ng test` sets it up): both give these
// two functions the same shape. Declared here so that the library does not depend on either runner's types.
declare const describe: (name: string, body: () => void) => void;
declare const it: (name: string, body: () => Promise<void>, timeout?: number) => void;

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
  /** Called after each check: close connections, log out. */
  dispose?(): void | Promise<void>;
}

/** Options of `runKitCallsSdkConformance`. */
export interface KitCallsSdkConformanceOptions {
  /** Name of the `describe` block. Default: `'KitCallsSdk conformance'`. */
  name?: string;
  /**
   * How long, in ms, the suite waits for an event or an answer of the adapter before it fails the check
   * (default 2000: the kit itself gives up on an action after 15 s). Raise it for an adapter on a real network.
   */
  within?: number;
}

interface Seen {
  method: keyof KitCallListener;
  call: KitCall;
  /** Whether the listener was called inside a method of the adapter, which the kit forbids. */
  synchronous: boolean;
}

/** One check's world: a fresh adapter, its driver, and what its listener heard. */
class Probe {
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
    const methods: (keyof KitCallListener)[] = [
      'onIncomingCallReceived',
      'onIncomingCallCancelled',
      'onOutgoingCallRinging',
      'onOutgoingCallAccepted',
      'onOutgoingCallRejected',
      'onCallEnded',
    ];
    for (const method of methods) {
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

function delay(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

function expectWholeCall(call: KitCall | undefined, what: string): void {
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

/** A check of the suite. */
interface Check {
  name: string;
  run(probe: Probe): Promise<void>;
}

const CHECKS: Check[] = [
  {
    name: 'getLoggedInUser() returns the logged-in user, with a uid and a name',
    async run({sdk, driver}) {
      const user = sdk.getLoggedInUser();
      expectSame(user?.uid, driver.me.uid, 'getLoggedInUser().uid');
      if (!user?.name) {
        throw new Error('getLoggedInUser() has no name');
      }
    },
  },
  {
    name: 'initiateCall() resolves with the call: a session id, the type, me as the caller, the peer as the callee',
    async run(probe) {
      const call = await probe.callPeer('video');
      expectWholeCall(call, 'initiateCall()');
      expectSame(call.type, 'video', 'initiateCall().type');
      expectSame(kitCaller(call).uid, probe.driver.me.uid, 'the caller');
      expectSame(kitReceiver(call).uid, probe.driver.peer.uid, 'the callee');
      probe.checkAsynchronous();
    },
  },
  {
    name: 'two calls get two session ids',
    async run(probe) {
      const first = await probe.callPeer();
      await probe.succeed('rejectCall(cancelled)', () =>
        probe.sdk.rejectCall(first.sessionId, 'cancelled'),
      );
      const second = await probe.callPeer();
      if (first.sessionId === second.sessionId) {
        throw new Error(`both calls have the session id "${first.sessionId}"`);
      }
    },
  },
  {
    name: 'a ring arrives through onIncomingCallReceived as a whole call for me',
    async run(probe) {
      const call = await probe.ringMe('video');
      expectWholeCall(call, 'onIncomingCallReceived');
      expectSame(kitReceiver(call).uid, probe.driver.me.uid, 'the callee of the ring');
      expectSame(kitCaller(call).uid, probe.driver.peer.uid, 'the caller of the ring');
      expectSame(call.type, 'video', 'the type of the ring');
    },
  },
  {
    name: 'acceptCall() answers a ring with the same session id, and no listener runs inside it',
    async run(probe) {
      const ring = await probe.ringMe();
      const accepted = await probe.succeed('acceptCall', () =>
        probe.sdk.acceptCall(ring.sessionId),
      );
      expectSame(accepted?.sessionId, ring.sessionId, 'acceptCall().sessionId');
      probe.checkAsynchronous();
    },
  },
  {
    name: 'rejectCall(id, "rejected") declines a ring',
    async run(probe) {
      const ring = await probe.ringMe();
      const rejected = await probe.succeed('rejectCall(rejected)', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      expectSame(rejected?.sessionId, ring.sessionId, 'rejectCall().sessionId');
    },
  },
  {
    name: 'rejectCall(id, "busy") answers a ring busy',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('rejectCall(busy)', () => probe.sdk.rejectCall(ring.sessionId, 'busy'));
    },
  },
  {
    name: 'the caller’s cancel arrives through onIncomingCallCancelled, after the ring',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.driver.cancel(ring.sessionId);
      const cancelled = await probe.next('onIncomingCallCancelled', ring.sessionId);
      const order = probe.seen.indexOf(cancelled) > probe.seen.findIndex(e => e.call === ring);
      if (!order) {
        throw new Error('onIncomingCallCancelled came before the ring it cancels');
      }
    },
  },
  {
    name: 'the callee’s accept arrives through onOutgoingCallAccepted for the session initiateCall gave',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
    },
  },
  {
    name: 'the callee’s decline arrives through onOutgoingCallRejected (status rejected, busy or unanswered)',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.reject(call.sessionId);
      const {call: rejected} = await probe.next('onOutgoingCallRejected', call.sessionId);
      if (!['rejected', 'busy', 'unanswered'].includes(String(rejected.status))) {
        throw new Error(`onOutgoingCallRejected with status "${rejected.status}"`);
      }
    },
  },
  {
    name: 'rejectCall(id, "cancelled") withdraws my ringing call',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.succeed('rejectCall(cancelled)', () =>
        probe.sdk.rejectCall(call.sessionId, 'cancelled'),
      );
    },
  },
  {
    name: 'the peer’s hang-up arrives through onCallEnded, after the accept',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('acceptCall', () => probe.sdk.acceptCall(ring.sessionId));
      await probe.driver.hangUp(ring.sessionId);
      await probe.next('onCallEnded', ring.sessionId);
    },
  },
  {
    name: 'endCall() hangs up an ongoing call and settles',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
      await probe.succeed('endCall', () => probe.sdk.endCall(call.sessionId));
      probe.checkAsynchronous();
    },
  },
  {
    name: 'a second decision on the same call settles (duplicates are tolerated), never throws or hangs',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('rejectCall(rejected)', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      await probe.act('a second rejectCall', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      await probe.act('acceptCall after the decline', () => probe.sdk.acceptCall(ring.sessionId));
    },
  },
  {
    name: 'every action on an unknown session rejects, with a KitException',
    async run(probe) {
      const actions: [string, () => Promise<unknown>][] = [
        ['acceptCall', () => probe.sdk.acceptCall('kit-conformance-unknown')],
        ['rejectCall', () => probe.sdk.rejectCall('kit-conformance-unknown', 'rejected')],
        ['endCall', () => probe.sdk.endCall('kit-conformance-unknown')],
      ];
      for (const [what, action] of actions) {
        const result = await probe.act(`${what} of an unknown session`, action);
        if (result.ok) {
          throw new Error(`${what} of an unknown session resolved`);
        }
        if (!(result.error instanceof KitException)) {
          throw new Error(
            `${what} of an unknown session rejected with ${describeError(result.error)}, not a KitException`,
          );
        }
      }
    },
  },
  {
    name: 'addCallListener with the same id replaces the listener; removeCallListener stops it',
    async run(probe) {
      const again: Seen[] = [];
      probe.sdk.addCallListener('kit-conformance-2', probe.listener(again));
      probe.sdk.addCallListener('kit-conformance-2', probe.listener(again));
      const ring = await probe.ringMe();
      await delay(50);
      const rings = again.filter(entry => entry.method === 'onIncomingCallReceived');
      expectSame(rings.length, 1, 'rings heard by one listener id registered twice');
      probe.sdk.removeCallListener('kit-conformance-2');
      probe.sdk.removeCallListener('kit-conformance-never-added');
      await probe.driver.cancel(ring.sessionId);
      await probe.next('onIncomingCallCancelled', ring.sessionId);
      await delay(50);
      if (again.some(entry => entry.method === 'onIncomingCallCancelled')) {
        throw new Error('a removed listener was still called');
      }
    },
  },
];

/**
 * Registers a test suite (`describe` / `it`, in Jest or Vitest) that checks an adapter of your call SDK against the
 * contract the call screens rely on: session ids, the order of events, duplicates tolerated, every promise settles,
 * failures as `KitException`s, listeners never called inside the adapter's own methods. Each check gets a fresh
 * adapter from `createAdapter` and a fresh driver from `drive`.
 *
 * ```ts
 * runKitCallsSdkConformance(
 *   () => new MyCallsSdk(testClient('me')),
 *   sdk => myTestServerDriver(sdk),
 * );
 * ```
 * @param createAdapter Makes the adapter under test, logged in as the driver's `me`.
 * @param drive Makes the driver that plays the other person for that adapter.
 * @param options The suite's name and patience.
 */
export function runKitCallsSdkConformance<T extends KitCallsSdk>(
  createAdapter: () => T | Promise<T>,
  drive: (adapter: T) => KitCallsSdkConformanceDriver | Promise<KitCallsSdkConformanceDriver>,
  options: KitCallsSdkConformanceOptions = {},
): void {
  const within = options.within ?? 2000;
  describe(options.name ?? 'KitCallsSdk conformance', () => {
    for (const check of CHECKS) {
      it(
        check.name,
        async () => {
          const adapter = await createAdapter();
          const driver = await drive(adapter);
          const probe = new Probe(adapter, driver, within);
          try {
            await check.run(probe);
            probe.checkAsynchronous();
          } finally {
            adapter.removeCallListener('kit-conformance');
            await driver.dispose?.();
          }
        },
        // The runner's own time-out stays above the suite's, so the suite's message (what was heard) wins.
        within * 6 + 1000,
      );
    }
  });
}
