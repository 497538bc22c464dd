import {
  EnvironmentProviders,
  ModuleWithProviders,
  NgModule,
  Provider,
  makeEnvironmentProviders,
} from '@angular/core';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KIT_UIKIT_CONFIG, KitUIKitConfig} from './config';

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
 * Sets up the call screens in a standalone app (spec: `KitUIKit.init()`).
 *
 * ```ts
 * bootstrapApplication(App, {providers: [provideKitUIKit({callsSdk: MySdkAdapter})]});
 * ```
 * @param config The SDK adapter and options.
 * @returns The providers.
 */
export function provideKitUIKit(config: KitUIKitConfig = {}): EnvironmentProviders {
  return makeEnvironmentProviders([
    {provide: KIT_UIKIT_CONFIG, useValue: config},
    ...sdkProviders(config),
  ]);
}

/**
 * The NgModule way to set up the call screens: `KitCallsModule.forRoot(config)` in the root module.
 */
@NgModule({})
export class KitCallsModule {
  /**
   * @param config The SDK adapter and options.
   * @returns The module with its providers.
   */
  static forRoot(config: KitUIKitConfig = {}): ModuleWithProviders<KitCallsModule> {
    return {ngModule: KitCallsModule, providers: [provideKitUIKit(config)]};
  }
}
