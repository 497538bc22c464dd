import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {
  OverlayConfig,
  OverlayContainer,
  OverlayRef,
  createGlobalPositionStrategy,
  createNoopScrollStrategy,
} from '@angular/cdk/overlay';
import {Injector} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallDockCorner} from './call-dock-config';

/** The pane class of a docked (or popped-out) call: the dock's stylesheet lays the screen out small. */
export const KIT_CALL_DOCKED_PANE_CLASS = 'kit-call-overlay-pane-docked';
/** Beside it while docked in a top corner: a waiting call's banner goes to the bottom edge of the page. */
const DOCKED_TOP_PANE_CLASS = 'kit-call-overlay-pane-docked-top';

/** How far a docked call stays from the window's edges. */
const MARGIN = '16px';

/**
 * Turns the one CDK dialog of a call from a full-screen modal into a small window beside the app, and back, with the
 * overlay's public API: the pane's class, size and position (`addPanelClass`, `updateSize`,
 * `updatePositionStrategy`), the scroll strategy (the page scrolls while docked) and the container's `aria-modal`.
 * It also lifts what the CDK put on the page for a modal dialog: the `aria-hidden` of the page beside the overlay
 * container, and the Tab anchors of the focus traps in the pane (the container's and the screen's).
 * @docs-private
 */
export class KitCallDockPane {
  readonly #dialogRef: DialogRef<unknown, unknown>;
  readonly #overlayRef: OverlayRef;
  readonly #injector: Injector;
  readonly #markForCheck: () => void;
  /** The dialog's own size, position and scroll strategy, given back when the call goes full screen. */
  readonly #fullscreen: OverlayConfig;
  #unhidden: Element[] = [];
  #docked = false;
  readonly #dialogs: Dialog;
  /** Follows the other dialogs: while one of them is modal, the page stays hidden from screen readers. */
  readonly #others = new Subscription();

  /**
   * @param dialogRef The call's dialog.
   * @param injector Where the position strategies and the overlay container come from.
   * @param markForCheck Re-renders the container (its `aria-modal` binding).
   */
  constructor(
    dialogRef: DialogRef<unknown, unknown>,
    injector: Injector,
    markForCheck: () => void,
  ) {
    this.#dialogRef = dialogRef;
    this.#overlayRef = dialogRef.overlayRef;
    this.#injector = injector;
    this.#markForCheck = markForCheck;
    this.#fullscreen = {...this.#overlayRef.getConfig()};
    this.#dialogs = injector.get(Dialog);
    this.#others.add(
      this.#dialogs.afterOpened.subscribe(other => {
        this.#others.add(other.closed.subscribe(() => this.#followOthers()));
        this.#followOthers();
      }),
    );
  }

  /** Whether the dialog is docked (or popped out). */
  get docked(): boolean {
    return this.#docked;
  }

  /**
   * Docks the dialog in a corner (or moves it there when it is docked).
   * @param corner The corner.
   */
  dock(corner: KitCallDockCorner): void {
    const overlayRef = this.#overlayRef;
    if (!this.#docked) {
      this.#docked = true;
      overlayRef.addPanelClass(KIT_CALL_DOCKED_PANE_CLASS);
      // The dock's stylesheet sizes the pane: an empty size here lets it.
      overlayRef.updateSize({width: '', height: '', maxWidth: '', maxHeight: ''});
      overlayRef.updateScrollStrategy(createNoopScrollStrategy());
      this.#setModal(false);
    }
    const [vertical, horizontal] = corner.split('-');
    if (vertical === 'top') {
      overlayRef.addPanelClass(DOCKED_TOP_PANE_CLASS);
    } else {
      overlayRef.removePanelClass(DOCKED_TOP_PANE_CLASS);
    }
    const position = createGlobalPositionStrategy(this.#injector);
    (vertical === 'top' ? position.top(MARGIN) : position.bottom(MARGIN))[
      horizontal === 'start' ? 'start' : 'end'
    ](MARGIN);
    overlayRef.updatePositionStrategy(position);
  }

  /** Shows the dialog full screen and modal again, as it opened. */
  undock(): void {
    if (!this.#docked) {
      return;
    }
    this.#docked = false;
    const overlayRef = this.#overlayRef;
    const {width, height, maxWidth, maxHeight, positionStrategy, scrollStrategy} = this.#fullscreen;
    overlayRef.removePanelClass([KIT_CALL_DOCKED_PANE_CLASS, DOCKED_TOP_PANE_CLASS]);
    overlayRef.updateSize({width, height, maxWidth, maxHeight});
    if (positionStrategy) {
      overlayRef.updatePositionStrategy(positionStrategy);
    }
    if (scrollStrategy) {
      overlayRef.updateScrollStrategy(scrollStrategy);
    }
    this.#setModal(true);
  }

  /**
   * Forgets what it lifted: the dialog closes, and the CDK gives the page back its own state. (While another dialog
   * is open, the page is already hidden again: see `#followOthers`.)
   */
  dispose(): void {
    this.#others.unsubscribe();
    this.#unhidden = [];
  }

  /**
   * Whether a dialog other than this one is open and not docked (an app's own, or another call full screen): the
   * CDK hides the page for every dialog.
   */
  #otherModalOpen(): boolean {
    return this.#dialogs.openDialogs.some(
      other =>
        other !== this.#dialogRef &&
        !other.overlayRef.overlayElement.classList.contains(KIT_CALL_DOCKED_PANE_CLASS),
    );
  }

  /**
   * Docked, the page is shown to screen readers only while no other dialog is open. The CDK hides the page only when
   * the first dialog opens: with a docked call open, a second one (an app's modal, the call that End and accept takes
   * full screen) would leave it exposed.
   */
  #followOthers(): void {
    if (this.#docked) {
      this.#setPageHidden(this.#otherModalOpen());
    }
  }

  #setModal(modal: boolean): void {
    const overlayRef = this.#overlayRef;
    this.#dialogRef.config.ariaModal = modal;
    // The container binds it at its next check; set at once too, for a screen that looks before that.
    overlayRef.overlayElement
      .querySelector('.cdk-dialog-container')
      ?.setAttribute('aria-modal', String(modal));
    this.#markForCheck();
    // `detachBackdrop()` cannot be undone through the overlay's API: the backdrop stays, out of the way.
    const backdrop = overlayRef.backdropElement;
    if (backdrop) {
      backdrop.hidden = !modal;
    }
    // A focus trap lets go of Tab as `FocusTrap.enabled = false` does: its anchors leave the Tab order. The traps
    // are the CDK container's and the screen's, which the kit cannot reach through an API.
    overlayRef.overlayElement.querySelectorAll('.cdk-focus-trap-anchor').forEach(anchor => {
      if (modal) {
        anchor.setAttribute('tabindex', '0');
      } else {
        anchor.removeAttribute('tabindex');
      }
    });
    this.#setPageHidden(modal || this.#otherModalOpen());
  }

  /**
   * The CDK hides the page beside the overlay container from screen readers while a modal dialog is open; a docked
   * call shows it again, and hides it again once full screen.
   */
  #setPageHidden(hidden: boolean): void {
    if (hidden) {
      this.#unhidden.forEach(element => element.setAttribute('aria-hidden', 'true'));
      this.#unhidden = [];
      return;
    }
    const container = this.#injector.get(OverlayContainer).getContainerElement();
    for (const sibling of Array.from(container.parentElement?.children ?? [])) {
      if (sibling !== container && sibling.getAttribute('aria-hidden') === 'true') {
        sibling.removeAttribute('aria-hidden');
        this.#unhidden.push(sibling);
      }
    }
  }
}
