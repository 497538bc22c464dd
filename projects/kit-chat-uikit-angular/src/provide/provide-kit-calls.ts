import {
  EnvironmentProviders,
  Provider,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
} from '@angular/core';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitCallsFeature} from '../core/calls-feature';
import {KIT_UIKIT_CONFIG, KitUIKitConfig} from '../core/config';

function sdkProviders(config: KitUIKitConfig): Provider[] {
  const sdk = config.callsSdk;
  if (!sdk) {
    return [];
  }
  // A class is told from a factory by its prototype: adapters extend KitCallsSdk.
  const isClass = sdk.prototype instanceof KitCallsSdk;
  return [
    {
      provide: KitCallsSdk,
      useFactory: () =>
        isClass ? new (sdk as new () => KitCallsSdk)() : (sdk as () => KitCallsSdk)(),
    },
  ];
}

/**
 * Sets up the calls with only the features given: the SDK adapter, the call registry (the kit's one SDK listener)
 * and the screens an app places in its own templates. Nothing rings by itself and no overlay code is shipped
 * unless a feature asks for it; `provideKitUIKit(config)` is this plus the default features.
 *
 * ```ts
 * bootstrapApplication(App, {
 *   providers: [provideKitCalls({callsSdk: MySdkAdapter}, withAutoRing(), withCallWaiting())],
 * });
 * ```
 * @param config The SDK adapter and options (`autoRing`, `busyPolicy` and `notifyWhenHidden` are read by
 *     `provideKitUIKit` only: here the features say it).
 * @param features `withAutoRing()`, `withCallWaiting()`, `withHiddenTabNotifications()`.
 * @returns The providers.
 */
export function provideKitCalls(
  config: KitUIKitConfig = {},
  ...features: KitCallsFeature[]
): EnvironmentProviders {
  return makeEnvironmentProviders([
    {provide: KIT_UIKIT_CONFIG, useValue: config},
    ...sdkProviders(config),
    // The registry is the library's only SDK listener: it listens from bootstrap, so no ring is missed.
    provideEnvironmentInitializer(() => inject(KitCallRegistry).listen()),
    features.map(feature => feature._providers),
  ]);
}
