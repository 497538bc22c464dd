import {Provider} from '@angular/core';

/** The `without-kit` build (replaces `kit.ts`): the same shell with no library. */
export const KIT_PROVIDERS: Provider[] = [];
