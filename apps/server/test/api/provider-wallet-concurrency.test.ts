/**
 * The wallet protocol under concurrent calls, on PostgreSQL only (PGlite is one connection, so
 * nothing there runs at once): a bet delivered many times at once moves money once; parallel
 * bets never take a balance below zero; parallel wins of one round pay once; a bet racing its
 * own rollback ends either refunded or refused, never both or neither; jackpot bets and hits of
 * several players at once (house accounts and jackpot levels in shards) neither deadlock nor lose a cent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jackpotsResponseSchema } from '@orbit/contracts';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = new FakeClock('2026-08-01T00:00:00Z');
let t: TestApp;
let w: ReturnType<typeof walletClient>;
let ann: Player;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({}, { clock, poolSize: 20 });
  w = walletClient(t, new Ledger(clock));
  const r = await register(t, { email: 'ann@example.com', currency: 'EUR' });
  ann = { cookie: r.cookie, id: r.player.id };
  token = await w.session(ann);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});
afterEach(async () => {
  if (onPostgres) await expectLedgerHolds(t.database.db);
});

describe.runIf(onPostgres)('wallet calls at the same time on PostgreSQL', () => {
  it('20 deliveries of one bet at once: one movement, the same answer to all', async () => {
    await w.fund(ann, 1_000);
    const before = await balancesOf(t.database.db, ann.id, 'EUR');
    const round = w.uid('r');
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.bet(token, round, `${round}:bet`, 100)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.transaction_id)).size).toBe(1);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(before.real - 100);
    expect((await w.win(token, round, `${round}:win`, 0)).status).toBe(200);
  });

  it('40 different bets of 30 at once from 1,000: never below zero, the refused ones carry the balance', async () => {
    const start = await balancesOf(t.database.db, ann.id, 'EUR');
    await w.fund(ann, 1_000 - start.real);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => {
        const round = w.uid('r');
        return w.bet(token, round, `${round}:bet`, 30);
      }),
    );
    const taken = answers.filter((a) => a.status === 200).length;
    expect(taken).toBe(33);
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every(
          (a) => a.status === 402 && a.body.code === 'insufficient_funds' && typeof a.body.balance_cents === 'number',
        ),
    ).toBe(true);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(10);
  });

  it('parallel wins of one round pay once; the others find it closed', async () => {
    await w.fund(ann, 500);
    const round = w.uid('r');
    expect((await w.bet(token, round, `${round}:bet`, 100)).status).toBe(200);
    const before = (await balancesOf(t.database.db, ann.id, 'EUR')).real;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => w.win(token, round, `${round}:win-${i}`, 250)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'round_closed')).toHaveLength(9);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(before + 250);
  });

  it('a bet racing its own rollback ends refunded or refused, and the money adds up', async () => {
    await w.fund(ann, 1_000);
    for (let i = 0; i < 10; i++) {
      const before = (await balancesOf(t.database.db, ann.id, 'EUR')).real;
      const round = w.uid('race');
      const [placed, undone] = await Promise.all([
        w.bet(token, round, `${round}:bet`, 70),
        w.rollback(token, round, `${round}:rb`, `${round}:bet`),
      ]);
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      // Either the bet came first and was refunded, or the rollback came first and the bet was refused.
      if (placed.status !== 200) expect(placed.body.code).toBe('transaction_rolled_back');
      expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(before);
    }
  });

  it('60 jackpot bets at once from four players, 13 of them hits: none deadlocks, each hit is paid once, the pool stays the sum of the levels', async () => {
    const players = [ann];
    for (const name of ['bea', 'cid', 'dan']) {
      const r = await register(t, { email: `${name}@example.com`, currency: 'EUR' });
      players.push({ cookie: r.cookie, id: r.player.id });
    }
    const tokens: string[] = [];
    for (const p of players) {
      await w.fund(p, 100_000);
      tokens.push(await w.session(p, 'orbit/stellar-sevens'));
    }
    const winsBefore = Number((await t.database.db.execute(sql`select count(*) as n from jackpot_wins`)).rows[0]!.n);
    // Draws: grand's slice starts at 0, then major's, then mini's (docs/provider-protocol.md).
    const draw = (i: number) => (i % 5 === 0 ? 1_000_000 : i === 7 ? 50_000 : 0xffff_ffff);
    const rounds: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const round = w.uid('jp');
        rounds[i] = round;
        return w.wallet('bet', {
          session_token: tokens[i % 4],
          game: 'stellar-sevens',
          round_id: round,
          transaction_id: `${round}:bet`,
          amount_cents: 1_000,
          currency: 'EUR',
          jackpot_draw: draw(i),
        });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const hits = answers.filter((a) => a.body.jackpot_win);
    expect(hits).toHaveLength(13);
    expect(hits.filter((a) => (a.body.jackpot_win as { level: string }).level === 'major')).toHaveLength(1);
    const winsAfter = Number((await t.database.db.execute(sql`select count(*) as n from jackpot_wins`)).rows[0]!.n);
    expect(winsAfter - winsBefore).toBe(13);
    // A hit's bet stands: its rollback is refused, the stake and the jackpot win stay where they are.
    const hitIndex = answers.findIndex((a) => a.body.jackpot_win);
    const hitPlayer = players[hitIndex % 4]!;
    const hitBalance = await balancesOf(t.database.db, hitPlayer.id, 'EUR');
    const hitBet = await w.wallet('rollback', {
      session_token: tokens[hitIndex % 4],
      game: 'stellar-sevens',
      round_id: rounds[hitIndex],
      transaction_id: `${rounds[hitIndex]!}:rollback`,
      reference_transaction_id: `${rounds[hitIndex]!}:bet`,
    });
    expect(hitBet.status, JSON.stringify(hitBet.body)).toBe(409);
    expect(hitBet.body.code).toBe('round_closed');
    expect(await balancesOf(t.database.db, hitPlayer.id, 'EUR')).toEqual(hitBalance);
    const eur = jackpotsResponseSchema
      .parse((await call(t, 'GET', '/api/jackpots')).json())
      .find((j) => j.currency === 'EUR')!;
    const pool = Number(
      (
        await t.database.db.execute(
          sql`select sum(balance) as b from ledger_accounts where user_id is null and kind = 'jackpot_pool' and currency = 'EUR'`,
        )
      ).rows[0]!.b,
    );
    expect(pool).toBe(eur.levels.reduce((a, l) => a + l.amount_cents, 0));
  });
});
