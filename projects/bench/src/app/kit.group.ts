import {inject, provideEnvironmentInitializer} from '@angular/core';
import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {KitGroupCalls, withGroupCalls} from 'kit-chat-uikit-angular/group';
import {
  KitInMemorySwitchboard,
  kitInMemoryCallsSdk,
  kitInMemoryGroupCalls,
} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL, benchHooks} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-group` build (replaces `kit.ts`): the `with-kit` app with `withGroupCalls()`, for the group feature's
 * cost (what it adds over `with-kit`; no budget) and the grid's figure (a ninth person joining a grid of eight). The
 * in-memory SDK's group calls are on (`kitInMemoryGroupCalls`), as in any app that plays group calls on it; the
 * benchmark prints their share apart.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withGroupCalls()),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
  provideEnvironmentInitializer(() => {
    Object.assign(benchHooks(), {
      groupCalls: inject(KitGroupCalls),
      team: kitInMemoryGroupCalls(inject(KitInMemorySwitchboard)),
    });
  }),
];
