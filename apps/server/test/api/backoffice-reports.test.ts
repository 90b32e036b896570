/**
 * The reports (docs/reports.md): players deposit through the sandbox PSP, play rounds through the
 * provider protocol (a jackpot slot and roulette, a refunded bet), take a bonus that converts,
 * exchange comp points and get a manual adjustment; the day's aggregates then equal a direct sum
 * over the ledger, the payments and the rounds, computed here independently. Recomputing a day
 * gives the same figures, a day with nothing has no rows, CSV says what JSON says, and only
 * finance, risk and admin may read.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeDashboardSchema,
  backofficeGgrReportSchema,
  backofficePaymentsReportSchema,
  backofficePlayersReportSchema,
  type BackofficeGgrReport,
} from '@orbit/contracts';
import { aggregateDay, Reports } from '../../src/modules/reports';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin } from '../support/backoffice';
import { depositThroughSandbox } from '../support/cashbox';
import { call, PASSWORD, register, sessionCookieOf, signIn } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient } from '../support/provider-wallet';

// A Monday: the players registered today make this week's cohort.
const DAY = '2026-11-02';
const NEXT = '2026-11-03';
const EMPTY = '2026-11-04';
const clock = new FakeClock(`${DAY}T09:00:00Z`);
const OPERATOR = 'reports-operator-token-0123456789abcdef';
let t: TestApp;
let admin: string;
let finance: string;
let ledger: Ledger;
let client: ReturnType<typeof walletClient>;
let seq = 0;
type Player = { id: number; cookie: string };
const players: Player[] = [];

const get = async (cookie: string, url: string) => {
  const res = await call(t, 'GET', url, { cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const operatorApi = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPERATOR}` }, payload });

async function newPlayer(country?: string): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `reports${seq}@example.com` }, `10.61.${seq}.1`);
  await t.database.db.execute(
    sql`update users set confirmed_at = ${clock.now()}, country = coalesce(${country ?? null}, country) where id = ${player.id}`,
  );
  await t.app.orbitOutbox.drain();
  const p = { id: player.id, cookie };
  players.push(p);
  return p;
}

/** A round: a stake and a win (0: lost), on a game of our studio. */
async function round(p: Player, game: string, stake: number, win: number): Promise<void> {
  const token = await client.session(p, `orbit/${game}`);
  const id = client.uid('round');
  const bet = await client.wallet('bet', {
    session_token: token,
    game,
    round_id: id,
    transaction_id: client.uid('bet'),
    amount_cents: stake,
    currency: 'EUR',
  });
  expect(bet.status, JSON.stringify(bet.body)).toBe(200);
  const won = await client.wallet('win', {
    session_token: token,
    game,
    round_id: id,
    transaction_id: client.uid('win'),
    amount_cents: win,
    currency: 'EUR',
    round: { stake_cents: stake, outcome: { test: true } },
  });
  expect(won.status, JSON.stringify(won.body)).toBe(200);
  await t.app.orbitOutbox.drain();
}

