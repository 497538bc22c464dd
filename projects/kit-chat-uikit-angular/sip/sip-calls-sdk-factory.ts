import {DestroyRef, inject} from '@angular/core';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipOptions} from './sip-options';

/**
 * A `callsSdk` factory for `provideKitUIKit`: a SIP user agent (JsSIP) that registers with `server`.
 *
 * ```ts
 * provideKitUIKit({
 *   callsSdk: kitSipCallsSdk({server: 'wss://sip.example.com', uri: 'sip:ada@example.com', displayName: 'Ada'}),
 * })
 * ```
 * The user agent hangs up, unregisters and disconnects when the injector is destroyed.
 * @param options The proxy, the user's SIP address and the call options.
 * @returns A factory to run in an injection context.
 */
export function kitSipCallsSdk(options: KitSipOptions): () => KitSipCallsSdk {
  return () => {
    const sdk = new KitSipCallsSdk(options);
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
