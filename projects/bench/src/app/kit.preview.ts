import {provideKitUIKit, withCallPreview} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-preview` build (replaces `kit.ts`): the `with-kit` app with the look before answering
 * (`withCallPreview()`: the self view while a video call rings, "Answer as voice"), for what it costs an app that
 * names it (its size has no budget).
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withCallPreview()),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
