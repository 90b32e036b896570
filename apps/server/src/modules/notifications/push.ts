/**
 * Web push to the players' devices (docs/notifications.md "Push to a device"): the VAPID keys, the
 * devices' subscriptions, and the sending, always after the news has committed and never in a
 * caller's way: a send runs in the background with a timeout, its failure is counted on the
 * subscription and logged, never thrown.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSubscriptionRequest } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { subjectLock } from '../../platform/db/executor';
import { AppError, unprocessable } from '../../platform/errors';
import { playerLocales } from '../identity';
import {
  MAX_PUSH_FAILURES,
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_SENT_KEEP_MS,
  PUSH_TIMEOUT_MS,
  PUSH_TTL_SECONDS,
  pushEndpointAllowed,
  pushKeysProblem,
  pushPayload,
  sendOutcome,
  userAgentClass,
  type PushNews,
} from './push-rules';
import { pushKeys, pushSent, pushSubscriptions } from './schema';

/** web-push, loaded when a push is first sent or keys first made (docs/performance.md "Start"). */
const loadWebPush = async () => (await import('web-push')).default;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Posts one encrypted push to a push service; answers its status (throws when none came in time). */
export type PushTransport = (
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer },
) => Promise<number>;

const fetchTransport: PushTransport = async (endpoint, request) => {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: request.headers,
    body: new Uint8Array(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

export class PushService {
  private keysRead: Promise<VapidKeys | null> | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly config: Pick<Config, 'push' | 'demo' | 'env'>,
    private readonly transport: PushTransport = fetchTransport,
  ) {}

  /**
   * The key pair pushes are signed with: the configured one; else, in the demo casino, the one
   * made at its first start and kept in the database (every instance takes the same row); else
   * none (a real casino without keys sends no pushes).
   */
  keys(): Promise<VapidKeys | null> {
    this.keysRead ??= this.readKeys().catch((error: unknown) => {
      this.keysRead = undefined;
      this.log.warn({ err: error }, 'push keys could not be read');
      return null;
    });
    return this.keysRead;
  }

  private async readKeys(): Promise<VapidKeys | null> {
    const { publicKey, privateKey, subject } = this.config.push;
    if (publicKey && privateKey) return { publicKey, privateKey, subject };
    if (!this.config.demo) return null;
    const made = (await loadWebPush()).generateVAPIDKeys();
    await this.db
      .insert(pushKeys)
      .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey, createdAt: this.clock.now() })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    return row ? { publicKey: row.publicKey, privateKey: row.privateKey, subject } : null;
  }

  /**
   * Takes a device's subscription for the player: the same endpoint again updates its owner and
   * keys (a device signed in as someone else now tells them); beyond MAX_PUSH_SUBSCRIPTIONS the
   * player's oldest go. 422 `push_disabled`, `invalid_push_endpoint`, `invalid_push_key`.
   */
  async subscribe(
    playerId: number,
    input: PushSubscriptionRequest,
    userAgent: string | undefined,
  ): Promise<PushSubscriptionRow> {
    if (!(await this.keys())) throw unprocessable('push_disabled');
    if (!pushEndpointAllowed(input.endpoint, this.config.env === 'production'))
      throw AppError.validation({ endpoint: ['invalid_push_endpoint'] });
    const wrongKey = pushKeysProblem(input.keys);
    if (wrongKey) throw AppError.validation({ [wrongKey]: ['invalid_push_key'] });
    const now = this.clock.now();
    const values = {
      playerId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      userAgentClass: userAgentClass(userAgent),
      createdAt: now,
      lastSuccessAt: null,
      failures: 0,
    };
    return this.db.transaction(async (tx) => {
      // One player's subscriptions change one at a time, so the cap holds under concurrent calls.
      await tx.execute(subjectLock('push.player', playerId));
      const [row] = await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
        .returning();
      const kept = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.playerId, playerId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
      const over = kept.slice(0, Math.max(0, kept.length - MAX_PUSH_SUBSCRIPTIONS)).map((r) => r.id);
      if (over.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, over));
      return row!;
    });
  }

  /** Removes the caller's subscription of that endpoint; another player's is left alone (false). */
  async unsubscribe(playerId: number, endpoint: string): Promise<boolean> {
    const removed = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return removed.length > 0;
  }

  /** Runs a send in the background (the outbox's effects never wait for a push service). */
  later(send: () => Promise<void>): void {
    const running = send()
      .catch((error: unknown) => this.log.warn({ err: error }, 'push failed'))
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Resolves when every send started so far has ended (tests; the server's close). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /**
   * Records that a news goes out, once per (player, source): false when it went already (a gift's
   * later change, an event delivered again).
   */
  async claim(playerId: number, sourceKey: string): Promise<boolean> {
    const claimed = await this.db
      .insert(pushSent)
      .values({ playerId, sourceKey, sentAt: this.clock.now() })
      .onConflictDoNothing()
      .returning({ playerId: pushSent.playerId });
    return claimed.length > 0;
  }

  /** Whether any of these players has a device to push to (one read; most have none). */
  async playersWithDevices(playerIds: readonly number[]): Promise<Set<number>> {
    if (playerIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ playerId: pushSubscriptions.playerId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.playerId, [...new Set(playerIds)]));
    return new Set(rows.map((r) => r.playerId));
  }

  /** Sends a news to every device of the player, in their language; nothing when they have none. */
  async notify(playerId: number, news: PushNews): Promise<void> {
    const devices = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));
    if (devices.length === 0) return;
    const keys = await this.keys();
    if (!keys) return;
    const language = (await playerLocales(this.db, [playerId])).get(playerId);
    const payload = JSON.stringify(pushPayload(news, language));
    await Promise.all(devices.map((device) => this.sendTo(device, payload, keys)));
  }

  private async sendTo(device: PushSubscriptionRow, payload: string, keys: VapidKeys): Promise<void> {
    let status: number | null = null;
    try {
      const details = (await loadWebPush()).generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      status = await this.transport(device.endpoint, { headers, body: details.body ?? Buffer.alloc(0) });
    } catch (error) {
      this.log.warn({ err: error, subscription: device.id }, 'push send failed');
    }
    const outcome = sendOutcome(status);
    if (outcome === 'delivered') {
      await this.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: this.clock.now(), failures: 0 })
        .where(eq(pushSubscriptions.id, device.id));
    } else if (outcome === 'gone') {
      await this.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.endpoint, device.endpoint)));
    } else {
      if (status !== null) this.log.warn({ subscription: device.id, status }, 'push service refused a push');
      const [counted] = await this.db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, device.id))
        .returning({ failures: pushSubscriptions.failures });
      if (counted && counted.failures >= MAX_PUSH_FAILURES)
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    }
  }

  /** Forgets the pushed news older than two days. */
  async sweep(): Promise<void> {
    await this.db.delete(pushSent).where(lt(pushSent.sentAt, new Date(this.clock.now().getTime() - PUSH_SENT_KEEP_MS)));
  }
}
