/**
 * One client connection of the gateway: the first command must be `connect` (a token for a
 * player, none for a guest), then `subscribe` / `unsubscribe` of channels; the server pings
 * with `{}` and the client answers `{}`. Commands are handled one after another, in order.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  parseChannel,
  playerTopic,
  privateChannelName,
  PUBLIC_TOPIC,
  publicChannelName,
  VISITOR_CHANNELS,
  visitorTopic,
} from '../../platform/realtime/channels';
import type { ChannelHub, Joined, Listener, Publication, Source } from './hub';
import { DISCONNECTS, ERRORS, parseFrame, type Command, type Disconnect, type Reply } from './protocol';

/** The server pings every so many seconds; a client that sent nothing since the last ping is dropped. */
export const PING_SECONDS = 25;
/** A socket that sends no connect command this soon is closed. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Channels one connection may hold (there are 14 a player may subscribe to). */
const MAX_SUBSCRIPTIONS = 32;
const VERSION = 'orbit 0.1.0';

export type ConnectionPlayer = { userId: number; sessionId: string; user: string };
/** A visitor chatting with support (no session): their key and their channel id. */
export type ConnectionVisitor = { visitorKey: string; user: string };

export type Authentication =
  | { status: 'anonymous' }
  | { status: 'player'; player: ConnectionPlayer }
  | { status: 'visitor'; visitor: ConnectionVisitor }
  | { status: 'expired' }
  | { status: 'invalid' };

export type ConnectionDeps = {
  hub: ChannelHub;
  clientName: string;
  authenticate: (token: string) => Promise<Authentication>;
  /** Whether a subscription token stands for this channel id and channel. */
  subscriptionTokenValid: (token: string, user: string, channel: string) => Promise<boolean>;
  /** The connection is now a player's (the session sweep follows it). */
  signedIn: (connection: Connection) => void;
  closed: (connection: Connection) => void;
  log: FastifyBaseLogger;
};

type ConnectRequest = NonNullable<Command['connect']>;
type SubscribeRequest = NonNullable<Command['subscribe']>;

export class Connection {
  readonly client = randomUUID();
  player: ConnectionPlayer | null = null;
  visitor: ConnectionVisitor | null = null;
  private state: 'new' | 'connecting' | 'connected' | 'closed' = 'new';
  /** Subscribed channels and how to leave them (a placeholder while joining). */
  private readonly subscriptions = new Map<string, () => void>();
  private queue: Promise<void> = Promise.resolve();
  private heard = true;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    socket.on('message', (raw) => this.receive(String(raw)));
    socket.on('close', () => this.release());
    this.armConnectTimer();
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Closes the socket with a disconnect code (3000–3499: the client reconnects; 3500–3999: it stops). */
  disconnect(reason: Disconnect): void {
    if (this.state === 'closed') return;
    this.socket.close(reason.code, reason.reason);
    this.release();
  }

