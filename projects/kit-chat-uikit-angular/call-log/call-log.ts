import {
  Injectable,
  Injector,
  Signal,
  computed,
  inject,
  runInInjectionContext,
  signal,
} from '@angular/core';
import {
  KIT_UIKIT_CONFIG,
  KitCallOverlay,
  KitCallOverlayRef,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
  KitOutgoingCallComponent,
  _KitCallEnding,
  _kitWatchCallEndings,
} from 'kit-chat-uikit-angular';
import {KIT_CALL_LOG_OPTIONS, KitCallLogEntry} from './call-log-entry';
import {KitCallLogStore, KitMemoryCallLogStore} from './call-log-store';
import {KitMissedCallsGoingOn, kitMissedCallGoesOn} from './call-log-ongoing';

/**
 * How a call that came here ends when nobody answered it on any device; `busy`: the kit answered it busy during
 * another call, so the user never saw it ring.
 */
const MISSED = ['cancelled', 'unanswered', 'ended', 'failed', 'busy'];

/**
 * The calls of the signed-in user (installed by `withCallLog()`): records each call's ending through a
 * `KitCallLogStore` (IndexedDB by default), counts the missed calls not seen yet for a badge, and calls back.
 */
@Injectable({providedIn: 'root'})
export class KitCallLog {
  readonly #sdk = inject(KitCallsSdk, {optional: true});
  readonly #onError = inject(KIT_UIKIT_CONFIG, {optional: true})?.onError;
  readonly #max = inject(KIT_CALL_LOG_OPTIONS).maxEntries ?? 100;
  readonly #injector = inject(Injector);
  #store = inject(KitCallLogStore);
  readonly #entries = signal<readonly KitCallLogEntry[]>([]);
  /** The user whose log is loaded; a sign-in as someone else loads theirs. */
  #userId: string | null = null;
  /** The store's work, one step after the other. */
  #queue: Promise<unknown> = Promise.resolve();
  #started = false;
  readonly #goingOn = new KitMissedCallsGoingOn(this.#sdk);

  /** The calls, newest first. */
  readonly entries: Signal<readonly KitCallLogEntry[]> = this.#entries.asReadonly();

  /** How many missed calls the user has not seen yet: the badge's number. */
  readonly missedCount: Signal<number> = computed(
    () => this.#entries().filter(entry => entry.missed && !entry.seen).length,
  );

  /** Emits each missed call as it is recorded. @docs-private */
  _onMissed: ((entry: KitCallLogEntry) => void) | null = null;

