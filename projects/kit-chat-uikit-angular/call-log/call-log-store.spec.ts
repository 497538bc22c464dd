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
});
