import {ChangeDetectionStrategy, Component, InjectionToken, Type, inject} from '@angular/core';
import {KitCallOverlay, provideKitUIKit} from 'kit-chat-uikit-angular';
import {kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {ME, PEER} from '../app/people';

/** The kit's panel, in the `plain-with-kit` build only. */
export const PLAIN_PANEL = new InjectionToken<Type<unknown>>('PLAIN_PANEL');

/** Calls through the overlay (an incoming call rings by itself). */
@Component({
  // eslint-disable-next-line @angular-eslint/component-selector -- the fixture's own prefix, apart from kit/demo
  selector: 'bench-plain-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<button type="button" (click)="call()">Call {{ peer.name }}</button>`,
})
export class PlainKitPanel {
  readonly peer = PEER;
  private readonly _overlay = inject(KitCallOverlay);

  call(): void {
    this._overlay.startCall(PEER, 'video').catch(error => console.error(error));
  }
}

/** The `plain-with-kit` build: the library with its defaults, as `ng add` sets it up, on the in-memory SDK. */
export const PLAIN_KIT_PROVIDERS = [
  provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME)}),
  {provide: PLAIN_PANEL, useValue: PlainKitPanel},
];
