import {InjectionToken, Provider, Type} from '@angular/core';

/** The `plain-without-kit` build (replaces `kit.ts`): the same app with no library. */
export const PLAIN_PANEL = new InjectionToken<Type<unknown>>('PLAIN_PANEL');
export const PLAIN_KIT_PROVIDERS: Provider[] = [];
