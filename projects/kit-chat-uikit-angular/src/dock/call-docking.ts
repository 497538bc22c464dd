import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {isPlatformBrowser} from '@angular/common';
import {
  ApplicationRef,
  DestroyRef,
  EnvironmentInjector,
  Injectable,
  PLATFORM_ID,
  createComponent,
  inject,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitCallDockComponent} from './call-dock';

/**
 * Gives each call's dialog its dock (`withDockedCalls()`): the dock's buttons go first in the dialog's content, in
 * the dialog's injector (its call reference and CDK dialog), and leave with the dialog. Done from the outside, as
 * the call-waiting banner is, so that the overlay ships none of it.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallDocking {
  readonly #injector = inject(EnvironmentInjector);
  readonly #appRef = inject(ApplicationRef);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  #opened: Subscription | null = null;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.#opened?.unsubscribe());
  }

  /** Follows the dialogs the app opens. Does nothing on the server or when already started. */
  start(): void {
    if (this.#isBrowser && !this.#opened) {
      this.#opened = this.#injector
        .get(Dialog)
        .afterOpened.subscribe(dialogRef => this.#attach(dialogRef));
    }
  }

  #attach(dialogRef: DialogRef<unknown, unknown>): void {
    const content = dialogRef.componentRef;
    if (!content?.injector.get(KitCallOverlayRef, null)) {
      return; // Another dialog of the app.
    }
    const dock = createComponent(KitCallDockComponent, {
      environmentInjector: this.#injector,
      elementInjector: content.injector,
    });
    this.#appRef.attachView(dock.hostView);
    // First in the dialog: first in the Tab order, as it is first on screen, and inside the dialog's focus trap.
    (content.location.nativeElement as HTMLElement).prepend(dock.location.nativeElement);
    dialogRef.closed.subscribe(() => {
      // An app torn down closes its dialogs after its views are gone.
      if (!this.#appRef.destroyed) {
        this.#appRef.detachView(dock.hostView);
      }
      dock.destroy();
    });
  }
}
