import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the keypad (`withKeypad()`). Provide a subclass to translate them, as with `KitCallsIntl`; call
 * `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitKeypadIntl {
  /** Emits when the strings changed, so that the keypad renders again. */
  readonly changes = new Subject<void>();

  /** Text of the button that shows the keypad, and the name of its keys. */
  keypad = 'Keypad';
  /** The name of the key `*`. */
  star = 'Star';
  /** The name of the key `#`. */
  pound = 'Pound';
  /** What the line of the digits sent in this call is called (for screen readers). */
  digitsSent = 'Digits sent:';
  /**
   * @param key The name of the key sent (`5`, or `star` / `pound`).
   * @returns What the screen reader says once it is sent.
   */
  sent = (key: string): string => `${key} sent`;
}
