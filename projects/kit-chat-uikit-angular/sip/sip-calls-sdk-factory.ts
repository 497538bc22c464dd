import {DestroyRef, inject} from '@angular/core';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipGroupCallsSdk} from './sip-group-calls-sdk';
import {KitSipOptions} from './sip-options';

/**
 * A `callsSdk` factory for `provideKitUIKit`: a SIP user agent (JsSIP) that registers with `server`.
 *
 * ```ts
 * provideKitUIKit({
 *   callsSdk: kitSipCallsSdk({server: 'wss://sip.example.com', uri: 'sip:ada@example.com', displayName: 'Ada'}),
 * })
 * ```
 * With `sfu`, calls with several people too (`groupCalls`: their media through the SFU's rooms). The user agent hangs
 * up, unregisters and disconnects when the injector is destroyed.
 * @param options The proxy, the user's SIP address and the call options.
 * @returns A factory to run in an injection context.
 */
export function kitSipCallsSdk(options: KitSipOptions): () => KitSipCallsSdk {
  return () => {
    const {sfu} = options;
    const sdk = sfu ? new KitSipGroupCallsSdk({...options, sfu}) : new KitSipCallsSdk(options);
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
