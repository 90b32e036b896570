import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { bigintArray, type Executor, type Tx } from '../db/executor';
import { serializeError } from '../log';
import { outboxEvents } from './schema';

export type OutboxEvent = { id: number; topic: string; payload: unknown; attempts: number; createdAt: Date };

/**
 * What a handler is given besides the event. A handler must use `tx` for every query: the
 * embedded database has one connection, which the delivery's transaction holds.
 */
export type DeliveryContext = {
  /** The delivery's transaction: what the handler writes commits with the event's deletion (delivered), or not at all. */
  tx: Tx;
  /** Runs once the delivery has committed (publishing to the realtime channels, say); never rolled back, so it may repeat after a crash. */
  afterCommit(effect: () => void | Promise<void>): void;
};

export type OutboxHandler = (event: OutboxEvent, context: DeliveryContext) => Promise<void>;
/** A handler given many events of its topic at once, so that it can read (and write) for all of them in one go. */
export type OutboxBatchHandler = (events: OutboxEvent[], context: DeliveryContext) => Promise<void>;

/** Writes an event in the caller's transaction: it exists exactly when the change it describes does. */
export async function enqueueEvent(db: Executor, topic: string, payload: unknown, at: Date): Promise<void> {
  await db.insert(outboxEvents).values({ topic, payload, createdAt: at, availableAt: at });
}

/** Seconds before the n-th retry of a failing delivery: 1, 2, 4 ... capped at an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 3600);
}

/** How a handler is registered: `readOnly` handlers only read (through `tx`) and publish after the commit. */
export type OutboxHandlerOptions = { readOnly?: boolean };

/**
 * Thrown out of a batch whose savepoint-less read-only delivery failed: the whole batch is
 * abandoned (its events stay due) and the next batches isolate every event again.
 */
class ReadOnlyDeliveryFailed extends Error {}

/** After a read-only delivery failed, batches use a savepoint per event for this long. */
const CAREFUL_MS = 60_000;

/** A registered handler; a batch handler also has `handle`, which gives it one event (in a savepoint). */
type Registered = { name: string; handle: OutboxHandler; readOnly: boolean; batch?: OutboxBatchHandler };

/**
 * Delivers outbox events at least once to the handlers registered for their topic. Each batch is
 * one transaction that claims its events with `FOR UPDATE SKIP LOCKED`, so several instances
 * share the work without taking an event twice; each event runs in a savepoint, so a failing
 * handler undoes only its own event's writes, which wait and retry with a growing delay.
 * A crash before commit leaves every claimed event undelivered: handlers' database effects are
 * in the same transaction, so each event is handled exactly once in effect. A delivered event is
 * deleted: the table holds only what is still to deliver.
 */
