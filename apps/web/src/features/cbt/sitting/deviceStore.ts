import type { AnswerStore, QueuedAnswer } from './answerQueue';

/**
 * The waiting answers on the device, in IndexedDB (database `portal-cbt`, store `answers`, keyed by
 * [attempt, seq] so an attempt's answers are read in order). They outlive a closed tab, a crash or
 * a power cut; each is deleted once the server has acknowledged it.
 */
const DB_NAME = 'portal-cbt';
const STORE = 'answers';
const VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available.'));
      return;
    }
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: ['attempt', 'seq'] });
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
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab.'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Runs requests in one transaction and resolves (with the last one's result) when it has committed. */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: 'strict' });
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB transaction failed.'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted.'));
  });
}

const attemptRange = (attempt: string, through = Infinity) =>
  IDBKeyRange.bound([attempt, -Infinity], [attempt, through]);

export function deviceAnswerStore<A>(): AnswerStore<A> {
  return {
    add: (item) => run('readwrite', (store) => store.put(item)).then(() => undefined),
    list: (attempt) =>
      run('readonly', (store) => store.getAll(attemptRange(attempt)) as IDBRequest<QueuedAnswer<A>[]>),
    removeThrough: (attempt, seq) =>
      run('readwrite', (store) => store.delete(attemptRange(attempt, seq))).then(() => undefined),
    remove: (attempt, seq) => run('readwrite', (store) => store.delete([attempt, seq])).then(() => undefined),
    replace: (attempt, items) =>
      run('readwrite', (store) => {
        const cleared = store.delete(attemptRange(attempt));
        for (const item of items) store.put(item);
        return cleared;
      }).then(() => undefined),
  };
}
