import {KitKeypadFeature, kitCallsFeature} from '../core/calls-feature';
import {KIT_ONGOING_CALL_PARTS} from '../ongoing-call/ongoing-call-media';
import {KitKeypadComponent} from './keypad';

/**
 * A keypad on the ongoing screen (a "Keypad" button beside its controls), to answer a menu ("press 1 for sales"):
 * twelve keys, and digits typed on the keyboard while it is open. Each key is sent through the SDK's `sendDigits`
 * (`KitPhoneCallsSdk`; the SIP adapter sends RFC 4733 events, or SIP INFO), heard locally as its dual tone and said
 * to screen readers. Shown only with an adapter that has `sendDigits`.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withKeypad())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withKeypad(): KitKeypadFeature {
  return kitCallsFeature('keypad', [
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitKeypadComponent, multi: true},
  ]);
}
