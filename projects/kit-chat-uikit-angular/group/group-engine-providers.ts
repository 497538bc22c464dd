import {EnvironmentProviders, Provider} from '@angular/core';
import {_KIT_GROUP_ENGINE} from 'kit-chat-uikit-angular';
import {KitGroupEngine} from './group-engine';

/**
 * The engine's part of `withGroupCalls()`: the participant table beside the call's and what routes the SDK's
 * `onParticipantsChanged` into it.
 * @returns Its providers.
 */
export function kitGroupEngineProviders(): (Provider | EnvironmentProviders)[] {
  return [{provide: _KIT_GROUP_ENGINE, useClass: KitGroupEngine}];
}
