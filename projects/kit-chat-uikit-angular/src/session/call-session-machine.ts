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
  KitCallEngine,
  KitCallEvent,
  KitCallFact,
  KitCallSessionListener,
  KitCallSessionState,
} from './call-session-types';

export type {KitCallEngine, KitCallEvent} from './call-session-types';

// The engine of a call session: its state, its listeners, and the one way the state changes: an
// event looks its row up in the table, the machine moves to the row's state and has its runner run
// the row's effects (call-session-effects.ts), then tells its listeners once.
// Internal to the library.

/**
 * Watches every transition of every session: the stress test checks each one against the table.
 * @docs-private
 */
export let _kitCallTransitionObserver:
  | ((from: KitCallStep, event: KitCallEventType, row: KitCallRow | 'ignored' | null) => void)
  | null = null;

/** @param observer Receives every transition (`null` stops). @docs-private */
export function _kitObserveCallTransitions(observer: typeof _kitCallTransitionObserver): void {
  _kitCallTransitionObserver = observer;
}

/** What the machine asks of the session it runs for. */
export interface KitCallRunner {
  /** Runs one effect of a row, after the machine moved to the row's state. */
  run(effect: KitCallEffect, event: KitCallEvent, row: KitCallRow, from: KitCallStep): void;
  /** Whether a row's condition holds (it reads the event's world, never what an effect wrote). */
  holds(guard: KitCallGuard): boolean;
  /** Follows a new state outside of it (views, sound, timers). */
  follow(): void;
}

/** A session's state and its transitions. */
export class KitCallMachine implements KitCallEngine {
  #state: KitCallSessionState;
  #step: KitCallStep;
  readonly #runner: KitCallRunner;
  readonly #listeners = new Set<KitCallSessionListener>();
  /** The facts said since the listeners were last told. */
  #facts: KitCallFact[] = [];
  readonly #waits = new Set<() => boolean>();
  #firing = false;
  readonly #next: (() => void)[] = [];
  #lastNotified: KitCallSessionState | null = null;

  /**
   * @param state The first state of the call.
   * @param step Its state in the table.
   * @param runner Runs the rows' effects.
   */
  constructor(state: KitCallSessionState, step: KitCallStep, runner: KitCallRunner) {
    this.#state = state;
    this.#step = step;
    this.#runner = runner;
  }

  get state(): KitCallSessionState {
    return this.#state;
  }

  get step(): KitCallStep {
    return this.#step;
  }

  /**
   * @param listener Called after every change, with the new state and the facts it brought.
   * @returns Stops listening.
   */
  subscribe(listener: KitCallSessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * @param type An event.
   * @returns Whether the event would do something now: a row of the current state takes it.
   */
  can(type: KitCallEventType): boolean {
    return !!this.#rowOf(type);
  }

  #rowOf(type: KitCallEventType): KitCallRow | undefined {
    const cell = KIT_CALL_TABLE[this.#step][type];
    return ([] as KitCallRow[]).concat(cell ?? []).find(r => !r.when || this.#runner.holds(r.when));
  }

  say(fact: KitCallFact): void {
    this.#facts.push(fact);
  }

  later(task: () => void): void {
    this.#next.push(task);
  }

  fire(event: KitCallEvent): boolean {
    const from = this.#step;
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
    const step = (this.#step = row.to);
    // What the snapshot says of the state is read from its name.
    this.patch({
      phase: kitPhaseOf(step),
      reconnecting: step.endsWith('.reconnecting'),
      done: step === 'done',
    });
    for (const effect of row.fx ?? []) {
      this.#runner.run(effect, event, row, from);
    }
    this.#firing = firing;
    this.#runner.follow();
    this.#notify();
    if (!firing) {
      while (this.#next.length) {
        this.#next.shift()!();
      }
    }
    return true;
  }

  /** Settles once `settled()` holds after a transition (the session's end settles every wait). */
  until<T>(settled: () => boolean, value: () => T): Promise<T> {
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

  patch(change: Partial<KitCallSessionState>): void {
    const state = this.#state;
    if (Object.entries(change).some(([key, value]) => state[key as keyof typeof state] !== value)) {
      this.#state = {...state, ...change};
    }
  }

  /** Tells the listeners of a change made aside (a transition tells them once, at its end). */
  changedAside(): void {
    if (!this.#firing) {
      this.#notify();
    }
  }

  release(): void {
    this.#listeners.clear();
  }

  /** Changes the snapshot outside of a transition, and tells the views. */
  set(change: Partial<KitCallSessionState>): void {
    this.patch(change);
    this.#runner.follow();
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
        console.error(
          typeof ngDevMode === 'undefined' || ngDevMode
            ? 'kit-chat-uikit-angular: a call session listener threw'
            : '',
          error,
        );
      }
    }
    for (const wait of [...this.#waits]) {
      if (wait()) {
        this.#waits.delete(wait);
      }
    }
  }
}
