/**
 * The observed-RTP journey (docs/reports.md "Games and RTP"): 200,000 rounds of European roulette
 * played through the studio's own mathematics on provably fair seeds, written in bulk as the
 * reports bench writes rounds (rounds and their ledger transfers), then the games report read by
 * a finance operator, from the rounds and again once the job aggregated the day: the observed
 * RTP equals the sum of what the game paid, lies inside the 99 % interval computed here from the
 * studio's exact RTP and variance, and is not flagged. Beside it, dice whose draws the house
 * rigs (a winning roll re-rolled one round in ten) is flagged. A broken interval (width, centre,
 * effective rounds) or a broken aggregate (a sum lost or doubled) fails one of the checks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeGamesReportSchema, type BackofficeGameReportRow } from '@orbit/contracts';
import { GAMES } from '@orbit/studio';
import { flaggedGames } from '../../src/modules/backoffice';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { playFairRounds } from '../support/fair-rounds';
import { call, register } from '../support/identity';
import { walletClient, type Player } from '../support/provider-wallet';

const DAY = '2027-05-10';
const ROUNDS = 200_000;
const RIGGED_ROUNDS = 20_000;
const clock = new FakeClock(`${DAY}T00:00:00Z`);
let t: TestApp;
let finance: SignedInOperator;
let played: { stakes: number; wins: number };

async function gameRow(game: string): Promise<BackofficeGameReportRow> {
  const res = await call(t, 'GET', `/api/backoffice/reports/games?from=${DAY}&to=${DAY}&game=${game}`, {
    cookie: finance.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  const report = backofficeGamesReportSchema.parse(res.json());
  expect(report.data).toHaveLength(1);
  return report.data[0]!;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const client = walletClient(t, new Ledger(clock));
  const players: Player[] = [];
  for (const [i, name] of ['ann', 'bob', 'cem'].entries()) {
    const p = await register(t, { email: `${name}-rtp-journey@example.com`, currency: 'EUR' }, `10.79.0.${i + 1}`);
    // Enough for their share of the rounds' losses.
    await client.fund({ id: p.player.id }, 2_000_000);
    players.push({ id: p.player.id, cookie: p.cookie });
  }
  // One round through the wallet: the house's bets account exists, and the bulk rounds' transfers credit it.
  await client.playRound(await client.session(players[0]!, 'orbit/orbit-dice'), 'orbit-dice', [100], 0);
  const [house] = (
    await t.database.db.execute(
      sql`select credit_account_id as id from ledger_transfers where kind = 'bet' order by id desc limit 1`,
    )
  ).rows as Array<{ id: number }>;
  const common = {
    players: players.map((p) => p.id),
    currency: 'EUR',
    houseAccount: Number(house!.id),
    clientSeed: 'journey',
  };
  played = await playFairRounds(t.database.db, {
    ...common,
    slug: 'european-roulette',
    rounds: ROUNDS,
    serverSeed: 'orbit-rtp-journey-roulette',
    from: new Date(`${DAY}T00:01:00Z`),
    spacingMs: 400,
  });
  // The rigged dice: one round in ten, a winning roll (under 50.00) is rolled again.
  await playFairRounds(t.database.db, {
    ...common,
    slug: 'orbit-dice',
    rounds: RIGGED_ROUNDS,
    serverSeed: 'orbit-rtp-journey-dice',
    from: new Date(`${DAY}T00:02:00Z`),
    spacingMs: 4_000,
    draws: (fair, nonce) => ({
      int: (n) => {
        const roll = fair.int(n);
        return nonce % 10 === 0 && roll < 5_000 ? fair.int(n) : roll;
      },
    }),
  });
  clock.set(new Date(`${DAY}T23:59:00Z`));
  finance = await newOperator(t, clock, await signInAdmin(t, clock), 'finance');
}, 300_000);
afterAll(() => t?.close());

describe('the observed RTP of 200,000 fair rounds', () => {
  // Reading 200,000 rounds and aggregating their day: seconds on PGlite, more on a busy machine.
  it(
    'lies inside the 99 % interval, unflagged, from the rounds and from the aggregate alike',
    { timeout: 120_000 },
    async () => {
      const game = GAMES['european-roulette']!;
      const exact = game.theoreticalRtp();
      const half = (2.576 * Math.sqrt(game.returnVariance())) / Math.sqrt(ROUNDS);
      const observed = played.wins / played.stakes;
      // The seeds' luck, stated: the rounds are not trivially at the exact RTP.
      expect(observed).not.toBe(exact);
      expect(Math.abs(observed - exact)).toBeLessThan(half);

      const fromRounds = await gameRow('orbit/european-roulette');
      clock.set(new Date(`${DAY}T23:59:30Z`));
      const refreshed = await call(t, 'POST', '/api/backoffice/reports/refresh', {
        cookie: finance.cookie,
        payload: { from: DAY, to: DAY },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const [aggregated] = (
        await t.database.db.execute(sql`
        select d.settled_rounds from report_game_daily d join games g on g.id = d.game_id
        where d.day = ${DAY}::date and g.identifier = 'orbit/european-roulette'`)
      ).rows as Array<{ settled_rounds: number | string }>;
      expect(Number(aggregated!.settled_rounds)).toBe(ROUNDS);
      const fromAggregate = await gameRow('orbit/european-roulette');
      for (const row of [fromRounds, fromAggregate]) {
        expect(row).toMatchObject({
          settled_rounds: ROUNDS,
          rounds: ROUNDS,
          open_rounds: 0,
          bets_cents: played.stakes,
          wins_cents: played.wins,
          rtp_source: 'math_sheet',
          flagged: false,
        });
        expect(row.effective_rounds).toBeCloseTo(ROUNDS, 6);
        expect(row.observed_rtp).toBeCloseTo(observed, 12);
        expect(row.exact_rtp).toBeCloseTo(exact, 12);
        expect(row.interval!.low).toBeCloseTo(exact - half, 12);
        expect(row.interval!.high).toBeCloseTo(exact + half, 12);
        expect(row.observed_rtp!).toBeGreaterThan(row.interval!.low);
        expect(row.observed_rtp!).toBeLessThan(row.interval!.high);
      }
    },
  );

  it('flags the dice whose winning rolls the house re-rolls, and only them', async () => {
    const dice = await gameRow('orbit/orbit-dice');
    // 20,000 rigged rounds and the one played through the wallet.
    expect(dice.settled_rounds).toBe(RIGGED_ROUNDS + 1);
    expect(dice.observed_rtp!).toBeLessThan(dice.interval!.low);
    expect(dice.flagged).toBe(true);
    const flagged = await flaggedGames(t.database.db, clock.now());
    expect(flagged.map((f) => f.game)).toEqual(['orbit/orbit-dice']);
  });
});
