import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Component, ViewEncapsulation, effect, inject} from '@angular/core';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitOngoingCallBehavior} from './ongoing-call-behavior';
import {KitSelfViewIntl} from './self-view-intl';

type KitVertical = 'top' | 'bottom';
type KitHorizontal = 'left' | 'right';

const ARROWS: Record<string, KitVertical | KitHorizontal> = {
  ArrowUp: 'top',
  ArrowDown: 'bottom',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
const EVENTS = ['pointerdown', 'pointermove', 'lostpointercapture', 'keydown'];

/**
 * The self view that moves (`withDraggableSelfView()`): a part of the ongoing screen with no box of its own, which
 * takes the screen's self view each time it appears. The tile sits in a corner of the stage, the room between the
 * name and the controls, so that it never covers either once placed: dragged with the pointer (captured), it snaps to
 * the nearest corner when let go; focused (it is in the tab order, named by `KitSelfViewIntl.label`), an arrow key
 * sends it to the corner on that side, the other axis kept. Each move is said to screen readers. Left and right are
 * the screen's, whatever the page's direction.
 * @docs-private
 */
@Component({
  selector: 'kit-draggable-self-view',
  template: '',
  styleUrl: 'draggable-self-view.scss',
  encapsulation: ViewEncapsulation.None,
})
export class KitDraggableSelfViewComponent extends KitOngoingCallBehavior {
  readonly #intl = inject(KitSelfViewIntl);
  readonly #announcer = inject(LiveAnnouncer);
  /** The corner the user chose; none yet: the stylesheet's bottom end corner. */
  #corner?: [KitVertical, KitHorizontal];

  constructor() {
    super();
    const changes = kitFollowIntl(this.#intl);
    effect(onCleanup => {
      changes();
      const tile = this.media().localVideo()?.nativeElement;
      if (tile) {
        onCleanup(this.#take(tile));
      }
    });
  }

  /** Makes the self view movable. @returns Lets it go (its listeners removed). */
  #take(tile: HTMLElement): () => void {
    tile.removeAttribute('aria-hidden');
    tile.tabIndex = 0;
    tile.setAttribute('aria-label', this.#intl.label);
    tile.classList.add('kit-ongoing-call-self-view');
    this.#place(tile);
    let grab: number[] | undefined;
    const on = (event: Event) => {
      const {type} = event;
      const {clientX, clientY, pointerId, button} = event as PointerEvent;
      const {key, altKey, ctrlKey, metaKey} = event as KeyboardEvent;
      const side = type === 'keydown' && !altKey && !ctrlKey && !metaKey ? ARROWS[key] : undefined;
      if (type === 'pointerdown' && !button) {
        tile.setPointerCapture(pointerId);
        grab = [clientX, clientY];
      } else if (type === 'pointermove' && grab) {
        tile.style.translate = `${clientX - grab[0]}px ${clientY - grab[1]}px`;
      } else if ((type === 'lostpointercapture' && grab) || side) {
        // Let go, or an arrow key: to the nearest corner, or to the key's side of it.
        event.preventDefault();
        grab = undefined;
        const at = tile.getBoundingClientRect();
        const stage = tile.parentElement!.getBoundingClientRect();
        tile.style.translate = '';
        const before = String(this.#corner);
        this.#corner = [
          side === 'top' || side === 'bottom'
            ? side
            : at.top + at.bottom < stage.top + stage.bottom
              ? 'top'
              : 'bottom',
          side === 'left' || side === 'right'
            ? side
            : at.left + at.right < stage.left + stage.right
              ? 'left'
              : 'right',
        ];
        this.#place(tile);
        if (side || before !== String(this.#corner)) {
          void this.#announcer.announce(this.#intl.movedTo(...this.#corner), 'polite');
        }
      }
    };
    EVENTS.forEach(type => tile.addEventListener(type, on));
    return () => EVENTS.forEach(type => tile.removeEventListener(type, on));
  }

  #place(tile: HTMLElement): void {
    const corner = this.#corner;
    // In the stage's grid cell: `start`/`end` are its top and bottom, `left`/`right` the screen's.
    tile.style.placeSelf = corner ? `${corner[0] === 'top' ? 'start' : 'end'} ${corner[1]}` : '';
  }
}
