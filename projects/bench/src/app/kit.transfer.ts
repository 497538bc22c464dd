import {provideKitUIKit, withHold, withTransfer} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-transfer` build (replaces `kit.ts`): the `with-hold` app with transfer too (withTransfer()), for what it costs
 * an app that names it (its size has no budget).
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withHold(), withTransfer()),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
