import {provideKitUIKit, withHold} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-hold` build (replaces `kit.ts`): the `with-kit` app with the ongoing screen's hold button, for what it costs
 * an app that names it (its size has no budget).
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withHold()),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
