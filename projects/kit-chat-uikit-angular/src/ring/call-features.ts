import {isPlatformBrowser} from '@angular/common';
import {PLATFORM_ID, inject, provideEnvironmentInitializer} from '@angular/core';
import {KIT_CALL_WAITING} from '../registry/call-registry';
import {
  KitAutoRingFeature,
  KitCallWaitingFeature,
  KitHiddenTabNotificationsFeature,
  kitCallsFeature,
} from '../core/calls-feature';
import {KitCallAutoRing} from './call-auto-ring';
import {KitCallNotifications} from './call-notifications';
import {KitCallWaiting} from './call-waiting';

/**
 * Rings by itself: each incoming call opens the incoming screen full-screen in a CDK overlay, a cancelled one
 * closes it, and a call that rings while another is on screen is answered busy (or waits, with
 * `withCallWaiting()`). `provideKitUIKit` adds it unless `autoRing: false`.
 *
 * ```ts
 * provideKitCalls({callsSdk: MySdkAdapter}, withAutoRing())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withAutoRing(): KitAutoRingFeature {
  return kitCallsFeature('autoRing', [
    provideEnvironmentInitializer(() => inject(KitCallAutoRing).start()),
  ]);
}

/**
 * A call that rings while another call is on screen waits in a compact banner (accept or decline it there) instead
 * of being answered busy; it rings full-screen once the screen is free. Works with `withAutoRing()`.
 * `provideKitUIKit` adds it for `busyPolicy: 'wait'`.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withCallWaiting(): KitCallWaitingFeature {
  return kitCallsFeature('callWaiting', [
    {provide: KIT_CALL_WAITING, useValue: true},
    provideEnvironmentInitializer(() => {
      if (isPlatformBrowser(inject(PLATFORM_ID))) {
        inject(KitCallWaiting).start();
      }
    }),
  ]);
}

/**
 * A call that rings while the tab is hidden also raises a system notification (when the app has the permission),
 * closed once the call is over. `provideKitUIKit` adds it for `notifyWhenHidden: true`.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withHiddenTabNotifications(): KitHiddenTabNotificationsFeature {
  return kitCallsFeature('hiddenTabNotifications', [
    provideEnvironmentInitializer(() => inject(KitCallNotifications).start()),
  ]);
}
