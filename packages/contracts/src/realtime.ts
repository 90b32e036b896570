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
