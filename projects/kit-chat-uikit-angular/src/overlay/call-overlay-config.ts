import {InjectionToken, Type} from '@angular/core';
import {KitCallEndReason} from '../session/call-session';
import {KitCall} from '../sdk/models';

// The options live in core/, beside their defaults token, which the call registry reads without the overlay.
export {KitCallOverlayConfig} from '../core/config';

/** The component shown after a call is accepted, app-wide. `KitOngoingCallComponent` when not provided. */
export const KIT_ONGOING_CALL_COMPONENT = new InjectionToken<Type<unknown>>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_ONGOING_CALL_COMPONENT' : '',
);

/** What a screen in a call overlay can inject: the call, and a way to close the overlay. */
export interface KitCallOverlayData {
  /** The call, with its `settings` once accepted. */
  readonly call: KitCall;
  /**
   * Closes the overlay.
   * @param reason Why the call ended.
   */
  readonly close: (reason?: KitCallEndReason) => void;
}

/** Injection token of `KitCallOverlayData`, for a custom ongoing-call component. */
export const KIT_CALL_OVERLAY_DATA = new InjectionToken<KitCallOverlayData>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_OVERLAY_DATA' : '',
);
