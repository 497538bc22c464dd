import {KitCallType, KitCallsSdk, KitUser} from 'kit-chat-uikit-angular';
import {CHECKS} from './calls-sdk-conformance-checks';
import {Probe} from './calls-sdk-conformance-probe';

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
