import {inject, provideEnvironmentInitializer} from '@angular/core';
import {KitTransferFeature, kitCallsFeature} from '../core/calls-feature';
import {KitHeldCalls} from '../hold/held-calls';
import {KIT_ONGOING_CALL_PARTS} from '../ongoing-call/ongoing-call-media';
import {kitTransferTable} from './transfer-table';
import {KitTransferComponent} from './transfer';
import {KitTransfer} from './transfer.service';

/**
 * Transfer (issue 36), blind and attended, with hold and resume (the Hold button comes with it, as with `withHold()`,
 * which may be named too): a "Transfer" button on the ongoing screen opens the people the app offers
 * (`KitTransfer.people`); choosing one holds the call and hands it to them
 * (`KitTransfer.transfer()`). The far side calls them ("Transferring to Alan…" here); once they answered, the call
 * ends here; a transfer that fails leaves it on hold, with "Resume", and `onError` says why. On the other side, a
 * transfer the SDK says (`KitCallListener.onCallTransferred`) opens the new call on an outgoing screen. Needs an
 * adapter with `transfer` (`KitPhoneCallsSdk`; the SIP adapter sends a REFER). Attended, where the adapter says
 * `attendedTransfer`: "Call first" beside each person holds the call and calls them (`KitTransfer.consult()`); once
 * they answered, "Complete transfer" on that call joins them to the held call's far side (`KitTransfer.complete()`).
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withTransfer())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withTransfer(): KitTransferFeature {
  return kitCallsFeature('transfer', [
    provideEnvironmentInitializer(() => {
      kitTransferTable();
      inject(KitHeldCalls).start();
      inject(KitTransfer).start();
    }),
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitTransferComponent, multi: true},
  ]);
}
