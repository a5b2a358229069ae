import type { LocalCopy, LocalCopyStorage } from './local-copy';

/** One database, one object store of values keyed by `${email}/…` strings (state/local-cache.ts). */
export const IDB_NAME = 'edrf';
export const IDB_STORE = 'local';
const IDB_VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(IDB_NAME, IDB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(IDB_STORE)) request.result.createObjectStore(IDB_STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return openDatabase(factory).then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const transaction = db.transaction(IDB_STORE, mode);
        const request = work(transaction.objectStore(IDB_STORE));
        transaction.oncomplete = () => resolve(request ? request.result : undefined);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

/** Local copies in IndexedDB (structured clone: no JSON round trip for large models). */
export function indexedDbStorage(factory: IDBFactory = indexedDB): LocalCopyStorage {
  return {
    read: (key) => run<unknown>(factory, 'readonly', (store) => store.get(key)),
    write: (key, value: LocalCopy) => run(factory, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
    remove: (key) => run(factory, 'readwrite', (store) => store.delete(key)).then(() => undefined),
  };
}

/** Deletes every entry whose key starts with `prefix` (a user's entries at log-out). */
export function deleteIndexedDbPrefix(prefix: string, factory: IDBFactory = indexedDB): Promise<void> {
  // Keys are strings; every key with the prefix sorts between prefix and prefix + U+FFFF.
  return run(factory, 'readwrite', (store) => store.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`))).then(() => undefined);
}

/** For tests: forget the open connection (a fresh fake IndexedDB per test). */
export function resetIndexedDbConnection(): void {
  opening = null;
}
