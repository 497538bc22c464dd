import {EnvironmentProviders, ModuleWithProviders, NgModule} from '@angular/core';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {withAutoRing, withCallWaiting, withHiddenTabNotifications} from '../overlay/call-features';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallsFeature} from './calls-feature';
import {KitUIKitConfig} from './config';
import {provideKitCalls} from './provide-kit-calls';

/**
 * Sets up the call screens in a standalone app (spec: `KitUIKit.init()`), batteries included: an incoming call
 * rings by itself full-screen (`withAutoRing()`, unless `autoRing: false`), with the call-waiting banners for
 * `busyPolicy: 'wait'` (`withCallWaiting()`) and the hidden-tab notifications for `notifyWhenHidden: true`
 * (`withHiddenTabNotifications()`). An app that only places the screens in its own templates uses
 * `provideKitCalls(config)` instead and ships none of that code.
 *
 * ```ts
 * bootstrapApplication(App, {providers: [provideKitUIKit({callsSdk: MySdkAdapter})]});
 * ```
 * @param config The SDK adapter and options.
 * @param features More features, as with `provideKitCalls`.
 * @returns The providers.
 */
export function provideKitUIKit(
  config: KitUIKitConfig = {},
  ...features: KitCallsFeature[]
): EnvironmentProviders {
  const ringsByItself = config.autoRing !== false;
  return provideKitCalls(
    config,
    ...(ringsByItself ? [withAutoRing()] : []),
    ...(ringsByItself && config.busyPolicy === 'wait' ? [withCallWaiting()] : []),
    ...(ringsByItself && config.notifyWhenHidden ? [withHiddenTabNotifications()] : []),
    ...features,
  );
}

/**
 * The NgModule way: `KitCallsModule.forRoot(config)` once in the root module (providers and components), and
 * `KitCallsModule` in feature modules (components only).
 */
const COMPONENTS = [
  KitIncomingCallComponent,
  KitOutgoingCallComponent,
  KitOngoingCallComponent,
  KitAvatarComponent,
];

@NgModule({imports: COMPONENTS, exports: COMPONENTS})
export class KitCallsModule {
  /**
   * @param config The SDK adapter and options.
   * @param features More features, as with `provideKitUIKit`.
   * @returns The module with its providers.
   */
  static forRoot(
    config: KitUIKitConfig = {},
    ...features: KitCallsFeature[]
  ): ModuleWithProviders<KitCallsModule> {
    return {ngModule: KitCallsModule, providers: [provideKitUIKit(config, ...features)]};
  }
}
