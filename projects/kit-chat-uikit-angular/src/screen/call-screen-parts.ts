import {
  InjectionToken,
  Signal,
  Type,
  ViewContainerRef,
  effect,
  inject,
  untracked,
} from '@angular/core';
import type {KitCallSessionState} from '../session/call-session-types';

/**
 * What a part of the ringing screens (`KIT_RINGING_CALL_PARTS`) reads from the screen that holds it: which screen,
 * and the state of the session it shows (the call as it stands, with its participants). @docs-private
 */
export interface KitRingingCallView {
  /** The screen: `'incoming'` or `'outgoing'`. */
  readonly kind: 'incoming' | 'outgoing';
  /** The state of the session shown, if any. */
  readonly state: Signal<KitCallSessionState | null>;
}

/**
 * Components the incoming and outgoing screens show beside their default parts, added by features (multi provider),
 * so that an app that names no feature ships none of them. Each gets the screen as its required `view` input.
 * @docs-private
 */
export const KIT_RINGING_CALL_PARTS = new InjectionToken<Type<unknown>[]>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_RINGING_CALL_PARTS' : '',
);

/**
 * Creates the parts that features provide into a screen's container, each time the container appears, with one
 * input set. Created in code, not with `@for` and an outlet: an app that names no feature ships no list rendering.
 * @param token The screen's multi provider of parts.
 * @param slot The container, once the screen renders it.
 * @param name The input every part takes.
 * @param value Its value.
 * @docs-private
 */
export function kitScreenParts(
  token: InjectionToken<Type<unknown>[]>,
  slot: Signal<ViewContainerRef | undefined>,
  name: string,
  value: unknown,
): void {
  const parts = inject(token, {optional: true});
  if (parts) {
    effect(() => {
      const container = slot();
      if (container && !container.length) {
        untracked(() =>
          parts.forEach(part => container.createComponent(part).setInput(name, value)),
        );
      }
    });
  }
}
