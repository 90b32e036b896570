/**
 * The page's live updates, by event name (`balance`, `payments_changes`, `jackpots_changes` …):
 * components listen with `useRealtime`. Only this registry is in the page's first JavaScript;
 * the connection (`connection.ts`, the `centrifuge` client of the Centrifugo protocol) is loaded
 * with the first listener and follows the listeners after each React commit: one WebSocket per
 * page while something listens, a player's private events over a signed-in connection.
 */
import { useEffect } from 'react';

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let connection: Promise<typeof import('./connection')> | null = null;
let queued = false;

/** Hands an event's data to its listeners; one listener's exception is reported, never the connection's end. */
export function dispatch(event: string, data: unknown, to: Map<string, Set<Listener>> = listeners): void {
  for (const listener of to.get(event) ?? []) {
    try {
      listener(data);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** After the listeners of a React commit: the connection follows them (loaded with the first one). */
function queueSync(): void {
  if (queued || (connection === null && listeners.size === 0)) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    connection ??= import('./connection');
    connection.then(
      (c) => c.sync(listeners, dispatch),
      () => {
        // Its code did not load (offline, a new deployment): the next change of listeners tries again.
        connection = null;
      },
    );
  });
}

/** Listens to one event; the connection starts with the first listener and ends with the last. */
export function subscribe(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(event, set);
  queueSync();
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(event) === set) listeners.delete(event);
    queueSync();
  };
}

/**
 * The chat cookie was just set or changed (a visitor's first message to support, a chat code
 * entered): the connection asks as whom it connects again, so it serves that visitor's `support`
 * channel (connection.ts). Nothing to do while no connection has started: its start asks anyway.
 */
export function renewRealtimeAccess(): void {
  const since = performance.now();
  connection?.then(
    (c) => c.renew(since),
    () => undefined,
  );
}

/** A component's listener (a player's events: mount it where a player is signed in; `support` also for a chatting visitor). */
export function useRealtime(event: string, listener: Listener): void {
  useEffect(() => subscribe(event, listener), [event, listener]);
}
