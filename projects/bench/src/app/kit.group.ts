import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {withGroupCalls} from 'kit-chat-uikit-angular/group';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-group` build (replaces `kit.ts`): the `with-kit` app with `withGroupCalls()`, for the group feature's
 * cost only (what it adds over `with-kit`); no budget.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withGroupCalls()),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
