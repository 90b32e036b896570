/**
 * The player's card in the back office (docs/backoffice.md "The player's card"): a player who
 * registered, deposited through the sandbox PSP, played a round of our studio and set a limit, as
 * each of the card's calls shows them; ids refused or unknown; who may call what; and that reading
 * the card writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeAuditResponseSchema,
  backofficePlayerAccountsResponseSchema,
  backofficePlayerBonusesResponseSchema,
  backofficePlayerDocumentsResponseSchema,
  backofficePlayerLimitsResponseSchema,
  backofficePlayerPaymentsResponseSchema,
  backofficePlayerProfileSchema,
  backofficePlayerRoundsResponseSchema,
  backofficeStatementResponseSchema,
} from '@orbit/contracts';
import { appendAudit, DEMO_ADMIN } from '../../src/modules/backoffice';
import { users } from '../../src/modules/identity/schema';
import { codeForStep, stepAt } from '../../src/modules/identity/totp';
import { Ledger, playerBalances } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { depositThroughSandbox } from '../support/cashbox';
import { call, register } from '../support/identity';
import { walletClient } from '../support/provider-wallet';

const clock = new FakeClock('2026-12-01T10:00:00Z');
let t: TestApp;
let player: { id: number; cookie: string };
let admin: string;
let marketing: string;

const FAIR = { server_seed_hash: 'ab'.repeat(32), client_seed: 'lucky-seed', nonce: 7 };
const ROULETTE_BET = { bets: [{ type: 'red', numbers: [], stake: 300 }] };

function operatorCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((l) => l.startsWith('orbit_backoffice='));
  expect(line, 'the operator cookie').toBeDefined();
  return line!.split(';')[0]!;
}

/** Signs an operator in with a code of a step not used yet (each code is accepted once). */
async function signInOperator(email: string, password: string, secret: string): Promise<string> {
  clock.advance(31_000);
  const res = await call(t, 'POST', '/api/backoffice/sign_in', {
    payload: { email, password, otp: codeForStep(secret, stepAt(clock.now())) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return operatorCookieOf(res);
}

/** A marketing operator, made by the admin, with two-factor set up. */
async function marketingOperator(): Promise<string> {
  const email = 'mia.marketing@orbit.example';
  const password = 'Marketing-Pass-2026';
  const made = await call(t, 'POST', '/api/backoffice/operators', {
    cookie: admin,
    payload: { email, name: 'Mia Marketing', role: 'marketing', password },
  });
  expect(made.statusCode, made.body).toBe(201);
  clock.advance(31_000);
  const cookie = operatorCookieOf(await call(t, 'POST', '/api/backoffice/sign_in', { payload: { email, password } }));
  const { secret } = (await call(t, 'POST', '/api/backoffice/two_factor/setup', { cookie })).json() as {
    secret: string;
  };
  const confirmed = await call(t, 'POST', '/api/backoffice/two_factor/confirm', {
    cookie,
    payload: { otp: codeForStep(secret, stepAt(clock.now())) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return cookie;
}

/** A round of our studio's roulette: 3 EUR staked, 6 EUR won, reported with its fair inputs. */
async function playRound(p: { id: number; cookie: string }): Promise<void> {
  const wallet = walletClient(t, new Ledger(clock));
  const token = await wallet.session(p);
  expect((await wallet.bet(token, 'card-round-1', 'card-bet-1', 300)).status).toBe(200);
  const won = await wallet.win(token, 'card-round-1', 'card-win-1', 600, {
    round: { stake_cents: 300, bet: ROULETTE_BET, outcome: { pocket: 1, colour: 'red' }, fair: FAIR },
  });
  expect(won.status, JSON.stringify(won.body)).toBe(200);
}

const get = (cookie: string | undefined, url: string) => call(t, 'GET', url, { cookie });
const ok = async (cookie: string, url: string) => {
  const res = await get(cookie, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
};
const auditCount = async () =>
  Number(((await t.database.db.execute(sql`select count(*)::int as n from audit_log`)).rows[0] as { n: number }).n);

beforeAll(async () => {
  t = await createTestApp({}, { clock, selfFetch: true });
  const registered = await register(t, { email: 'card.player@example.com', nickname: 'cardshark' }, '10.77.1.2');
  player = { id: registered.player.id, cookie: registered.cookie };
  await t.database.db
    .update(users)
    .set({
      confirmedAt: clock.now(),
      firstName: 'Ada',
      lastName: 'Card',
      dateOfBirth: '1990-04-01',
      city: 'Berlin',
      address: 'Orbitstraße 1',
      mobilePhone: '+49 30 5555 1234',
    })
    .where(eq(users.id, player.id));
  await depositThroughSandbox(t, player.cookie, 5_000);
  await playRound(player);
  const limit = await call(t, 'POST', '/api/user_limits', {
    cookie: player.cookie,
    payload: { type: 'deposit', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 100_000 }] },
  });
  expect(limit.statusCode, limit.body).toBe(200);
  await t.app.orbitOutbox.drain();
  admin = await signInOperator(DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.otpSecret);
  marketing = await marketingOperator();
});
afterAll(() => t.close());

describe("the player's card", () => {
  it('shows the profile: details, last sign-in, groups, verification, loyalty and no restriction', async () => {
    const profile = backofficePlayerProfileSchema.parse(await ok(admin, `/api/backoffice/players/${player.id}`));
    expect(profile).toMatchObject({
      id: player.id,
      email: 'card.player@example.com',
      nickname: 'cardshark',
      first_name: 'Ada',
      last_name: 'Card',
      date_of_birth: '1990-04-01',
      city: 'Berlin',
      currency: 'EUR',
      confirmed: true,
      two_factor: false,
      last_sign_in: { ip: '10.77.1.2' },
      verification: { status: 'none', approved: 0, pending: 0, rejected: 0 },
      loyalty: { vip_status: 'regular', level: { rank: 1 } },
      restrictions: { excluded: false, cooling_off: null, self_exclusion: null },
    });
    expect(profile.last_sign_in.at).not.toBeNull();
    expect(profile.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Launchpad', 'Rising star']));
  });

  it("shows the accounts with the wallet's balances, and a statement whose newest row carries each balance", async () => {
    const accounts = backofficePlayerAccountsResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/accounts`),
    );
    const [wallet] = await playerBalances(t.database.db, player.id, ['EUR']);
    expect(accounts.data).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        subunits_to_unit: 100,
        active: true,
        real_cents: wallet!.real,
        bonus_cents: wallet!.bonus,
        held_cents: wallet!.held,
        reserved_cents: wallet!.reserved,
      }),
    ]);
    // 50 EUR deposited, 3 staked, 6 won.
    expect(wallet!.real).toBe(5_300);

    const statement = backofficeStatementResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/transfers`),
    );
    expect(statement.data.map((r) => [r.kind, r.account_kind, r.amount_cents])).toEqual([
      ['win', 'real', 600],
      ['bet', 'real', -300],
      ['deposit', 'real', 5_000],
    ]);
    expect(statement.total).toBe(3);
    expect(statement.data[0]!.balance_after_cents).toBe(wallet!.real);
    expect(statement.data.map((r) => r.balance_after_cents)).toEqual([5_300, 4_700, 5_000]);
    expect(statement.data[2]!.reference).toMatch(/^payment:\d+$/);

    // Filters narrow the rows; the balances stay the account's own.
    const bets = backofficeStatementResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/transfers?kind=bet&currency=EUR&from=2026-12-01`),
    );
    expect(bets).toMatchObject({ total: 1, data: [{ kind: 'bet', balance_after_cents: 4_700 }] });
    const paged = backofficeStatementResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/transfers?per_page=2&page=2`),
    );
    expect(paged).toMatchObject({ total: 3, data: [{ kind: 'deposit' }] });
    const before = backofficeStatementResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/transfers?to=2026-11-30`),
    );
    expect(before).toEqual({ total: 0, data: [] });
    for (const bad of ['kind=lottery', 'currency=euro', 'from=yesterday', 'per_page=201'])
      expect((await get(admin, `/api/backoffice/players/${player.id}/transfers?${bad}`)).statusCode, bad).toBe(422);
  });

  it('lists the deposit, the round with its verification link, the bonuses, the limit and the documents', async () => {
    const payments = backofficePlayerPaymentsResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/payments`),
    );
    expect(payments).toMatchObject({
      total: 1,
      data: [{ action: 'deposit', state: 'succeeded', amount_cents: 5_000, currency: 'EUR', method: 'card_visa' }],
    });
    const cashouts = await ok(admin, `/api/backoffice/players/${player.id}/payments?type=cashout`);
    expect(cashouts).toEqual({ data: [], total: 0 });

    const rounds = backofficePlayerRoundsResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/rounds`),
    );
    expect(rounds.total).toBe(1);
    const round = rounds.data[0]!;
    expect(round).toMatchObject({
      round_id: 'card-round-1',
      game: { identifier: 'orbit/european-roulette' },
      provider: 'orbit',
      stake_cents: 300,
      win_cents: 600,
      currency: 'EUR',
      state: 'closed',
    });
    const verify = new URL(round.verify_url!, 'http://casino.test');
    expect(verify.pathname).toBe('/fair');
    const { bet, ...inputs } = Object.fromEntries(verify.searchParams);
    expect(inputs).toEqual({
      game: 'european-roulette',
      server_seed_hash: FAIR.server_seed_hash,
      client_seed: FAIR.client_seed,
      nonce: '7',
    });
    expect(JSON.parse(bet!)).toEqual(ROULETTE_BET);

    const bonuses = backofficePlayerBonusesResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/bonuses`),
    );
    expect(Array.isArray(bonuses.bonuses) && Array.isArray(bonuses.freespins)).toBe(true);

    const limits = backofficePlayerLimitsResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/limits`),
    );
    expect(limits.limits).toEqual([
      expect.objectContaining({
        type: 'deposit',
        period: 'week',
        status: 'active',
        accounts: [expect.objectContaining({ currency: 'EUR', amount_cents: 100_000 })],
      }),
    ]);
    expect(limits).toMatchObject({ exclusions: [], reality_check_minutes: 0 });

    const documents = backofficePlayerDocumentsResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/documents`),
    );
    expect(documents).toEqual({ data: [], total: 0 });
  });

  it('lists the audit entries about the player only, newest first', async () => {
    // Entries as the card's write side appends them: two about this player, one about another.
    const by = { operatorId: null, actor: 'token', role: null, ip: '10.0.0.9' };
    for (const [targetId, body] of [
      [player.id, 'first note'],
      [player.id + 1, 'about someone else'],
      [player.id, 'second note'],
    ] as const)
      await t.database.db.transaction((tx) =>
        appendAudit(tx, clock.now(), by, { action: 'player.note', targetType: 'player', targetId, after: { body } }),
      );
    const audit = backofficeAuditResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/audit_log`),
    );
    expect(audit.total).toBe(2);
    expect(audit.data.map((e) => [e.target_id, (e.after as { body: string }).body])).toEqual([
      [String(player.id), 'second note'],
      [String(player.id), 'first note'],
    ]);
    const paged = backofficeAuditResponseSchema.parse(
      await ok(admin, `/api/backoffice/players/${player.id}/audit_log?per_page=1&page=2`),
    );
    expect(paged.data.map((e) => (e.after as { body: string }).body)).toEqual(['first note']);
  });

  it('answers 404 for an unknown player and 422 for an id that is no safe positive integer', async () => {
    for (const path of [
      '',
      '/accounts',
      '/transfers',
      '/payments',
      '/rounds',
      '/bonuses',
      '/limits',
      '/documents',
      '/audit_log',
    ]) {
      const unknown = await get(admin, `/api/backoffice/players/2147483000${path}`);
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json().errors).toEqual({ base: ['not_found'] });
      for (const id of ['9999999999999999999', '2147483648', 'abc', '0', '-1', '1.5']) {
        const bad = await get(admin, `/api/backoffice/players/${id}${path}`);
        expect(bad.statusCode, `${id}${path}`).toBe(422);
        expect(Object.keys(bad.json().errors), `${id}${path}`).toEqual(['id']);
      }
    }
  });

  it('opens to operators with the permission only: no session 401, a player 401, marketing kept from money and limits', async () => {
    const base = `/api/backoffice/players/${player.id}`;
    const readable = ['', '/accounts', '/transfers', '/rounds', '/bonuses', '/documents', '/audit_log'];
    for (const path of [...readable, '/payments', '/limits']) {
      expect((await get(undefined, `${base}${path}`)).statusCode, path).toBe(401);
      expect((await get(player.cookie, `${base}${path}`)).statusCode, path).toBe(401);
    }
    for (const path of readable) expect((await get(marketing, `${base}${path}`)).statusCode, path).toBe(200);
    for (const path of ['/payments', '/limits']) {
      const refused = await get(marketing, `${base}${path}`);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().errors).toEqual({ base: ['forbidden'] });
    }
  });

  it('writes nothing: the audit log and the ledger are as they were after every call', async () => {
    const ledgerCount = async () =>
      Number(
        ((await t.database.db.execute(sql`select count(*)::int as n from ledger_transfers`)).rows[0] as { n: number })
          .n,
      );
    const [audit, transfers] = [await auditCount(), await ledgerCount()];
    const base = `/api/backoffice/players/${player.id}`;
    for (const path of [
      '',
      '/accounts',
      '/transfers',
      '/payments',
      '/rounds',
      '/bonuses',
      '/limits',
      '/documents',
      '/audit_log',
    ])
      await ok(admin, `${base}${path}`);
    await get(admin, '/api/backoffice/players/2147483000');
    await get(marketing, `${base}/payments`);
    expect(await auditCount()).toBe(audit);
    expect(await ledgerCount()).toBe(transfers);
  });
});
