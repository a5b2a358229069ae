import { CopyWriter, LAYOUT_RECORD, assembleCopy, isStoredHead, recordNames, type RecordRef } from './copy-records';
import type { HistoryStep } from './history';
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

/** The key of one record of the copy stored under `key` (copy-records.ts); they all sort after `key`. */
export const recordKey = (key: string, name: string) => `${key}|${name}`;

/**
 * Local copies in IndexedDB as a head and records (copy-records.ts): each write puts the records that
 * changed since the last one, and the head, in one transaction; a copy of format 1 or 2 (one value)
 * is read as it is and replaced by records at the next write.
 */
export function indexedDbStorage(factory: IDBFactory = indexedDB): LocalCopyStorage {
  const writers = new Map<string, CopyWriter>();
  const writerOf = (key: string) => {
    let writer = writers.get(key);
    if (!writer) writers.set(key, (writer = new CopyWriter()));
    return writer;
  };
  const getAll = (store: IDBObjectStore, keys: string[], into: Map<string, unknown>) => {
    for (const key of keys) {
      const request = store.get(key);
      request.onsuccess = () => into.set(key, request.result);
    }
  };
  return {
    async read(key) {
      const head = await run<unknown>(factory, 'readonly', (store) => store.get(key));
      if (!isStoredHead(head)) {
        writerOf(key).reset();
        return head;
      }
      const layout = await run<unknown>(factory, 'readonly', (store) => store.get(recordKey(key, LAYOUT_RECORD)));
      const names = recordNames(head, layout);
      if (!names) return { format: head.format };
      const found = new Map<string, unknown>();
      await run(factory, 'readonly', (store) =>
        getAll(
          store,
          names.map((name) => recordKey(key, name)),
          found,
        ),
      );
      const records = new Map(names.map((name) => [name, found.get(recordKey(key, name))]));
      records.set(LAYOUT_RECORD, layout);
      const copy = assembleCopy(head, layout as RecordRef[], records);
      // A copy missing a record is not a copy: parseLocalCopy refuses it ('Unable to validate model').
      if (!copy) return { format: head.format };
      const steps = new Map([...head.undo, ...head.redo].map((name) => [name, records.get(name) as HistoryStep]));
      writerOf(key).seed(records, steps, head.stamp);
      return copy;
    },
    async write(key, value: LocalCopy) {
      const writer = writerOf(key);
      let plan = writer.plan(value);
      await run(factory, 'readwrite', (store) => {
        const current = store.get(key);
        current.onsuccess = () => {
          // Another tab wrote the copy since (or it is not records): its records are not ours to patch, all are written.
          if (!writer.owns(current.result)) {
            writer.reset();
            plan = writer.plan(value);
            store.delete(IDBKeyRange.bound(recordKey(key, ''), recordKey(key, '\uffff')));
          }
          for (const name of plan.deletes) store.delete(recordKey(key, name));
          for (const [name, record] of plan.puts) store.put(record, recordKey(key, name));
          store.put(plan.head, key);
        };
      });
      writer.commit(plan);
    },
    async remove(key) {
      await run(factory, 'readwrite', (store) => {
        store.delete(key);
        store.delete(IDBKeyRange.bound(recordKey(key, ''), recordKey(key, '\uffff')));
      });
      writerOf(key).reset();
    },
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
