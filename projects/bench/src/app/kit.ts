import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/** The `with-kit` build: the library on its in-memory SDK (an incoming call opens its screen by itself). */
export const KIT_PROVIDERS = [
  // Endings close at once: the latency and leak loops time rings, not the moment an ending stays on screen.
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
];
