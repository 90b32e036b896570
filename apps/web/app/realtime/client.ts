/**
 * The page's realtime connection (server: apps/server/src/modules/realtime): one WebSocket per
 * page while something listens, opened with the ticket of `/api/player/settings` (`cent`),
 * reconnecting with a growing, jittered delay (and a fresh ticket) when it drops. Messages are
 * `{channel, event, data}`; listeners subscribe by event name (`balance`, `payments_changes` ...).
 */
import { useEffect } from 'react';
import { playerSettingsSchema } from '@orbit/contracts';

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let socket: WebSocket | null = null;
let running = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Milliseconds before reconnect attempt `n` (0-based): 1 s, 2 s, 4 s … capped at 30 s, each 50–100 % of that. */
export function reconnectDelay(n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.min(n, 10));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Hands a received frame to the listeners of its event; malformed frames are ignored. */
export function dispatch(raw: string, to: Map<string, Set<Listener>> = listeners): void {
  let message: { event?: unknown; data?: unknown };
  try {
    message = JSON.parse(raw) as typeof message;
  } catch {
    return;
  }
  if (typeof message.event !== 'string') return;
  for (const listener of to.get(message.event) ?? []) listener(message.data);
}

async function open(): Promise<void> {
  if (!running) return;
  let url: string;
  try {
    const res = await fetch('/api/player/settings', { headers: { 'x-requested-with': 'XMLHttpRequest' }, credentials: 'same-origin' });
    const { cent } = playerSettingsSchema.parse(await res.json());
    // A guest (signed out meanwhile) has nothing private to hear.
    if (!cent) return stop();
    url = `${cent.url}?token=${encodeURIComponent(cent.token)}`;
  } catch {
    return schedule();
  }
  if (!running) return;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
  };
  ws.onmessage = (event) => dispatch(String(event.data));
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    schedule();
  };
}

function schedule(): void {
  if (!running) return;
  clearTimeout(timer);
  timer = setTimeout(() => void open(), reconnectDelay(attempt++));
}

function stop(): void {
  running = false;
  clearTimeout(timer);
  const ws = socket;
  socket = null;
  ws?.close();
}

/** Listens to one event; the connection opens with the first listener and closes with the last. */
export function subscribe(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(event, set);
  if (!running) {
    running = true;
    attempt = 0;
    void open();
  }
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(event);
    if (listeners.size === 0) stop();
  };
}

/** A component's listener for a private event of the signed-in player (mount it where a player is signed in). */
export function useRealtime(event: string, listener: Listener): void {
  useEffect(() => subscribe(event, listener), [event, listener]);
}
