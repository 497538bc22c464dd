import {KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {
  KIT_CALL_IGNORES,
  KIT_CALL_TABLE,
  KitCallEffect,
  KitCallEventType,
  KitCallGuard,
  KitCallRow,
  KitCallStep,
  kitPhaseOf,
} from './call-session-table';
import {
  KitCallEndReason,
  KitCallFact,
  KitCallSessionListener,
  KitCallSessionState,
} from './call-session-types';

// The engine of a call session: its state, its listeners, and the one way the state changes: an event looks its
// row up in the table, the session moves to the row's state and runs the row's effects (call-session-effects.ts),
// then tells its listeners once. Internal to the library.

/** One event of a session, with what it carries. */
export interface KitCallEvent {
  readonly type: KitCallEventType;
  /** The call from the SDK or the app (for a failure: what the SDK says of the call). */
  readonly call?: Partial<KitCall>;
  readonly error?: KitException;
  readonly reason?: KitCallEndReason;
}

/** Watches every transition of every session: the stress test checks each one against the table. @docs-private */
export let _kitCallTransitionObserver:
  | ((from: KitCallStep, event: KitCallEventType, row: KitCallRow | 'ignored' | null) => void)
  | null = null;

/** @param observer Receives every transition (`null` stops). @docs-private */
export function _kitObserveCallTransitions(observer: typeof _kitCallTransitionObserver): void {
  _kitCallTransitionObserver = observer;
}

/** A session's state and its transitions; the effects and the public actions are its subclasses'. */
export abstract class KitCallMachine {
  #state: KitCallSessionState;
  protected _step: KitCallStep;
  readonly #listeners = new Set<KitCallSessionListener>();
  /** The facts said since the listeners were last told. */
  #facts: KitCallFact[] = [];
  readonly #waits = new Set<() => boolean>();
  #firing = false;
  /** Work left for after the transition that asked for it: the transition completes first. */
  protected readonly _next: (() => void)[] = [];
  readonly #settled: (() => void)[] = [];
  #lastNotified: KitCallSessionState | null = null;

  /**
   * @param state The first state of the call.
   * @param step Its state in the table.
   */
  constructor(state: KitCallSessionState, step: KitCallStep) {
    this.#state = state;
    this._step = step;
  }

  /** The current state. */
  get state(): KitCallSessionState {
    return this.#state;
  }

  /** Whether the call ended (its outcome may still be on screen). */
  get isEnded(): boolean {
    return this.#state.phase === 'ended';
  }

  /**
   * Listens to the state and the facts.
   * @param listener Called after every change, with the new state and the facts it brought.
   * @returns Stops listening.
   */
  subscribe(listener: KitCallSessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Settles once the session is done (ended and its outcome shown).
   * @returns A promise that never rejects.
   */
  whenDone(): Promise<void> {
    return this.#state.done
      ? Promise.resolve()
      : new Promise(resolve => this.#settled.push(resolve));
  }

  /** Runs one effect of a row. */
  protected abstract _run(effect: KitCallEffect, event: KitCallEvent, from: KitCallStep): void;

  /** Whether a row's condition holds. */
  protected abstract _holds(guard: KitCallGuard): boolean;

  /** Follows a new state outside of it (views, sound, timers). */
  protected abstract _follow(): void;

  /**
   * @param type An event.
   * @returns Whether the event would do something now: a row of the current state takes it.
   */
  can(type: KitCallEventType): boolean {
    return !!this.#rowOf(type);
  }

  #rowOf(type: KitCallEventType): KitCallRow | undefined {
    const cell = KIT_CALL_TABLE[this._step].on[type];
    return ([] as KitCallRow[]).concat(cell ?? []).find(r => !r.when || this._holds(r.when));
  }

  /** Says a fact: the listeners hear it with the state it came with. */
  protected _say(fact: KitCallFact): void {
    this.#facts.push(fact);
  }

  /**
   * Looks the event's row up, moves to its state and runs its effects, then tells the views once.
   * @returns Whether a row took the event (an ignored event changes nothing).
   */
  protected _fire(event: KitCallEvent): boolean {
    const from = this._step;
    const row = this.#rowOf(event.type);
    if (!row) {
      if (typeof ngDevMode === 'undefined' || ngDevMode) {
        // An empty cell must be written down as ignored: anything else is a hole in the table.
        const written = !!KIT_CALL_IGNORES?.[from].includes(event.type);
        _kitCallTransitionObserver?.(from, event.type, written ? 'ignored' : null);
        if (!written) {
          console.error(`kit-chat-uikit-angular: no row for ${event.type} in ${from}`);
        }
      }
      return false;
    }
    if (typeof ngDevMode === 'undefined' || ngDevMode) {
      _kitCallTransitionObserver?.(from, event.type, row);
    }
    const firing = this.#firing;
    this.#firing = true;
    this._step = row.to;
    this._patch({phase: kitPhaseOf(row.to)});
    for (const effect of row.fx ?? []) {
      this._run(effect, event, from);
    }
    this.#firing = firing;
    this._follow();
    this.#notify();
    if (!firing) {
      while (this._next.length) {
        this._next.shift()!();
      }
    }
    return true;
  }

  /** Settles once `settled()` holds after a transition (the session's end settles every wait). */
  protected _until<T>(settled: () => boolean, value: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        if (!settled()) {
          return false;
        }
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
        return true;
      };
      if (!check()) {
        this.#waits.add(check);
      }
    });
  }

  protected _patch(change: Partial<KitCallSessionState>): void {
    const state = this.#state;
    if (Object.entries(change).some(([key, value]) => state[key as keyof typeof state] !== value)) {
      this.#state = {...state, ...change};
    }
  }

  /** Tells the listeners of a change made outside of a transition (a transition tells them once, at its end). */
  protected _changedAside(): void {
    if (!this.#firing) {
      this.#notify();
    }
  }

  /** The session is done: the `whenDone()` promises settle and the listeners are let go. */
  protected _release(): void {
    this.#settled.splice(0).forEach(settle => settle());
    this.#listeners.clear();
  }

  protected _set(change: Partial<KitCallSessionState>): void {
    this._patch(change);
    this._follow();
    this.#notify();
  }

  /** Tells the listeners of a new state, then settles the presses that waited for it. */
  #notify(): void {
    const state = this.#state;
    const facts = this.#facts;
    const changed = state !== this.#lastNotified || facts.length > 0;
    this.#lastNotified = state;
    this.#facts = [];
    for (const listener of changed ? [...this.#listeners] : []) {
      if (!this.#listeners.has(listener)) {
        continue; // Unsubscribed by an earlier listener (a screen swapped for the next one).
      }
      try {
        listener(this.#state, facts);
      } catch (error) {
        console.error('kit-chat-uikit-angular: a call session listener threw', error);
      }
    }
    for (const wait of [...this.#waits]) {
      if (wait()) {
        this.#waits.delete(wait);
      }
    }
  }
}
