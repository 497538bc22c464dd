import {InjectionToken} from '@angular/core';
import {KitCallFact, KitCallSession, KitCallSessionState} from '../session/call-session';

/** The kinds of the facts a change brought (`connected`, `ended`, `done`). @docs-private */
export type KitCallSaid = readonly KitCallFact['type'][];

/**
 * The session a screen in a call overlay shows (the overlay provides it); a screen without it finds its session in
 * the registry.
 * @docs-private
 */
export const KIT_CALL_SESSION = new InjectionToken<KitCallSession>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_SESSION' : '',
);

/**
 * What a session said before a view took it (the view was not listening then), read once from its state: a view that
 * takes a session hears this first, then the facts of each change.
 * @param state The session's state when the view takes it.
 * @returns The kinds of the facts said so far.
 * @docs-private
 */
export function kitSaidSoFar(state: KitCallSessionState): KitCallSaid {
  const said = [
    state.connected && 'connected',
    state.phase === 'ended' && 'ended',
    state.done && 'done',
  ];
  return said.filter((type): type is KitCallFact['type'] => !!type);
}
