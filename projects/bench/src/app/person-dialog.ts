import {ChangeDetectionStrategy, Component, inject} from '@angular/core';
import {MatButton} from '@angular/material/button';
import {
  MAT_DIALOG_DATA,
  MatDialogActions,
  MatDialogClose,
  MatDialogContent,
} from '@angular/material/dialog';

/** A MatDialog content of about the incoming screen's size: avatar, name, subtitle, two buttons. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-person-dialog',
  imports: [MatButton, MatDialogActions, MatDialogClose, MatDialogContent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <mat-dialog-content class="bench-person">
      <div class="bench-person-avatar" aria-hidden="true">{{ name[0] }}</div>
      <h2 class="bench-person-name">{{ name }}</h2>
      <p class="bench-person-subtitle"><span>Video call</span></p>
    </mat-dialog-content>
    <mat-dialog-actions>
      <button matButton mat-dialog-close>Decline</button>
      <button matButton="filled" class="bench-person-accept" mat-dialog-close>Accept</button>
    </mat-dialog-actions>
  `,
  styles: `
    .bench-person {
      display: flex;
      flex-direction: column;
      align-items: center;
    }
    .bench-person-avatar {
      inline-size: 96px;
      block-size: 96px;
      border-radius: 50%;
      display: grid;
      place-items: center;
      background: var(--mat-sys-primary-container);
      font: var(--mat-sys-headline-large);
    }
  `,
})
export class BenchPersonDialog {
  readonly name = inject<{name: string}>(MAT_DIALOG_DATA).name;
}
