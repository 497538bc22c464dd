import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of `<kit-call-buttons>`. Provide a subclass to translate them, as with `KitCallsIntl` (a language pack of
 * `kit-chat-uikit-angular/i18n` sets them all); call `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitCallButtonsIntl {
  /** Emits when the strings changed, so that the buttons render again. */
  readonly changes = new Subject<void>();

  /** Visible label of the voice call button. */
  voice = 'Voice';
  /** Visible label of the video call button. */
  video = 'Video';
  /** Why the buttons are disabled while the call service is not ready (no connection, nobody logged in). */
  notReady = 'Calls are not available right now';

  /**
   * Accessible name of a call button.
   * @param name The person to call.
   * @param isVideo Whether it is the video call button.
   * @returns The label.
   */
  callTo = (name: string, isVideo?: boolean): string =>
    `${isVideo ? 'Video' : 'Voice'} call ${name}`;
  /**
   * Why the buttons are disabled while a call with that person is live.
   * @param name The person.
   * @returns The reason.
   */
  inCallWith = (name: string): string => `Already in a call with ${name}`;
}
