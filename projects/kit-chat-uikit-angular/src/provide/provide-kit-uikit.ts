import {
  EnvironmentProviders,
  ModuleWithProviders,
  NgModule,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
} from '@angular/core';
import {KitCallRegistry} from '../registry/call-registry';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {withAutoRing} from '../ring/call-features';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallButtonsComponent} from '../call-buttons/call-buttons';
import {KitCallsFeature} from '../core/calls-feature';
import {KitUIKitConfig} from '../core/config';
import {provideKitCalls} from './provide-kit-calls';

/**
 * Sets up the call screens in a standalone app (spec: `KitUIKit.init()`): an incoming call rings by itself
 * full-screen (`withAutoRing()`, unless `autoRing: false`). More features come after the config, and only those an
 * app names are shipped: the call-waiting banner (`withCallWaiting()`) and the hidden-tab notifications
 * (`withHiddenTabNotifications()`). An app that only places the screens in its own templates uses
 * `provideKitCalls(config)` instead and ships no overlay code either.
 *
 * ```ts
 * bootstrapApplication(App, {providers: [provideKitUIKit({callsSdk: MySdkAdapter}, withCallWaiting())]});
 * ```
 * @param config The SDK adapter and options.
 * @param features More features, as with `provideKitCalls`.
 * @returns The providers.
 */
export function provideKitUIKit(
  config: KitUIKitConfig = {},
  ...features: KitCallsFeature[]
): EnvironmentProviders {
  const given = new Set(features.map(feature => feature._kind));
  // The two options that used to add a feature by themselves: referencing the features here shipped their code to
  // every app, so an app names them. An option set without its feature is said once, through onError.
  const missing = [
    config.busyPolicy === 'wait' &&
      !given.has('callWaiting') &&
      (typeof ngDevMode === 'undefined' || ngDevMode
        ? "busyPolicy: 'wait' needs withCallWaiting()"
        : '-'),
    config.notifyWhenHidden &&
      !given.has('hiddenTabNotifications') &&
      (typeof ngDevMode === 'undefined' || ngDevMode
        ? 'notifyWhenHidden needs withHiddenTabNotifications()'
        : '-'),
  ].filter(text => text);
  const kit = provideKitCalls(
    config,
    ...(config.autoRing !== false ? [withAutoRing()] : []),
    ...features,
  );
  if (!missing.length) {
    return kit;
  }
  const error = new KitException(
    KitErrorCodes.NOT_INITIALIZED,
    typeof ngDevMode === 'undefined' || ngDevMode
      ? `${missing.join('; ')}: give each feature after the config, as in provideKitUIKit(config, withX()).`
      : '',
  );
  return makeEnvironmentProviders([
    kit,
    provideEnvironmentInitializer(() => inject(KitCallRegistry).report(error)),
  ]);
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
  KitCallButtonsComponent,
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
