import {InjectionToken, Type} from '@angular/core';
import {KitCallsSdk} from '../sdk/calls-sdk';

/** Configuration of the UI kit (spec: `KitUIKit.init()`), given to `provideKitUIKit` or `KitCallsModule.forRoot`. */
export interface KitUIKitConfig {
  /**
   * The call SDK adapter: a class that extends `KitCallsSdk`, or a factory run in an injection context (such as
   * `kitInMemoryCallsSdk(user)`). Without it, the screens report `ERR_NOT_INITIALIZED`.
   */
  callsSdk?: Type<KitCallsSdk> | (() => KitCallsSdk);
}

/** The configuration given to `provideKitUIKit`. */
export const KIT_UIKIT_CONFIG = new InjectionToken<KitUIKitConfig>('KIT_UIKIT_CONFIG', {
  providedIn: 'root',
  factory: () => ({}),
});
