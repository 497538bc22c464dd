import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the look before answering (`withCallPreview()`): the self view behind a ringing video call and
 * "Answer as voice". Provide a subclass to translate them, as with `KitCallsIntl`; call `changes.next()` when they
 * change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitCallPreviewIntl {
  /** Emits when the strings changed, so that the parts render again. */
  readonly changes = new Subject<void>();

  /** What a screen reader says of the self view behind a ringing video call. */
  preview = 'Your camera preview, seen only by you until the call connects';
  /** Text of the button that answers a video call with no camera. */
  answerAsVoice = 'Answer as voice';
  /**
   * @param name The caller's name.
   * @returns The accessible name of "Answer as voice": it starts with the visible text, so a user of voice control
   *   who says what they see reaches the button.
   */
  answerAsVoiceFrom = (name: string): string => `Answer as voice: video call from ${name}`;
}
