/**
 * The house studio end to end inside the casino: a launch, the studio's session exchanging the
 * one-time token over the signed wallet protocol, real rounds moving the player's ledger balance,
 * the rounds in the games history with their seeds, and a round recomputed from the seed the
 * rotation reveals. Demo play never touches the ledger.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameRoundDetailSchema, gameRoundsResponseSchema, launchResponseSchema } from '@orbit/contracts';
import { commitment, GAMES } from '@orbit/studio';
import { verifyRound } from '../../../studio/src/fair/verify';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';

const clock = new FakeClock('2026-06-01T12:00:00Z');
let t: TestApp;
let ann: { cookie: string; id: number };
let gameIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({}, { clock, selfFetch: true });
  const r = await register(t, { email: 'ann@example.com', currency: 'EUR', nickname: 'Ann' });
  ann = { cookie: r.cookie, id: r.player.id };
  await new Ledger(clock).transfer(t.database.db, {
    idempotencyKey: 'studio-fund',
    kind: 'deposit',
    reference: 'payment:test',
    currency: 'EUR',
    amount: 50_000,
    from: { house: 'psp_clearing' },
    to: { player: ann.id, kind: 'real' },
  });
  const rows = await t.database.db.execute(sql`select id, identifier from games`);
  gameIds = Object.fromEntries(
    (rows.rows as Array<{ id: number; identifier: string }>).map((x) => [x.identifier, Number(x.id)]),
  );
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const studio = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/studio${url}`, ...(payload ? { payload } : {}) });

async function launched(game: string, mode: 'real' | 'demo', cookie?: string) {
  const res = await call(t, 'POST', `/api/games/${gameIds[game]}/launch`, { cookie, payload: { mode } });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(launchResponseSchema.parse(res.json()).url, 'http://casino.test');
}

describe('the house studio through the wallet protocol', () => {
  it('plays real roulette rounds that move the ledger, recorded with their seeds and recomputable after rotation', async () => {
    const url = await launched('orbit/european-roulette', 'real', ann.cookie);
    expect(url.pathname).toBe('/studio/play/european-roulette');
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);

    const opened = await studio('POST', '/api/sessions', {
      game: 'european-roulette',
      mode: 'real',
      launch_token: url.searchParams.get('launch_token'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json() as {
      session_id: string;
      balance_cents: number;
      currency: string;
      fair: { server_seed_hash: string; client_seed: string; nonce: number };
    };
    expect(session).toMatchObject({ balance_cents: 50_000, currency: 'EUR' });
    // The launch token is spent.
    expect(
      (
        await studio('POST', '/api/sessions', {
          game: 'european-roulette',
          mode: 'real',
          launch_token: url.searchParams.get('launch_token'),
        })
      ).statusCode,
    ).toBe(401);

    await studio('PUT', `/api/sessions/${session.session_id}/client_seed`, { client_seed: 'ann-lucky-seed' });
    const bet = {
      bets: [
        { type: 'red', stake: 1_000 },
        { type: 'straight', numbers: [17], stake: 100 },
      ],
    };
    const rounds: Array<{
      round_id: string;
      win_cents: number;
      stake_cents: number;
      balance_cents: number;
      fair: { server_seed_hash: string; client_seed: string; nonce: number };
      outcome: unknown;
    }> = [];
    for (let i = 0; i < 5; i++) {
      const res = await studio('POST', `/api/sessions/${session.session_id}/rounds`, { bet });
      expect(res.statusCode, res.body).toBe(200);
      rounds.push(res.json());
    }
    expect(rounds.map((r) => r.fair.nonce)).toEqual([0, 1, 2, 3, 4]);
    const net = rounds.reduce((a, r) => a + r.win_cents - r.stake_cents, 0);
    const balances = await balancesOf(t.database.db, ann.id, 'EUR');
    expect(balances.real).toBe(50_000 + net);
    expect(rounds.at(-1)!.balance_cents).toBe(50_000 + net);

    const history = gameRoundsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/game_rounds?game=orbit/european-roulette', { cookie: ann.cookie })).json(),
    );
    expect(history.data).toHaveLength(5);
    expect(history.data.map((r) => r.round_id)).toEqual(rounds.map((r) => r.round_id).reverse());
    const detail = gameRoundDetailSchema.parse(
      (await call(t, 'GET', `/api/player/game_rounds/${history.data[0]!.id}`, { cookie: ann.cookie })).json(),
    );
    expect(detail).toMatchObject({
      status: 'closed',
      bet_cents: 1_100,
      win_cents: rounds[4]!.win_cents,
      fair: { client_seed: 'ann-lucky-seed', nonce: 4, server_seed_hash: session.fair.server_seed_hash },
    });
    expect(detail.outcome).toEqual(rounds[4]!.outcome);

    // The server seed is secret until the player rotates it; then anyone recomputes the round.
    const hidden = await studio('GET', `/api/fair/seeds/${session.fair.server_seed_hash}`);
    expect(hidden.json()).toMatchObject({ server_seed: null });
    const rotated = (await studio('POST', `/api/sessions/${session.session_id}/rotate`, {})).json() as {
      revealed: { server_seed: string };
      next: { server_seed_hash: string };
    };
    expect(rotated.next.server_seed_hash).not.toBe(session.fair.server_seed_hash);
    const revealed = (await studio('GET', `/api/fair/seeds/${session.fair.server_seed_hash}`)).json() as {
      server_seed: string;
    };
    expect(revealed.server_seed).toBe(rotated.revealed.server_seed);
    expect(commitment(revealed.server_seed)).toBe(detail.fair!.server_seed_hash);
    const again = verifyRound({
      game: GAMES['european-roulette']!,
      serverSeed: revealed.server_seed,
      clientSeed: detail.fair!.client_seed,
      nonce: detail.fair!.nonce,
      bet: detail.bet,
    });
    expect(again.outcome).toEqual(detail.outcome);
    expect(again.win).toBe(detail.win_cents);
  });

  it('refuses a round above the balance with the balance, and plays nothing', async () => {
    const url = await launched('orbit/orbit-dice', 'real', ann.cookie);
    const session = (
      await studio('POST', '/api/sessions', {
        game: 'orbit-dice',
        mode: 'real',
        launch_token: url.searchParams.get('launch_token'),
      })
    ).json() as { session_id: string; balance_cents: number; fair: { nonce: number } };
    const res = await studio('POST', `/api/sessions/${session.session_id}/rounds`, {
      bet: { stake: session.balance_cents + 100, target: 5000, direction: 'under' },
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ error: 'insufficient_funds', balance_cents: session.balance_cents });
    const after = (await studio('GET', `/api/sessions/${session.session_id}`)).json() as { fair: { nonce: number } };
    expect(after.fair.nonce).toBe(session.fair.nonce);
  });

  it('plays demo with FUN money for a guest and never touches the ledger', async () => {
    const before = await t.database.db.execute(sql`select count(*)::int as n from ledger_transfers`);
    const url = await launched('orbit/stellar-sevens', 'demo');
    expect(url.searchParams.get('mode')).toBe('demo');
    const session = (
      await studio('POST', '/api/sessions', { game: 'stellar-sevens', mode: 'demo', currency: 'FUN', licence: 'CW' })
    ).json() as { session_id: string; balance_cents: number; currency: string };
    expect(session).toMatchObject({ currency: 'FUN', balance_cents: 100_000 });
    const res = await studio('POST', `/api/sessions/${session.session_id}/rounds`, { bet: { stake: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const round = res.json() as { win_cents: number; balance_cents: number };
    expect(round.balance_cents).toBe(100_000 - 100 + round.win_cents);
    const after = await t.database.db.execute(sql`select count(*)::int as n from ledger_transfers`);
    expect(after.rows).toEqual(before.rows);
  });

  it('plays free spins the platform granted: told by the issue call, each spin counted, their wins a bonus', async () => {
    const code = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: ann.cookie,
      payload: { code: 'SPINS10' },
    });
    expect(code.statusCode, code.body).toBe(200);
    const grant = (code.json() as { bonus_id: number }).bonus_id;
    const activated = await call(t, 'POST', `/api/player/freespins/${grant}/activation`, { cookie: ann.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    await t.app.orbitOutbox.drain(); // the issue call, signed, to the studio in this process

    const url = await launched('orbit/stellar-sevens', 'real', ann.cookie);
    const opened = await studio('POST', '/api/sessions', {
      game: 'stellar-sevens',
      mode: 'real',
      launch_token: url.searchParams.get('launch_token'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json() as {
      session_id: string;
      free_spins: { id: string; left: number; bet_level_cents: number };
    };
    expect(session.free_spins).toMatchObject({ id: String(grant), left: 10, bet_level_cents: 20 });

    const before = await balancesOf(t.database.db, ann.id, 'EUR');
    let won = 0;
    for (let i = 0; i < 10; i++) {
      const res = await studio('POST', `/api/sessions/${session.session_id}/rounds`, { free_spin: true });
      expect(res.statusCode, res.body).toBe(200);
      won += (res.json() as { win_cents: number }).win_cents;
    }
    const none = await studio('POST', `/api/sessions/${session.session_id}/rounds`, { free_spin: true });
    expect(none.statusCode).toBe(409);
    await t.app.orbitOutbox.drain();

    const spins = (await call(t, 'GET', '/api/player/freespins', { cookie: ann.cookie })).json() as Array<
      Record<string, unknown>
    >;
    expect(spins.find((g) => g.id === grant)).toMatchObject({
      stage: 'finished',
      freespins_performed: 10,
      win_cents: won,
    });
    const bonuses = (await call(t, 'GET', '/api/player/bonuses', { cookie: ann.cookie })).json() as Array<
      Record<string, unknown>
    >;
    const winnings = bonuses.find((b) => b.strategy === 'freespins');
    const after = await balancesOf(t.database.db, ann.id, 'EUR');
    expect(after.real).toBe(before.real);
    if (won > 0) {
      expect(winnings).toMatchObject({ amount_cents: won, amount_wager_requirement_cents: won * 10 });
      expect(after.bonus).toBe(before.bonus + won);
    } else expect(winnings).toBeUndefined();
    // The spins are in the games history, each a round with no stake.
    const history = gameRoundsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/game_rounds?page_size=20', { cookie: ann.cookie })).json(),
    );
    expect(history.data.filter((r) => r.game.identifier === 'orbit/stellar-sevens' && r.bet_cents === 0)).toHaveLength(
      10,
    );
  });
});
