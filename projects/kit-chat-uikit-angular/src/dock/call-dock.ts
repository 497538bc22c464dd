import {LiveAnnouncer, _IdGenerator} from '@angular/cdk/a11y';
import {DialogRef} from '@angular/cdk/dialog';
import {DragRef, createDragRef} from '@angular/cdk/drag-drop';
import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  Injector,
  Renderer2,
  Signal,
  ViewEncapsulation,
  afterNextRender,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import {KitCallDisplay, KitCallDisplayMode} from '../overlay/call-display';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {
  KIT_CALL_PIP_OPENER,
  KIT_DOCKED_CALLS_OPTIONS,
  KitCallDockCorner,
  KitCallPipWindow,
} from './call-dock-config';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitCallDockIntl} from './call-dock-intl';
import {KitCallDockPane} from './call-dock-pane';

/** The pane class of a call popped out into a Picture-in-Picture window: the empty pane steps aside. */
const POPPED_PANE_CLASS = 'kit-call-overlay-pane-popped';

const ARROWS: Record<string, 'top' | 'bottom' | 'left' | 'right'> = {
  ArrowUp: 'top',
  ArrowDown: 'bottom',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** What uses the arrow keys itself (a device picker's select, a text field, a listbox): the dock leaves them be. */
const ARROW_KEY_OWNERS =
  'input,select,textarea,[contenteditable]:not([contenteditable="false"]),[role=listbox],[role=combobox],' +
  '[role=slider],[role=spinbutton],[role=menu],[role=radiogroup],[role=tablist],[role=grid],[role=tree]';

/**
 * The dock of a call's dialog (`withDockedCalls()`), placed first in the dialog's content. Full screen, it
 * is a "Minimize" button; docked, the dialog becomes a small non-modal window in a corner (dragged, or moved with the
 * arrow keys, it snaps to the nearest corner) that shows the screen small (the remote video or the avatar, the
 * clock, mute and end call: the screen's own buttons), with "Full screen" and, with `withPictureInPicture()`, "Pop
 * out". It is the call reference's `KitCallDisplay`: `minimize()`, `popOut()` and `restore()` of the reference
 * land here.
 * @docs-private
 */
@Component({
  selector: 'kit-call-dock',
  templateUrl: 'call-dock.html',
  styleUrl: 'call-dock.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-call-dock',
    '[class.kit-call-dock-docked]': '_mode() !== "fullscreen"',
    '[hidden]': '!_canDock() && _mode() === "fullscreen"',
  },
})
export class KitCallDockComponent implements KitCallDisplay {
  readonly #ref = inject(KitCallOverlayRef);
  readonly #dialogRef = inject(DialogRef);
  readonly #injector = inject(Injector);
  readonly #host: HTMLElement = inject(ElementRef).nativeElement;
  readonly #announcer = inject(LiveAnnouncer);
  readonly #options = inject(KIT_DOCKED_CALLS_OPTIONS, {optional: true}) ?? {};
  readonly #pipOpener = inject(KIT_CALL_PIP_OPENER, {optional: true});
  readonly #mode = signal<KitCallDisplayMode>('fullscreen');
  readonly #pane: KitCallDockPane;
  readonly #drag: DragRef;
  #corner: KitCallDockCorner = this.#options.corner ?? 'bottom-end';
  #pip: KitCallPipWindow | null = null;
  /** Whether the call's dialog closed: its overlay is gone, nothing moves any more. */
  #destroyed = false;
  /** The element that had focus before the call opened: focus goes back to it when the call docks. */
  readonly #appFocus = _getFocusedElementPierceShadowDom();

  protected readonly intl = inject(KitCallDockIntl);
  /** How the call is shown now. */
  readonly mode: Signal<KitCallDisplayMode> = this.#mode.asReadonly();
  protected readonly _mode = this.mode;
  /** Whether the call may leave full screen: placed from here and dialing, or ongoing (never while it rings). */
  protected readonly _canDock = computed(() => {
    const stage = this.#ref.stage();
    return stage === 'dialing' || stage === 'ongoing';
  });
  protected readonly _hintId = inject(_IdGenerator).getId('kit-call-dock-hint-');
  /** Whether "Pop out" is offered. */
  protected readonly _canPopOut = !!this.#pipOpener?.supported;

  constructor() {
    kitFollowIntl(this.intl);
    const pane = this.#dialogRef.overlayRef.overlayElement;
    // Marking the dialog's content marks the container around it, whose aria-modal binding changes.
    this.#pane = new KitCallDockPane(this.#dialogRef, this.#injector, () =>
      this.#dialogRef.componentRef?.changeDetectorRef.markForCheck(),
    );
    this.#drag = createDragRef(this.#injector, pane, {
      dragStartThreshold: 5,
      pointerDirectionChangeThreshold: 5,
    });
    this.#drag.disabled = true;
    this.#drag.ended.subscribe(() => this.#snap());
    const stopKeys = inject(Renderer2).listen(pane, 'keydown', (event: KeyboardEvent) =>
      this.#onKeydown(event),
    );
    this.#ref._displaySignal.set(this);
    if (this.#options.startDocked) {
      let started = false;
      effect(() => {
        if (this._canDock() && !started) {
          started = true;
          // Late in the render: in its first one the dialog focuses itself and hides the page, which the dock
          // undoes (the read phase runs after the other callbacks of the same render).
          afterNextRender({read: () => this.minimize()}, {injector: this.#injector});
        }
      });
    }
    inject(DestroyRef).onDestroy(() => {
      this.#destroyed = true;
      stopKeys();
      this.#drag.dispose();
      this.#pane.dispose();
      const pip = this.#pip;
      this.#pip = null;
      pip?.close();
    });
  }

  /** Docks the call in its corner. */
  minimize(): void {
    if (this.#destroyed || !untracked(this._canDock)) {
      return;
    }
    this.#closePip();
    this.#dialogRef.overlayRef.removePanelClass(POPPED_PANE_CLASS);
    this.#pane.dock(this.#corner);
    this.#drag.disabled = false;
    this.#mode.set('docked');
    this.#giveFocusToApp();
  }

  /** Pops the call out into a Picture-in-Picture window; docks it where there is none. */
  async popOut(): Promise<void> {
    const opener = this.#pipOpener;
    if (this.#destroyed || this.#mode() === 'pip') {
      return;
    }
    if (!opener?.supported || !untracked(this._canDock)) {
      this.minimize();
      return;
    }
    const container = this.#container();
    const pane = this.#dialogRef.overlayRef.overlayElement;
    if (!container) {
      return;
    }
    // The dialog leaves the modal state first (its focus traps live in the pane, which stays here).
    this.#pane.dock(this.#corner);
    this.#drag.disabled = true;
    const pip = await opener.open(container, pane, () => this.#onPipClosed(pip));
    if (!pip || this.#destroyed) {
      pip?.close(); // The call ended while the window opened.
      this.minimize();
      return;
    }
    this.#pip = pip;
    this.#dialogRef.overlayRef.addPanelClass(POPPED_PANE_CLASS);
    this.#mode.set('pip');
    this.#giveFocusToApp();
  }

  /** Shows the call full screen again, with focus in it. */
  restore(): void {
    if (this.#destroyed || this.#mode() === 'fullscreen') {
      return;
    }
    this.#mode.set('fullscreen');
    this.#closePip();
    this.#dialogRef.overlayRef.removePanelClass(POPPED_PANE_CLASS);
    this.#drag.disabled = true;
    this.#drag.reset();
    this.#pane.undock();
    afterNextRender(() => this.#container()?.focus(), {injector: this.#injector});
  }

  /** The user closed the window (or the call came back some other way): the call comes back full screen. */
  #onPipClosed(pip: KitCallPipWindow | null): void {
    if (this.#pip === pip && this.#mode() === 'pip') {
      this.#pip = null;
      this.restore();
    }
  }

  #closePip(): void {
    const pip = this.#pip;
    this.#pip = null;
    pip?.close();
  }

  /** The dialog container around the dock, wherever it is (in the pane, or in the Picture-in-Picture window). */
  #container(): HTMLElement | null {
    return this.#host.closest<HTMLElement>('.cdk-dialog-container');
  }

  /** Focus that was in the call goes back to the app (where it was before the call), or to the page. */
  #giveFocusToApp(): void {
    const active = _getFocusedElementPierceShadowDom();
    const pane = this.#dialogRef.overlayRef.overlayElement;
    if (active && active !== active.ownerDocument.body && !pane.contains(active)) {
      return; // The user is in the app already.
    }
    const target = this.#appFocus;
    if (target?.isConnected && !pane.contains(target)) {
      target.focus();
    } else {
      active?.blur();
    }
  }

  #onKeydown(event: KeyboardEvent): void {
    const side = ARROWS[event.key];
    if (
      !side ||
      this.#mode() !== 'docked' ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      (event.target as Element | null)?.closest?.(ARROW_KEY_OWNERS)
    ) {
      return;
    }
    event.preventDefault();
    const [vertical, horizontal] = this.#physical(this.#corner);
    this.#moveTo(
      side === 'top' || side === 'bottom' ? side : vertical,
      side === 'left' || side === 'right' ? side : horizontal,
    );
  }

  /** A drag ends in the corner nearest to where the window was dropped. */
  #snap(): void {
    const rect = this.#dialogRef.overlayRef.overlayElement.getBoundingClientRect();
    const view = this.#dialogRef.overlayRef.overlayElement.ownerDocument.defaultView;
    const middleX = (view?.innerWidth ?? 0) / 2;
    const middleY = (view?.innerHeight ?? 0) / 2;
    this.#drag.reset();
    this.#moveTo(
      rect.top + rect.height / 2 < middleY ? 'top' : 'bottom',
      rect.left + rect.width / 2 < middleX ? 'left' : 'right',
    );
  }

  #moveTo(vertical: 'top' | 'bottom', horizontal: 'left' | 'right'): void {
    const rtl = this.#dialogRef.overlayRef.getDirection() === 'rtl';
    const start = (horizontal === 'left') !== rtl;
    const corner: KitCallDockCorner = `${vertical}-${start ? 'start' : 'end'}`;
    if (corner !== this.#corner || this.#mode() === 'docked') {
      this.#corner = corner;
      this.#pane.dock(corner);
    }
    void this.#announcer.announce(this.intl.movedTo(vertical, horizontal), 'polite');
  }

  /** @returns The corner as the screen shows it: top or bottom, left or right. */
  #physical(corner: KitCallDockCorner): ['top' | 'bottom', 'left' | 'right'] {
    const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'start' | 'end'];
    const rtl = this.#dialogRef.overlayRef.getDirection() === 'rtl';
    return [vertical, (horizontal === 'start') !== rtl ? 'left' : 'right'];
  }
}
