/**
 * The player's notifications in the page: a small store the bell reads, kept in the browser's
 * IndexedDB (database `orbit_notifications`, one record per player) so that a reload shows them
 * again. Expired ones are removed when the page starts using the store; sign-out clears the
 * player's record (docs/rules/page-shell.md "Notifications").
 */
import { useSyncExternalStore } from 'react';
import { sortAlive, type StoredNotification } from './rules';

const DB_NAME = 'orbit_notifications';
const STORE = 'players';
/** Keys ever shown (so a dismissed gift's later message does not bring it back): the newest kept. */
const SEEN_LIMIT = 200;

type PlayerRecord = { player: number; items: StoredNotification[]; seen: string[] };

let opening: Promise<IDBDatabase | null> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The database, opened once; null where IndexedDB is missing or blocked (the page then keeps them in memory). */
function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'player' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then(async (db) => {
    if (db) await removeExpired(db).catch(() => undefined);
    return db;
  });
  return opening;
}

/** At startup: every player's expired notifications removed. */
async function removeExpired(db: IDBDatabase): Promise<void> {
  const now = Date.now();
  const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
  const all = await request(store.getAll() as IDBRequest<PlayerRecord[]>);
  for (const record of all) {
    const items = sortAlive(record.items, now);
    if (items.length !== record.items.length) await request(store.put({ ...record, items }));
  }
}

async function readRecord(player: number): Promise<PlayerRecord> {
  const db = await database();
  const empty = { player, items: [], seen: [] };
  if (!db) return empty;
  const found = await request(db.transaction(STORE).objectStore(STORE).get(player) as IDBRequest<PlayerRecord>);
  return found ?? empty;
}

async function writeRecord(record: PlayerRecord): Promise<void> {
  const db = await database();
  if (db) await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(record));
}

async function deleteRecord(player: number): Promise<void> {
  const db = await database();
  if (db) await request(db.transaction(STORE, 'readwrite').objectStore(STORE).delete(player));
}

// ---- the page's state --------------------------------------------------------------------------

type State = { player: number | null; items: StoredNotification[] };
const EMPTY: State = { player: null, items: [] };
let state: State = EMPTY;
let seen: string[] = [];
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Loads what the browser kept for the player (expired ones gone). */
export async function openFor(player: number): Promise<void> {
  const record = await readRecord(player).catch(() => ({ player, items: [], seen: [] }) as PlayerRecord);
  seen = record.seen;
  set({ player, items: sortAlive(record.items, Date.now()) });
}

/** Replaces the player's list (a merge, an addition, a dismissal) and keeps it. */
export function update(player: number, change: (items: StoredNotification[]) => StoredNotification[]): void {
  if (state.player !== player) return;
  const items = change(state.items);
  seen = [...new Set([...seen, ...items.map((n) => n.key)])].slice(-SEEN_LIMIT);
  set({ player, items });
  void writeRecord({ player, items, seen }).catch(() => undefined);
}

/** Whether a key was ever shown to this player here (a gift notice dismissed stays dismissed). */
export const wasSeen = (key: string) => seen.includes(key);

/** Sign-out: the player's notifications leave the page and the browser. */
export function clearFor(player: number): void {
  if (state.player === player) set(EMPTY);
  seen = [];
  void deleteRecord(player).catch(() => undefined);
}

export function currentNotifications(): State {
  return state;
}

export function useNotifications(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => EMPTY,
  );
}
