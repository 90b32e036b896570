/**
 * Realtime channels (modules/realtime/README.md). Public channels `public:wins` and
 * `public:jackpots_changes`; private channels `<name>#<user>` where `<user>` is the player's
 * opaque channel id. Modules publish through these helpers (ctx.pubsub); the gateway (module
 * `realtime`) forwards to the player's sockets. A private message travels on one pub/sub
 * channel per player, so an instance subscribes once per connected player, not once per name.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PubSub } from './pubsub';

export const PRIVATE_CHANNELS = [
  'balance',
  'bonuses_changes',
  'freespins_changes',
  'comps_award',
  'payments_changes',
  'payments_events',
  'lootboxes_changes',
  'game_limits',
  'tournaments_statuses',
  'groups_updates',
  'jackpot_win_award',
  'personal_notifications',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];
export const PUBLIC_CHANNELS = ['wins', 'jackpots_changes'] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];

/** The pub/sub channel that carries one player's private messages. */
export const playerTopic = (userId: number) => `player:${userId}`;
export const PUBLIC_TOPIC = 'public';

export function publishToPlayer(pubsub: PubSub, userId: number, name: PrivateChannel, data: unknown): Promise<void> {
  return pubsub.publish(playerTopic(userId), { event: name, data });
}

export function publishPublic(pubsub: PubSub, name: PublicChannel, data: unknown): Promise<void> {
  return pubsub.publish(PUBLIC_TOPIC, { event: name, data });
}

/** The player's channel id: opaque (a keyed hash), so channel names do not reveal player ids. */
export function channelUser(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`channel:${userId}`).digest('base64url').slice(0, 22);
}

/** How long a connection ticket of `/api/player/settings` opens the gateway. */
export const TICKET_TTL_SECONDS = 24 * 3600;

export type Ticket = { user: string; token: string; timestamp: string };

/**
 * A ticket for the gateway: the token names the player, the session it was issued to and its
 * issue time, signed. A socket opened with it lives only as long as that session.
 */
export function issueTicket(secret: string, userId: number, sessionId: string, now: Date): Ticket {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const payload = `${userId}.${sessionId}.${timestamp}`;
  return { user: channelUser(secret, userId), timestamp, token: `${payload}.${sign(secret, payload)}` };
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`ticket:${payload}`).digest('base64url');
}

/** The player and session a ticket's token stands for, or null (forged, expired, malformed). */
export function verifyTicket(
  secret: string,
  token: string | undefined,
  now: Date,
): { userId: number; sessionId: string } | null {
  const m = /^(\d{1,15})\.([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return null;
  const age = now.getTime() / 1000 - Number(m[3]);
  if (age < -60 || age > TICKET_TTL_SECONDS) return null;
  const expected = Buffer.from(sign(secret, `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId: Number(m[1]), sessionId: m[2]! }
    : null;
}