  /** Loads the signed-in user's log and records every call from now on. @docs-private */
  _start(): void {
    if (this.#started) {
      return;
    }
    this.#started = true;
    runInInjectionContext(this.#injector, () =>
      _kitWatchCallEndings(ending => this.#record(ending)),
    );
    this.#run(() => Promise.resolve());
  }

  /**
   * Loads the log of whoever is signed in now, e.g. after a sign-in or a sign-out (`<kit-call-log>` does it each time
   * it is shown; a call that ends does it too).
   */
  reload(): void {
    this.#run(() => Promise.resolve());
  }

  /** Marks every missed call seen: the badge goes to 0 (the missed-call notifications close). */
  markSeen(): void {
    this.#run(async userId => {
      if (this.#entries().some(entry => !entry.seen)) {
        this.#entries.update(list =>
          list.map(entry => (entry.seen ? entry : {...entry, seen: true})),
        );
        await this.#store.save(userId, this.#entries());
      }
    });
  }

  /** Forgets the signed-in user's calls. */
  clear(): void {
    this.#run(async userId => {
      this.#entries.set([]);
      await this.#store.save(userId, []);
    });
  }

  /**
   * Calls the other person of a call again, as `KitCallOverlay.startCall` does (the outgoing screen opens).
   * @param entry A call of the log.
   * @returns The outgoing call's overlay; rejects when the call could not start.
   */
  callBack(entry: KitCallLogEntry): Promise<KitCallOverlayRef<KitOutgoingCallComponent>> {
    return this.#injector.get(KitCallOverlay).startCall(entry.people[0], entry.type);
  }

  /**
   * Whether a missed group call still goes on, so that the user may join it (`join`): known from the call as its ring
   * ended here, until the SDK says it ended (or a join fails). A signal read: a template or `computed` follows it.
   * @param entry A call of the log.
   * @returns Whether it can be joined now.
   */
  canJoin(entry: KitCallLogEntry): boolean {
    return entry.missed && this.#goingOn.ids().has(entry.id);
  }

  /**
   * Joins a missed group call that still goes on, as `KitCallOverlay.joinCall` does (the ongoing screen opens; needs
   * `withGroupCalls()`). A join that fails (the call ended meanwhile) goes to `onError`, and the call is no longer
   * offered.
   * @param entry A call of the log.
   * @returns The call's overlay, or `null`.
   */
  async join(entry: KitCallLogEntry): Promise<KitCallOverlayRef | null> {
    const ref = await this.#injector.get(KitCallOverlay).joinCall(entry.id);
    if (!ref) {
      this.#goingOn.drop(entry.id);
    }
    return ref;
  }

  /**
   * @param id A session id.
   * @returns The call of that id in the log, if any.
   */
  find(id: string): KitCallLogEntry | undefined {
    return this.#entries().find(entry => entry.id === id);
  }

  /**
   * Records a call missed while no tab was open (the service worker's missed-call notification), unless the log
   * has it already. @docs-private
   */
  _recordMissed(entry: KitCallLogEntry): void {
    this.#run(async userId => {
      if (!this.find(entry.id)) {
        const list = [...this.#entries(), entry].sort((a, b) => b.startedAt - a.startedAt);
        this.#entries.set(list.slice(0, Math.max(this.#max, 1)));
        await this.#store.save(userId, this.#entries());
      }
    });
  }

  #record(ending: _KitCallEnding): void {
    const {direction, call, reason, startedAt, connectedAt, endedAt} = ending;
    if (!call.sessionId || reason === 'dismissed') {
      return; // A call that never left, or a screen closed with the app: not a call of the log.
    }
    const missed = direction === 'incoming' && connectedAt === null && MISSED.includes(reason);
    const me = this.#me();
    const entry: KitCallLogEntry = {
      id: call.sessionId,
      direction,
      people: [direction === 'incoming' ? call.callInitiator : call.callReceiver].map(user => ({
        uid: user.uid,
        name: user.name,
        ...(user.avatar ? {avatar: user.avatar} : {}),
      })),
      ...(call.group ? {group: {...call.group}} : {}),
      type: call.type,
      startedAt,
      duration: connectedAt === null ? 0 : Math.round((endedAt - connectedAt) / 1000),
      reason,
      missed,
      seen: !missed,
    };
    this.#run(async userId => {
      const others = this.#entries().filter(known => known.id !== entry.id);
      this.#entries.set([entry, ...others].slice(0, Math.max(this.#max, 1)));
      await this.#store.save(userId, this.#entries());
    });
    if (missed && me !== null && kitMissedCallGoesOn(call, me)) {
      this.#goingOn.add(entry.id);
    }
    if (missed) {
      this._onMissed?.(entry);
    }
  }

  /** Runs a step of the store after the others, with the signed-in user's log loaded; never rejects. */
  #run(step: (userId: string) => Promise<void>): void {
    this.#queue = this.#queue.then(async () => {
      const userId = this.#me();
      if (userId === null) {
        this.#userId = null;
        this.#entries.set([]);
        return;
      }
      try {
        if (userId !== this.#userId) {
          this.#userId = userId;
          this.#entries.set([]);
          this.#entries.set(await this.#store.load(userId));
        }
        await step(userId);
      } catch (error) {
        this.#fallBack(error);
        await step(userId).catch(() => {});
      }
    });
  }

  /** The store failed: the app hears of it once, and the log goes on in memory. */
  #fallBack(error: unknown): void {
    this.#store = new KitMemoryCallLogStore();
    try {
      this.#onError?.(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode
            ? 'The call log is kept in memory only'
            : '',
        ),
      );
    } catch {
      // The app's handler threw: the log goes on all the same.
    }
  }

  #me(): string | null {
    try {
      return this.#sdk?.getLoggedInUser()?.uid ?? null;
    } catch {
      return null;
    }
  }
}
