import {NgComponentOutlet} from '@angular/common';
import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';
import {PLAIN_PANEL} from './kit';

/**
 * A plain app as the CLI scaffolds it, without Angular Material: a title, a counter button, and the kit's panel
 * in the `plain-with-kit` build. It measures what the kit adds where no Material or CDK code is there already.
 */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-app',
  imports: [NgComponentOutlet],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <main>
      <h1>Hello, plain</h1>
      <button type="button" (click)="clicks.set(clicks() + 1)">Clicked {{ clicks() }} times</button>
      <ng-container [ngComponentOutlet]="panel" />
    </main>
  `,
})
export class PlainApp {
  readonly panel = inject(PLAIN_PANEL, {optional: true});
  readonly clicks = signal(0);
}
