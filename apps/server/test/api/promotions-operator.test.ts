/**
 * Promotions an operator creates, and how their prizes are paid (docs/promotions.md "Operator
 * calls", "Prizes"): the create calls and their refusals (nothing written), a lottery's seed
 * committed at creation; a prize paid in the winner's own account currency, turned by the
 * reference rates; and the end job serialised with a standings batch (PostgreSQL: a batch that
 * holds its transaction makes the end job wait, so no standing moves after the final places).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  lotteriesResponseSchema,
  lotterySchema,
  playerBonusesResponseSchema,
  tournamentSchema,
  tournamentsResponseSchema,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { promoLotteries, promoPayouts, promoTournaments } from '../../src/modules/promotions/schema';
import { PRIZE_BONUS_TEMPLATE, PRIZE_SPINS_TEMPLATE } from '../../src/modules/promotions/seed';
import { TournamentService } from '../../src/modules/promotions/tournaments';
import { Ledger, referenceRatesNow, TRANSFER_TOPIC, transfersOf } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { outboxEvents } from '../../src/platform/outbox/schema';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-07-01T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OPERATOR = 'operator-token-operator-token-operator-token';
const auth = { authorization: `Bearer ${OPERATOR}` };
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const iso = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
const operator = (url: string, payload: object, headers: Record<string, string> = auth) =>
  call(t, 'POST', url, { payload, headers });

function tournamentBody(fields: Record<string, unknown> = {}) {
  seq++;
  return {
    title: `Operator race ${seq}`,
    description: 'Stake on roulette; the most staked wins.',
    frontend_identifier: `tournament--operator-race-${seq}`,
    strategy: 'bet_sum',
    currencies: ['EUR', 'USD'],
    currency: 'EUR',
    start_at: iso(-MINUTE),
    end_at: iso(HOUR),
    prizes: [
      { award_place: 1, money_award_cents: 5_000, bonus_template: PRIZE_BONUS_TEMPLATE },
      { award_place: 2, freespins_template: PRIZE_SPINS_TEMPLATE, comp_points: 40 },
    ],
    ...fields,
  };
}

async function newPlayer(currency = 'EUR'): Promise<Player> {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `op-promo${seq}@example.com`, nickname: `opracer${seq}`, currency },
    `10.81.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

/** A roulette bet in the player's currency; the events left for the caller to deliver. */
async function bet(p: Player, token: string, cents: number, currency = 'EUR') {
  const round = client.uid('round');
  const placed = await client.wallet('bet', {
    session_token: token,
    game: 'european-roulette',
    round_id: round,
    transaction_id: `${round}:bet`,
    amount_cents: cents,
    currency,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

const countRows = async () => {
  const [tournaments] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(promoTournaments);
  const [lotteries] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(promoLotteries);
  return { tournaments: tournaments!.n, lotteries: lotteries!.n };
};

describe('operator calls', () => {
  it('creates a tournament with its prize table from the templates; it is listed and runs', async () => {
    const body = tournamentBody();
    const res = await operator('/api/operator/tournaments', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = tournamentSchema.parse(res.json());
    expect(created).toMatchObject({ title: body.title, status: 'active', money_budget_cents: 5_000 });
    expect(created.prizes).toEqual([
      expect.objectContaining({ award_place: 1, money_award_cents: 5_000, wager_multiplier: 10 }),
      expect.objectContaining({ award_place: 2, freespins_count: 10, chargeable_comp_points: 40 }),
    ]);
    const listed = tournamentsResponseSchema.parse((await call(t, 'GET', '/api/tournaments')).json());
    expect(listed.map((x) => x.id)).toContain(created.id);
  });

  it('refuses bad tournaments with a field and a code, writing nothing', async () => {
    const before = await countRows();
    const refusals: Array<[Record<string, unknown>, number, string, string]> = [
      [{ frontend_identifier: 'race with spaces' }, 422, 'frontend_identifier', 'invalid'],
      [{ end_at: iso(-2 * MINUTE) }, 422, 'end_at', 'must_end_after_start'],
      [{ start_at: iso(-2 * HOUR), end_at: iso(-HOUR) }, 422, 'end_at', 'must_end_in_future'],
      [{ currency: 'GBP' }, 422, 'currency', 'not_counted'],
      [
        { prizes: [{ award_place: 1, money_award_cents: 100, bonus_template: 'no-such-template' }] },
        422,
        'prizes.0.bonus_template',
        'unknown_template',
      ],
      [
        { prizes: [{ award_place: 1, money_award_cents: 100, bonus_template: PRIZE_SPINS_TEMPLATE }] },
        422,
        'prizes.0.bonus_template',
        'wrong_kind',
      ],
      [
        {
          prizes: [
            { award_place: 1, comp_points: 5 },
            { award_place: 1, comp_points: 6 },
          ],
        },
        422,
        'prizes',
        'duplicate_place',
      ],
      [{ prizes: [{ award_place: 1 }] }, 422, 'prizes.0.award_place', 'empty_prize'],
    ];
    for (const [fields, status, field, code] of refusals) {
      const res = await operator('/api/operator/tournaments', tournamentBody(fields));
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(status);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toContain(code);
    }
    const taken = tournamentBody();
    expect((await operator('/api/operator/tournaments', taken)).statusCode).toBe(201);
    const again = await operator('/api/operator/tournaments', {
      ...tournamentBody(),
      frontend_identifier: taken.frontend_identifier,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { frontend_identifier: ['taken'] } });
    expect((await operator('/api/operator/tournaments', tournamentBody(), {})).statusCode).toBe(401);
    expect(await countRows()).toEqual({ ...before, tournaments: before.tournaments + 1 });
  });

  it('creates a lottery whose seed is committed at once (hash shown, seed hidden); refusals write nothing', async () => {
    const body = {
      slug: 'operator-draw',
      title: 'Operator draw',
      currency: 'EUR',
      deposit_scale_rules: { EUR: [{ from_amount_cents: 1_000, price_cents: 1_000 }] },
      max_tickets_count_to_player: 10,
      start_at: iso(0),
      end_at: iso(24 * HOUR),
      prizes: [{ award_place: 1, money_award_cents: 2_000, bonus_template: PRIZE_BONUS_TEMPLATE }],
    };
    const res = await operator('/api/operator/lotteries', body);
    expect(res.statusCode, res.body).toBe(201);
    const lottery = lotterySchema.parse(res.json());
    expect(lottery.draw.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lottery.draw.server_seed).toBeNull();
    expect(lottery.frontend_identifier).toBe('lottery--operator-draw');
    const [row] = await t.database.db.select().from(promoLotteries).where(eq(promoLotteries.slug, 'operator-draw'));
    expect(row!.serverSeedHash).toBe(lottery.draw.server_seed_hash);
    const listed = lotteriesResponseSchema.parse((await call(t, 'GET', '/api/lotteries')).json());
    expect(listed.map((l) => l.slug)).toContain('operator-draw');

    const before = await countRows();
    expect((await operator('/api/operator/lotteries', body)).json()).toEqual({ errors: { slug: ['taken'] } });
    const noSource = await operator('/api/operator/lotteries', { ...body, slug: 'no-source', deposit_scale_rules: {} });
    expect((noSource.json() as { errors: Record<string, string[]> }).errors.deposit_scale_rules).toContain(
      'no_ticket_source',
    );
    expect(await countRows()).toEqual(before);
  });
});

describe('prizes', () => {
  it('are paid in the winner’s own account currency when the tournament counts it, turned by the reference rates', async () => {
    const created = tournamentSchema.parse(
      (await operator('/api/operator/tournaments', tournamentBody({ end_at: iso(10 * MINUTE) }))).json(),
    );
    const dollars = await newPlayer('USD');
    await client.fund(dollars, 100_000, 0, 'USD');
    await bet(dollars, await client.session(dollars), 2_000, 'USD');
    const euros = await newPlayer('EUR');
    await client.fund(euros, 100_000);
    await bet(euros, await client.session(euros), 500);
    await t.app.orbitOutbox.drain();
    clock.advance(10 * MINUTE);
    await t.app.orbitSweeps.runAll();

    const payouts = await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, created.id));
    const first = payouts.find((p) => p.promoKind === 'tournament' && p.awardPlace === 1);
    expect(first).toMatchObject({ userId: dollars.id, outcome: 'paid' });
    expect(first!.detail.currency).toBe('USD');
    const expected = (await referenceRatesNow(t.database.db)).convert(5_000, 'EUR', 'USD', 'down');
    const bonuses = playerBonusesResponseSchema.parse(
      (await call(t, 'GET', '/api/player/bonuses', { cookie: dollars.cookie })).json(),
    );
    expect(bonuses.filter((b) => b.currency === 'USD' && b.amount_cents === expected)).toHaveLength(1);
    const second = payouts.find((p) => p.promoKind === 'tournament' && p.awardPlace === 2);
    expect(second).toMatchObject({ userId: euros.id, outcome: 'paid' });
    expect(second!.detail.currency).toBe('EUR');
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('the end job and a standings batch (PostgreSQL)', () => {
  it('waits for a batch holding its transaction, so the final places include its bets', async () => {
    const created = tournamentSchema.parse(
      (await operator('/api/operator/tournaments', tournamentBody({ end_at: iso(10 * MINUTE) }))).json(),
    );
    const [a, b] = [await newPlayer(), await newPlayer()];
    await client.fund(a, 100_000);
    await client.fund(b, 100_000);
    await bet(a, await client.session(a), 1_000);
    await t.app.orbitOutbox.drain();
    // b's bigger bet is placed before the end; its batch is delivered by hand and held open.
    await bet(b, await client.session(b), 3_000);
    const pending = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, TRANSFER_TOPIC));
    const transfers = transfersOf(pending);
    const service = new TournamentService(t.database.db, clock, t.app.orbitBonuses);
    clock.advance(10 * MINUTE);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let counted!: () => void;
    const countedSignal = new Promise<void>((resolve) => (counted = resolve));
    const batch = t.database.db.transaction(async (tx) => {
      await service.count(tx, transfers, new Date(clock.now().getTime() - MINUTE));
      counted();
      await held;
    });
    await countedSignal;
    let finished = false;
    const ending = service.finish(created.id).then(() => (finished = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(finished).toBe(false);
    release();
    await batch;
    await ending;
    await t.app.orbitOutbox.drain();
    const one = tournamentSchema.parse((await call(t, 'GET', `/api/tournaments/${created.id}`)).json());
    expect(one.top_players.map((p) => [p.award_place, p.points])).toEqual([
      [1, 3_000],
      [2, 1_000],
    ]);
  });

  it('a batch meeting a tournament while its end job runs leaves it out instead of waiting (no deadlock)', async () => {
    const created = tournamentSchema.parse(
      (await operator('/api/operator/tournaments', tournamentBody({ end_at: iso(10 * MINUTE) }))).json(),
    );
    const p = await newPlayer();
    await client.fund(p, 100_000);
    await bet(p, await client.session(p), 2_000);
    const pending = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, TRANSFER_TOPIC));
    const service = new TournamentService(t.database.db, clock, t.app.orbitBonuses);
    // The end job's hold on the tournament's row, as its guarded update takes it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockedSignal = new Promise<void>((resolve) => (locked = resolve));
    const ending = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from promo_tournaments where id = ${created.id} for update`);
      locked();
      await held;
    });
    await lockedSignal;
    const changed = await t.database.db.transaction((tx) => service.count(tx, transfersOf(pending), clock.now()));
    release();
    await ending;
    expect(changed.filter((row) => row.tournamentId === created.id)).toEqual([]);
    await t.app.orbitOutbox.drain();
  });
});