/** A bonus of `amount` with no wager: activating it converts it to real money at once. */
async function convertedBonus(p: Player, amount: number, kind?: 'freespins'): Promise<void> {
  const granted = await operatorApi('POST', `/api/operator/players/${p.id}/bonuses`, {
    template_key: 'reports-x0',
    currency: 'EUR',
    idempotency_key: `reports-bonus-${p.id}-${++seq}`,
    amount_cents: amount,
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const { id } = granted.json() as { id: number };
  // Free spins' winnings are a bonus of the free-spin template's kind; this one stands in for them.
  if (kind) await t.database.db.execute(sql`update player_bonuses set kind = ${kind} where id = ${id}`);
  const activated = await call(t, 'POST', `/api/player/bonuses/${id}/activation`, { cookie: p.cookie });
  expect(activated.statusCode, activated.body).toBe(200);
  await t.app.orbitOutbox.drain();
}

/** What the day's ledger, rounds and payments say, summed here without the reports' SQL. */
async function directSums(day: string) {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const { rows } = await t.database.db.execute(sql`
    select t.kind, t.reference, t.amount, d.kind as d_kind, d.user_id as d_user, c.kind as c_kind, c.user_id as c_user,
      (select b.kind from player_bonuses b where 'bonus:' || b.id = t.reference) as bonus_kind
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where t.currency = 'EUR' and t.created_at >= ${from} and t.created_at < ${to}`);
  const s = {
    bets: 0,
    wins: 0,
    bonus_bets: 0,
    bonus_wins: 0,
    bonus_costs: 0,
    freespin_costs: 0,
    jackpot_contributions: 0,
    jackpot_payouts: 0,
    comp_point_exchanges: 0,
    adjustments: 0,
  };
  for (const r of rows as Array<Record<string, string | number | null>>) {
    const amount = Number(r.amount);
    const toPlayer = r.c_user !== null;
    if (r.kind === 'bet') {
      if (r.d_kind === 'real') s.bets += amount;
      else s.bonus_bets += amount;
      if (r.d_kind === 'real' && r.c_kind === 'jackpot_pool') s.jackpot_contributions += amount;
    } else if (r.kind === 'rollback') {
      if (r.c_kind === 'real') s.bets -= amount;
      else s.bonus_bets -= amount;
    } else if (r.kind === 'win') {
      if (r.c_kind === 'real') s.wins += amount;
      else s.bonus_wins += amount;
    } else if (r.kind === 'bonus' && r.d_kind === 'bonus' && r.c_kind === 'real') {
      s.bonus_costs += amount;
      if (r.bonus_kind === 'freespins') s.freespin_costs += amount;
    } else if (r.kind === 'jackpot' && toPlayer) s.jackpot_payouts += amount;
    else if (r.kind === 'adjustment') {
      if (String(r.reference).startsWith('comp_points:')) s.comp_point_exchanges += amount;
      else s.adjustments += toPlayer ? amount : -amount;
    }
  }
  const ggr = s.bets - s.wins;
  return {
    ...s,
    ggr,
    ngr: ggr - s.bonus_costs - s.jackpot_contributions - s.comp_point_exchanges - s.adjustments,
  };
}

/** The CSV's lines as objects by its header (our figures hold no comma nor quote). */
function csvLines(body: string): Array<Record<string, string>> {
  const [header, ...lines] = body.trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i]!, v])));
}

const ggrOf = async (cookie: string, query: string): Promise<BackofficeGgrReport> =>
  backofficeGgrReportSchema.parse((await get(cookie, `/api/backoffice/reports/ggr?${query}`)).json());
const eurRow = (report: BackofficeGgrReport, day: string) =>
  report.data.find((r) => r.day === day && r.currency === 'EUR');

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR, CASHOUT_AUTO_APPROVE_UNITS: '0' }, { clock, selfFetch: true });
  ledger = new Ledger(clock);
  client = walletClient(t, ledger);
  const template = await operatorApi('PUT', '/api/operator/bonus_templates/reports-x0', {
    kind: 'manual',
    title: 'Reports gift',
    money: { EUR: { amount_cents: 1_000 } },
    wager_multiplier: 0,
  });
  expect(template.statusCode, template.body).toBe(200);

  const [ada, eve, bob] = [await newPlayer(), await newPlayer('EE'), await newPlayer()];
  await depositThroughSandbox(t, ada!.cookie, 20_000);
  await depositThroughSandbox(t, eve!.cookie, 10_000);
  clock.advance(60_000);
  await round(ada!, 'stellar-sevens', 1_000, 0);
  await round(ada!, 'stellar-sevens', 2_000, 3_500);
  await round(eve!, 'european-roulette', 500, 1_000);
  // A refunded stake is no stake.
  const token = await client.session(eve!, 'orbit/european-roulette');
  expect((await client.bet(token, 'refunded-round', 'refunded-bet', 700)).status).toBe(200);
  expect((await client.rollback(token, 'refunded-round', 'refund-1', 'refunded-bet')).status).toBe(200);
  await convertedBonus(ada!, 400);
  await convertedBonus(eve!, 250, 'freespins');
  // Comp points exchanged to money, a manual credit and debit, a jackpot paid (as the shop,
  // the back office and the jackpot hit book them).
  const move = (
    key: string,
    kind: 'adjustment' | 'jackpot',
    reference: string,
    amount: number,
    from: object,
    to: object,
  ) =>
    ledger.transfer(t.database.db, {
      idempotencyKey: key,
      kind,
      reference,
      currency: 'EUR',
      amount,
      from,
      to,
    } as never);
  await move(
    'comp_points:r1',
    'adjustment',
    'comp_points:r1',
    150,
    { house: 'promotions' },
    { player: ada!.id, kind: 'real' },
  );
  await move('adj-1', 'adjustment', 'adjustment:1', 300, { house: 'adjustments' }, { player: eve!.id, kind: 'real' });
  await move('adj-2', 'adjustment', 'adjustment:2', 120, { player: ada!.id, kind: 'real' }, { house: 'adjustments' });
  await move('jp-1', 'jackpot', 'round:jp', 5, { house: 'jackpot_pool' }, { player: bob!.id, kind: 'real' });
  // A cashout waiting for an operator (auto-approval off).
  const methods = (await call(t, 'GET', '/api/cashbox/methods?action=cashout', { cookie: ada!.cookie })).json() as {
    methods: Array<{ id: string; saved_profiles: Array<{ id: number }> }>;
  };
  const card = methods.methods.find((m) => m.id === 'card_visa')!.saved_profiles[0]!;
  const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
    cookie: ada!.cookie,
    payload: { payment_method: 'card_visa', amount_cents: 2_500, currency: 'EUR', destination: String(card.id) },
  });
  expect(cashout.statusCode, cashout.body).toBeLessThan(300);
  await t.app.orbitOutbox.drain();

  // The next day: one more round, by Ada.
  clock.set(`${NEXT}T08:00:00Z`);
  ada!.cookie = sessionCookieOf(await signIn(t, 'reports1@example.com', PASSWORD));
  await round(ada!, 'european-roulette', 300, 0);
  clock.set(`${NEXT}T12:00:00Z`);
  // Operators sign in now: a session idles out after 30 minutes.
  admin = await signInAdmin(t, clock);
  finance = (await newOperator(t, clock, admin, 'finance')).cookie;
});
afterAll(() => t?.close());

