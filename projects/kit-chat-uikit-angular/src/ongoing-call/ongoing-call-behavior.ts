import {Directive, InputSignal, input} from '@angular/core';
import {KitOngoingCallMedia} from './ongoing-call-media';

/**
 * A part of the ongoing screen (`KIT_ONGOING_CALL_PARTS`) with no box of its own, which works on the screen's
 * elements: the bar that hides, the self view that moves. @docs-private
 */
@Directive({host: {hidden: ''}})
export abstract class KitOngoingCallBehavior {
  /** The call's media, as the ongoing screen shows it (every part's input). */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
}
