import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {Injectable, PLATFORM_ID, inject} from '@angular/core';
import type {KitCallLogEntry} from './call-log-entry';

/**
 * Where the call log is kept, one list per signed-in user (the storage port of `KitCallLog`). The default keeps it
 * in IndexedDB in the browser and in memory on the server; provide `KitMemoryCallLogStore` for tests, or a class
 * of your own (a backend) with `{provide: KitCallLogStore, useClass: MyStore}`. A promise that rejects reports the
 * failure to `onError`, and the log goes on in memory.
 */
@Injectable({providedIn: 'root', useFactory: kitDefaultCallLogStore})
export abstract class KitCallLogStore {
  /**
   * @param userId The signed-in user.
   * @returns That user's calls, newest first (an empty list for a user with none).
   */
  abstract load(userId: string): Promise<KitCallLogEntry[]>;

  /**
   * @param userId The signed-in user.
   * @param entries That user's calls, newest first, already capped: the whole list replaces the stored one.
   */
  abstract save(userId: string, entries: readonly KitCallLogEntry[]): Promise<void>;
}

/** Keeps the log in memory: for tests and server rendering, and where IndexedDB fails. */
@Injectable()
export class KitMemoryCallLogStore extends KitCallLogStore {
  readonly #lists = new Map<string, readonly KitCallLogEntry[]>();

  load(userId: string): Promise<KitCallLogEntry[]> {
    return Promise.resolve([...(this.#lists.get(userId) ?? [])]);
  }

  save(userId: string, entries: readonly KitCallLogEntry[]): Promise<void> {
    this.#lists.set(userId, [...entries]);
    return Promise.resolve();
  }
}

const DATABASE = 'kit-call-log';
const STORE = 'logs';

/** Keeps the log in the browser's IndexedDB (database `kit-call-log`), one record per user: it stays on reload. */
export class KitIndexedDbCallLogStore extends KitCallLogStore {
  #database: Promise<IDBDatabase> | null = null;

  /** @param indexedDb The browser's IndexedDB. */
  constructor(private readonly _indexedDb: IDBFactory) {
    super();
  }

  async load(userId: string): Promise<KitCallLogEntry[]> {
    const found = await this.#request('readonly', store => store.get(userId));
    return Array.isArray(found) ? (found as KitCallLogEntry[]) : [];
  }

  async save(userId: string, entries: readonly KitCallLogEntry[]): Promise<void> {
    await this.#request('readwrite', store => store.put(entries, userId));
  }

  async #request(
    mode: IDBTransactionMode,
    make: (store: IDBObjectStore) => IDBRequest,
  ): Promise<unknown> {
    const database = await this.#open();
    return new Promise((done, fail) => {
      const request = make(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => done(request.result);
      request.onerror = () => fail(request.error);
    });
  }

  #open(): Promise<IDBDatabase> {
    this.#database ??= new Promise<IDBDatabase>((done, fail) => {
      const request = this._indexedDb.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => done(request.result);
      request.onerror = () => fail(request.error);
      // Another tab holds an older version open: the log goes on in memory rather than wait.
      request.onblocked = () => fail(new Error('IndexedDB is blocked by another tab'));
    }).catch(error => {
      this.#database = null; // A later call may try again.
      throw error;
    });
    return this.#database;
  }
}

/** @returns IndexedDB in a browser that has it, memory elsewhere (the server never touches IndexedDB). */
export function kitDefaultCallLogStore(): KitCallLogStore {
  const indexedDb = inject(DOCUMENT).defaultView?.indexedDB;
  return isPlatformBrowser(inject(PLATFORM_ID)) && indexedDb
    ? new KitIndexedDbCallLogStore(indexedDb)
    : new KitMemoryCallLogStore();
}
