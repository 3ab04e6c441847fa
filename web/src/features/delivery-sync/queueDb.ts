import type { QueuedAction } from './deliveryQueue';

/**
 * Where the queue lives on the phone: IndexedDB, because a proof carries its signature and photos as blobs
 * (localStorage holds text only, and too little of it). One record per action, keyed by its idempotency key.
 */
const DB_NAME = 'portal-delivery-sync';
const DB_VERSION = 1;
const STORE = 'actions';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        const store = db.createObjectStore(STORE, { keyPath: 'key' });
        store.createIndex('user', 'user');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(STORE, mode).objectStore(STORE);
}

/** The queue of one user, in no particular order (deliveryQueue sorts it). */
export async function readQueue(user: string): Promise<QueuedAction[]> {
  return done((await store('readonly')).index('user').getAll(user) as IDBRequest<QueuedAction[]>);
}

export async function putActions(actions: readonly QueuedAction[]): Promise<void> {
  if (actions.length === 0) return;
  const transaction = (await database()).transaction(STORE, 'readwrite');
  const objects = transaction.objectStore(STORE);
  for (const action of actions) objects.put(action);
  await transactionDone(transaction);
}

export async function deleteActions(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const transaction = (await database()).transaction(STORE, 'readwrite');
  const objects = transaction.objectStore(STORE);
  for (const key of keys) objects.delete(key);
  await transactionDone(transaction);
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}
