import {provideKitUIKit, withCallWaiting} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/** `?maxWaitingCalls=N` in the page's address sets the kit's option; without it, the kit's default. */
const maxWaitingCalls = new URLSearchParams(location.search).get('maxWaitingCalls');

/**
 * The `with-waiting` build (replaces `kit.ts`): the `with-kit` app with call waiting, for the flood figure only (a
 * flood of rings during a call). Its size is not measured: the budgets are those of the app without the banners.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit(
    {
      callsSdk: kitInMemoryCallsSdk(ME),
      closeDelay: 0,
      maxWaitingCalls: maxWaitingCalls ? Number(maxWaitingCalls) : undefined,
    },
    withCallWaiting(),
  ),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