describe('GGR and NGR', () => {
  it("equal the ledger's direct sums for each day, exactly, and the rounds' stakes", async () => {
    const refreshed = await call(t, 'POST', '/api/backoffice/reports/refresh', {
      cookie: finance,
      payload: { from: DAY, to: EMPTY },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ days: [DAY, NEXT, EMPTY] });
    const report = await ggrOf(finance, `from=${DAY}&to=${EMPTY}`);
    for (const day of [DAY, NEXT]) {
      const row = eurRow(report, day)!;
      const direct = await directSums(day);
      const { day: _d, currency: _c, eur, ...figures } = row;
      expect(figures, day).toEqual(direct);
      expect(eur).toEqual(figures);
    }
    // Every figure of the busy day took part (a test whose sums were all zero proves nothing).
    const first = eurRow(report, DAY)!;
    expect(first).toMatchObject({
      bets: 1_000 + 2_000 + 500,
      wins: 3_500 + 1_000,
      bonus_costs: 650,
      freespin_costs: 250,
      comp_point_exchanges: 150,
      adjustments: 180,
      jackpot_payouts: 5,
    });
    expect(first.jackpot_contributions).toBeGreaterThan(0);
    // The rounds table (the games module's own record) agrees on the real-money stakes.
    const { rows } = await t.database.db.execute(
      sql`select coalesce(sum(bet_real_cents), 0)::bigint as n from game_rounds where created_at >= ${new Date(`${DAY}T00:00:00Z`)} and created_at < ${new Date(`${NEXT}T00:00:00Z`)}`,
    );
    expect(Number((rows[0] as { n: unknown }).n)).toBe(first.bets);
    // A day with nothing has no rows (absent, not zeros).
    expect(report.data.filter((r) => r.day === EMPTY)).toEqual([]);
    expect(report.data.map((r) => r.day)).toEqual([...report.data.map((r) => r.day)].sort());
    expect(report.as_of).toBe(refreshed.json().as_of);
    expect(report.totals_eur.ggr).toBe(report.data.reduce((n, r) => n + r.eur.ggr, 0));
    await expectLedgerHolds(t.database.db);
  });

  it("recomputing a day gives the same figures; the licence filter splits them by the players' countries", async () => {
    const before = await ggrOf(finance, `from=${DAY}&to=${NEXT}`);
    clock.advance(60_000);
    await aggregateDay(t.database.db, DAY, t.config.defaultLicence, clock.now());
    await aggregateDay(t.database.db, DAY, t.config.defaultLicence, clock.now());
    const after = await ggrOf(finance, `from=${DAY}&to=${NEXT}`);
    expect(after.data).toEqual(before.data);
    const ee = eurRow(await ggrOf(finance, `from=${DAY}&to=${DAY}&licence=EE`), DAY)!;
    const cw = eurRow(await ggrOf(finance, `from=${DAY}&to=${DAY}&licence=CW`), DAY)!;
    expect(ee).toMatchObject({ bets: 500, wins: 1_000, freespin_costs: 250, adjustments: 300 });
    expect(ee.bets + cw.bets).toBe(eurRow(after, DAY)!.bets);
    expect(ee.ngr + cw.ngr).toBe(eurRow(after, DAY)!.ngr);
    expect((await ggrOf(finance, `from=${DAY}&to=${NEXT}&currency=USD`)).data).toEqual([]);
  });

  it("converts each day into euros by that day's reference rates: a later change leaves a past day alone", async () => {
    const [early, late] = ['2026-10-01', '2026-10-20'];
    const db = t.database.db;
    try {
      for (const day of [early, late])
        await db.execute(sql`insert into report_money_daily (day, currency, licence, bets, wins)
          values (${day}, 'USD', ${t.config.defaultLicence}, 10000, 4000)`);
      // USD was worth 0.5 EUR from September and 2 EUR from 10 October (till the seeded rate of today).
      await db.execute(sql`insert into reference_rate_changes (currency, eur_per_unit, valid_from, changed_by)
        values ('USD', '0.5', '2026-09-01T00:00:00Z', 'test'), ('USD', '2', '2026-10-10T00:00:00Z', 'test')`);
      const usd = async () =>
        (await ggrOf(finance, `from=${early}&to=${late}&currency=USD`)).data.map((r) => [r.day, r.eur.bets, r.eur.ggr]);
      expect(await usd()).toEqual([
        [early, 5_000, 3_000],
        [late, 20_000, 12_000],
      ]);
      // Today's rate changes: the past days' euros stay as they were.
      expect(
        (await operatorApi('PUT', '/api/operator/reference_rates', { rates: [{ currency: 'USD', eur_per_unit: '7' }] }))
          .statusCode,
      ).toBe(200);
      expect(await usd()).toEqual([
        [early, 5_000, 3_000],
        [late, 20_000, 12_000],
      ]);
    } finally {
      await db.execute(sql`delete from report_money_daily where currency = 'USD' and day in (${early}, ${late})`);
      await db.execute(sql`delete from reference_rate_changes where changed_by = 'test'`);
      await operatorApi('PUT', '/api/operator/reference_rates', { rates: [{ currency: 'USD', eur_per_unit: '0.92' }] });
    }
  });

  it('the job computes today each pass and a past day until it is computed after its end', async () => {
    await t.database.db.execute(sql`delete from report_days where day >= ${DAY}::date`);
    const reports = new Reports(t.database.db, clock, t.config.defaultLicence);
    const first = await reports.sweep();
    expect(first[0]).toBe(NEXT);
    expect(first).toContain(DAY);
    // Yesterday was computed past its end and the grace: final, not computed again; today is.
    const second = await reports.sweep();
    expect(second[0]).toBe(NEXT);
    expect(second).not.toContain(DAY);
    expect(eurRow(await ggrOf(finance, `from=${DAY}&to=${DAY}`), DAY)).toMatchObject(await directSums(DAY));
  });

  it('the CSV holds what the JSON holds, oldest first, and its export is on record', async () => {
    const json = await ggrOf(finance, `from=${DAY}&to=${NEXT}`);
    const audits = await auditCount(t);
    for (const url of [
      `/api/backoffice/reports/ggr.csv?from=${DAY}&to=${NEXT}`,
      `/api/backoffice/reports/ggr?from=${DAY}&to=${NEXT}&format=csv`,
    ]) {
      const res = await get(finance, url);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csvLines(res.body);
      expect(lines).toHaveLength(json.data.length);
      lines.forEach((line, i) => {
        const row = json.data[i]!;
        expect(line.day).toBe(row.day);
        expect(Number(line.ggr)).toBe(row.ggr);
        expect(Number(line.ngr)).toBe(row.ngr);
        expect(Number(line.eur_bonus_costs)).toBe(row.eur.bonus_costs);
      });
    }
    expect(await auditCount(t)).toBe(audits + 2);
  });
});

