import {provideKitUIKit, withDraggableSelfView, withHidingControls} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/**
 * The `with-look` build (replaces `kit.ts`): the `with-kit` app with the video call's optional look, the bar that
 * hides and the self view that moves, for what they cost an app that names them (its size has no budget).
 */
export const KIT_PROVIDERS = [
  provideKitUIKit(
    {callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0},
    withHidingControls(),
    withDraggableSelfView(),
  ),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
