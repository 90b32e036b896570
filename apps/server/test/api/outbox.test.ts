/**
 * The outbox worker: events written with a transfer are delivered at least once, a failing handler
 * is retried later, and a worker that dies mid-batch leaves every event to be handled exactly once
 * in effect by the next one (its database effects commit with the delivery, or not at all).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, TRANSFER_TOPIC, type TransferEvent } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { AbandonDelivery, Outbox, type OutboxEvent } from '../../src/platform/outbox/outbox';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { openPlayer } from '../support/ledger';

const clock = new FakeClock('2026-07-01T12:00:00Z');
const ledger = new Ledger(clock);
const bus = new MemoryPubSub();
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock, poolSize: 8, pubsub: bus });
  await t.database.db.execute(
    sql`create table test_effects (handler text not null, event_id bigint not null, primary key (handler, event_id))`,
  );
  // Earlier events of the seed are not this file's concern.
  await t.database.db.execute(sql`delete from outbox_events`);
});
afterAll(() => t.close());

/** `count` deposits of 100, 101 ... to a new player (or the one given); answers the player. */
async function deposits(count: number, player?: number): Promise<number> {
  player ??= await openPlayer(t.database.db, ['EUR']);
  for (let i = 0; i < count; i++) {
    await ledger.transfer(t.database.db, {
      idempotencyKey: `outbox-${n++}`,
      kind: 'deposit',
      reference: 'payment',
      currency: 'EUR',
      amount: 100 + i,
      from: { house: 'psp_clearing' },
      to: { player, kind: 'real' },
    });
  }
  return player;
}

/** A handler whose effect is a row: a second delivery of the same event would break the primary key. */
function recordingHandler(name: string) {
  return async (event: OutboxEvent, { tx }: { tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0] }) => {
    await tx.execute(sql`insert into test_effects (handler, event_id) values (${name}, ${event.id})`);
  };
}

