/**
 * Realtime channels (modules/realtime/README.md). Names as pages see them:
 * `ws:<client_name>:public:<name>` for everyone (`wins`, `jackpots_changes`) and
 * `ws:<client_name>:<name>#<user>` for one player, `<user>` the player's opaque channel id.
 * Modules publish through these helpers (ctx.pubsub); the gateway (module `realtime`) forwards to
 * the subscribers. A private message travels on one pub/sub channel per player, so an instance
 * subscribes once per connected player, not once per name.
 */
import { createHmac } from 'node:crypto';
import type { PubSub } from './pubsub';

export const PRIVATE_CHANNELS = [
  'balance',
  'bonuses_changes',
  'freespins_changes',
  'comps_award',
  'payments_changes',
  'payments_events',
  // A card deposit waits for the player's 3-D Secure challenge (docs/compatibility.md "Realtime").
  'allsecure_notification',
  'lootboxes_changes',
  'game_limits',
  'tournaments_statuses',
  'groups_updates',
  'jackpot_win_award',
  'personal_notifications',
  // Orbit's own (not in the family's list; its front ends never subscribe): the VIP club's progress.
  'vip_progress',
  // Orbit's own: the operators' answers to the player's support conversation (docs/support.md).
  'support',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];
export const PUBLIC_CHANNELS = ['wins', 'jackpots_changes'] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];

/** The pub/sub channel that carries one player's private messages. */
export const playerTopic = (userId: number) => `player:${userId}`;
/**
 * The pub/sub channel of a visitor who chats with support (docs/support.md "Visitors"): known by
 * the key of their chat cookie, it carries their `support` channel only.
 */
export const visitorTopic = (visitorKey: string) => `visitor:${visitorKey}`;
/** The only private channel a visitor has. */
export const VISITOR_CHANNELS: ReadonlyArray<PrivateChannel> = ['support'];
export const PUBLIC_TOPIC = 'public';

export function publishToPlayer(pubsub: PubSub, userId: number, name: PrivateChannel, data: unknown): Promise<void> {
  return pubsub.publish(playerTopic(userId), { event: name, data });
}

export function publishToVisitor(pubsub: PubSub, visitorKey: string, name: 'support', data: unknown): Promise<void> {
  return pubsub.publish(visitorTopic(visitorKey), { event: name, data });
}

export function publishPublic(pubsub: PubSub, name: PublicChannel, data: unknown): Promise<void> {
  return pubsub.publish(PUBLIC_TOPIC, { event: name, data });
}

/** The player's channel id: opaque (a keyed hash), so channel names do not reveal player ids. */
export function channelUser(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`channel:${userId}`).digest('base64url').slice(0, 22);
}

/**
 * A visitor's channel id: a keyed hash of their key, under another prefix than players' ids, so
 * that no visitor's id is ever a player's and neither token opens the other's channels.
 */
export function visitorChannelUser(secret: string, visitorKey: string): string {
  return createHmac('sha256', secret).update(`visitor:${visitorKey}`).digest('base64url').slice(0, 22);
}

/** The start of every channel name: `ws:<client_name>:`. */
export const channelPrefix = (clientName: string) => `ws:${clientName}:`;

export const publicChannelName = (clientName: string, name: string) => `${channelPrefix(clientName)}public:${name}`;

export const privateChannelName = (clientName: string, name: string, user: string) =>
  `${channelPrefix(clientName)}${name}#${user}`;

export type ChannelRef =
  { kind: 'public'; name: PublicChannel } | { kind: 'private'; name: PrivateChannel; user: string };

/** What a channel name stands for, or null: another prefix, an unknown name, a malformed user. */
export function parseChannel(clientName: string, channel: string): ChannelRef | null {
  const prefix = channelPrefix(clientName);
  if (!channel.startsWith(prefix) || channel.length > 200) return null;
  const rest = channel.slice(prefix.length);
  if (rest.startsWith('public:')) {
    const name = rest.slice('public:'.length);
    return isPublic(name) ? { kind: 'public', name } : null;
  }
  const [, name = '', user = ''] = /^([a-z_]+)#([A-Za-z0-9_-]{1,64})$/.exec(rest) ?? [];
  return isPrivate(name) ? { kind: 'private', name, user } : null;
}

const isPublic = (name: string): name is PublicChannel => (PUBLIC_CHANNELS as readonly string[]).includes(name);
const isPrivate = (name: string): name is PrivateChannel => (PRIVATE_CHANNELS as readonly string[]).includes(name);
