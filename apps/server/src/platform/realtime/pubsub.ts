import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** What travels on a pub/sub channel: one realtime message (event name and the changed object). */
export type RealtimeMessage = { event: string; data: unknown };
export type Unsubscribe = () => Promise<void>;

/**
 * Fan-out between the processes that serve players: in-process by default, Redis when
 * REDIS_URL is set, so that a change made on one instance reaches a page connected to another.
 */
export interface PubSub {
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  subscribe(channel: string, handler: (message: RealtimeMessage) => void): Promise<Unsubscribe>;
  /** How many handlers are subscribed in this process (tests check that sockets let go). */
  subscriptionCount(): number;
  /**
   * Whether the pub/sub answers now (`/api/health`): `not_configured` in one process without Redis,
   * else whether both Redis connections are up (they reconnect by themselves).
   */
  state(): 'ok' | 'unavailable' | 'not_configured';
  close(): Promise<void>;
}

export class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private count = 0;

  state(): ReturnType<PubSub['state']> {
    return 'not_configured';
  }

  async publish(channel: string, message: RealtimeMessage): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: RealtimeMessage) => void): Promise<Unsubscribe> {
    this.emitter.on(channel, handler);
    this.count++;
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      this.count--;
      this.emitter.off(channel, handler);
    };
  }

  subscriptionCount(): number {
    return this.count;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** How often a Redis pub/sub that stays unreachable is warned of. */
export const REDIS_WARNING_EVERY_MS = 30_000;

/**
 * One publishing and one subscribing connection per process; a Redis channel is subscribed while
 * at least one local handler wants it. ioredis reconnects and resubscribes by itself.
 */
export class RedisPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<(message: RealtimeMessage) => void>>();

  /** ioredis is loaded only when Redis is used (docs/performance.md "Start"). */
  static async connect(url: string, log: FastifyBaseLogger): Promise<RedisPubSub> {
    const { Redis } = await import('ioredis');
    return new RedisPubSub(
      new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 }),
      new Redis(url, { lazyConnect: false }),
      log,
    );
  }

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    log: FastifyBaseLogger,
  ) {
    // While Redis is away ioredis tries again several times a second, each try an error: one warning
    // when it goes, then one every 30 s with how many tries failed, and one line when it is back.
    let down = false;
    let failed = 0;
    let warnedAt = 0;
    for (const connection of [this.pub, this.sub]) {
      connection.on('error', (error: Error) => {
        failed++;
        const now = Date.now();
        if (down && now - warnedAt < REDIS_WARNING_EVERY_MS) return;
        log.warn(
          { err: error, failedTries: failed },
          down ? 'redis pub/sub still unreachable' : 'redis pub/sub connection error',
        );
        down = true;
        warnedAt = now;
      });
      connection.on('ready', () => {
        if (!down || this.state() !== 'ok') return;
        log.info({ failedTries: failed }, 'redis pub/sub connected again');
        down = false;
        failed = 0;
      });
    }
    this.sub.on('message', (channel: string, raw: string) => {
      const set = this.handlers.get(channel);
      if (!set) return;
      let message: RealtimeMessage;
      try {
        message = JSON.parse(raw) as RealtimeMessage;
      } catch {
        return;
      }
      for (const handler of set) handler(message);
    });
  }

  state(): 'ok' | 'unavailable' {
    return this.pub.status === 'ready' && this.sub.status === 'ready' ? 'ok' : 'unavailable';
  }

  async publish(channel: string, message: RealtimeMessage): Promise<void> {
    await this.pub.publish(channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: (message: RealtimeMessage) => void): Promise<Unsubscribe> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(channel);
        await this.sub.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  subscriptionCount(): number {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.handlers.clear();
    // A connection that is down is dropped: `quit` would wait for it to come back (a stop with Redis
    // away would wait out every retry).
    const end = (connection: Redis) =>
      connection.status === 'ready' ? connection.quit() : Promise.resolve(connection.disconnect());
    await Promise.allSettled([end(this.pub), end(this.sub)]);
  }
}

export async function createPubSub(redisUrl: string | undefined, log: FastifyBaseLogger): Promise<PubSub> {
  return redisUrl ? RedisPubSub.connect(redisUrl, log) : new MemoryPubSub();
}
