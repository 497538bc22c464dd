import {EnvironmentProviders, Provider} from '@angular/core';

/**
 * The screens' part of `withGroupCalls()`: what the incoming, outgoing and ongoing screens show of a call with
 * several people.
 * @returns Its providers.
 */
export function kitGroupScreenProviders(): (Provider | EnvironmentProviders)[] {
  return [];
}
