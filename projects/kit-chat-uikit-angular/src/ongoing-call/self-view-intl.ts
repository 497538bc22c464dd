import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the self view that moves (`withDraggableSelfView()`). Provide a subclass to translate them, as with
 * `KitCallsIntl`; call `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitSelfViewIntl {
  /** Emits when the strings changed, so that the self view takes its new name. */
  readonly changes = new Subject<void>();

  /** The accessible name of the self view, which says how to move it. */
  label = 'Your video, arrow keys move it';

  /**
   * @param vertical Where the self view went: `'top'` or `'bottom'`.
   * @param horizontal And `'left'` or `'right'`.
   * @returns What the screen reader says after a move.
   */
  movedTo(vertical: 'top' | 'bottom', horizontal: 'left' | 'right'): string {
    return `Your video moved to the ${vertical} ${horizontal} corner`;
  }
}
