/**
 * The page's realtime connection (server: apps/server/src/modules/realtime): one WebSocket per
 * page while something listens. Messages are `{channel, event, data}`; listeners subscribe by
 * event name (`balance`, `payments_changes`, `jackpots_changes` ...).
 *
 * - Public events (`wins`, `jackpots_changes`) reach everyone: while only they are listened to,
 *   the socket is opened without a ticket (a guest's socket; no `/api/player/settings` call).
 * - A player's private events need the ticket of `/api/player/settings` (`cent`): the first
 *   private listener reopens a guest's socket with it, and when the last one leaves (sign-out)
 *   while public listeners remain, the socket is reopened without it, so the next player of
 *   this page never hears the last one's messages.
 * - It reconnects with a growing, jittered delay (and a fresh ticket) when it drops.
 */
import { useEffect } from 'react';

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let socket: WebSocket | null = null;
let running = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Bumped on every (re)start: an opening that was overtaken gives up. */
let generation = 0;
/** What the current socket is (being) opened for: public events only (no ticket), or private ones too. */
let openedFor: 'public' | 'private' = 'public';
/** Whether the current socket was opened with a ticket (a guest's has none, even when asked for private events). */
let ticketed = false;

/** Events every visitor's socket receives (`public:<event>` channels). */
export const PUBLIC_EVENTS: ReadonlySet<string> = new Set(['wins', 'jackpots_changes']);

/** Whether any listener waits for a player's private event (it needs a ticket). */
export function needsTicket(events: Iterable<string>): boolean {
  for (const event of events) if (!PUBLIC_EVENTS.has(event)) return true;
  return false;
}

/** The ticket part of `/api/player/settings` (`cent`), or null for a guest or a malformed answer. */
export function ticketOf(settings: unknown): { url: string; token: string } | null {
  const cent = (settings as { cent?: unknown } | null)?.cent as { url?: unknown; token?: unknown } | null | undefined;
  return cent && typeof cent.url === 'string' && typeof cent.token === 'string'
    ? { url: cent.url, token: cent.token }
    : null;
}

/** The gateway of the page's own host, for a socket without a ticket. */
export function publicUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}

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

async function open(gen: number): Promise<void> {
  if (!running || gen !== generation) return;
  const wantsPrivate = needsTicket(listeners.keys());
  // Set before the ticket arrives, so more private listeners of the same commit add no restart.
  openedFor = wantsPrivate ? 'private' : 'public';
  let url = publicUrl(window.location);
  ticketed = false;
  if (wantsPrivate) {
    try {
      const res = await fetch('/api/player/settings', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'same-origin',
      });
      const ticket = ticketOf(await res.json());
      if (!running || gen !== generation) return;
      ticketed = ticket !== null;
      if (ticket) url = `${ticket.url}?token=${encodeURIComponent(ticket.token)}`;
      // A guest (signed out meanwhile) has nothing private to hear; public events still come.
      else if (!hasPublicListeners()) return stop();
    } catch {
      if (gen === generation) schedule();
      return;
    }
  }
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

function hasPublicListeners(): boolean {
  for (const event of listeners.keys()) if (PUBLIC_EVENTS.has(event)) return true;
  return false;
}

function schedule(): void {
  if (!running) return;
  clearTimeout(timer);
  const gen = generation;
  timer = setTimeout(() => void open(gen), reconnectDelay(attempt++));
}

/** Drops the socket (if any) and opens one for the listeners there are now. */
function restart(): void {
  running = true;
  generation++;
  clearTimeout(timer);
  const ws = socket;
  socket = null;
  ws?.close();
  attempt = 0;
  void open(generation);
}

function stop(): void {
  running = false;
  generation++;
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
  // The first listener opens the socket; the first private one reopens a socket opened without a ticket.
  if (!running || (openedFor === 'public' && !PUBLIC_EVENTS.has(event))) restart();
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(event) === set) listeners.delete(event);
    if (listeners.size === 0) return stop();
    // After React's effects of this commit (a listener may come right back): a socket opened
    // with a ticket is given up once nothing private is listened to, and a guest's socket kept
    // for public events only once they are all gone.
    queueMicrotask(() => {
      if (!running) return;
      const wantsPrivate = needsTicket(listeners.keys());
      if ((openedFor === 'private' && !wantsPrivate) || (wantsPrivate && !ticketed && !hasPublicListeners())) restart();
    });
  };
}

/** A component's listener (private events: mount it where a player is signed in). */
export function useRealtime(event: string, listener: Listener): void {
  useEffect(() => subscribe(event, listener), [event, listener]);
}
