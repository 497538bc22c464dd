import {NgComponentOutlet} from '@angular/common';
import {ChangeDetectionStrategy, Component, inject} from '@angular/core';
import {MatButton} from '@angular/material/button';
import {MatDialog} from '@angular/material/dialog';
import {BENCH_PANEL, benchHooks} from './hooks';
import {BenchPersonDialog} from './person-dialog';

/** The app shell, the same in both builds: a Material button that opens a MatDialog, and the kit's panel if any. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-app',
  imports: [MatButton, NgComponentOutlet],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <main>
      <h1>Bench</h1>
      <button matButton="filled" (click)="openDialog()">Open dialog</button>
      <ng-container [ngComponentOutlet]="panel" />
    </main>
  `,
})
export class BenchApp {
  readonly panel = inject(BENCH_PANEL, {optional: true});
  private readonly _dialog = inject(MatDialog);

  constructor() {
    benchHooks()['openDialog'] = () => this.openDialog();
  }

  /**
   * Opens the dialog the benchmark compares a ring with. `delayFocusTrap: false` moves the focus into it in its first
   * frame, as the kit's screen does (a ringing screen takes the focus at once); by default MatDialog waits for its
   * open animation, and that focus, with the style and layout it forces, would fall outside the measured window.
   */
  openDialog() {
    return this._dialog.open(BenchPersonDialog, {
      data: {name: 'Ada Lovelace'},
      delayFocusTrap: false,
    });
  }
}
