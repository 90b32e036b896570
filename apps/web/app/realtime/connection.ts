/**
 * The page's realtime connection (loaded with the first listener of `client.ts`, after hydration:
 * neither this nor the `centrifuge` library is in the page's first JavaScript). One `centrifuge`
 * client per page (server: apps/server/src/modules/realtime, the Centrifugo client protocol); it
 * subscribes the channels of the events listened to, `ws:<client_name>:public:<event>` or
 * `ws:<client_name>:<event>#<user>`, and hands each publication's data to the event's listeners.
 *
 * - Where and with which token: `GET /api/notification_center/centrifugo/subscription`, asked
 *   once when the connection starts. It answers by the session cookie: a signed-in player's
 *   token, so the one socket of a page load serves the private listeners that mount later (the
 *   header's wallet) without reopening; a guest connects without a token (public channels only).
 * - A player's listener on a guest's or a visitor's connection (the player just signed in)
 *   reopens it with the player's token; the last player's listener leaving (sign-out) reopens it
 *   as a guest's (or a visitor's) when other listeners remain, and the channels are always those
 *   of the answer's `user`, so the next player of this page never hears the last one's messages.
 * - A visitor who chats with support (the chat cookie, docs/support.md) is answered a visitor's
 *   token and channel id (`visitor: true`): such a connection serves the visitor's own events
 *   (`support`) and never a player's. The visitor's first message sets the cookie: the chat then
 *   asks for the answer again (`renew`), so the page connects as the visitor.
 * - The library reconnects by itself (growing, jittered delays) and recovers what the page missed
 *   when the server still has it; a token refused as expired (the session ended) is asked anew.
 */
import { Centrifuge, type Subscription } from 'centrifuge';

type Listeners = ReadonlyMap<string, unknown>;
type Dispatch = (event: string, data: unknown) => void;
/**
 * Where the page connects and as whom (the subscription answer): a guest (`user` null), a
 * chatting visitor (`visitor`, `user` their channel id) or a signed-in player.
 */
export type Access = { url: string; token: string; clientName: string; user: string | null; visitor: boolean };

const SUBSCRIPTION_URL = '/api/notification_center/centrifugo/subscription';
/** The gateway's path under the answer's base url. */
export const WEBSOCKET_PATH = '/connection/websocket';

/** Events every visitor may hear (`ws:<client_name>:public:<event>` channels). */
export const PUBLIC_EVENTS: ReadonlySet<string> = new Set(['wins', 'jackpots_changes']);

/**
 * Private events a chatting visitor may hear on their own channel as well (a player hears them on
 * theirs): the support chat's answers.
 */
export const VISITOR_EVENTS: ReadonlySet<string> = new Set(['support']);

/** Whether any of these events is a player's own (it needs a signed-in connection; a visitor's will not do). */
export function needsPlayer(events: Iterable<string>): boolean {
  for (const event of events) if (!PUBLIC_EVENTS.has(event) && !VISITOR_EVENTS.has(event)) return true;
  return false;
}

/** The subscription answer, or null when it is not one. */
export function accessOf(answer: unknown): Access | null {
  const a = answer as {
    url?: unknown;
    token?: unknown;
    client_name?: unknown;
    user?: unknown;
    visitor?: unknown;
  } | null;
  if (!a || typeof a.url !== 'string' || typeof a.token !== 'string' || typeof a.client_name !== 'string') return null;
  if (a.user !== null && typeof a.user !== 'string') return null;
  const user = a.user || null;
  return { url: a.url, token: a.token, clientName: a.client_name, user, visitor: user !== null && a.visitor === true };
}

/** Whether an access is a signed-in player's (not a guest's, not a chatting visitor's). */
export function isPlayerAccess(access: Access | null): boolean {
  return access !== null && access.user !== null && !access.visitor;
}

/**
 * The channel of an event for this access; null for a private event on a guest's connection, and
 * for a player's event on a visitor's (a visitor's token never serves a player's events).
 */
export function channelOf(event: string, access: Access): string | null {
  const prefix = `ws:${access.clientName}:`;
  if (PUBLIC_EVENTS.has(event)) return `${prefix}public:${event}`;
  if (access.user === null || (access.visitor && !VISITOR_EVENTS.has(event))) return null;
  return `${prefix}${event}#${access.user}`;
}

/** Milliseconds before retry `n` (0-based) of a failed start: 1 s, 2 s, 4 s … capped at 30 s, each 50–100 % of that. */
export function reconnectDelay(n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.min(n, 10));
  return Math.round(ceiling * (0.5 + random() / 2));
}

