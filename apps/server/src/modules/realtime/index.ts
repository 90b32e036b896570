/**
 * The realtime gateway: one WebSocket endpoint, `GET /api/realtime` (its URL and a ticket are in
 * `/api/player/settings` `cent`). A player is known by the session cookie or by the ticket
 * (`?token=`); a guest receives the public channels only. Messages are
 * `{channel, event, data}`: `channel` is `public:<name>` or `<name>#<user>`, `data` the whole
 * changed object. Modules publish with `publishToPlayer` / `publishPublic`
 * (platform/realtime/channels.ts) through `ctx.pubsub`, which is Redis when REDIS_URL is set, so
 * a change made on one instance reaches sockets on every instance.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ModuleContext } from '../../platform/context';
import { publicBase } from '../../platform/config';
import { sameHost } from '../../platform/http/csrf';
import type { OrbitModule } from '../../platform/module';
import { channelUser, playerTopic, PUBLIC_TOPIC, verifyTicket } from '../../platform/realtime/channels';
import type { RealtimeMessage, Unsubscribe } from '../../platform/realtime/pubsub';
import { activeSessionIds, currentPlayer } from '../identity';

const PING_EVERY_MS = 25_000;

/** A browser's socket must come from our own pages (the WebSocket form of the CSRF check). */
function originAllowed(request: FastifyRequest, ctx: ModuleContext): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser (server-side clients, tests)
  return (
    sameHost(origin, request.host) ||
    (ctx.config.publicUrl !== undefined && sameHost(origin, new URL(publicBase(ctx.config)).host))
  );
}

/** The player and session of a socket: the session cookie's, or the ticket's while its session is active. */
async function playerOf(
  request: FastifyRequest,
  ctx: ModuleContext,
): Promise<{ userId: number; sessionId: string } | null> {
  const current = await currentPlayer(request);
  if (current) return { userId: current.user.id, sessionId: current.session.id };
  const { token } = request.query as { token?: string };
  const ticket = verifyTicket(ctx.config.realtimeSecret, token, ctx.clock.now());
  if (!ticket) return null;
  return (await activeSessionIds(ctx.db, [ticket.sessionId], ctx.clock.now())).has(ticket.sessionId) ? ticket : null;
}

/**
 * A player's sockets live as long as the session they were opened in: every `SESSION_CHECK_MS`
 * one query asks which of this instance's sessions are still active (sign-out, sign-out
 * everywhere, a password reset, an exclusion, idling out: whatever ended it, on any instance),
 * and the sockets of the others are closed with 4401.
 */
const SESSION_CHECK_MS = 20_000;

export const realtimeModule: OrbitModule = {
  name: 'realtime',
  routes: async (app, ctx) => {
    const bySession = new Map<string, Set<WebSocket>>();
    ctx.sweeps.every('realtime.ended-sessions', SESSION_CHECK_MS, async () => {
      const active = await activeSessionIds(ctx.db, [...bySession.keys()], ctx.clock.now());
      for (const [sessionId, sockets] of bySession) {
        if (active.has(sessionId)) continue;
        bySession.delete(sessionId);
        for (const socket of sockets) socket.close(4401, 'session ended');
      }
    });
    app.get('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket: WebSocket, request) => {
      if (!originAllowed(request, ctx)) {
        socket.close(4403, 'origin');
        return;
      }
      const player = await playerOf(request, ctx);
      const { token } = request.query as { token?: string };
      if (token !== undefined && player === null) {
        socket.close(4401, 'ticket');
        return;
      }
      const userId = player?.userId ?? null;
      if (player) {
        const sockets = bySession.get(player.sessionId) ?? new Set<WebSocket>();
        bySession.set(player.sessionId, sockets.add(socket));
      }
      const user = userId === null ? null : channelUser(ctx.config.realtimeSecret, userId);
      const send = (channel: string, message: RealtimeMessage) => {
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ channel, event: message.event, data: message.data }));
      };
      const subscriptions: Unsubscribe[] = [];
      let closed = false;
      const release = async () => {
        closed = true;
        clearInterval(ping);
        if (player) {
          const sockets = bySession.get(player.sessionId);
          sockets?.delete(socket);
          if (sockets?.size === 0) bySession.delete(player.sessionId);
        }
        await Promise.all(subscriptions.splice(0).map((u) => u()));
      };
      let alive = true;
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_EVERY_MS);
      socket.on('pong', () => (alive = true));
      socket.on('close', () => void release());
      socket.on('message', (raw) => {
        // The only client message is an application-level ping (proxies that drop idle sockets).
        if (String(raw).length <= 64 && String(raw).includes('"ping"')) socket.send(JSON.stringify({ pong: 1 }));
      });
      subscriptions.push(await ctx.pubsub.subscribe(PUBLIC_TOPIC, (m) => send(`public:${m.event}`, m)));
      if (userId !== null)
        subscriptions.push(await ctx.pubsub.subscribe(playerTopic(userId), (m) => send(`${m.event}#${user}`, m)));
      if (closed) await release();
      else send('connected', { event: 'connected', data: { user } });
    });
  },
};
