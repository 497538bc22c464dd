import {Signal} from '@angular/core';

/**
 * How a call's overlay shows it: full screen (the default), docked in a small floating window beside the app
 * (`withDockedCalls()`), or popped out into a Picture-in-Picture window (`withPictureInPicture()`).
 */
export type KitCallDisplayMode = 'fullscreen' | 'docked' | 'pip';

/**
 * What docks and pops out the one dialog of a call: the dock feature gives one to each call's reference.
 * @docs-private
 */
export interface KitCallDisplay {
  /** How the call is shown now. */
  readonly mode: Signal<KitCallDisplayMode>;
  /** Docks the call. */
  minimize(): void;
  /** Pops the call out into a Picture-in-Picture window, or docks it where there is none. */
  popOut(): Promise<void>;
  /** Shows the call full screen again. */
  restore(): void;
}