let listeners: Listeners = new Map();
let dispatch: Dispatch = () => {};
const subscriptions = new Map<string, Subscription>();
let client: Centrifuge | null = null;
let phase: 'idle' | 'starting' | 'running' = 'idle';
/** The answer the running connection was opened with. */
let access: Access | null = null;
/** A guest's answer, fetched for the connect the library is about to make (so it is not asked twice). */
let prefetched: Access | null = null;
/** Whether the connection served a player's own listeners (their leaving is a sign-out). */
let servedPlayer = false;
/** When the running connection's answer was asked for (`performance.now()`), for `renew`. */
let askedAt = Number.NEGATIVE_INFINITY;
/** Whether the running connection's answer was asked for with a player's listeners waiting. */
let askedForPlayer = false;
/** Bumped on every start and stop: a start that was overtaken gives up. */
let generation = 0;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | undefined;

/** The connection follows the listeners (by event name) of the page. */
export function sync(current: Listeners, to: Dispatch): void {
  listeners = current;
  dispatch = to;
  follow();
}

function follow(): void {
  if (phase === 'starting') return; // the start follows when it is done
  if (listeners.size === 0) return stop();
  // A guest's answer to a page that had a player's listeners holds until they are gone.
  if (!needsPlayer(listeners.keys())) askedForPlayer = false;
  if (phase === 'idle' || accessOutdated()) return void start();
  syncSubscriptions();
}

async function fetchAccess(): Promise<Access> {
  const res = await fetch(SUBSCRIPTION_URL, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
  });
  const answer = accessOf(res.ok ? await res.json() : null);
  if (!answer) throw new Error(`realtime subscription answer ${res.status}`);
  return answer;
}

/** The library's `getToken`: a token refused as expired (the session ended), or a guest's reconnect. */
async function refreshToken(): Promise<string> {
  const fresh = prefetched ?? (await fetchAccess());
  prefetched = null;
  if (phase === 'running') {
    access = fresh;
    syncSubscriptions();
  }
  return fresh.token;
}

/**
 * A player's listener on a connection that was opened as a guest's or a visitor's with none
 * waiting (signed in since), or none left on one that served them (signed out).
 */
function accessOutdated(): boolean {
  const wantsPlayer = needsPlayer(listeners.keys());
  if (wantsPlayer && access !== null && !isPlayerAccess(access) && !askedForPlayer) return true;
  return !wantsPlayer && servedPlayer;
}

/**
 * The page's chat cookie changed at `since` (`performance.now()`: a visitor's first message, a
 * chat code entered): the subscription answer is asked again, so that the page connects as that
 * visitor, unless the running one was asked for after it (it carried the cookie already).
 */
export function renew(since: number): void {
  if (listeners.size === 0 || phase === 'idle' || askedAt > since) return;
  void start();
}

async function start(): Promise<void> {
  const gen = ++generation;
  phase = 'starting';
  clearTimeout(retry);
  dropConnection();
  askedForPlayer = needsPlayer(listeners.keys());
  askedAt = performance.now();
  let fresh: Access;
  try {
    fresh = await fetchAccess();
  } catch {
    if (gen !== generation) return;
    phase = 'idle';
    retry = setTimeout(follow, reconnectDelay(failures++));
    return;
  }
  if (gen !== generation) return;
  failures = 0;
  access = fresh;
  prefetched = fresh.token === '' ? fresh : null;
  client ??= new Centrifuge(`${fresh.url}${WEBSOCKET_PATH}`, { getToken: refreshToken });
  client.setToken(fresh.token);
  phase = 'running';
  servedPlayer = false;
  syncSubscriptions();
  client.connect();
  follow();
}

function stop(): void {
  generation++;
  phase = 'idle';
  clearTimeout(retry);
  dropConnection();
}

/** Closes the connection and forgets its channels and answer. */
function dropConnection(): void {
  for (const event of [...subscriptions.keys()]) removeSubscription(event);
  client?.disconnect();
  access = null;
  prefetched = null;
  servedPlayer = false;
}

/** One subscription per listened event, on the channel of the current answer. */
function syncSubscriptions(): void {
  if (!client || !access) return;
  for (const [event, sub] of subscriptions) {
    if (!listeners.has(event) || sub.channel !== channelOf(event, access)) removeSubscription(event);
  }
  for (const event of listeners.keys()) {
    const channel = channelOf(event, access);
    if (channel === null || subscriptions.has(event)) continue;
    const sub = client.newSubscription(channel);
    sub.on('publication', (ctx) => dispatch(event, ctx.data));
    sub.subscribe();
    subscriptions.set(event, sub);
    // Only a player's own events count: a visitor's (support) may stay after a sign-out, on the visitor's channel.
    if (needsPlayer([event])) servedPlayer = true;
  }
}

function removeSubscription(event: string): void {
  const sub = subscriptions.get(event);
  subscriptions.delete(event);
  if (!sub) return;
  sub.removeAllListeners();
  client?.removeSubscription(sub);
}
