import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {MatButton} from '@angular/material/button';
import {KitCallEventsService, KitCallOverlay, KitCallsSdk} from 'kit-chat-uikit-angular';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {merge} from 'rxjs';
import {benchHooks} from './hooks';
import {ME, PEER} from './people';

/** Starts an outgoing call through `KitCallOverlay`, counts the call events, and exposes the kit to the bench. */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-kit-panel',
  imports: [MatButton],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <button matButton (click)="call()">Call {{ peer.name }}</button>
    <p>{{ events() }} call events</p>
  `,
})
export class BenchKitPanel {
  readonly peer = PEER;
  readonly events = signal(0);
  private readonly _overlay = inject(KitCallOverlay);

  constructor() {
    const events = inject(KitCallEventsService);
    merge(events.ccCallAccepted, events.ccCallRejected, events.ccCallEnded, events.ccOutgoingCall)
      .pipe(takeUntilDestroyed())
      .subscribe(() => this.events.update(count => count + 1));
    Object.assign(benchHooks(), {
      me: ME,
      peer: PEER,
      overlay: this._overlay,
      sdk: inject(KitCallsSdk),
      switchboard: inject(KitInMemorySwitchboard),
    });
  }

  call(): void {
    this._overlay.startCall(PEER, 'video').catch(error => console.error(error));
  }
}
