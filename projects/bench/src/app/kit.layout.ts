import {provideKitCalls} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchLayoutPanel} from './layout-panel';
import {ME} from './people';

/**
 * The `layout-only` build (replaces `kit.ts`): the app places both screens in its own template, with the core
 * provider and no feature, so it ships no overlay, auto ring, banner or notification code.
 */
export const KIT_PROVIDERS = [
  provideKitCalls({callsSdk: kitInMemoryCallsSdk(ME)}),
  {provide: BENCH_PANEL, useValue: BenchLayoutPanel},
];
