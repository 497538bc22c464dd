import {
  Component,
  ElementRef,
  InjectionToken,
  ViewEncapsulation,
  effect,
  inject,
} from '@angular/core';
import {KitOngoingCallBehavior} from './ongoing-call-behavior';

/** The options of `withHidingControls()`. */
export interface KitHidingControlsOptions {
  /** How long a still mouse leaves the control bar on screen, in ms (3000 by default). */
  readonly delay?: number;
}

/** The options given to `withHidingControls()`. @docs-private */
export const KIT_HIDING_CONTROLS_OPTIONS = new InjectionToken<KitHidingControlsOptions>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_HIDING_CONTROLS_OPTIONS' : '',
);

/** The class of the ongoing screen while the mouse has been still for the delay. */
const IDLE = 'kit-ongoing-call-idle';
/** What shows the bar again: a move, a press, a key, a focus. */
const WAKE = ['pointermove', 'pointerdown', 'keydown', 'focusin'];

/**
 * The control bar of a full-bleed video that steps aside while the mouse stays still (`withHidingControls()`): a part
 * of the ongoing screen with no box of its own. A mouse's move starts the delay; once it is over, the screen takes
 * `kit-ongoing-call-idle`, and its stylesheet fades the bar out (by opacity: it stays in the accessibility tree) only
 * on a wide screen with a mouse, and never while the bar holds the focus or the pointer. A key, a focus, a press, a
 * touch or a pen shows it again and starts no delay: keyboard, screen-reader and touch users keep it.
 * @docs-private
 */
@Component({
  selector: 'kit-hiding-controls',
  template: '',
  styleUrl: 'hiding-controls.scss',
  encapsulation: ViewEncapsulation.None,
})
export class KitHidingControlsComponent extends KitOngoingCallBehavior {
  constructor() {
    super();
    const host: HTMLElement = inject(ElementRef).nativeElement;
    const delay = inject(KIT_HIDING_CONTROLS_OPTIONS, {optional: true})?.delay ?? 3000;
    // Once the part is in the screen (an effect runs after it is inserted); undone when the screen goes.
    effect(onCleanup => {
      this.media();
      const screen = host.closest<HTMLElement>('.kit-ongoing-call');
      if (!screen) {
        return;
      }
      // The page's: a key or a focus in the dialog around the screen (its top bar's buttons) counts too, and a
      // handler that stops an event does not keep the bar away (captured).
      const page = screen.ownerDocument;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wake = (event: Event) => {
        clearTimeout(timer);
        screen.classList.remove(IDLE);
        if (event.type === 'pointermove' && (event as PointerEvent).pointerType === 'mouse') {
          timer = setTimeout(() => screen.classList.add(IDLE), delay);
        }
      };
      WAKE.forEach(type => page.addEventListener(type, wake, true));
      onCleanup(() => {
        clearTimeout(timer);
        WAKE.forEach(type => page.removeEventListener(type, wake, true));
        screen.classList.remove(IDLE);
      });
    });
  }
}
