/**
 * The realtime gateway (README.md beside this file): the Centrifugo client protocol (v2, JSON)
 * at `GET /connection/websocket`, and `GET /api/notification_center/centrifugo/subscription`
 * (where to connect, with which token). Modules publish with `publishToPlayer` /
 * `publishPublic` (platform/realtime/channels.ts) through `ctx.pubsub`, which is Redis when
 * REDIS_URL is set, so a change made on one instance reaches sockets on every instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  centrifugoSubscriptionSchema,
  websocketAuthorizeRequestSchema,
  websocketAuthorizeResponseSchema,
  websocketTokenResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { publicBase } from '../../platform/config';
import { sameHost } from '../../platform/http/csrf';
import type { OrbitModule } from '../../platform/module';
import {
  channelUser,
  parseChannel,
  PRIVATE_CHANNELS,
  privateChannelName,
  visitorChannelUser,
} from '../../platform/realtime/channels';
import {
  connectionFor,
  issueSubscriptionToken,
  realtimeBase,
  verifyConnectionToken,
  verifySubscriptionToken,
  visitorConnectionFor,
  WEBSOCKET_PATH,
} from '../../platform/realtime/tokens';
import { activeSessionIds, activeSessionPlayer, currentPlayer, requirePlayer } from '../identity';
import { Connection, type Authentication } from './connection';
import { ChannelHub } from './hub';
import { DISCONNECTS } from './protocol';

/**
 * A player's connections live as long as the session they were opened in: every
 * `SESSION_CHECK_MS` one query asks which of this instance's sessions are still active
 * (sign-out, sign-out everywhere, a password reset, an exclusion, idling out: whatever ended it,
 * on any instance), and the connections of the others are closed (3005: the client reconnects,
 * and its token is refused as expired).
 */
const SESSION_CHECK_MS = 20_000;
/** Recovery: 32 publications per channel, for two minutes; a topic nobody listens to is kept as long. */
const HUB_LIMITS = { historySize: 32, historyTtlMs: 120_000, retainMs: 120_000 };
const HUB_SWEEP_MS = 30_000;

/** A browser's socket must come from our own pages (the WebSocket form of the CSRF check). */
function originAllowed(request: FastifyRequest, ctx: ModuleContext): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser (server-side clients, tests)
  return (
    sameHost(origin, request.host) ||
    (ctx.config.publicUrl !== undefined && sameHost(origin, new URL(publicBase(ctx.config)).host))
  );
}

/**
 * Who a guest is beyond anonymous: the door through which a higher module tells the gateway that
 * a guest's request is a chatting visitor's (support: the chat cookie of an existing visitor
 * conversation, docs/support.md "Visitors"), by the visitor's key; null for anyone else.
 */
export type GuestVisitorLookup = (request: FastifyRequest) => Promise<string | null>;

export class RealtimeVisitors {
  private lookup: GuestVisitorLookup = async () => null;

  /** The support module's lookup (one module answers it). */
  use(lookup: GuestVisitorLookup): void {
    this.lookup = lookup;
  }

  visitorOf(request: FastifyRequest): Promise<string | null> {
    return this.lookup(request);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the subscription answer which guests are chatting visitors (the support module plugs in). */
    orbitRealtimeVisitors: RealtimeVisitors;
  }
}

/** Who a connect command's token stands for: a player of an active session, a chatting visitor, a guest, or nobody. */
async function authenticate(ctx: ModuleContext, token: string): Promise<Authentication> {
  const secret = ctx.config.realtimeSecret;
  const now = ctx.clock.now();
  const check = await verifyConnectionToken(secret, token, now);
  if (check.status !== 'valid') return check;
  if (check.user === '') return { status: 'anonymous' };
  if (check.visitorKey !== null) {
    // A visitor's token names no session, and its channel id is the key's own.
    if (check.sessionId !== null || visitorChannelUser(secret, check.visitorKey) !== check.user)
      return { status: 'invalid' };
    return { status: 'visitor', visitor: { visitorKey: check.visitorKey, user: check.user } };
  }
  if (check.sessionId === null) return { status: 'invalid' };
  const userId = await activeSessionPlayer(ctx.db, check.sessionId, now);
  // A token of a session that ended is an expired one: the client asks for a new token.
  if (userId === null) return { status: 'expired' };
  if (channelUser(secret, userId) !== check.user) return { status: 'invalid' };
  return { status: 'player', player: { userId, sessionId: check.sessionId, user: check.user } };
}

/** The players' open connections of this instance, by session (for the session sweep). */
class Connections {
  private readonly bySession = new Map<string, Set<Connection>>();

  signedIn(connection: Connection): void {
    const sessionId = connection.player!.sessionId;
    const set = this.bySession.get(sessionId) ?? new Set<Connection>();
    this.bySession.set(sessionId, set.add(connection));
  }

