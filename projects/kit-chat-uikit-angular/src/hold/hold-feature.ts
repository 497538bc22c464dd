import {inject, provideEnvironmentInitializer} from '@angular/core';
import {KitHoldFeature, kitCallsFeature} from '../core/calls-feature';
import {KIT_ONGOING_CALL_PARTS} from '../ongoing-call/ongoing-call-media';
import {kitHoldTable} from '../session/call-session-table-hold';
import {KitHeldCalls} from './held-calls';
import {KitHoldComponent} from './hold';

/**
 * Hold and resume (issue 36): a "Hold" button on the ongoing screen (pressed while the call is on hold), and
 * `KitCallOverlayRef.hold()` / `resume()`. The one who held reads "On hold", the other "Ada put you on hold", the
 * timer going on. Through the SDK's `hold` and `unhold` (`KitPhoneCallsSdk`; the SIP adapter sends a re-INVITE with
 * `sendonly`, then `sendrecv`); the far side's hold comes as `KitCallListener.onCallHeld` / `onCallResumed`. A hold
 * the SDK refuses leaves the call as it was, reported through `onError`. The button shows only with an adapter that
 * has `hold` and `unhold`. With call waiting (`withCallWaiting()`), the banner of a waiting call offers "Hold and
 * accept"; the held call then shows in a bar at the top of the new call's screen, with "Switch".
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withHold())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withHold(): KitHoldFeature {
  return kitCallsFeature('hold', [
    provideEnvironmentInitializer(() => {
      kitHoldTable();
      inject(KitHeldCalls).start();
    }),
    {provide: KIT_ONGOING_CALL_PARTS, useValue: KitHoldComponent, multi: true},
  ]);
}
