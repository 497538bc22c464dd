import {
  EnvironmentProviders,
  ModuleWithProviders,
  NgModule,
  Provider,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
} from '@angular/core';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitCallRegistry} from '../call/call-registry';
import {KitCallAutoRing} from '../overlay/call-auto-ring';
import {KitAvatarComponent} from '../avatar/avatar';
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
    // The registry is the library's only SDK listener: it listens from bootstrap, so no ring is missed.
    provideEnvironmentInitializer(() => inject(KitCallRegistry).listen()),
    config.autoRing === false
      ? []
      : provideEnvironmentInitializer(() => inject(KitCallAutoRing).start()),
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
];

@NgModule({imports: COMPONENTS, exports: COMPONENTS})
export class KitCallsModule {
  /**
   * @param config The SDK adapter and options.
   * @returns The module with its providers.
   */
  static forRoot(config: KitUIKitConfig = {}): ModuleWithProviders<KitCallsModule> {
    return {ngModule: KitCallsModule, providers: [provideKitUIKit(config)]};
  }
}
