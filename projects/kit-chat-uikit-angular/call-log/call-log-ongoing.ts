import {Signal, computed, signal} from '@angular/core';
import type {KitCall, KitCallsSdk} from 'kit-chat-uikit-angular';

/** The statuses of someone who still stands to join a call: it still rings for them. */
const PENDING = ['invited', 'ringing'];

/**
 * Whether a group call the user missed still goes on, from the call as its ring ended here: another person is in
 * it with someone else (in it, or still rung). A call the caller cancelled, or that ended, has nobody to join.
 * @param call The call as it stood when the ring ended here.
 * @param me The user's uid.
 * @returns Whether it goes on.
 * @docs-private
 */
export function kitMissedCallGoesOn(call: KitCall, me: string): boolean {
  const people = call.participants ?? [];
  if (!call.group && people.length <= 2) {
    return false; // A call between two people ends with its ring.
  }
  const others = people.filter(person => person.user.uid !== me);
  const joined = others.filter(person => person.status === 'joined').length;
  const pending = others.some(person => PENDING.includes(person.status));
  return joined >= 2 || (joined === 1 && pending);
}

/** The statuses of a call that no longer goes on. */
const OVER = ['ended', 'cancelled', 'rejected', 'busy', 'unanswered', 'failed'];

/**
 * The missed group calls that still go on, by session id: each goes once the SDK says it ended. An adapter tells a
 * member who missed a group call of its end (`onParticipantsChanged` or `onCallEnded`, the call's status `'ended'`);
 * the kit listens only while there is such a call. Kept in memory: after a reload, nothing is known to go on.
 * @docs-private
 */
export class KitMissedCallsGoingOn {
  readonly #ids = signal<ReadonlySet<string>>(new Set());
  readonly #sdk: KitCallsSdk | null;
  #listening = false;

  /** The session ids. */
  readonly ids: Signal<ReadonlySet<string>> = computed(() => this.#ids());

  constructor(sdk: KitCallsSdk | null) {
    this.#sdk = sdk;
  }

  add(sessionId: string): void {
    this.#ids.update(ids => new Set(ids).add(sessionId));
    if (!this.#listening && this.#sdk) {
      try {
        const heard = (call: KitCall) => {
          if (OVER.includes(call.status ?? '')) {
            this.drop(call.sessionId);
          }
        };
        this.#sdk.addCallListener(LISTENER, {onParticipantsChanged: heard, onCallEnded: heard});
        this.#listening = true;
      } catch {
        // An SDK that cannot take a second listener: the call stays joinable until a join fails.
      }
    }
  }

  drop(sessionId: string): void {
    if (!this.#ids().has(sessionId)) {
      return;
    }
    const ids = new Set(this.#ids());
    ids.delete(sessionId);
    this.#ids.set(ids);
    if (!ids.size && this.#listening) {
      this.#listening = false;
      try {
        this.#sdk?.removeCallListener(LISTENER);
      } catch {
        // Gone already.
      }
    }
  }
}

const LISTENER = 'kit-call-log';
