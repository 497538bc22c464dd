import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the docked call window (`withDockedCalls()`). Provide a subclass to translate them, as with
 * `KitCallsIntl`; call `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitCallDockIntl {
  /** Emits when the strings changed, so that the docked window renders again. */
  readonly changes = new Subject<void>();

  /** The button that docks the call beside the app. */
  minimize = 'Minimize call';
  /** The button that shows a docked call full screen again. */
  restore = 'Full screen';
  /** The button that pops the call out into its own window. */
  popOut = 'Pop out';
  /** The button of a popped-out call that brings it back into the tab. */
  backToTab = 'Back to the tab';
  /** Says how to move the docked window. */
  moveHint = 'Arrow keys move the call window';

  /**
   * @param vertical Where the docked window went: `'top'` or `'bottom'`.
   * @param horizontal And `'left'` or `'right'`.
   * @returns What the screen reader says after a move.
   */
  movedTo(vertical: 'top' | 'bottom', horizontal: 'left' | 'right'): string {
    return `Call window moved to the ${vertical} ${horizontal} corner`;
  }
}
