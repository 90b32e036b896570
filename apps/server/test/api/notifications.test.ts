/**
 * The players' notifications through the API (docs/notifications.md): a tournament that ends tells
 * each ranked player their place and prize (listed and pushed on `personal_notifications`), once
 * even when the event is delivered twice; a lottery tells its winners; dismissing one; another
 * player's id and a guest refused; expired ones not listed. FakeClock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema, notificationsResponseSchema } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { playerNotifications } from '../../src/modules/notifications/schema';
import { newServerSeed, seedHash } from '../../src/modules/promotions/lotteries';
import { PROMO_RESULT_TOPIC } from '../../src/modules/promotions';
import {
  promoLotteries,
  promoLotteryTickets,
  promoTournamentPlayers,
  promoTournaments,
  type StoredPrize,
} from '../../src/modules/promotions/schema';
import { PRIZE_BONUS_TEMPLATE } from '../../src/modules/promotions/seed';
import { outboxEvents } from '../../src/platform/outbox/schema';
import { enqueueEvent } from '../../src/platform/outbox/outbox';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const bus = new MemoryPubSub();
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock, pubsub: bus });
});
afterAll(() => t.close());

async function newPlayer() {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `note${seq}@example.com`, nickname: `noter${seq}x${Date.now() % 100000}` },
    `10.71.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

const money = (place: number, cents: number): StoredPrize => ({
  award_place: place,
  money_award_cents: cents,
  wager_multiplier: 10,
  bonus_template: PRIZE_BONUS_TEMPLATE,
  freespins_count: 0,
  freespins_template: null,
  chargeable_comp_points: 0,
  persistent_comp_points: 0,
});

async function listen(id: number) {
  const seen: RealtimeMessage[] = [];
  const stop = await bus.subscribe(playerTopic(id), (m) => seen.push(m));
  return { seen, stop };
}
const notes = (seen: RealtimeMessage[]) =>
  seen.filter((m) => m.event === 'personal_notifications').map((m) => notificationSchema.parse(m.data));

async function list(cookie: string) {
  const res = await call(t, 'GET', '/api/player/notifications', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponseSchema.parse(res.json());
}

describe('notifications', () => {
  it('a finished tournament tells each ranked player their place and prize, once; dismiss; 404; expiry', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const identifier = `tournament--notes-race-${Date.now()}`;
    const [race] = await t.database.db
      .insert(promoTournaments)
      .values({
        title: 'Notes Race',
        frontendIdentifier: identifier,
        strategy: 'bet_sum',
        currencies: ['EUR'],
        currency: 'EUR',
        gameCategories: [],
        providers: [],
        groupIds: [],
        prizes: [money(1, 3_000)],
        startAt: new Date(clock.now().getTime() - HOUR),
        endAt: new Date(clock.now().getTime() + 10 * MINUTE),
        createdAt: clock.now(),
      })
      .returning();
    // Standings as the counting would have left them: b first, a second (no prize for 2).
    const standing = (userId: number, score: number) => ({
      tournamentId: race!.id,
      userId,
      betCents: score,
      score,
      reachedAt: clock.now(),
      updatedAt: clock.now(),
    });
    await t.database.db.insert(promoTournamentPlayers).values([standing(a.id, 500), standing(b.id, 900)]);
    const [la, lb] = [await listen(a.id), await listen(b.id)];
    expect(await list(a.cookie)).toEqual([]);

    clock.advance(10 * MINUTE);
    await t.app.orbitSweeps.runAll();
    // The events wait in the outbox in the end job's transaction; delivered, then published.
    const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, PROMO_RESULT_TOPIC));
    expect(events.length).toBeGreaterThanOrEqual(2);
    const payloads = events.map((e) => e.payload);
    await t.app.orbitOutbox.drain();
    // Delivered twice (a redelivery): still one notification each.
    for (const payload of payloads) await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, payload, clock.now());
    await t.app.orbitOutbox.drain();

    const [na] = await list(a.cookie).then((l) => l.filter((n) => n.identifier === identifier));
    const bList = (await list(b.cookie)).filter((n) => n.identifier === identifier);
    expect(bList).toHaveLength(1);
    const nb = bList[0]!;
    expect(na).toMatchObject({
      type: 'personal_notifications',
      title: 'Tournament finished',
      text: 'Tournament Notes Race finished — you placed 2',
      content: { icon: 'trophy', button: { path: '/tournaments/notes-race-' + identifier.split('notes-race-')[1] } },
      message: { key: 'notifications.tournament.placed', params: { title: 'Notes Race', place: 2 } },
    });
    expect(nb.text).toBe('Tournament Notes Race finished — you placed 1, your prize: €30.00 bonus is in your gifts');
    expect(nb.content.button).toMatchObject({ path: '/profile/gifts', title: 'To my gifts' });
    expect(nb.message).toMatchObject({
      key: 'notifications.tournament.prize',
      params: { place: 1, prize: '€30.00 bonus' },
    });
    expect(Date.parse(nb.expiry) - Date.parse(nb.created_at)).toBe(2 * HOUR);
    // Live: one message each, the same notification.
    expect(notes(la.seen)).toEqual([na]);
    expect(notes(lb.seen)).toEqual([nb]);
    await la.stop();
    await lb.stop();

    // Another player's id and an unknown one: 404 with the stable shape; guests 401.
    const foreign = await call(t, 'DELETE', `/api/player/notifications/${nb.id}`, { cookie: a.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errors: { base: ['not_found'] } });
    expect((await call(t, 'DELETE', '/api/player/notifications/999999', { cookie: a.cookie })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/player/notifications')).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `/api/player/notifications/${nb.id}`)).statusCode).toBe(401);
    // Dismissed: gone from the list.
    const dismissed = await call(t, 'DELETE', `/api/player/notifications/${nb.id}`, { cookie: b.cookie });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(notificationSchema.parse(dismissed.json()).id).toBe(nb.id);
    expect((await list(b.cookie)).some((n) => n.id === nb.id)).toBe(false);
    // Two hours on, a's notification has expired: not listed.
    expect((await list(a.cookie)).some((n) => n.id === na!.id)).toBe(true);
    // (The row's time is moved rather than the clock: two hours idle would sign the player out.)
    await t.database.db
      .update(playerNotifications)
      .set({ expiresAt: new Date(clock.now().getTime() - 1_000) })
      .where(eq(playerNotifications.id, na!.id));
    expect((await list(a.cookie)).some((n) => n.id === na!.id)).toBe(false);
  });

  it('a lottery draw tells its winner', async () => {
    const winner = await newPlayer();
    const seed = newServerSeed();
    const slug = `notes-draw-${Date.now()}`;
    const [l] = await t.database.db
      .insert(promoLotteries)
      .values({
        slug,
        title: 'Notes Draw',
        currency: 'EUR',
        groupIds: [],
        depositScaleRules: {},
        maxTicketsPerPlayer: 10,
        prizes: [money(1, 1_000)],
        serverSeed: seed,
        serverSeedHash: seedHash(seed),
        startAt: new Date(clock.now().getTime() - HOUR),
        endAt: new Date(clock.now().getTime() + MINUTE),
        createdAt: clock.now(),
      })
      .returning();
    await t.database.db.insert(promoLotteryTickets).values({
      lotteryId: l!.id,
      number: 1,
      userId: winner.id,
      source: 'operator',
      sourceKey: 'test:1',
      createdAt: clock.now(),
    });
    const live = await listen(winner.id);
    clock.advance(2 * MINUTE);
    await t.app.orbitSweeps.runAll();
    await t.app.orbitOutbox.drain();
    const mine = (await list(winner.cookie)).filter((n) => n.identifier === `lottery--${slug}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      text: 'You won in the lottery Notes Draw — your prize: €10.00 bonus is in your gifts',
      content: { icon: 'ticket', button: { path: '/profile/gifts' } },
      message: { key: 'notifications.lottery.wonPrize', params: { title: 'Notes Draw', place: 1 } },
    });
    expect(notes(live.seen)).toEqual(mine);
    await live.stop();
  });
});