describe('payments, players, dashboard', () => {
  it("payments equal the payments' direct sums; players count registrations, first deposits and the active", async () => {
    const payments = backofficePaymentsReportSchema.parse(
      (await get(finance, `/api/backoffice/reports/payments?from=${DAY}&to=${NEXT}`)).json(),
    );
    const { rows } = await t.database.db.execute(sql`
      select count(*)::int as n, sum(amount)::bigint as cents from payments
      where action = 'deposit' and state = 'succeeded' and finished_at >= ${new Date(`${DAY}T00:00:00Z`)}
        and finished_at < ${new Date(`${NEXT}T00:00:00Z`)}`);
    const direct = rows[0] as { n: number; cents: unknown };
    const day = payments.data.filter((r) => r.day === DAY);
    expect(day.reduce((n, r) => n + r.deposits, 0)).toBe(Number(direct.n));
    expect(day.reduce((n, r) => n + r.deposits_cents, 0)).toBe(Number(direct.cents));
    expect(day.reduce((n, r) => n + r.deposits_cents, 0)).toBe(30_000);

    const report = backofficePlayersReportSchema.parse(
      (await get(finance, `/api/backoffice/reports/players?from=${DAY}&to=${NEXT}`)).json(),
    );
    // Three players today (and no one else registered in the file), two deposited, three staked; Ada alone tomorrow.
    expect(report.data).toEqual([
      { day: DAY, registrations: 3, first_depositors: 2, conversion: 2 / 3, active_players: 2 },
      { day: NEXT, registrations: 0, first_depositors: 0, conversion: null, active_players: 1 },
    ]);
    expect(report.cohorts).toEqual([{ week: DAY, registrations: 3, active: [2], retention: [2 / 3] }]);
  });

  it("the dashboard shows today's figures and the cashouts waiting", async () => {
    const dashboard = backofficeDashboardSchema.parse((await get(finance, '/api/backoffice/reports/dashboard')).json());
    expect(dashboard).toMatchObject({
      day: NEXT,
      ggr_eur: 300,
      active_players: 1,
      cashouts_waiting: 1,
      flagged_games: 0,
    });
    expect(dashboard.cashouts_waiting_eur).toBe(2_500);
  });
});

