import {EnvironmentProviders, Provider} from '@angular/core';
import {_KIT_ONGOING_CALL_PARTS, _KIT_CALL_SCREEN_PARTS} from 'kit-chat-uikit-angular';
import {KitGroupCallGridComponent} from './group-call-grid';
import {KitGroupRingingComponent} from './group-ringing-part';

/**
 * The screens' part of `withGroupCalls()`: what the incoming, outgoing and ongoing screens show of a call with
 * several people (each screen shows a call between two people as before).
 * @returns Its providers.
 */
export function kitGroupScreenProviders(): (Provider | EnvironmentProviders)[] {
  return [
    {provide: _KIT_CALL_SCREEN_PARTS, useValue: KitGroupRingingComponent, multi: true},
    {provide: _KIT_ONGOING_CALL_PARTS, useValue: KitGroupCallGridComponent, multi: true},
  ];
}
