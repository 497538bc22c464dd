import {EnvironmentProviders, Provider} from '@angular/core';

/**
 * The engine's part of `withGroupCalls()`: the participant table beside the call's and what routes the SDK's
 * `onParticipantsChanged` into it.
 * @returns Its providers.
 */
export function kitGroupEngineProviders(): (Provider | EnvironmentProviders)[] {
  return [];
}