describe('who may read, and bad input', () => {
  it('finance, risk and admin read; support and marketing get 403; a guest 401', async () => {
    const risk = (await newOperator(t, clock, admin, 'risk')).cookie;
    for (const cookie of [admin, finance, risk]) await get(cookie, `/api/backoffice/reports/ggr?from=${DAY}&to=${DAY}`);
    for (const role of ['support', 'marketing'] as const) {
      const { cookie } = await newOperator(t, clock, admin, role);
      for (const url of [
        '/api/backoffice/reports/ggr',
        '/api/backoffice/reports/payments.csv',
        '/api/backoffice/reports/dashboard',
      ])
        expect((await call(t, 'GET', url, { cookie })).statusCode, `${role} ${url}`).toBe(403);
      const refresh = await call(t, 'POST', '/api/backoffice/reports/refresh', { cookie, payload: {} });
      expect(refresh.statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/backoffice/reports/ggr')).statusCode).toBe(401);
  });

  it('a period backwards, too long, or a malformed filter is 422 and writes nothing', async () => {
    const audits = await auditCount(t);
    const cases: Array<[string, Record<string, string[]>]> = [
      [`from=${NEXT}&to=${DAY}`, { to: ['before_from'] }],
      ['from=2024-01-01&to=2026-01-01', { to: ['too_long'] }],
      ['from=2026-13-01', { from: ['invalid'] }],
      ['currency=eur!', { currency: ['invalid'] }],
      ['licence=XX', { licence: ['not_allowed'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await call(t, 'GET', `/api/backoffice/reports/ggr.csv?${query}`, { cookie: finance });
      expect(res.statusCode, query).toBe(422);
      expect(res.json(), query).toEqual({ errors });
    }
    const refresh = await call(t, 'POST', '/api/backoffice/reports/refresh', {
      cookie: finance,
      payload: { from: '2026-01-01', to: '2026-03-01' },
    });
    expect(refresh.json()).toEqual({ errors: { to: ['too_long'] } });
    expect(await auditCount(t)).toBe(audits);
  });
});
