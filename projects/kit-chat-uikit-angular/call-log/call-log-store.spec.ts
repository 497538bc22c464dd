import {DOCUMENT} from '@angular/common';
import {PLATFORM_ID} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallLogStore, KitIndexedDbCallLogStore, KitMemoryCallLogStore} from './call-log-store';

/** An IndexedDB whose every open is blocked by another tab. */
function blockedIndexedDb(): IDBFactory {
  return {
    open: () => {
      const request = {} as IDBOpenDBRequest;
      setTimeout(() =>
        request.onblocked?.call(request, new Event('blocked') as IDBVersionChangeEvent),
      );
      return request;
    },
  } as unknown as IDBFactory;
}

/** An IndexedDB blocked by another tab at the first open only, then opened, with no log stored yet. */
function onceBlockedIndexedDb(): {indexedDb: IDBFactory; opens: () => number} {
  let opens = 0;
  const answer = <T extends object>(
    request: T,
    result: unknown,
    event: 'onsuccess' | 'onblocked',
  ) => {
    setTimeout(() => {
      Object.assign(request, {result});
      (request as Record<string, (() => void) | undefined>)[event]?.();
    });
    return request;
  };
  const database = {
    transaction: () => ({objectStore: () => ({get: () => answer({}, undefined, 'onsuccess')})}),
  };
  const indexedDb = {
    open: () => answer({}, database, ++opens === 1 ? 'onblocked' : 'onsuccess'),
  } as unknown as IDBFactory;
  return {indexedDb, opens: () => opens};
}

describe('KitCallLogStore', () => {
  function storeOn(platform: 'browser' | 'server', indexedDB?: IDBFactory): KitCallLogStore {
    const view = {indexedDB} as unknown as Window;
    TestBed.configureTestingModule({
      providers: [
        {provide: PLATFORM_ID, useValue: platform},
        {provide: DOCUMENT, useValue: {defaultView: view}},
      ],
    });
    return TestBed.inject(KitCallLogStore);
  }

  it('should keep the log in IndexedDB in a browser that has it', () => {
    expect(storeOn('browser', blockedIndexedDb())).toBeInstanceOf(KitIndexedDbCallLogStore);
  });

  it('should keep it in memory on the server, never touching IndexedDB', () => {
    const indexedDB = blockedIndexedDb();
    const open = jest.spyOn(indexedDB, 'open');

    expect(storeOn('server', indexedDB)).toBeInstanceOf(KitMemoryCallLogStore);
    expect(open).not.toHaveBeenCalled();
  });

  it('should keep it in memory in a browser without IndexedDB', () => {
    expect(storeOn('browser')).toBeInstanceOf(KitMemoryCallLogStore);
  });

  it('should reject, not hang, when another tab blocks the database', async () => {
    const store = new KitIndexedDbCallLogStore(blockedIndexedDb());
    await expect(store.load('me')).rejects.toThrow('blocked');
  });

  it('should open the database again at the next call once the tab that blocked it let go', async () => {
    const {indexedDb, opens} = onceBlockedIndexedDb();
    const store = new KitIndexedDbCallLogStore(indexedDb);
    await expect(store.load('me')).rejects.toThrow('blocked');
    await expect(store.load('me')).resolves.toEqual([]);
    expect(opens()).toBe(2);
  });
});
