import {InjectionToken} from '@angular/core';
import type {_KitGroupEngine} from '../session/call-session-types';

/**
 * The engine of calls with several people: `withGroupCalls()` provides it; without it, calls stay between two.
 * @docs-private
 */
export const _KIT_GROUP_ENGINE = new InjectionToken<_KitGroupEngine>(
  typeof ngDevMode === 'undefined' || ngDevMode ? '_KIT_GROUP_ENGINE' : '',
);
