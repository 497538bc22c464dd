import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of hold and resume (`withHold()`). Provide a subclass to translate them, as with `KitCallsIntl`; call
 * `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitHoldIntl {
  /** Emits when the strings changed, so that the hold button renders again. */
  readonly changes = new Subject<void>();

  /** Text of the hold button (pressed while the call is on hold). */
  hold = 'Hold';
  /** Said after the time while the user holds the call, and to screen readers. */
  onHold = 'On hold';
  /** Said to screen readers once the call is off hold. */
  resumed = 'Call resumed';
  /**
   * @param name The other person.
   * @returns Said after the time while the other person holds the call, and to screen readers.
   */
  heldBy = (name: string): string => `${name} put you on hold`;
}
