import {InjectionToken, Type} from '@angular/core';
import {KitCallEndReason} from '../call/call-session';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitCall} from '../sdk/models';

/**
 * Options of a call screen opened with `KitCallOverlay`, merged once per call in this order: the config given to
 * `open*Call` / `startCall`, then `KIT_CALL_OVERLAY_DEFAULT_OPTIONS`, then `KitUIKitConfig.overlay`, then the
 * defaults below.
 */
export class KitCallOverlayConfig {
  /** Extra CSS classes of the overlay pane (for theme classes made with the Sass mixins). */
  panelClass?: string | string[] = [];
  /**
   * z-index of the overlay; above the CDK's default (1000), so the call stays above overlays opened later.
   * Set `null` to stack like any other overlay.
   */
  zIndex?: number | null = 1100;
  /** Whether focus returns to the element that had it before the call opened. */
  restoreFocus?: boolean = true;
  /** Settings applied to the call when it is accepted (spec: `setCallSettingsBuilder`). */
  callSettingsBuilder?: KitCallSettingsBuilder | null = null;
  /** Milliseconds a call may ring unanswered before it ends as "unanswered"; 0 rings forever. */
  ringTimeout?: number = 45_000;
  /**
   * The screen shown once the call is accepted. `KitOngoingCallComponent` by default (or
   * `KIT_ONGOING_CALL_COMPONENT`). It receives the call through a `call` input, if it has one, and through
   * `KIT_CALL_OVERLAY_DATA`.
   */
  ongoingCallComponent?: Type<unknown> | null = null;
  /** Inputs set on the ringing screen, such as `{disableSoundForCalls: true, backgroundColor: '#123'}`. */
  inputs?: Record<string, unknown> = {};
}

/** The component shown after a call is accepted, app-wide. `KitOngoingCallComponent` when not provided. */
export const KIT_ONGOING_CALL_COMPONENT = new InjectionToken<Type<unknown>>(
  'KIT_ONGOING_CALL_COMPONENT',
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
  'KIT_CALL_OVERLAY_DATA',
);
