import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BenchButtonsPanel} from './buttons-panel';
import {BENCH_PANEL} from './hooks';
import {ME} from './people';

/**
 * The `with-call-buttons` build (replaces `kit.ts`): the `with-kit` app with `<kit-call-buttons>` in its panel, for
 * the figure of what the opt-in call buttons cost. Its size has no budget of its own.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}),
  {provide: BENCH_PANEL, useValue: BenchButtonsPanel},
];