export class Outbox {
  private readonly handlers = new Map<string, Registered[]>();
  private carefulUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly batchSize = 100,
  ) {}

  /**
   * Registers a handler; `name` appears in logs and must be unique per topic. An event whose
   * handlers are all `readOnly` is delivered without a savepoint of its own (two round trips
   * fewer: every ledger transfer is such an event), since there is nothing of its own to undo.
   */
  on(topic: string, name: string, handle: OutboxHandler, options: OutboxHandlerOptions = {}): void {
    this.register(topic, { name, handle, readOnly: options.readOnly ?? false });
  }

  /**
   * Registers a handler that gets, once per batch, all the batch's events of its topic delivered
   * without savepoints (after their per-event handlers): one read for many events. It may write
   * (bonus wagering does): its writes commit with the batch's deletion or not at all, and a
   * failure gives the batch up, so that the next batches take every event alone, `[event]`, in
   * its savepoint. Its topic's events count as read-only for the savepoint-less delivery.
   */
  onBatch(topic: string, name: string, handle: OutboxBatchHandler): void {
    this.register(topic, { name, handle: (event, context) => handle([event], context), readOnly: true, batch: handle });
  }

  private register(topic: string, handler: Registered): void {
    const list = this.handlers.get(topic) ?? [];
    if (list.some((h) => h.name === handler.name))
      throw new Error(`outbox handler ${handler.name} is already registered for ${topic}`);
    list.push(handler);
    this.handlers.set(topic, list);
  }

  /** Delivers one batch of due events; answers how many were taken (delivered or failed). */
  async deliverBatch(): Promise<number> {
    const effects: Array<() => void | Promise<void>> = [];
    let taken: number;
    try {
      taken = await this.deliverIn(effects);
    } catch (error) {
      // Given up for a read-only event's failure: again, each event in its savepoint (no effect of the first try runs).
      if (error instanceof ReadOnlyDeliveryFailed) return this.deliverBatch();
      throw error;
    }
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.log.warn({ err: error }, 'outbox after-commit effect failed');
      }
    }
    return taken;
  }

  private deliverIn(effects: Array<() => void | Promise<void>>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const careful = Date.now() < this.carefulUntil;
      const delivered: number[] = [];
      // The events delivered without savepoints, by topic: their batch handlers take them at once, below.
      const unisolated = new Map<string, OutboxEvent[]>();
      const result = await tx.execute<{
        id: number;
        topic: string;
        payload: unknown;
        attempts: number;
        created_at: string | Date;
      }>(
        sql`select id, topic, payload, attempts, created_at from ${outboxEvents}
            where available_at <= ${now.toISOString()}
            order by id limit ${this.batchSize} for update skip locked`,
      );
      for (const row of result.rows) {
        const event: OutboxEvent = {
          id: Number(row.id),
          topic: row.topic,
          payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
          attempts: row.attempts,
          createdAt: new Date(row.created_at),
        };
        const eventEffects: Array<() => void | Promise<void>> = [];
        const handlers = this.handlers.get(event.topic) ?? [];
        if (!careful && handlers.every((h) => h.readOnly)) {
          await this.readOnly({ event: event.id, topic: event.topic }, async () => {
            for (const { handle, batch } of handlers)
              if (!batch) await handle(event, { tx, afterCommit: (effect) => eventEffects.push(effect) });
          });
          delivered.push(event.id);
          effects.push(...eventEffects);
          const same = unisolated.get(event.topic);
          if (same) same.push(event);
          else unisolated.set(event.topic, [event]);
          continue;
        }
        try {
          await tx.transaction(async (savepoint) => {
            for (const { handle } of handlers) {
              await handle(event, { tx: savepoint, afterCommit: (effect) => eventEffects.push(effect) });
            }
          });
          delivered.push(event.id);
          effects.push(...eventEffects);
        } catch (error) {
          if (error instanceof AbandonDelivery) throw error;
          const attempts = event.attempts + 1;
          const retryAt = new Date(now.getTime() + retryDelaySeconds(attempts) * 1000);
          // Kept in the row as logged: a failed query's parameters never (platform/log.ts).
          const message = error instanceof Error ? serializeError(error).message : String(error);
          this.log.warn(
            { event: event.id, topic: event.topic, attempts, err: error },
            'outbox delivery failed; will retry',
          );
          await tx.execute(
            sql`update ${outboxEvents} set attempts = ${attempts}, available_at = ${retryAt.toISOString()}, last_error = ${message.slice(0, 1000)} where id = ${event.id}`,
          );
        }
      }
      for (const [topic, events] of unisolated) {
        for (const { batch } of this.handlers.get(topic) ?? []) {
          if (batch)
            await this.readOnly({ topic, events: events.length }, () =>
              batch(events, { tx, afterCommit: (effect) => effects.push(effect) }),
            );
        }
      }
      // The delivered events are deleted in one statement, in the batch's transaction: they are gone exactly when their handlers' writes commit.
      if (delivered.length > 0) {
        await tx.execute(sql`delete from ${outboxEvents} where id = any(${bigintArray(delivered)})`);
      }
      return result.rows.length;
    });
  }

  /** Runs read-only handlers outside any savepoint: a failed statement spoils the batch's transaction, so the batch is given up and each event isolated for a while. */
  private async readOnly(what: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.carefulUntil = Date.now() + CAREFUL_MS;
      this.log.warn({ ...what, err: error }, 'outbox read-only delivery failed; the batch is retried event by event');
      throw new ReadOnlyDeliveryFailed();
    }
  }

  /** Delivers until nothing is due (tests, and the worker's loop). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.deliverBatch();
      total += n;
      if (n < this.batchSize) return total;
    }
  }

  /** Polls for due events until stopped. */
  start(intervalMs = 200): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'outbox worker pass failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * Thrown by a handler when the process cannot go on (it is being killed, its connection is gone):
 * the whole batch is abandoned uncommitted and every event it claimed stays due for the next worker.
 */
export class AbandonDelivery extends Error {}