  closed(connection: Connection): void {
    const sessionId = connection.player?.sessionId;
    if (sessionId === undefined) return;
    const set = this.bySession.get(sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.bySession.delete(sessionId);
  }

  async closeEndedSessions(ctx: ModuleContext): Promise<void> {
    const active = await activeSessionIds(ctx.db, [...this.bySession.keys()], ctx.clock.now());
    for (const [sessionId, set] of this.bySession) {
      if (active.has(sessionId)) continue;
      this.bySession.delete(sessionId);
      for (const connection of set) connection.disconnect(DISCONNECTS.sessionEnded);
    }
  }
}

function gatewayRoute(app: FastifyInstance, ctx: ModuleContext, hub: ChannelHub, connections: Connections): void {
  const deps = {
    hub,
    clientName: ctx.config.realtimeClientName,
    authenticate: (token: string) => authenticate(ctx, token),
    subscriptionTokenValid: (token: string, user: string, channel: string) =>
      verifySubscriptionToken(ctx.config.realtimeSecret, token, user, channel, ctx.clock.now()),
    signedIn: (connection: Connection) => connections.signedIn(connection),
    closed: (connection: Connection) => connections.closed(connection),
    log: ctx.log,
  };
  app.get(WEBSOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    if (!originAllowed(request, ctx)) return socket.close(DISCONNECTS.permissionDenied.code, 'origin');
    new Connection(socket, deps);
  });
}

function subscriptionRoute(fastify: FastifyInstance, ctx: ModuleContext, visitors: RealtimeVisitors): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/notification_center/centrifugo/subscription',
    {
      schema: {
        tags: ['player'],
        summary:
          'Where and how to connect to the realtime gateway (guests too: no token, public channels; a chatting visitor: their `support` channel)',
        response: { 200: centrifugoSubscriptionSchema },
      },
    },
    async (request, reply) => {
      // A per-player token: never cached.
      reply.header('cache-control', 'no-store');
      const { realtimeSecret: secret, realtimeClientName: client_name } = ctx.config;
      const now = ctx.clock.now();
      const url = realtimeBase(ctx.config, request);
      const player = await currentPlayer(request);
      const visitorKey = player ? null : await visitors.visitorOf(request);
      if (visitorKey !== null) {
        const { user, token } = await visitorConnectionFor(secret, visitorKey, now);
        return { url, token, client_name, user, visitor: true };
      }
      const session = player ? { userId: player.user.id, sessionId: player.session.id } : null;
      const { user, token } = await connectionFor(secret, session, now);
      return { url, token, client_name, user, visitor: false };
    },
  );
}

/**
 * The calls a betting site's frame signs in to the realtime gateway with (Centrifugo's token and
 * private-channel conventions, docs/compatibility.md "Realtime"): the connection token, and a
 * subscription token per private channel of the caller's own.
 */
function websocketV2Routes(fastify: FastifyInstance, ctx: ModuleContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v2/websocket/token',
    {
      schema: {
        tags: ['player'],
        summary: 'The realtime connection token (empty for a guest: an anonymous connection)',
        response: { 200: websocketTokenResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const player = await currentPlayer(request);
      const session = player ? { userId: player.user.id, sessionId: player.session.id } : null;
      return { token: (await connectionFor(ctx.config.realtimeSecret, session, ctx.clock.now())).token };
    },
  );
  app.post(
    '/api/v2/websocket/authorize',
    {
      schema: {
        tags: ['player'],
        summary: "Subscription tokens for the caller's own private channels (others asked for are left out)",
        body: websocketAuthorizeRequestSchema,
        response: { 200: websocketAuthorizeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const player = await requirePlayer(request);
      const { realtimeSecret: secret, realtimeClientName: clientName } = ctx.config;
      const user = channelUser(secret, player.user.id);
      const asked = request.body.channels ?? PRIVATE_CHANNELS.map((name) => privateChannelName(clientName, name, user));
      const own = [...new Set(asked)].filter((channel) => {
        const ref = parseChannel(clientName, channel);
        return ref?.kind === 'private' && ref.user === user;
      });
      const now = ctx.clock.now();
      return Promise.all(
        own.map(async (channel) => ({ channel, token: await issueSubscriptionToken(secret, user, channel, now) })),
      );
    },
  );
}

export const realtimeModule: OrbitModule = {
  name: 'realtime',
  routes: async (app, ctx) => {
    const hub = new ChannelHub(ctx.pubsub, () => ctx.clock.now().getTime(), HUB_LIMITS);
    const connections = new Connections();
    const visitors = new RealtimeVisitors();
    app.decorate('orbitRealtimeVisitors', visitors);
    ctx.sweeps.every('realtime.ended-sessions', SESSION_CHECK_MS, () => connections.closeEndedSessions(ctx));
    ctx.sweeps.every('realtime.idle-channels', HUB_SWEEP_MS, () => hub.sweep());
    app.addHook('onClose', async () => hub.close());
    gatewayRoute(app, ctx, hub, connections);
    subscriptionRoute(app, ctx, visitors);
    websocketV2Routes(app, ctx);
  },
};
