import {InjectionToken, Signal, signal} from '@angular/core';
import {
  KitCallFact,
  KitCallSession,
  KitCallSessionState,
  KitCallSessionViewOptions,
} from '../session/call-session';

/** The kinds of the facts a change brought (`connected`, `ended`, `done`). @docs-private */
export type KitCallSaid = readonly KitCallFact['type'][];

/**
 * How a view (a screen, the overlay, a waiting banner) follows one session at a time: the session's state as a
 * signal, and the view attached to the session so that it rings and reports to the view.
 * @docs-private
 */
export class KitCallSessionBinding {
  readonly #session = signal<KitCallSession | null>(null);
  readonly #state = signal<KitCallSessionState | null>(null);
  #release: (() => void) | null = null;

  /** The session shown, if any. */
  readonly session: Signal<KitCallSession | null> = this.#session.asReadonly();
  /** Its state, updated on every change. */
  readonly state: Signal<KitCallSessionState | null> = this.#state.asReadonly();

  /**
   * Shows a session (or none), leaving the previous one.
   * @param session The session.
   * @param options Whether this view plays the sound, and where its errors go.
   * @param onChange Called at once with what the session said so far, then after each change with the facts it
   *   brought.
   */
  bind(
    session: KitCallSession | null,
    options: KitCallSessionViewOptions = {},
    onChange?: (state: KitCallSessionState, said: KitCallSaid) => void,
  ): void {
    this.release();
    this.#session.set(session);
    this.#state.set(session?.state ?? null);
    if (!session) {
      return;
    }
    const unsubscribe = session.subscribe((state, facts) => {
      this.#state.set(state);
      onChange?.(
        state,
        facts.map(fact => fact.type),
      );
    });
    const detach = session.attach(this, options);
    this.#release = () => {
      unsubscribe();
      detach();
    };
    onChange?.(session.state, kitSaidSoFar(session.state));
  }

  /** Stops following the session (it goes on without this view). Safe to call more than once. */
  release(): void {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
}

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
