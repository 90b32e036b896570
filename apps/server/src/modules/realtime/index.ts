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
import { currentPlayer } from '../identity';

const PING_EVERY_MS = 25_000;

/** A browser's socket must come from our own pages (the WebSocket form of the CSRF check). */
function originAllowed(request: FastifyRequest, ctx: ModuleContext): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser (server-side clients, tests)
  return sameHost(origin, request.host) || (ctx.config.publicUrl !== undefined && sameHost(origin, new URL(publicBase(ctx.config)).host));
}

async function playerOf(request: FastifyRequest, ctx: ModuleContext): Promise<number | null> {
  const session = await currentPlayer(request);
  if (session) return session.user.id;
  const { token } = request.query as { token?: string };
  return verifyTicket(ctx.config.realtimeSecret, token, ctx.clock.now());
}

export const realtimeModule: OrbitModule = {
  name: 'realtime',
  routes: async (app, ctx) => {
    app.get('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket: WebSocket, request) => {
      if (!originAllowed(request, ctx)) {
        socket.close(4403, 'origin');
        return;
      }
      const userId = await playerOf(request, ctx);
      const { token } = request.query as { token?: string };
      if (token !== undefined && userId === null) {
        socket.close(4401, 'ticket');
        return;
      }
      const user = userId === null ? null : channelUser(ctx.config.realtimeSecret, userId);
      const send = (channel: string, message: RealtimeMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ channel, event: message.event, data: message.data }));
      };
      const subscriptions: Unsubscribe[] = [];
      let closed = false;
      const release = async () => {
        closed = true;
        clearInterval(ping);
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
      if (userId !== null) subscriptions.push(await ctx.pubsub.subscribe(playerTopic(userId), (m) => send(`${m.event}#${user}`, m)));
      if (closed) await release();
      else send('connected', { event: 'connected', data: { user } });
    });
  },
};