async function effects(handler: string): Promise<number[]> {
  const result = await t.database.db.execute(
    sql`select event_id from test_effects where handler = ${handler} order by event_id`,
  );
  return (result.rows as Array<{ event_id: number }>).map((r) => Number(r.event_id));
}
async function pending(): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from outbox_events`);
  return Number((result.rows[0] as { n: number }).n);
}
async function pendingIds(): Promise<number[]> {
  const result = await t.database.db.execute(sql`select id from outbox_events order by id`);
  return (result.rows as Array<{ id: number }>).map((r) => Number(r.id));
}

describe('outbox delivery', () => {
  it('hands each transfer event to the handlers of its topic, with the transfer in the payload', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    const seen: TransferEvent[] = [];
    outbox.on(TRANSFER_TOPIC, 'collect', async (event) => void seen.push(event.payload as TransferEvent));
    await deposits(3);
    expect(await outbox.drain()).toBe(3);
    expect(seen.map((e) => e.amount)).toEqual([100, 101, 102]);
    expect(await pending()).toBe(0);
    expect(await outbox.drain()).toBe(0);
  });

  it('retries a failing handler later, undoing what it wrote, until it succeeds', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    let failures = 2;
    const record = recordingHandler('flaky');
    outbox.on(TRANSFER_TOPIC, 'flaky', async (event, ctx) => {
      await record(event, ctx);
      if (failures-- > 0) throw new Error('downstream unavailable');
    });
    await deposits(1);
    const [id] = await pendingIds();
    expect(await outbox.drain()).toBe(1);
    expect(await effects('flaky')).toEqual([]);
    // Not due again until the retry delay (1 s, then 2 s) has passed.
    expect(await outbox.drain()).toBe(0);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(1);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(0);
    const waiting = await t.database.db.execute(sql`select attempts, last_error from outbox_events where id = ${id}`);
    expect(waiting.rows).toEqual([{ attempts: 2, last_error: 'downstream unavailable' }]);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(1);
    expect(await effects('flaky')).toEqual([id]);
    // Delivered, the event is gone: the table holds only what is still to deliver.
    expect(await pendingIds()).toEqual([]);
  });

  it('delivers read-only events without savepoints; one that fails is retried alone, the others delivered', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    await deposits(4);
    const due = await pendingIds();
    const seen: number[] = [];
    // Fails in the savepoint-less pass and again in the careful one, then succeeds on its retry.
    let failures = 2;
    outbox.on(
      TRANSFER_TOPIC,
      'reader',
      async (event, { tx, afterCommit }) => {
        // A failing statement spoils the batch's transaction: the outbox must not mark anything of it done.
        if (event.id === due[2] && failures-- > 0) await tx.execute(sql`select 1 / 0`);
        await tx.execute(sql`select 1`);
        afterCommit(() => void seen.push(event.id));
      },
      { readOnly: true },
    );
    expect(await outbox.drain()).toBe(4);
    // The three others once each (the given-up first pass published nothing), the failed one on its retry.
    expect(seen).toEqual([due[0], due[1], due[3]]);
    expect(await pendingIds()).toEqual([due[2]]);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(1);
    expect(seen.at(-1)).toBe(due[2]);
    expect(await pending()).toBe(0);
  });

  it("gives a batch handler all the batch's events in one call, after the per-event handlers", async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    await deposits(5);
    const due = await pendingIds();
    const calls: number[][] = [];
    const published: string[] = [];
    outbox.on(
      TRANSFER_TOPIC,
      'each',
      async (event, { afterCommit }) => afterCommit(() => void published.push(`each ${event.id}`)),
      { readOnly: true },
    );
    outbox.onBatch(TRANSFER_TOPIC, 'batch', async (events, { tx, afterCommit }) => {
      calls.push(events.map((e) => e.id));
      await tx.execute(sql`select 1`);
      afterCommit(() => void published.push(`batch ${events.length}`));
    });
    expect(await outbox.drain()).toBe(5);
    expect(calls).toEqual([due]);
    expect(published).toEqual([...due.map((id) => `each ${id}`), 'batch 5']);
    expect(await pending()).toBe(0);
  });

  it('gives up the batch when a batch handler fails, then delivers its events one by one, the failing one retried alone', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    await deposits(4);
    const due = await pendingIds();
    const calls: number[][] = [];
    const seen: number[] = [];
    // Fails with the whole batch, then alone in its savepoint, then succeeds on its retry.
    let failures = 2;
    outbox.onBatch(TRANSFER_TOPIC, 'batch-reader', async (events, { tx, afterCommit }) => {
      calls.push(events.map((e) => e.id));
      if (events.some((e) => e.id === due[2]) && failures-- > 0) await tx.execute(sql`select 1 / 0`);
      afterCommit(() => void seen.push(...events.map((e) => e.id)));
    });
    expect(await outbox.drain()).toBe(4);
    expect(calls).toEqual([due, ...due.map((id) => [id])]);
    // The given-up first pass published nothing.
    expect(seen).toEqual([due[0], due[1], due[3]]);
    expect(await pendingIds()).toEqual([due[2]]);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(1);
    expect(calls.at(-1)).toEqual([due[2]]);
    expect(seen.at(-1)).toBe(due[2]);
    expect(await pending()).toBe(0);
  });

  it('gives a batch handler each event alone, in its savepoint, when its topic has a handler that writes', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    await deposits(3);
    const due = await pendingIds();
    const calls: number[][] = [];
    outbox.on(TRANSFER_TOPIC, 'writer', recordingHandler('writer'));
    outbox.onBatch(TRANSFER_TOPIC, 'batch-beside-writer', async (events) => void calls.push(events.map((e) => e.id)));
    expect(await outbox.drain()).toBe(3);
    expect(calls).toEqual(due.map((id) => [id]));
    expect(await effects('writer')).toEqual(due);
  });

  it("publishes a player's balance once per batch, with the state after all of the batch's transfers", async () => {
    const ann = await deposits(10);
    const bob = await deposits(1);
    // A bet of Ann's, from player to house, in the same batch.
    await ledger.transfer(t.database.db, {
      idempotencyKey: `outbox-${n++}`,
      kind: 'bet',
      reference: 'round',
      currency: 'EUR',
      amount: 45,
      from: { player: ann, kind: 'real' },
      to: { house: 'bets' },
    });
    const received = new Map<number, RealtimeMessage[]>([
      [ann, []],
      [bob, []],
    ]);
    const unsubscribe = await Promise.all(
      [ann, bob].map((id) => bus.subscribe(playerTopic(id), (m) => void received.get(id)!.push(m))),
    );
    try {
      expect(await t.app.orbitOutbox.drain()).toBe(12);
      const annTotal = Array.from({ length: 10 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0) - 45;
      expect(received.get(ann)!.filter((m) => m.event === 'balance')).toEqual([
        {
          event: 'balance',
          data: expect.objectContaining({
            currency: 'EUR',
            amount_cents: annTotal,
            available_to_cashout_cents: annTotal,
            active: true,
          }),
        },
      ]);
      expect(received.get(bob)!.filter((m) => m.event === 'balance')).toEqual([
        { event: 'balance', data: expect.objectContaining({ currency: 'EUR', amount_cents: 100 }) },
      ]);
    } finally {
      await Promise.all(unsubscribe.map((u) => u()));
    }
  });

  it('leaves every event to the next worker when one dies mid-batch, each handled exactly once in effect', async () => {
    await deposits(12);
    const due = await pendingIds();
    expect(due).toHaveLength(12);

    // The first worker handles five events, then its process dies before the batch commits.
    const dying = new Outbox(t.database.db, clock, t.app.log);
    const record = recordingHandler('exactly-once');
    let handled = 0;
    dying.on(TRANSFER_TOPIC, 'exactly-once', async (event, ctx) => {
      if (handled++ === 5) throw new AbandonDelivery('killed');
      await record(event, ctx);
    });
    await expect(dying.drain()).rejects.toThrow('killed');
    expect(await effects('exactly-once')).toEqual([]);
    expect(await pendingIds()).toEqual(due);

    // A new worker picks everything up; a third drain finds nothing left.
    const next = new Outbox(t.database.db, clock, t.app.log);
    next.on(TRANSFER_TOPIC, 'exactly-once', record);
    expect(await next.drain()).toBe(12);
    expect(await next.drain()).toBe(0);
    expect(await effects('exactly-once')).toEqual(due);
  });

  it.runIf(process.env.DATABASE_URL)(
    'shares the work between workers running at once without taking an event twice',
    async () => {
      await deposits(60);
      const due = await pendingIds();
      const workers = [0, 1, 2].map(() => new Outbox(t.database.db, clock, t.app.log, 7));
      const record = recordingHandler('shared');
      const counts = [0, 0, 0];
      workers.forEach((w, i) =>
        w.on(TRANSFER_TOPIC, 'shared', async (event, ctx) => {
          counts[i]!++;
          await record(event, ctx);
        }),
      );
      await Promise.all(workers.map((w) => w.drain()));
      expect(await effects('shared')).toEqual(due);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
      expect(await pending()).toBe(0);
    },
  );

  it('runs after-commit effects only for deliveries that committed', async () => {
    const outbox = new Outbox(t.database.db, clock, t.app.log);
    const published: number[] = [];
    let failFirst = true;
    outbox.on(TRANSFER_TOPIC, 'publish', async (event, { afterCommit }) => {
      afterCommit(() => void published.push(event.id));
      if (failFirst) {
        failFirst = false;
        throw new Error('first try fails');
      }
    });
    await deposits(2);
    const [first, second] = await pendingIds();
    await outbox.drain();
    expect(published).toEqual([second]);
    clock.advance(1_000);
    await outbox.drain();
    expect(published).toEqual([second, first]);
  });
});
