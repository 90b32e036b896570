/**
 * Numbers past what their column holds are refused by the contract (docs/security.md "Numbers in
 * requests"), before any statement runs: the comp-point shop's lottery exchange with
 * `tickets_count: 2147483648` reached the `integer` column of the exchange and answered 500.
 * The contracts' own test (packages/contracts/test/request-bounds.test.ts) walks every request
 * schema; this one sends the attack through the API.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exchangeResponseSchema, LOTTERY_TICKETS_MAX } from '@orbit/contracts';
import { compPointBalances, compPointExchanges } from '../../src/modules/loyalty/schema';
import { newServerSeed, seedHash } from '../../src/modules/promotions/lotteries';
import { promoLotteries, promoLotteryTickets } from '../../src/modules/promotions/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

it('refuses 2^31 lottery tickets for comp points with 422 tickets_count: too_big, and changes nothing', async () => {
  const serverSeed = newServerSeed();
  const [lottery] = await t.database.db
    .insert(promoLotteries)
    .values({
      slug: `bounds-${Date.now()}`,
      title: 'Draw',
      currency: 'EUR',
      groupIds: [],
      compPointsTicketPrice: 50,
      depositScaleRules: { EUR: [{ from_amount_cents: 2_000, price_cents: 2_000 }] },
      maxTicketsPerPlayer: LOTTERY_TICKETS_MAX,
      prizes: [],
      serverSeed,
      serverSeedHash: seedHash(serverSeed),
      startAt: new Date(clock.now().getTime() - HOUR),
      endAt: new Date(clock.now().getTime() + HOUR),
      createdAt: clock.now(),
    })
    .returning();
  const { cookie, player } = await register(t, { email: 'bounds@example.com' }, '10.80.0.1');
  await t.database.db
    .insert(compPointBalances)
    .values({ userId: player.id, chargeable: 1_000, persistent: 1_000, updatedAt: clock.now() });
  const buy = (tickets_count: number) =>
    call(t, 'POST', '/api/comp_points/exchange/lotteries', {
      cookie,
      payload: { exchange: { group: 'lottery-tickets', tickets_count, lottery_id: lottery!.id } },
    });

  for (const count of [2_147_483_648, LOTTERY_TICKETS_MAX + 1, 2 ** 53]) {
    const res = await buy(count);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ errors: { tickets_count: ['too_big'] } });
  }
  const [balance] = await t.database.db.select().from(compPointBalances).where(eq(compPointBalances.userId, player.id));
  expect(balance).toMatchObject({ chargeable: 1_000, persistent: 1_000 });
  expect(await t.database.db.select().from(compPointExchanges).where(eq(compPointExchanges.userId, player.id))).toEqual(
    [],
  );
  const tickets = await t.database.db
    .select()
    .from(promoLotteryTickets)
    .where(and(eq(promoLotteryTickets.lotteryId, lottery!.id), eq(promoLotteryTickets.userId, player.id)));
  expect(tickets).toEqual([]);

  // The same call within the bounds is served: the refusal above was the bound's.
  const two = await buy(2);
  expect(two.statusCode, two.body).toBe(200);
  expect(exchangeResponseSchema.parse(two.json())).toMatchObject({
    points: 100,
    reward: { kind: 'lottery_tickets', lottery_id: lottery!.id, tickets_count: 2 },
  });
});
