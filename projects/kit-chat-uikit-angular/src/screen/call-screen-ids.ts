import {InjectionToken} from '@angular/core';

/**
 * The ids a screen in a call overlay gives its label and its description. The overlay chooses them before the
 * screen exists, so that the CDK dialog container (the one element with the dialog role) can point at them with
 * `ariaLabelledBy` / `ariaDescribedBy`; the screen then carries no role of its own.
 * @docs-private
 */
export interface KitCallScreenIds {
  /** Id of the element that names the screen ("Incoming video call from Ada Lovelace"). */
  readonly label: string;
  /** Id of the element that describes it (the call type or status line). */
  readonly description: string;
}

/**
 * Places the call of an outgoing screen again (its "Call again" button); the call overlay provides it.
 * @docs-private
 */
export const KIT_CALL_AGAIN = new InjectionToken<() => void>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_AGAIN' : '',
);

/** @docs-private */
export const KIT_CALL_SCREEN_IDS = new InjectionToken<KitCallScreenIds>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_SCREEN_IDS' : '',
);
