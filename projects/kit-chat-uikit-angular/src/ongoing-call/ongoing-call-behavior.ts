import {Directive, ElementRef, InputSignal, inject, input} from '@angular/core';
import {KitOngoingCallMedia} from './ongoing-call-media';

/**
 * A part of the ongoing screen (`KIT_ONGOING_CALL_PARTS`) with no box of its own, which works on the screen's
 * elements: the bar that hides, the self view that moves. @docs-private
 */
@Directive()
export abstract class KitOngoingCallBehavior {
  /** The call's media, as the ongoing screen shows it (every part's input). */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();

  constructor() {
    // Hidden, so that it takes no slot of the control row. Set here: a base directive's host attributes do not
    // reach the part in an AOT build (its host stayed a 72 px column between Camera and End).
    (inject(ElementRef).nativeElement as Element).setAttribute('hidden', '');
  }
}
