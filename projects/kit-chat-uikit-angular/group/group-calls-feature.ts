import type {KitCallsFeature} from 'kit-chat-uikit-angular';
import {kitGroupEngineProviders} from './group-engine-providers';
import {kitGroupScreenProviders} from './group-screen-providers';

/** The feature returned by `withGroupCalls()`. */
export type KitGroupCallsFeature = KitCallsFeature<'groupCalls'>;

/**
 * Calls with more than two people: ring several people or a group, see who answers, add someone, a grid while you
 * talk. Needs an adapter with `groupCalls` (`KitGroupCallsSdk`); with one without it, calls stay between two people.
 *
 * ```ts
 * provideKitUIKit({callsSdk: MySdkAdapter}, withGroupCalls())
 * ```
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withGroupCalls(): KitGroupCallsFeature {
  return {
    _kind: 'groupCalls',
    _providers: [...kitGroupEngineProviders(), ...kitGroupScreenProviders()],
  };
}
