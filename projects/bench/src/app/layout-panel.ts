import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {MatButton} from '@angular/material/button';
import {
  KitCallEventsService,
  KitIncomingCallComponent,
  KitOutgoingCallComponent,
} from 'kit-chat-uikit-angular';
import {merge} from 'rxjs';
import {PEER} from './people';

/** The layout-only app's panel: the incoming screen in place, and the outgoing screen once the user calls. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-layout-panel',
  imports: [MatButton, KitIncomingCallComponent, KitOutgoingCallComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <kit-incoming-call />
    @if (calling()) {
      <kit-outgoing-call [user]="peer" (closed)="calling.set(false)" />
    } @else {
      <button matButton (click)="calling.set(true)">Call {{ peer.name }}</button>
    }
    <p>{{ events() }} call events</p>
  `,
})
export class BenchLayoutPanel {
  readonly peer = PEER;
  readonly calling = signal(false);
  readonly events = signal(0);

  constructor() {
    const events = inject(KitCallEventsService);
    merge(events.ccCallAccepted, events.ccCallRejected, events.ccCallEnded, events.ccOutgoingCall)
      .pipe(takeUntilDestroyed())
      .subscribe(() => this.events.update(count => count + 1));
  }
}
