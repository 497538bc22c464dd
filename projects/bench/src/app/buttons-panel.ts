import {ChangeDetectionStrategy, Component} from '@angular/core';
import {KitCallButtonsComponent} from 'kit-chat-uikit-angular';
import {BenchKitPanel} from './kit-panel';
import {PEER} from './people';

/** The `with-kit` panel with `<kit-call-buttons>` beside it: what the call buttons add to an app, and no more. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-buttons-panel',
  imports: [BenchKitPanel, KitCallButtonsComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <bench-kit-panel />
    <kit-call-buttons [user]="peer" labelled />
  `,
})
export class BenchButtonsPanel {
  readonly peer = PEER;
}
