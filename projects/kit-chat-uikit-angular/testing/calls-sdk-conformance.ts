import {KitCallsSdk} from 'kit-chat-uikit-angular';
import {CHECKS} from './calls-sdk-conformance-checks';
import {GROUP_CHECKS} from './calls-sdk-conformance-group';
import type {KitCallsSdkConformanceDriver} from './calls-sdk-conformance-driver';
import {Probe} from './calls-sdk-conformance-probe';

export type {KitCallsSdkConformanceDriver} from './calls-sdk-conformance-driver';
export type {KitCallsSdkConformanceGroupDriver} from './calls-sdk-conformance-group-driver';

// The suite runs in the app's own runner, Jest or Vitest (with globals, as `ng test` sets it up): both give these
// two functions the same shape. Declared here so that the library does not depend on either runner's types.
declare const describe: (name: string, body: () => void) => void;
declare const it: (name: string, body: () => Promise<void>, timeout?: number) => void;

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
    // The group checks pass at once for an adapter without `groupCalls`.
    for (const check of [...CHECKS, ...GROUP_CHECKS]) {
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
