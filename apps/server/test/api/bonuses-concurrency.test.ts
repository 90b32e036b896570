/**
 * Bonuses under calls sent at once, on PostgreSQL only (PGlite is one connection, so nothing there
 * runs at once): parallel bets and wins against one bonus counted exactly, with two outbox
 * workers delivering at the same time; a cancel racing bets loses no money; two activations at
 * once leave one bonus wagering. The ledger audit holds after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playerBonusesResponseSchema, playerBonusSchema, type PlayerBonus } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = new FakeClock('2026-08-01T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let w: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, poolSize: 20 });
  w = walletClient(t, new Ledger(clock));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/operator/bonus_templates/race-gift',
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: { kind: 'manual', title: 'Race gift', money: { EUR: { amount_cents: 2_000 } }, wager_multiplier: 35 },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});
afterEach(async () => {
  if (onPostgres) await expectLedgerHolds(t.database.db);
});

async function player(): Promise<Player> {
  const r = await register(t, { email: `race${++seq}@example.com` }, `10.70.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, r.player.id));
  return { cookie: r.cookie, id: r.player.id };
}
async function grant(p: Player): Promise<PlayerBonus> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/operator/players/${p.id}/bonuses`,
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: { template_key: 'race-gift', currency: 'EUR', idempotency_key: `race-${p.id}-${++seq}` },
  });
  return playerBonusSchema.parse(res.json());
}
const bonusesOf = async (p: Player) =>
  playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json());
/** Two workers delivering at once, as two instances would. */
const drainTwice = () => Promise.all([t.app.orbitOutbox.drain(), t.app.orbitOutbox.drain()]);

/** A round of `stake` on the slot, won with `win`: its answers. */
async function round(token: string, stake: number, win: number) {
  const id = w.uid('race-round');
  const bet = await w.wallet('bet', {
    session_token: token,
    game: 'stellar-sevens',
    round_id: id,
    transaction_id: w.uid('b'),
    amount_cents: stake,
    currency: 'EUR',
  });
  if (bet.status !== 200) return { bet, win: null };
  const settled = await w.wallet('win', {
    session_token: token,
    game: 'stellar-sevens',
    round_id: id,
    transaction_id: w.uid('w'),
    amount_cents: win,
    currency: 'EUR',
  });
  return { bet, win: settled };
}

describe.runIf(onPostgres)('bonuses against calls at the same time on PostgreSQL', () => {
  it('parallel bets against one bonus: each stake counted once, every cent where it belongs', async () => {
    const p = await player();
    await w.fund(p, 1_000);
    const gift = await grant(p);
    expect((await call(t, 'POST', `/api/player/bonuses/${gift.id}/activation`, { cookie: p.cookie })).statusCode).toBe(
      200,
    );
    const token = await w.session(p, 'orbit/stellar-sevens');
    const rounds = Array.from({ length: 24 }, (_, i) => ({ stake: 100 + (i % 5) * 20, win: i % 3 === 0 ? 250 : 0 }));
    const answers = await Promise.all([...rounds.map((r) => round(token, r.stake, r.win)), drainTwice()]);
    await drainTwice();
    const played = answers.slice(0, rounds.length) as Array<Awaited<ReturnType<typeof round>>>;
    const accepted = rounds.filter((_, i) => played[i]!.bet.status === 200);
    for (const [i, r] of played.entries())
      if (r.bet.status !== 200) expect(r.bet.body, String(i)).toMatchObject({ code: 'insufficient_funds' });
    const staked = accepted.reduce((sum, r) => sum + r.stake, 0);
    const won = accepted.reduce((sum, r) => sum + r.win, 0);
    const bonus = (await bonusesOf(p)).find((b) => b.id === gift.id)!;
    expect(bonus.stage).toBe('handle_bets');
    expect(bonus.amount_wager_cents).toBe(staked);
    const balances = await balancesOf(t.database.db, p.id, 'EUR');
    expect(balances.real + balances.bonus).toBe(1_000 + 2_000 - staked + won);
    expect(balance(bonus)).toBe(balances.bonus);
  });

  it('a cancel racing bets and wins: the bonus ends, late wins of bonus money are forfeited, no money lost', async () => {
    const p = await player();
    const gift = await grant(p);
    await call(t, 'POST', `/api/player/bonuses/${gift.id}/activation`, { cookie: p.cookie });
    const token = await w.session(p, 'orbit/stellar-sevens');
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => round(token, 100, i % 2 ? 300 : 0)),
      call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: p.cookie }),
      drainTwice(),
    ]);
    await drainTwice();
    const bonus = (await bonusesOf(p)).find((b) => b.id === gift.id)!;
    expect(bonus.stage).toBe('canceled');
    const rounds = results.slice(0, 12) as Array<Awaited<ReturnType<typeof round>>>;
    const staked = rounds.filter((r) => r.bet.status === 200).length * 100;
    const won = rounds.reduce((sum, r, i) => sum + (r.win?.status === 200 ? (i % 2 ? 300 : 0) : 0), 0);
    const balances = await balancesOf(t.database.db, p.id, 'EUR');
    // All of it was bonus money: what was not staked away or won back was forfeited.
    expect(balances).toMatchObject({ real: 0, bonus: 0 });
    expect(bonus.forfeited_cents).toBe(2_000 - staked + won);
  });

  it('two bonuses activated at once: exactly one wagers', async () => {
    const p = await player();
    const [a, b] = [await grant(p), await grant(p)];
    const answers = await Promise.all(
      [a, b].map((g) => call(t, 'POST', `/api/player/bonuses/${g.id}/activation`, { cookie: p.cookie })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });
    expect((await bonusesOf(p)).filter((x) => x.stage === 'handle_bets')).toHaveLength(1);
    expect((await balancesOf(t.database.db, p.id, 'EUR')).bonus).toBe(2_000);
  });
});

const balance = (b: PlayerBonus) => b.balance_cents;
