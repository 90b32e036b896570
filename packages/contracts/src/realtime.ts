import { z } from 'zod';

// ---- GET /api/notification_center/centrifugo/subscription -----------------------------------

/**
 * Where and how a page connects to the realtime gateway (the Centrifugo client protocol,
 * apps/server/src/modules/realtime/README.md): `new Centrifuge(url + '/connection/websocket',
 * {token})`, then channels `ws:<client_name>:public:<name>` and, for a player,
 * `ws:<client_name>:<name>#<user>`.
 */
export const centrifugoSubscriptionSchema = z.object({
  /** The gateway's base, `ws(s)://<host>`, without the `/connection/websocket` path. */
  url: z.string(),
  /** A connection token (JWT, HS256) for a signed-in player; empty for a guest (anonymous connection). */
  token: z.string(),
  /** The middle part of every channel name (`ws:<client_name>:…`). */
  client_name: z.string(),
  /**
   * The player's channel id (the part after `#` of a private channel); null for a guest. A
   * visitor who chats with support (the chat cookie, docs/support.md "Visitors") gets a visitor's
   * channel id and token: their only private channel is `support`.
   */
  user: z.string().nullable(),
  /** Orbit's own: true when `user` and `token` are a chatting visitor's, not a player's. */
  visitor: z.boolean().optional(),
});
export type CentrifugoSubscription = z.infer<typeof centrifugoSubscriptionSchema>;

/** `POST /api/v2/websocket/token`: the connection token (empty for a guest: an anonymous connection). */
export const websocketTokenResponseSchema = z.object({ token: z.string() });

/**
 * `POST /api/v2/websocket/authorize`: subscription tokens for private channels (Centrifugo's
 * convention). `channels` absent: every private channel of the player.
 */
export const websocketAuthorizeRequestSchema = z.object({
  client: z.string().max(200, 'too_long').optional(),
  channels: z.array(z.string().max(300, 'too_long')).max(30, 'too_long').optional(),
});
/** Only the caller's own channels get a token; any other asked for is left out. */
export const websocketAuthorizeResponseSchema = z.array(z.object({ channel: z.string(), token: z.string() }));
