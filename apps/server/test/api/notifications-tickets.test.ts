/**
 * New lottery tickets told to the player (docs/notifications.md "What makes one"): a card deposit
 * played through that buys tickets makes one `promotions.tickets` event in the issuing transaction
 * and one notification with the count (listed and pushed on `personal_notifications`); the
 * deposit's payment or played-through message delivered again, or the tickets' event delivered
 * again, makes none more; tickets bought for comp points are told too, a refused purchase is not.
 * FakeClock, scripted PSP.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema, notificationsResponseSchema, type PlayerNotification } from '@orbit/contracts';
import { DEPOSIT_PLAYED_TOPIC, PAYMENT_CHANGED_TOPIC, type DepositPlayedEvent } from '../../src/modules/cashbox';
import { users } from '../../src/modules/identity/schema';
import { compPointBalances } from '../../src/modules/loyalty/schema';
import { playerNotifications } from '../../src/modules/notifications/schema';
import { LOTTERY_TICKETS_TOPIC, type LotteryTicketsEvent } from '../../src/modules/promotions';
import { newServerSeed, seedHash } from '../../src/modules/promotions/lotteries';
import { promoLotteries, promoLotteryTickets } from '../../src/modules/promotions/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { enqueueEvent } from '../../src/platform/outbox/outbox';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { walletClient } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const psp = new ScriptedPsp();
const bus = new MemoryPubSub();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;
/** Every `promotions.tickets` event delivered (the outbox deletes what it delivered). */
const delivered: LotteryTicketsEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({ ...psp.env }, { clock, fetch: psp.fetch, pubsub: bus });
  client = walletClient(t, new Ledger(clock));
  t.app.orbitOutbox.on(
    LOTTERY_TICKETS_TOPIC,
    'test.tickets-seen',
    async (event, { afterCommit }) => {
      afterCommit(() => void delivered.push(event.payload as LotteryTicketsEvent));
    },
    { readOnly: true },
  );
});
afterAll(() => t.close());

