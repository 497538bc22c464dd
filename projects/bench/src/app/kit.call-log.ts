import {ChangeDetectionStrategy, Component} from '@angular/core';
import {provideKitUIKit} from 'kit-chat-uikit-angular';
import {KitCallLogComponent, withCallLog} from 'kit-chat-uikit-angular/call-log';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL} from './hooks';
import {BenchKitPanel} from './kit-panel';
import {ME} from './people';

/** The kit's panel with the call log under it. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-call-log-panel',
  imports: [BenchKitPanel, KitCallLogComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<bench-kit-panel /><kit-call-log />`,
})
class BenchCallLogPanel {}

/**
 * The `with-call-log` build (replaces `kit.ts`): the `with-kit` app with `withCallLog()` and `<kit-call-log>`, for the
 * call log's cost only (what it adds over `with-kit`); no budget.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME), closeDelay: 0}, withCallLog()),
  {provide: BENCH_PANEL, useValue: BenchCallLogPanel},
];