  private receive(raw: string): void {
    this.heard = true;
    const commands = parseFrame(raw);
    if (commands === null) return this.disconnect(DISCONNECTS.badRequest);
    this.queue = this.queue
      .then(() => this.handleAll(commands))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'realtime command failed');
        this.disconnect(DISCONNECTS.internal);
      });
  }

  private async handleAll(commands: Command[]): Promise<void> {
    for (const command of commands) {
      if (this.state === 'closed') return;
      await this.handle(command);
    }
  }

  private async handle(command: Command): Promise<void> {
    // No id: a pong (`{}`) or a message that wants no reply.
    const id = command.id;
    if (id === undefined || id === 0) return;
    if (this.state !== 'connected') return command.connect ? this.connect(id, command.connect) : this.badRequest();
    if (command.connect) return this.badRequest();
    if (command.subscribe) return this.subscribe(id, command.subscribe);
    if (command.unsubscribe) return this.unsubscribe(id, command.unsubscribe.channel);
    if ('publish' in command) return this.send({ id, error: ERRORS.permissionDenied });
    if ('rpc' in command) return this.send({ id, error: ERRORS.methodNotFound });
    // history, presence, refresh …: not offered.
    this.send({ id, error: ERRORS.notAvailable });
  }

  private badRequest(): void {
    this.disconnect(DISCONNECTS.badRequest);
  }

  private async connect(id: number, request: ConnectRequest): Promise<void> {
    if (this.state === 'connecting') return this.badRequest();
    this.state = 'connecting';
    clearTimeout(this.connectTimer);
    const auth: Authentication = request.token ? await this.deps.authenticate(request.token) : { status: 'anonymous' };
    if (this.isClosed) return;
    if (auth.status === 'invalid') return this.disconnect(DISCONNECTS.invalidToken);
    if (auth.status === 'expired') {
      // The client asks for a new token and connects again (on this socket or a new one).
      this.state = 'new';
      this.armConnectTimer();
      return this.send({ id, error: ERRORS.tokenExpired });
    }
    if (auth.status === 'player') {
      this.player = auth.player;
      this.deps.signedIn(this);
    }
    if (auth.status === 'visitor') this.visitor = auth.visitor;
    this.state = 'connected';
    this.send({ id, connect: { client: this.client, version: VERSION, ping: PING_SECONDS, pong: true } });
    this.pingTimer = setInterval(() => this.ping(), PING_SECONDS * 1000);
  }

  private async subscribe(id: number, request: SubscribeRequest): Promise<void> {
    const { channel } = request;
    const source = this.sourceOf(channel);
    if (!source) return this.send({ id, error: ERRORS.permissionDenied });
    // A private channel's subscription token (the sportsbook frame's clients send one) must be its own.
    const user = this.player?.user ?? this.visitor?.user;
    if (request.token && !channel.includes(':public:') && user !== undefined)
      if (!(await this.deps.subscriptionTokenValid(request.token, user, channel)))
        return this.send({ id, error: ERRORS.permissionDenied });
    if (this.subscriptions.has(channel)) return this.send({ id, error: ERRORS.alreadySubscribed });
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) return this.send({ id, error: ERRORS.limitExceeded });
    const placeholder = () => {};
    this.subscriptions.set(channel, placeholder);
    const gate = new PushGate((publication) => this.push(channel, publication));
    const since = request.recover ? { offset: request.offset ?? 0, epoch: request.epoch ?? '' } : null;
    let joined: Joined;
    try {
      joined = await this.deps.hub.join(source, channel, gate.listener, since);
    } catch (error) {
      this.deps.log.warn({ err: error, channel }, 'realtime subscribe failed');
      this.subscriptions.delete(channel);
      return this.send({ id, error: ERRORS.internal });
    }
    if (this.isClosed || this.subscriptions.get(channel) !== placeholder) return joined.leave();
    this.subscriptions.set(channel, joined.leave);
    this.send({ id, subscribe: subscribeResult(joined, since !== null) });
    gate.open();
  }

  private unsubscribe(id: number, channel: string): void {
    this.subscriptions.get(channel)?.();
    this.subscriptions.delete(channel);
    this.send({ id, unsubscribe: {} });
  }

  /** The pub/sub topic of a channel this connection may subscribe to, or null (permission denied). */
  private sourceOf(channel: string): Source | null {
    const { clientName } = this.deps;
    const ref = parseChannel(clientName, channel);
    if (ref?.kind === 'public')
      return { topic: PUBLIC_TOPIC, channelOf: (event) => publicChannelName(clientName, event) };
    if (ref?.kind !== 'private') return null;
    const { player, visitor } = this;
    if (player && ref.user === player.user)
      return {
        topic: playerTopic(player.userId),
        channelOf: (event) => privateChannelName(clientName, event, player.user),
      };
    // A visitor's only private channel is `support`.
    if (visitor && ref.user === visitor.user && VISITOR_CHANNELS.includes(ref.name))
      return {
        topic: visitorTopic(visitor.visitorKey),
        channelOf: (event) => privateChannelName(clientName, event, visitor.user),
      };
    return null;
  }

  private push(channel: string, publication: Publication): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    // One stream is one channel: its publication's frame is the same bytes for every subscriber.
    publication.frame ??= Buffer.from(
      JSON.stringify({
        push: { channel, pub: { data: publication.data, offset: publication.offset } },
      } satisfies Reply),
    );
    this.socket.send(publication.frame, { binary: false });
  }

  private ping(): void {
    if (!this.heard) return this.disconnect(DISCONNECTS.noPong);
    this.heard = false;
    this.send({});
  }

  private armConnectTimer(): void {
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => this.disconnect(DISCONNECTS.stale), CONNECT_TIMEOUT_MS);
  }

  private send(reply: Reply): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(reply));
  }

  private release(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
    for (const leave of this.subscriptions.values()) leave();
    this.subscriptions.clear();
    this.deps.closed(this);
  }
}

function subscribeResult(joined: Joined, wasRecovering: boolean) {
  return {
    recoverable: true as const,
    epoch: joined.epoch,
    offset: joined.offset,
    ...(wasRecovering ? { was_recovering: true as const, recovered: joined.recovered } : {}),
    ...(joined.publications.length > 0
      ? { publications: joined.publications.map((p) => ({ data: p.data, offset: p.offset })) }
      : {}),
  };
}

/** Holds a new subscriber's publications until its subscribe reply is out, so none comes before it. */
class PushGate {
  private held: Publication[] | null = [];

  constructor(private readonly forward: Listener) {}

  readonly listener: Listener = (publication) => {
    if (this.held) this.held.push(publication);
    else this.forward(publication);
  };

  open(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const publication of held) this.forward(publication);
  }
}