async function newPlayer() {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `tickets${seq}@example.com`, nickname: `tickets${seq}x${Date.now() % 10000}` },
    `10.72.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

async function lottery(fields: Partial<typeof promoLotteries.$inferInsert> = {}) {
  const serverSeed = newServerSeed();
  const [row] = await t.database.db
    .insert(promoLotteries)
    .values({
      slug: `tickets-draw-${++seq}-${Date.now()}`,
      title: 'Ticket Draw',
      currency: 'EUR',
      groupIds: [],
      compPointsTicketPrice: 50,
      depositScaleRules: { EUR: [{ from_amount_cents: 2_000, price_cents: 2_000 }] },
      maxTicketsPerPlayer: 10,
      prizes: [],
      serverSeed,
      serverSeedHash: seedHash(serverSeed),
      startAt: new Date(clock.now().getTime() - HOUR),
      endAt: new Date(clock.now().getTime() + HOUR),
      createdAt: clock.now(),
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * A card deposit settled by the PSP's webhook and played through (docs/promotions.md "Deposits
 * played through": a real-money bet of its amount); answers the payment's id.
 */
async function deposited(p: { cookie: string; id: number }, cents: number): Promise<number> {
  const res = await call(t, 'POST', '/api/cashbox/deposits', {
    cookie: p.cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency: 'EUR' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = (res.json() as { payment: { id: number } }).payment.id;
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '4242', token: `tok_${++seq}_${cents}` };
  const { body, headers } = psp.webhook(settled, clock.now());
  const hook = await t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
  expect(hook.statusCode).toBe(200);
  await settle();
  const token = await client.session(p, 'orbit/european-roulette');
  const placed = await client.bet(token, client.uid('round'), client.uid('bet'), cents);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await settle();
  return paymentId;
}

/** Delivers until the outbox is empty: the payment's event, then the tickets' event it makes. */
async function settle(): Promise<void> {
  while ((await t.app.orbitOutbox.drain()) > 0);
}

async function listen(id: number) {
  const seen: RealtimeMessage[] = [];
  const stop = await bus.subscribe(playerTopic(id), (m) => seen.push(m));
  return { seen, stop };
}
const notes = (seen: RealtimeMessage[], identifier: string) =>
  seen
    .filter((m) => m.event === 'personal_notifications')
    .map((m) => notificationSchema.parse(m.data))
    .filter((n) => n.identifier === identifier);

async function listed(cookie: string, identifier: string): Promise<PlayerNotification[]> {
  const res = await call(t, 'GET', '/api/player/notifications', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponseSchema.parse(res.json()).filter((n) => n.identifier === identifier);
}

const ticketEvents = (lotteryId: number, userId: number) =>
  delivered.filter((e) => e.lotteryId === lotteryId && e.userId === userId);

describe('lottery tickets told to the player', () => {
  it("names the lottery in the player's saved language (the page translates the rest)", async () => {
    const l = await lottery({ translations: { de: { title: 'Losziehung' } } });
    const identifier = `lottery--${l.slug}`;
    const a = await newPlayer();
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, a.id));
    await deposited(a, 2_000);
    expect(ticketEvents(l.id, a.id).map((e) => e.title)).toEqual(['Losziehung']);
    const [mine] = await listed(a.cookie, identifier);
    expect(mine?.message).toEqual({
      key: 'notifications.lottery.tickets',
      params: { count: 1, title: 'Losziehung', total: 1 },
    });
    // A player who reads English gets the lottery's own title.
    const b = await newPlayer();
    await deposited(b, 2_000);
    expect(ticketEvents(l.id, b.id).map((e) => e.title)).toEqual(['Ticket Draw']);
  });

  it('a card deposit that buys tickets makes one notification with the count; a redelivery makes none', async () => {
    const l = await lottery();
    const identifier = `lottery--${l.slug}`;
    const a = await newPlayer();
    const live = await listen(a.id);

    const paymentId = await deposited(a, 6_000); // 3 tickets at €20
    const events = ticketEvents(l.id, a.id);
    expect(events).toEqual([
      {
        lotteryId: l.id,
        userId: a.id,
        title: 'Ticket Draw',
        slug: l.slug,
        count: 3,
        total: 3,
        sourceKey: `deposit:${paymentId}`,
      },
    ]);
    const mine = await listed(a.cookie, identifier);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'personal_notifications',
      title: 'Lottery tickets',
      text: 'You got 3 tickets in Ticket Draw',
      identifier,
      content: { icon: 'ticket', button: { path: `/lottery/${l.slug}`, title: 'To the lottery' } },
      message: { key: 'notifications.lottery.tickets', params: { count: 3, title: 'Ticket Draw', total: 3 } },
    });
    expect(notes(live.seen, identifier)).toEqual(mine);

    // The payment's message, and the deposit's played-through one, delivered again: no tickets,
    // no event, no notification.
    await enqueueEvent(
      t.database.db,
      PAYMENT_CHANGED_TOPIC,
      { paymentId, userId: a.id, state: 'succeeded' },
      clock.now(),
    );
    await enqueueEvent(
      t.database.db,
      DEPOSIT_PLAYED_TOPIC,
      { paymentId, userId: a.id, currency: 'EUR', amountCents: 6_000 } satisfies DepositPlayedEvent,
      clock.now(),
    );
    await settle();
    expect(ticketEvents(l.id, a.id)).toHaveLength(1);
    // The tickets' event delivered again: still one notification.
    await enqueueEvent(t.database.db, LOTTERY_TICKETS_TOPIC, events[0], clock.now());
    await t.app.orbitOutbox.drain();
    expect(await listed(a.cookie, identifier)).toHaveLength(1);
    expect(notes(live.seen, identifier)).toHaveLength(1);
    const held = await t.database.db
      .select()
      .from(promoLotteryTickets)
      .where(and(eq(promoLotteryTickets.lotteryId, l.id), eq(promoLotteryTickets.userId, a.id)));
    expect(held).toHaveLength(3);

    // A second deposit: its own notification, the total counting both.
    await deposited(a, 2_000);
    const both = await listed(a.cookie, identifier);
    expect(both).toHaveLength(2);
    expect(both[0]).toMatchObject({
      text: 'You got 1 ticket in Ticket Draw',
      message: { params: { count: 1, total: 4 } },
    });
    // A deposit below the scale buys none and tells nothing.
    await deposited(a, 1_000);
    expect(await listed(a.cookie, identifier)).toHaveLength(2);
    expect(notes(live.seen, identifier)).toHaveLength(2);
    await live.stop();
  });

  it('tickets bought for comp points are told too; a refused purchase is not', async () => {
    const l = await lottery({ maxTicketsPerPlayer: 3 });
    const identifier = `lottery--${l.slug}`;
    const a = await newPlayer();
    await t.database.db
      .insert(compPointBalances)
      .values({ userId: a.id, chargeable: 1_000, persistent: 1_000, updatedAt: clock.now() });
    const live = await listen(a.id);
    const buy = (count: number) =>
      call(t, 'POST', '/api/comp_points/exchange/lotteries', {
        cookie: a.cookie,
        payload: { exchange: { group: 'lottery-tickets', tickets_count: count, lottery_id: l.id } },
      });
    const bought = await buy(2);
    expect(bought.statusCode, bought.body).toBe(200);
    await t.app.orbitOutbox.drain();
    const mine = await listed(a.cookie, identifier);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      text: 'You got 2 tickets in Ticket Draw',
      content: { icon: 'ticket', button: { path: `/lottery/${l.slug}` } },
      message: { key: 'notifications.lottery.tickets', params: { count: 2, total: 2 } },
    });
    expect(notes(live.seen, identifier)).toEqual(mine);
    const events = ticketEvents(l.id, a.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.sourceKey).toMatch(new RegExp(`^points:${a.id}:`));

    // Over the cap: refused, rolled back with its event.
    expect((await buy(2)).json()).toEqual({ errors: { base: ['ticket_limit_reached'] } });
    await t.app.orbitOutbox.drain();
    expect(ticketEvents(l.id, a.id)).toHaveLength(1);
    // One more fits: its own notification, singular.
    expect((await buy(1)).statusCode).toBe(200);
    await t.app.orbitOutbox.drain();
    const after = await listed(a.cookie, identifier);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ text: 'You got 1 ticket in Ticket Draw', message: { params: { total: 3 } } });
    expect(notes(live.seen, identifier)).toHaveLength(2);
    const rows = await t.database.db.select().from(playerNotifications).where(eq(playerNotifications.playerId, a.id));
    expect(rows.filter((r) => r.identifier === identifier).map((r) => r.sourceKey)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^tickets:${l.id}:points:${a.id}:`))]),
    );
    await live.stop();
  });
});
