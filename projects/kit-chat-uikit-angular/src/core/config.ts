import {InjectionToken, Type} from '@angular/core';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitOnError} from '../sdk/models';

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

/** Configuration of the UI kit (spec: `KitUIKit.init()`), given to `provideKitUIKit` or `KitCallsModule.forRoot`. */
export interface KitUIKitConfig {
  /**
   * The call SDK adapter: a class that extends `KitCallsSdk`, or a factory run in an injection context (such as
   * `kitInMemoryCallsSdk(user)`). Without it, the screens report `ERR_NOT_INITIALIZED`.
   */
  callsSdk?: Type<KitCallsSdk> | (() => KitCallsSdk);
  /**
   * Whether an incoming call opens the incoming overlay by itself (default `true`). Read by `provideKitUIKit`, which
   * adds `withAutoRing()` unless it is `false`; `provideKitCalls` takes the feature instead.
   */
  autoRing?: boolean;
  /**
   * What happens to a call that rings while another call is on screen: `'busy'` (default) answers it busy;
   * `'wait'` shows a compact call-waiting banner, whose decline never touches the call on screen.
   * @deprecated Give `withCallWaiting()` after the config instead: the option alone no longer ships the banner
   *     (an app paid for it whether it waited or not). Set to `'wait'` without the feature, it is reported through
   *     `onError` (`ERR_NOT_INITIALIZED`) and a second call is answered busy.
   */
  busyPolicy?: 'busy' | 'wait';
  /**
   * How many calls may wait in call-waiting banners at once (`withCallWaiting()`; default 1, as a phone holds one
   * waiting call). A call that rings past them is answered busy through the SDK (`rejectCall(id, 'busy')`, as a
   * second call is without call waiting): no banner, no sound, its caller hears busy.
   */
  maxWaitingCalls?: number;
  /**
   * Whether an incoming call also raises a system notification while the tab is hidden (needs permission).
   * @deprecated Give `withHiddenTabNotifications()` after the config instead: the option alone no longer ships the
   *     notifications. Set without the feature, it is reported through `onError` (`ERR_NOT_INITIALIZED`).
   */
  notifyWhenHidden?: boolean;
  /** Defaults of every call overlay (`KIT_CALL_OVERLAY_DEFAULT_OPTIONS` and per-open config win over them). */
  overlay?: KitCallOverlayConfig;
  /**
   * Milliseconds an SDK action (accept, decline, cancel, end, `initiateCall`) may stay unanswered before it counts
   * as failed with `ERR_NETWORK` (default 15000): accept and decline go back to ringing, a hang-up closes at once.
   */
  actionTimeout?: number;
  /**
   * Milliseconds an ending the user did not choose stays on screen before the screen closes (default 2000): an
   * outgoing call's outcome (declined, busy, no answer), a caller's cancel, a missed call, an answer on another
   * device, a failure, the other side hanging up. The user's own decline, cancel and hang-up close at once; `0`
   * closes every ending at once. The outgoing screen's `closeDelay` input wins for that screen. When not set, an
   * outgoing call's outcome, which offers "Call again", stays 5000 ms: time to press it.
   */
  closeDelay?: number;
  /**
   * Milliseconds an ongoing call may stay "Reconnecting…" after the SDK said its connection dropped
   * (`onCallReconnecting`) before it ends as failed (default 30000).
   */
  reconnectTimeout?: number;
  /**
   * The `deviceId` of the audio output that rings (`HTMLMediaElement.setSinkId`), such as the speakers while the
   * call itself plays on a headset. Needs `withDevicePickers()`. A device that cannot be used is reported through
   * `onError` and the ringtone rings on the default output.
   */
  ringtoneOutput?: string;
  /** Receives the errors of the flows that run by themselves (auto ring, busy answers, glare). */
  onError?: KitOnError;
}

/** The configuration given to `provideKitUIKit`. */
export const KIT_UIKIT_CONFIG = new InjectionToken<KitUIKitConfig>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_UIKIT_CONFIG' : '',
  {
    providedIn: 'root',
    factory: () => ({}),
  },
);

/**
 * Defaults of every call screen opened with `KitCallOverlay`. It lives here, beside the kit's configuration, because
 * the call registry reads its ring time-out too, and the registry must not import the overlay (an app that only
 * places the screens in its own template ships no overlay code).
 */
export const KIT_CALL_OVERLAY_DEFAULT_OPTIONS = new InjectionToken<KitCallOverlayConfig>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_OVERLAY_DEFAULT_OPTIONS' : '',
);
