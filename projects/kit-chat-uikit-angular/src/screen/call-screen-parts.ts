import {InjectionToken, Signal, Type} from '@angular/core';
import type {KitCallSession} from '../session/call-session';
import type {KitCallSessionState} from '../session/call-session-types';

/**
 * What a part of the call screens (`KIT_CALL_SCREEN_PARTS`) reads from the screen that holds it: the state of the
 * session it shows (the call as it stands, with its participants). The screen's shell. @docs-private
 */
export interface KitCallScreenView {
  /** The screen's element. */
  readonly host: HTMLElement;
  /** The state of the session shown, updated on every change. */
  readonly state: Signal<KitCallSessionState | null>;
  /** The session shown (to act on it). */
  readonly session: Signal<KitCallSession | null>;
}

/**
 * Components each call screen (incoming, outgoing, ongoing) creates beside its host, added by features (multi
 * provider), so that an app that names no feature ships none of them. Each gets the screen as its required `screen`
 * input, and places itself in the screen. @docs-private
 */
export const KIT_CALL_SCREEN_PARTS = new InjectionToken<Type<unknown>[]>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_SCREEN_PARTS' : '',
);
