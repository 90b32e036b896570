/**
 * The provider wallet protocol (docs/provider-protocol.md) through HTTP, rule by rule, with the
 * ledger audit after each test; the launch that starts a session, and the rounds it leaves in the
 * games history.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  gameRoundDetailSchema,
  gameRoundsResponseSchema,
  jackpotsResponseSchema,
  jackpotWinsResponseSchema,
  launchResponseSchema,
  walletAuthenticateResponseSchema,
  walletMoveResponseSchema,
} from '@orbit/contracts';
import { Ledger, transferPayloadHash } from '../../src/modules/wallet';
import { MemoryPubSub } from '../../src/platform/realtime/pubsub';
import type { RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, PASSWORD, register, signIn } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { expectError, walletClient, type Player } from '../support/provider-wallet';

type WalletClient = ReturnType<typeof walletClient>;

const clock = new FakeClock('2026-05-10T10:00:00Z');
const bus = new MemoryPubSub();
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let ledger: Ledger;
let uid: WalletClient['uid'];
let wallet: WalletClient['wallet'];
let fund: WalletClient['fund'];
let launch: WalletClient['launch'];
let session: WalletClient['session'];
let bet: WalletClient['bet'];
let win: WalletClient['win'];
let rollback: WalletClient['rollback'];

let ann: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, pubsub: bus });
  ledger = new Ledger(clock);
  const a = await register(t, { email: 'ann@example.com', nickname: 'Annabelle', currency: 'EUR' }, '10.0.0.1');
  const b = await register(t, { email: 'bob@example.com', nickname: 'Bob', currency: 'EUR' }, '10.0.0.2');
  ann = { cookie: a.cookie, id: a.player.id };
  bob = { cookie: b.cookie, id: b.player.id };
  ({ uid, wallet, fund, launch, session, bet, win, rollback } = walletClient(t, ledger));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const poll = <T>(fn: () => Promise<T>, timeout = 5_000) => expect.poll(fn, { timeout, interval: 250 });

describe('launch', () => {
  it('opens demo for anyone with FUN money and no token, real play only for a signed-in player', async () => {
    const demo = await launch(null, 'orbit/stellar-sevens', 'demo');
    expect(demo.statusCode, demo.body).toBe(200);
    const d = launchResponseSchema.parse(demo.json());
    expect(d).toMatchObject({ mode: 'demo', currency: 'FUN' });
    expect(d.url).toMatch(/^\/studio\/play\/stellar-sevens\?/);
    expect(new URL(d.url, 'http://x').searchParams.get('launch_token')).toBeNull();

    expect((await launch(null, 'orbit/stellar-sevens')).statusCode).toBe(401);
    const real = launchResponseSchema.parse((await launch(ann, 'orbit/stellar-sevens')).json());
    const params = new URL(real.url, 'http://x').searchParams;
    expect(params.get('mode')).toBe('real');
    expect(params.get('currency')).toBe('EUR');
    expect(params.get('launch_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('licence')).toMatch(/^(CW|EE)$/);
  });

  it('refuses catalogue-only games and demo where the game has none', async () => {
    const live = await launch(ann, 'aurora-live/live-european-roulette');
    expect(live.statusCode).toBe(422);
    expect(live.json()).toEqual({ errors: { base: ['game_not_launchable'] } });
    expect(
      (await call(t, 'POST', '/api/games/999999/launch', { cookie: ann.cookie, payload: { mode: 'real' } })).statusCode,
    ).toBe(404);
  });

  it('exchanges a launch token once, within five minutes, for the game it was made for', async () => {
    const url = new URL(launchResponseSchema.parse((await launch(ann)).json()).url, 'http://x');
    // The game's deposit link opens the cashbox over this game's page.
    const deposit = new URL(url.searchParams.get('deposit_url')!);
    expect(deposit.pathname).toBe('/deposit');
    expect(deposit.searchParams.get('from')).toBe('/play/orbit/european-roulette');
    const token = url.searchParams.get('launch_token');
    expectError(await wallet('authenticate', { launch_token: token, game: 'orbit-dice' }), 401, 'invalid_launch_token');
    const first = await wallet('authenticate', { launch_token: token, game: 'european-roulette' });
    expect(first.status).toBe(200);
    expect(walletAuthenticateResponseSchema.parse(first.body)).toMatchObject({
      player_id: String(ann.id),
      nickname: 'Annabelle',
      currency: 'EUR',
    });
    expectError(
      await wallet('authenticate', { launch_token: token, game: 'european-roulette' }),
      401,
      'invalid_launch_token',
    );

    const late = new URL(launchResponseSchema.parse((await launch(ann)).json()).url, 'http://x').searchParams.get(
      'launch_token',
    );
    clock.advance(5 * 60_000 + 1);
    expectError(
      await wallet('authenticate', { launch_token: late, game: 'european-roulette' }),
      401,
      'invalid_launch_token',
    );
  });
});

describe('transfers made inside the database', () => {
  it('carry the same payload hash the ledger computes for the same transfer', async () => {
    const cases = [
      {
        kind: 'bet',
        reference: 'round:12',
        currency: 'EUR',
        amount: 1_234,
        from: { player: 77, kind: 'real' },
        to: { house: 'bets' },
      },
      {
        kind: 'win',
        reference: 'round:9:tx-"quoted"',
        currency: 'BTC',
        amount: 100_000_000,
        from: { house: 'bets' },
        to: { player: 5, kind: 'bonus' },
      },
      {
        kind: 'jackpot',
        reference: 'jackpot_level:3',
        currency: 'USD',
        amount: 1,
        from: { house: 'promotions' },
        to: { house: 'jackpot_pool' },
      },
    ] as const;
    for (const c of cases) {
      const side = (x: { player: number; kind: string } | { house: string }) =>
        'player' in x ? `player:${x.player}:${x.kind}` : `house:${x.house}`;
      const r = await t.database.db.execute(
        sql`select ledger_payload_hash(${c.kind}, ${c.reference}, ${c.currency}, ${c.amount}::bigint, ${side(c.from)}, ${side(c.to)}) as h`,
      );
      expect((r.rows[0] as { h: string }).h).toBe(
        transferPayloadHash({ idempotencyKey: 'k', ...c } as Parameters<typeof transferPayloadHash>[0]),
      );
    }
  });
});

describe('signatures', () => {
  it('lets an operator register a provider with no code: its secret signs its calls from then on', async () => {
    const secret = 'meridian-secret-meridian-secret-meridian';
    expectError(
      await wallet('balance', { session_token: 'x' }, { provider: 'meridian', secret }),
      401,
      'invalid_signature',
    );
    const put = (body: object, token = OPERATOR) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/operator/providers/meridian',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const providerNames = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/games/providers' })).json() as { id: string }[]).map(
        (p) => p.id,
      );
    // Read once, so that the catalogue's answer is cached before the change.
    expect(await providerNames()).not.toContain('meridian');
    expect((await put({ wallet_secret: secret }, 'wrong-token-wrong-token-wrong-token')).statusCode).toBe(401);
    expect((await put({ wallet_secret: 'short' })).statusCode).toBe(422);
    const res = await put({
      wallet_secret: secret,
      launch_url: 'https://games.meridian.test/play/{game}',
      launchable: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The lobby's catalogue hears the change at once (not after its cache's lifetime).
    expect(await providerNames()).toContain('meridian');
    // Accepted signature; the session is the next thing checked.
    expectError(
      await wallet('balance', { session_token: 'x' }, { provider: 'meridian', secret }),
      401,
      'invalid_session',
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/operator/providers/nobody',
          headers: { authorization: `Bearer ${OPERATOR}` },
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(404);
    // Its games now launch into its own page, with a one-time token.
    // This studio needs the player's names and birth date before real play (docs/rules/fields.md).
    await t.database.db.execute(
      sql`update users set first_name = 'Ann', last_name = 'Lee', date_of_birth = '1990-04-01' where id = ${ann.id}`,
    );
    const launched = await launch(ann, 'meridian/lucky-wheel-live');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launchResponseSchema.parse(launched.json()).url).toMatch(
      /^https:\/\/games\.meridian\.test\/play\/lucky-wheel-live\?mode=real&launch_token=/,
    );
  });

  it('refuses a missing, wrong or foreign signature and an unknown provider, before reading the body', async () => {
    const body = { session_token: 'x' };
    expectError(await wallet('balance', body, { signature: '' }), 401, 'invalid_signature');
    expectError(await wallet('balance', body, { signature: 'ab'.repeat(32) }), 401, 'invalid_signature');
    expectError(
      await wallet('balance', body, { secret: 'another-secret-another-secret-another' }),
      401,
      'invalid_signature',
    );
    expectError(await wallet('balance', body, { provider: 'nobody' }), 401, 'invalid_signature');
    // Signed right but not JSON of the action: a bad request, not a signature problem.
    expectError(await wallet('bet', { session_token: 'x' }), 400, 'invalid_request');
    expectError(await wallet('balance', body), 401, 'invalid_session');
  });
});

describe('bets, wins and rollbacks', () => {
  it('runs a call again when the database gave its transaction up to break a deadlock: answered once, paid once', async () => {
    const db = t.database.db;
    // One deadlock, injected: the first write of this win's record is refused as PostgreSQL refuses
    // the loser of a deadlock (a sequence counts the tries: it is not rolled back with them).
    await db.execute(sql`create sequence if not exists test_deadlock_tries`);
    await db.execute(
      sql.raw(`create or replace function test_deadlock_once() returns trigger language plpgsql as $$
        begin
          if new.external_id like 'deadlock-once-%' then
            if nextval('test_deadlock_tries') = 1 then
              raise exception 'deadlock detected (injected)' using errcode = '40P01';
            end if;
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_deadlock_once before insert on provider_transactions
        for each row execute function test_deadlock_once()`),
    );
    try {
      const r = await register(t, { email: 'dana@example.com', nickname: 'Dana', currency: 'EUR' }, '10.0.0.9');
      const dana = { cookie: r.cookie, id: r.player.id };
      await fund(dana, 5_000);
      const token = await session(dana);
      const round = uid('r');
      expect((await bet(token, round, `${round}:bet`, 1_000)).status).toBe(200);
      const before = (await balancesOf(db, dana.id, 'EUR')).real;
      const paid = await win(token, round, `deadlock-once-${round}`, 2_500);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.balance_cents).toBe(before + 2_500);
      expect((await balancesOf(db, dana.id, 'EUR')).real).toBe(before + 2_500);
      const [tries] = (await db.execute(sql`select last_value from test_deadlock_tries`)).rows as Array<{
        last_value: string | number;
      }>;
      expect(Number(tries!.last_value)).toBe(2);
      const [recorded] = (
        await db.execute(
          sql`select count(*)::int as n from provider_transactions where external_id = ${`deadlock-once-${round}`}`,
        )
      ).rows as Array<{ n: number }>;
      expect(recorded!.n).toBe(1);
    } finally {
      await db.execute(sql`drop trigger if exists test_deadlock_once on provider_transactions`);
      await db.execute(sql`drop function if exists test_deadlock_once()`);
      await db.execute(sql`drop sequence if exists test_deadlock_tries`);
    }
  });

  it('takes a bet, answers a replay with the first answer and refuses the same id with another body', async () => {
    await fund(ann, 10_000);
    const token = await session(ann);
    const round = uid('r');
    const first = await bet(token, round, `${round}:bet`, 1_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(walletMoveResponseSchema.parse(first.body)).toMatchObject({ balance_cents: 9_000, currency: 'EUR' });
    const again = await bet(token, round, `${round}:bet`, 1_000);
    expect(again.body).toEqual(first.body);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(9_000);
    expectError(await bet(token, round, `${round}:bet`, 2_000), 409, 'duplicate_transaction');

    const paid = await win(token, round, `${round}:win`, 3_500, {
      reference_transaction_id: `${round}:bet`,
      round: {
        stake_cents: 1_000,
        outcome: { pocket: 17 },
        fair: { server_seed_hash: 'ab'.repeat(32), client_seed: 'c', nonce: 0 },
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.balance_cents).toBe(12_500);
    expect(
      (
        await win(token, round, `${round}:win`, 3_500, {
          reference_transaction_id: `${round}:bet`,
          round: {
            stake_cents: 1_000,
            outcome: { pocket: 17 },
            fair: { server_seed_hash: 'ab'.repeat(32), client_seed: 'c', nonce: 0 },
          },
        })
      ).body,
    ).toEqual(paid.body);
    expectError(await win(token, round, `${round}:win2`, 100), 409, 'round_closed');
    expectError(await bet(token, round, `${round}:bet2`, 100), 409, 'round_closed');
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(12_500);
  });

  it('refuses a win for a round without a bet, or naming a bet of another round', async () => {
    const token = await session(ann);
    expectError(await win(token, uid('nobet'), uid('w'), 500), 404, 'transaction_not_found');
    const a = uid('r');
    const b = uid('r');
    await fund(ann, 2_000);
    expect((await bet(token, a, `${a}:bet`, 100)).status).toBe(200);
    expect((await bet(token, b, `${b}:bet`, 100)).status).toBe(200);
    expectError(
      await win(token, a, `${a}:win`, 50, { reference_transaction_id: `${b}:bet` }),
      404,
      'transaction_not_found',
    );
    expect((await win(token, a, `${a}:win`, 0)).status).toBe(200);
    expect((await win(token, b, `${b}:win`, 0)).status).toBe(200);
  });

  it('rolls back a bet exactly once, and not after its round was won', async () => {
    const token = await session(ann);
    await fund(ann, 1_000);
    const before = (await balancesOf(t.database.db, ann.id, 'EUR')).real;
    const round = uid('r');
    expect((await bet(token, round, `${round}:bet`, 700)).status).toBe(200);
    const back = await rollback(token, round, `${round}:rb`, `${round}:bet`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.balance_cents).toBe(before + (await balancesOf(t.database.db, ann.id, 'EUR')).bonus);
    expect((await rollback(token, round, `${round}:rb`, `${round}:bet`)).body).toEqual(back.body);
    expect((await rollback(token, round, `${round}:rb2`, `${round}:bet`)).status).toBe(200);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(before);
    expectError(await win(token, round, `${round}:win`, 100), 404, 'transaction_not_found');
    expectError(await rollback(token, round, uid('rb'), `${round}:rb`), 404, 'transaction_not_found');

    const won = uid('r');
    expect((await bet(token, won, `${won}:bet`, 100)).status).toBe(200);
    expect((await win(token, won, `${won}:win`, 0)).status).toBe(200);
    expectError(await rollback(token, won, `${won}:rb`, `${won}:bet`), 409, 'round_closed');
  });

  it('remembers a rollback of a bet it never saw and refuses that bet when it arrives late', async () => {
    const token = await session(ann);
    await fund(ann, 1_000);
    const round = uid('r');
    const back = await rollback(token, round, `${round}:rb`, `${round}:bet`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const before = await balancesOf(t.database.db, ann.id, 'EUR');
    expectError(await bet(token, round, `${round}:bet`, 300), 409, 'transaction_rolled_back');
    expect(await balancesOf(t.database.db, ann.id, 'EUR')).toEqual(before);
  });

  it('refuses a rollback under the id it rolls back as an invalid request, and that id stays free for the bet', async () => {
    const token = await session(ann);
    await fund(ann, 1_000);
    const round = uid('r');
    const self = `${round}:bet`;
    expectError(await rollback(token, round, self, self), 400, 'invalid_request');
    expectError(await rollback(token, round, self, self), 400, 'invalid_request');
    const before = await balancesOf(t.database.db, ann.id, 'EUR');
    const placed = await bet(token, round, self, 300);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(before.real - 300);
  });

  it('refuses a bet above the balance, with the balance, and moves nothing', async () => {
    const token = await session(bob);
    await fund(bob, 500, 200);
    const res = await bet(token, uid('r'), uid('b'), 701);
    expectError(res, 402, 'insufficient_funds');
    expect(res.body).toMatchObject({ balance_cents: 700, currency: 'EUR' });
    expect(await balancesOf(t.database.db, bob.id, 'EUR')).toMatchObject({ real: 500, bonus: 200 });
  });

  it('takes real money first, then bonus, and pays a win back in that proportion', async () => {
    const token = await session(bob);
    const start = await balancesOf(t.database.db, bob.id, 'EUR');
    const round = uid('r');
    // 500 real + 200 bonus: a bet of 700 takes 500 real, 200 bonus (5:2).
    expect((await bet(token, round, `${round}:bet`, start.real + start.bonus)).status).toBe(200);
    expect(await balancesOf(t.database.db, bob.id, 'EUR')).toMatchObject({ real: 0, bonus: 0 });
    expect((await win(token, round, `${round}:win`, 1_401)).status).toBe(200);
    // 1401 × 500/700 = 1000.7 → 1000 real, the rest (401) bonus.
    expect(await balancesOf(t.database.db, bob.id, 'EUR')).toMatchObject({ real: 1_000, bonus: 401 });
  });

  it('refuses a bet and a real launch when a pre-bet check says so (self-exclusion, limits plug in here)', async () => {
    const token = await session(bob);
    await fund(bob, 1_000);
    t.app.orbitPreBetChecks.add('test-exclusion', async ({ userId }) => (userId === bob.id ? 'player_excluded' : null));
    expectError(await bet(token, uid('r'), uid('b'), 10), 403, 'player_excluded');
    const refused = await launch(bob);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['player_excluded'] } });
    // Demo play needs no money and stays open.
    expect((await launch(bob, 'orbit/stellar-sevens', 'demo')).statusCode).toBe(200);
    expect((await launch(ann)).statusCode).toBe(200);
  });
});

describe('jackpots', () => {
  async function poolBalance(): Promise<number> {
    const r = await t.database.db.execute(
      sql`select sum(balance) as balance from ledger_accounts where user_id is null and kind = 'jackpot_pool' and currency = 'EUR'`,
    );
    return Number((r.rows[0] as { balance: number }).balance);
  }
  async function eurJackpot() {
    const list = jackpotsResponseSchema.parse((await call(t, 'GET', '/api/jackpots')).json());
    return list.find((j) => j.currency === 'EUR')!;
  }

  it('feeds the levels with their share of each bet of a jackpot game, the pool always equal to their sum', async () => {
    const before = await eurJackpot();
    expect(before.levels.map((l) => l.identifier)).toEqual(['mini', 'major', 'grand']);
    expect(before.levels.map((l) => l.amount_cents)).toEqual([2_000, 20_000, 200_000]);
    expect(await poolBalance()).toBe(222_000);
    const token = await session(ann, 'orbit/stellar-sevens');
    await fund(ann, 100_000);
    const round = uid('r');
    // A draw above every level's slice: no hit.
    const res = await wallet('bet', {
      session_token: token,
      game: 'stellar-sevens',
      round_id: round,
      transaction_id: `${round}:bet`,
      amount_cents: 10_000,
      currency: 'EUR',
      jackpot_draw: 0xffff_ffff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.jackpot_win).toBeNull();
    const after = await eurJackpot();
    // 0.5% / 0.3% / 0.2% of 100.00.
    expect(after.levels.map((l, i) => l.amount_cents - before.levels[i]!.amount_cents)).toEqual([50, 30, 20]);
    expect(await poolBalance()).toBe(after.levels.reduce((a, l) => a + l.amount_cents, 0));
    // The share leaves the stake straight for the pool: the house's hot `bets` row moves once a bet.
    const moves = await t.database.db.execute(sql`
      select t.kind, t.amount, d.kind as debit, c.kind as credit from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
        where t.idempotency_key like ${`%${round}:bet%`} order by t.id`);
    expect(moves.rows.map((m) => ({ ...(m as object), amount: Number((m as { amount: number }).amount) }))).toEqual([
      { kind: 'bet', amount: 9_900, debit: 'real', credit: 'bets' },
      { kind: 'bet', amount: 100, debit: 'real', credit: 'jackpot_pool' },
    ]);
    await wallet('win', {
      session_token: token,
      game: 'stellar-sevens',
      round_id: round,
      transaction_id: `${round}:win`,
      amount_cents: 0,
      currency: 'EUR',
    });
  });

  it("counts every small bet's share: the part of a cent is carried to the player's next bet", async () => {
    const token = await session(ann, 'orbit/stellar-sevens');
    await fund(ann, 10_000);
    const before = await eurJackpot();
    // Ten lost bets of 1.00, no hit: each owes mini 0.5, major 0.3 and grand 0.2 of a cent, none a whole cent.
    for (let i = 0; i < 10; i++) {
      const round = uid('small');
      const bet = { session_token: token, game: 'stellar-sevens', round_id: round, currency: 'EUR' };
      const res = await wallet('bet', {
        ...bet,
        transaction_id: `${round}:bet`,
        amount_cents: 100,
        jackpot_draw: 0xffff_ffff,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await wallet('win', { ...bet, transaction_id: `${round}:win`, amount_cents: 0 });
    }
    const after = await eurJackpot();
    // 10 × 0.5 = 5, 10 × 0.3 = 3, 10 × 0.2 = 2 cents: exactly what the bets owed, in whole cents.
    expect(after.levels.map((l, i) => l.amount_cents - before.levels[i]!.amount_cents)).toEqual([5, 3, 2]);
    expect(await poolBalance()).toBe(after.levels.reduce((a, l) => a + l.amount_cents, 0));
    await expectLedgerHolds(t.database.db);
  });

  it('pays a hit from the draw to the player, resets the level to its seed and shows the masked winner', async () => {
    const token = await session(ann, 'orbit/stellar-sevens');
    const before = await eurJackpot();
    const mini = before.levels.find((l) => l.identifier === 'mini')!;
    const real = (await balancesOf(t.database.db, ann.id, 'EUR')).real;
    const round = uid('r');
    // Slices from 0: grand (1 in 1,000,000 → 4294 values), major (1 in 50,000 → 85899), then mini.
    const miniDraw = Math.floor(2 ** 32 / 1_000_000) + Math.floor(2 ** 32 / 50_000);
    const res = await wallet('bet', {
      session_token: token,
      game: 'stellar-sevens',
      round_id: round,
      transaction_id: `${round}:bet`,
      amount_cents: 1_000,
      currency: 'EUR',
      jackpot_draw: miniDraw,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const prize = mini.amount_cents + 5;
    expect(res.body.jackpot_win).toEqual({ level: 'mini', name: 'Mini', amount_cents: prize });
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(real - 1_000 + prize);
    const after = await eurJackpot();
    expect(after.levels.find((l) => l.identifier === 'mini')!.amount_cents).toBe(2_000);
    expect(await poolBalance()).toBe(after.levels.reduce((a, l) => a + l.amount_cents, 0));
    const wins = jackpotWinsResponseSchema.parse((await call(t, 'GET', '/api/jackpot_wins')).json());
    expect(wins[0]).toMatchObject({
      amount_cents: prize,
      jackpot_level_name: 'Mini',
      user_name: 'Annabe***',
      jackpot_original_currency: 'EUR',
    });
    expect(
      jackpotWinsResponseSchema.parse((await call(t, 'GET', '/api/jackpot_wins?sort=biggest&limit=1')).json()),
    ).toHaveLength(1);

    // The hit goes out live once delivered: to the winner, and to everyone with the masked name.
    const publicMessages: RealtimeMessage[] = [];
    const privateMessages: RealtimeMessage[] = [];
    await bus.subscribe('public', (m) => publicMessages.push(m));
    await bus.subscribe(`player:${ann.id}`, (m) => privateMessages.push(m));
    await t.app.orbitOutbox.drain();
    expect(privateMessages.find((m) => m.event === 'jackpot_win_award')?.data).toMatchObject({
      amount_cents: prize,
      jackpot_level_name: 'Mini',
      currency: 'EUR',
    });
    expect(publicMessages.find((m) => m.event === 'wins')?.data).toMatchObject({
      kind: 'jackpot',
      amount_cents: prize,
      user_name: 'Annabe***',
    });
    expect(publicMessages.find((m) => m.event === 'jackpots_changes')).toBeDefined();
    await wallet('win', {
      session_token: token,
      game: 'stellar-sevens',
      round_id: round,
      transaction_id: `${round}:win`,
      amount_cents: 0,
      currency: 'EUR',
    });
    const detail = await call(t, 'GET', `/api/player/game_rounds?game=orbit/stellar-sevens`, { cookie: ann.cookie });
    expect(gameRoundsResponseSchema.parse(detail.json()).data[0]).toMatchObject({
      jackpot_win_cents: prize,
      win_cents: prize,
    });
  });
});

describe('jackpots in the catalogue', () => {
  it("shows each jackpot game's amount per currency, and each provider's", async () => {
    const list = jackpotsResponseSchema.parse((await call(t, 'GET', '/api/jackpots')).json());
    const eur = list.find((j) => j.currency === 'EUR')!;
    const total = eur.levels.reduce((a, l) => a + l.amount_cents, 0);
    await poll(async () => {
      const res = await call(t, 'POST', '/api/games_filter/select_by_seo_titles', {
        payload: { game_seo_titles: ['stellar-sevens', 'nebula-ways'] },
      });
      const games = res.json() as Record<string, { currencies: Record<string, { jackpot: number | null }> }>;
      return [
        games['orbit/stellar-sevens']!.currencies.EUR!.jackpot,
        games['orbit/nebula-ways']!.currencies.EUR!.jackpot,
      ];
    }, 10_000).toEqual([total, null]);
    const byProvider = (await call(t, 'GET', '/api/games/jackpots')).json() as Record<string, Record<string, number>>;
    expect(byProvider.EUR).toEqual({ orbit: total });
  });
});

describe('games history', () => {
  it("lists the player's rounds newest first with filters and paging, and recalls one with its outcome and seeds", async () => {
    const token = await session(ann, 'orbit/orbit-dice');
    await fund(ann, 5_000);
    const fair = { server_seed_hash: 'cd'.repeat(32), client_seed: 'my-seed', nonce: 3 };
    for (let i = 0; i < 3; i++) {
      const round = uid('dice');
      await wallet('bet', {
        session_token: token,
        game: 'orbit-dice',
        round_id: round,
        transaction_id: `${round}:bet`,
        amount_cents: 100,
        currency: 'EUR',
      });
      clock.advance(1_000);
      await wallet('win', {
        session_token: token,
        game: 'orbit-dice',
        round_id: round,
        transaction_id: `${round}:win`,
        amount_cents: i === 1 ? 192 : 0,
        currency: 'EUR',
        round: { stake_cents: 100, outcome: { roll: 4200 + i }, fair: { ...fair, nonce: i } },
      });
    }
    const page = await call(t, 'GET', '/api/player/game_rounds?game=orbit/orbit-dice&page_size=2', {
      cookie: ann.cookie,
    });
    expect(page.statusCode, page.body).toBe(200);
    const rounds = gameRoundsResponseSchema.parse(page.json());
    expect(rounds.pagination).toMatchObject({ current_page: 1, next_page: 2, total_count: 3, total_pages: 2 });
    expect(rounds.data.map((r) => r.win_cents)).toEqual([0, 192]);
    const won = gameRoundsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/game_rounds?game=orbit/orbit-dice&result=won', { cookie: ann.cookie })).json(),
    );
    expect(won.data).toHaveLength(1);
    const detail = gameRoundDetailSchema.parse(
      (await call(t, 'GET', `/api/player/game_rounds/${won.data[0]!.id}`, { cookie: ann.cookie })).json(),
    );
    expect(detail).toMatchObject({
      status: 'closed',
      bet_cents: 100,
      win_cents: 192,
      outcome: { roll: 4201 },
      fair: { ...fair, nonce: 1 },
    });
    expect(detail.transactions.map((x) => [x.kind, x.amount_cents])).toEqual([
      ['bet', 100],
      ['win', 192],
    ]);
    // Another player's round is nobody else's business.
    expect(
      (await call(t, 'GET', `/api/player/game_rounds/${won.data[0]!.id}`, { cookie: bob.cookie })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/player/game_rounds')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/player/game_rounds?result=maybe', { cookie: ann.cookie })).statusCode).toBe(422);
  });
});

describe('game sessions and the sign-in that launched them', () => {
  it('a sign-out ends the game sessions it launched: no more bets, no unopened launch, but wins and replays are answered', async () => {
    const c = await register(t, { email: 'cora@example.com', nickname: 'Cora', currency: 'EUR' }, '10.0.0.3');
    const cora: Player = { cookie: c.cookie, id: c.player.id };
    await fund(cora, 1_000);
    const token = await session(cora);
    const unopened = new URL(launchResponseSchema.parse((await launch(cora)).json()).url, 'http://x').searchParams.get(
      'launch_token',
    );
    const round = uid('r');
    const first = await bet(token, round, `${round}:bet`, 100);
    expect(first.status).toBe(200);
    // Another sign-in's game is not touched by this sign-out.
    const other = await signIn(t, 'cora@example.com', PASSWORD, '10.0.0.3');
    expect(other.statusCode, other.body).toBe(200);
    const otherToken = await session({ cookie: String(other.headers['set-cookie']).split(';')[0]!, id: cora.id });

    expect((await call(t, 'DELETE', '/api/users/sign_out', { cookie: cora.cookie })).statusCode).toBe(200);
    expectError(await bet(token, uid('r'), uid('b'), 100), 401, 'invalid_session');
    expectError(
      await wallet('authenticate', { launch_token: unopened, game: 'european-roulette' }),
      401,
      'invalid_launch_token',
    );
    // What is owed is paid, and the bet sent again keeps its first answer.
    expect((await bet(token, round, `${round}:bet`, 100)).body).toEqual(first.body);
    expect((await win(token, round, `${round}:win`, 300)).status).toBe(200);
    expect((await bet(otherToken, uid('r'), uid('b'), 100)).status).toBe(200);
    expect(await balancesOf(t.database.db, cora.id, 'EUR')).toMatchObject({ real: 1_100 });
  });
});

// Last: it moves the clock past every session of the file.
describe('expired game sessions', () => {
  it('refuses bets in another currency, in a disabled game, on an expired session; still settles a win on it', async () => {
    await fund(ann, 1_000);
    const token = await session(ann);
    expectError(await bet(token, uid('r'), uid('b'), 10, { currency: 'USD' }), 422, 'wrong_currency');
    const round = uid('r');
    expect((await bet(token, round, `${round}:bet`, 10)).status).toBe(200);

    await t.database.db.execute(sql`update games set enabled = false where identifier = 'orbit/european-roulette'`);
    expectError(await bet(token, uid('r'), uid('b'), 10), 403, 'game_disabled');
    await t.database.db.execute(sql`update games set enabled = true where identifier = 'orbit/european-roulette'`);

    clock.advance(12 * 3600_000 + 1);
    expectError(await bet(token, uid('r'), uid('b'), 10), 401, 'invalid_session');
    expect((await win(token, round, `${round}:win`, 20)).status).toBe(200);
  });

  // Last in the file: the clock moves 90 days on.
  it('settles a late win until 90 days after the expiry; then the sweep deletes the session and a win answers invalid_session', async () => {
    const d = await register(t, { email: 'dora@example.com', nickname: 'Dora', currency: 'EUR' }, '10.0.0.4');
    const dora: Player = { cookie: d.cookie, id: d.player.id };
    await fund(dora, 1_000);
    const token = await session(dora);
    const [early, late] = [uid('r'), uid('r')];
    expect((await bet(token, early, `${early}:bet`, 10)).status).toBe(200);
    expect((await bet(token, late, `${late}:bet`, 10)).status).toBe(200);
    const kept = async () =>
      Number(
        (
          await t.database.db.execute<{ n: string }>(
            sql`select count(*) as n from game_sessions where user_id = ${dora.id}`,
          )
        ).rows[0]!.n,
      );
    const sessions = await kept();
    clock.advance(12 * 3600_000 + 90 * 24 * 3600_000 - 60_000);
    await t.app.orbitSweeps.runAll();
    expect(await kept()).toBe(sessions);
    expect((await win(token, early, `${early}:win`, 20)).status).toBe(200);

    // Past the retention, and past the 10 minutes an instance keeps a session's facts.
    clock.advance(11 * 60_000);
    await t.app.orbitSweeps.runAll();
    expect(await kept()).toBe(sessions - 1);
    expectError(await win(token, late, `${late}:win`, 20), 401, 'invalid_session');
  });
});
