import {InjectionToken} from '@angular/core';

/** A corner of the window where a docked call sits. `start` and `end` follow the page's direction. */
export type KitCallDockCorner = 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';

/** Options of `withDockedCalls()`. */
export interface KitDockedCallsOptions {
  /**
   * Whether a call starts docked beside the app (default `false`): an outgoing call from the start, an incoming one
   * once accepted (it rings full screen, so that it is seen).
   */
  readonly startDocked?: boolean;
  /** Where a call docks first (default `'bottom-end'`); the user moves it by dragging or with the arrow keys. */
  readonly corner?: KitCallDockCorner;
}

/** @docs-private */
export const KIT_DOCKED_CALLS_OPTIONS = new InjectionToken<KitDockedCallsOptions>(
  'KIT_DOCKED_CALLS_OPTIONS',
);

/**
 * A Picture-in-Picture window that shows a call's elements (the dock's pop-out).
 * @docs-private
 */
export interface KitCallPipWindow {
  /** Closes the window; the elements go back first. Safe to call twice. */
  close(): void;
}

/**
 * Opens Picture-in-Picture windows (`withPictureInPicture()`).
 * @docs-private
 */
export interface KitCallPipOpener {
  /** Whether this browser can open one (Document Picture-in-Picture). */
  readonly supported: boolean;
  /**
   * Moves the elements into a new always-on-top window, with the page's styles. Call it from a click.
   * @param content The elements to show; they move back into `home` when the window closes.
   * @param home Where they come from.
   * @param onClosed Told once the window closed (by the user, or by `close()`), after the elements went back.
   * @returns The window, or `null` when it could not open.
   */
  open(
    content: HTMLElement,
    home: HTMLElement,
    onClosed: () => void,
  ): Promise<KitCallPipWindow | null>;
}

/** @docs-private */
export const KIT_CALL_PIP_OPENER = new InjectionToken<KitCallPipOpener>('KIT_CALL_PIP_OPENER');
