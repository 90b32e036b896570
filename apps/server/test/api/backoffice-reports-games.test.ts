/**
 * The reports on games and observed RTP, promotions, responsible gambling and the significant
 * events log (docs/reports.md): rounds played through the provider wallet protocol, figures
 * checked against the ledger's own sums, filters, CSV, the RTP flag on many rounds, and the roles.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeGamesReportSchema,
  backofficePromotionsReportSchema,
  backofficeResponsibleGamblingReportSchema,
  backofficeSignificantEventsResponseSchema,
  type BackofficeGameReportRow,
} from '@orbit/contracts';
import { checkAuditChain, DEMO_ADMIN, flaggedGames, recordSystemEvent } from '../../src/modules/backoffice';
import { GAME_MATH_SHEETS } from '../../src/modules/games';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

type WalletClient = ReturnType<typeof walletClient>;

const clock = new FakeClock('2026-11-29T10:00:00Z');
const DAY = '2026-11-29';
const TOKEN = 'reports-token-reports-token-reports-token';
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let admin: string;
let finance: SignedInOperator;
let risk: SignedInOperator;
let support: SignedInOperator;
let marketing: SignedInOperator;
let ann: Player;
let bob: Player;

const get = (cookie: string | undefined, url: string) => call(t, 'GET', url, { cookie });
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: TOKEN, WIN_REPORT_THRESHOLD: '35' }, { clock });
  admin = await signInAdmin(t, clock);
  finance = await newOperator(t, clock, admin, 'finance');
  risk = await newOperator(t, clock, admin, 'risk');
  support = await newOperator(t, clock, admin, 'support');
  marketing = await newOperator(t, clock, admin, 'marketing');
  client = walletClient(t, new Ledger(clock));
  const a = await register(t, { email: 'ann-reports@example.com', currency: 'EUR' }, '10.77.0.1');
  const b = await register(t, { email: 'bob-reports@example.com', currency: 'EUR' }, '10.77.0.2');
  ann = { cookie: a.cookie, id: a.player.id };
  bob = { cookie: b.cookie, id: b.player.id };
  await client.fund(ann, 100_000);
  await client.fund(bob, 100_000);
});
afterEach(async () => {
  await expectLedgerHolds(t.database.db);
  expect(await checkAuditChain(t.database.db)).toBeNull();
});
afterAll(() => t.close());

const round = (...args: Parameters<WalletClient['playRound']>) => client.playRound(...args);

/** The ledger's sums for a game's rounds of the day: bets net of rollbacks, and wins (independent of the rounds' columns). */
async function ledgerSums(game: string) {
  const [sums] = await rows<{ bets: string; wins: string }>(sql`
    select coalesce(sum(case when lt.kind = 'bet' then lt.amount when lt.kind = 'rollback' then -lt.amount else 0 end), 0) as bets,
      coalesce(sum(case when lt.kind = 'win' then lt.amount else 0 end), 0) as wins
    from ledger_transfers lt
    where lt.reference in (select 'round:' || gr.id from game_rounds gr join games g on g.id = gr.game_id
      where g.identifier = ${game} and gr.created_at >= ${`${DAY}T00:00:00Z`}::timestamptz
      and gr.created_at < ${`${DAY}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return { bets: Number(sums!.bets), wins: Number(sums!.wins) };
}

const gamesReport = async (query: string, cookie = finance.cookie) => {
  const res = await get(cookie, `/api/backoffice/reports/games?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return backofficeGamesReportSchema.parse(res.json());
};

describe('the games report', () => {
  it('sums rounds, bets, wins, GGR and players per game, equal to the ledger, with the observed RTP and its interval', async () => {
    const annRoulette = await client.session(ann, 'orbit/european-roulette');
    const bobRoulette = await client.session(bob, 'orbit/european-roulette');
    await round(annRoulette, 'european-roulette', [100], 3_600);
    await round(annRoulette, 'european-roulette', [200], 0);
    await round(bobRoulette, 'european-roulette', [500], 0);
    await round(annRoulette, 'european-roulette', [300], null); // still open
    const back = await round(bobRoulette, 'european-roulette', [400], null);
    const rolled = await client.wallet('rollback', {
      session_token: bobRoulette,
      game: 'european-roulette',
      round_id: back.id,
      transaction_id: client.uid('rb'),
      reference_transaction_id: back.placed[0],
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    // Blackjack: a doubled hand stakes 100 twice; the return counts against the opening 100.
    const annBlackjack = await client.session(ann, 'orbit/orbit-blackjack');
    await round(annBlackjack, 'orbit-blackjack', [100, 100], 400, { stake: 100 });

    const report = await gamesReport(`from=${DAY}&to=${DAY}`);
    expect(report).toMatchObject({ from: `${DAY}T00:00:00.000Z`, to: '2026-11-30T00:00:00.000Z' });
    const roulette = report.data.find((r) => r.game === 'orbit/european-roulette')!;
    const sheet = GAME_MATH_SHEETS['orbit/european-roulette']!;
    const n = 800 ** 2 / (100 ** 2 + 200 ** 2 + 500 ** 2);
    const half = (2.576 * Math.sqrt(sheet.variance)) / Math.sqrt(n);
    expect(roulette).toMatchObject({
      provider: 'orbit',
      currency: 'EUR',
      rounds: 4,
      open_rounds: 1,
      players: 2,
      bets_cents: 1_100,
      wins_cents: 3_600,
      jackpot_wins_cents: 0,
      ggr_cents: -2_500,
      freespin_rounds: 0,
      bets_eur: '11.00',
      wins_eur: '36.00',
      ggr_eur: '-25.00',
      settled_rounds: 3,
      observed_rtp: 3_600 / 800,
      exact_rtp: 36 / 37,
      rtp_source: 'math_sheet',
      flagged: false,
    });
    expect(roulette.effective_rounds).toBeCloseTo(n, 9);
    expect(roulette.return_std_dev).toBeCloseTo(Math.sqrt(sheet.variance), 12);
    expect(roulette.interval!.low).toBeCloseTo(36 / 37 - half, 9);
    expect(roulette.interval!.high).toBeCloseTo(36 / 37 + half, 9);
    expect(await ledgerSums('orbit/european-roulette')).toEqual({ bets: 1_100, wins: 3_600 });

    const blackjack = report.data.find((r) => r.game === 'orbit/orbit-blackjack')!;
    expect(blackjack).toMatchObject({ rounds: 1, players: 1, bets_cents: 200, wins_cents: 400, ggr_cents: -200 });
    expect(blackjack.observed_rtp).toBe((400 - 100) / 100);
    expect(await ledgerSums('orbit/orbit-blackjack')).toEqual({ bets: 200, wins: 400 });
  });

  it('filters by game, provider, currency and period', async () => {
    const games = (r: { data: BackofficeGameReportRow[] }) => r.data.map((row) => row.game);
    expect(games(await gamesReport(`from=${DAY}&to=${DAY}&game=orbit/orbit-blackjack`))).toEqual([
      'orbit/orbit-blackjack',
    ]);
    expect(games(await gamesReport(`from=${DAY}&to=${DAY}&provider=orbit`))).toHaveLength(2);
    expect(games(await gamesReport(`from=${DAY}&to=${DAY}&provider=meridian`))).toEqual([]);
    expect(games(await gamesReport(`from=${DAY}&to=${DAY}&currency=usd`))).toEqual([]);
    expect(games(await gamesReport('from=2026-11-28&to=2026-11-28'))).toEqual([]);
    // An instant `to` is exclusive: up to the rounds' time, none; a millisecond later, both games.
    const [first] = await rows<{ at: string }>(
      sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from game_rounds`,
    );
    const after = new Date(Date.parse(first!.at) + 1).toISOString();
    expect(games(await gamesReport(`from=${DAY}&to=${first!.at}`))).toEqual([]);
    expect(games(await gamesReport(`from=${DAY}&to=${after}`))).toHaveLength(2);
  });

  it('answers CSV with the same figures, and audits the export', async () => {
    const before = await auditCount(t);
    const res = await get(finance.cookie, `/api/backoffice/reports/games.csv?from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body.trim().split('\n');
    const columns = header!.split(',');
    const roulette = lines
      .map((l) => l.split(','))
      .find((cells) => cells[columns.indexOf('game')] === 'orbit/european-roulette')!;
    const cell = (name: string) => roulette[columns.indexOf(name)];
    expect(cell('bets_cents')).toBe('1100');
    expect(cell('ggr_cents')).toBe('-2500');
    expect(Number(cell('observed_rtp'))).toBe(4.5);
    expect(Number(cell('interval_low'))).toBeLessThan(36 / 37);
    expect(lines).toHaveLength(2);
    expect(await auditCount(t)).toBe(before + 1);
    const [entry] = await rows<{ action: string; target_id: string }>(
      sql`select action, target_id from audit_log order by seq desc limit 1`,
    );
    expect(entry).toEqual({ action: 'report.export', target_id: 'games' });
  });

  it('flags a game whose rounds pay outside the interval, and not one that pays as its sheet says', async () => {
    // 2,000 settled rounds on the next day: roulette paying nothing, dice paying exactly its 96 %.
    const [ids] = await rows<{ roulette: number; dice: number; provider: number }>(sql`
      select (select id from games where identifier = 'orbit/european-roulette') as roulette,
        (select id from games where identifier = 'orbit/orbit-dice') as dice,
        (select id from providers where identifier = 'orbit') as provider`);
    const at = new Date('2026-11-30T12:00:00Z');
    await t.database.db.execute(sql`
      insert into game_rounds (provider_id, external_id, user_id, game_id, session_id, currency, bet_cents, bet_real_cents, win_cents, status, created_at, closed_at)
      select ${ids!.provider}, 'synthetic-' || g || '-' || i, ${ann.id}, g, 0, 'EUR', 100, 100,
        case when g = ${ids!.dice} and i % 2 = 0 then 192 else 0 end, 'closed', ${at}, ${at}
      from generate_series(1, 2000) i, unnest(array[${ids!.roulette}, ${ids!.dice}]::int[]) g`);
    const report = await gamesReport('from=2026-11-30&to=2026-11-30');
    const roulette = report.data.find((r) => r.game === 'orbit/european-roulette')!;
    const dice = report.data.find((r) => r.game === 'orbit/orbit-dice')!;
    expect(roulette).toMatchObject({ settled_rounds: 2_000, observed_rtp: 0, flagged: true });
    expect(roulette.interval!.low).toBeGreaterThan(0);
    expect(dice).toMatchObject({ settled_rounds: 2_000, observed_rtp: 0.96, flagged: false });
    const flagged = await flaggedGames(t.database.db, new Date('2026-12-01T00:00:00Z'));
    expect(flagged.map((f) => f.game)).toEqual(['orbit/european-roulette']);
  });
});

describe('the promotions report', () => {
  it('counts each template’s bonuses issued in the period as the bonuses table holds them', async () => {
    const granted = await call(t, 'POST', `/api/operator/players/${bob.id}/bonuses`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { template_key: 'welcome-gift', currency: 'EUR', idempotency_key: 'reports-gift-1', amount_cents: 700 },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const res = await get(risk.cookie, `/api/backoffice/reports/promotions?from=2026-11-01&to=2026-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    const report = backofficePromotionsReportSchema.parse(res.json());
    const direct = await rows<{ key: string; issued: string; cents: string }>(sql`
      select t.key, count(*) as issued, sum(b.amount_cents) as cents from player_bonuses b join bonus_templates t on t.id = b.template_id
      where b.created_at >= '2026-11-01' and b.created_at < '2027-01-01' group by t.key order by t.key`);
    expect(direct.length).toBeGreaterThan(0);
    expect(
      report.bonuses.map((b) => ({ key: b.template_key, issued: String(b.issued), cents: String(b.issued_cents) })),
    ).toEqual(direct.map((d) => ({ key: d.key, issued: String(d.issued), cents: String(d.cents) })));
    const gift = report.bonuses.find((b) => b.template_key === 'welcome-gift')!;
    expect(gift.running + gift.converted + gift.lost + gift.canceled + gift.expired).toBe(gift.issued);
    for (const tournament of report.tournaments) {
      const [count] = await rows<{ n: string }>(
        sql`select count(*) as n from promo_tournament_players where tournament_id = ${tournament.id}`,
      );
      expect(tournament.entrants).toBe(Number(count!.n));
    }
    const csv = await get(risk.cookie, `/api/backoffice/reports/promotions.csv?from=2026-11-01&to=2026-12-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/^section,/);
  });
});

describe('the responsible gambling report', () => {
  it('counts limits set by players and by operators, exclusions started and reality-check settings', async () => {
    const day = clock.now().toISOString().slice(0, 10);
    const set = await call(t, 'POST', '/api/user_limits', {
      cookie: ann.cookie,
      payload: { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 50_000 }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const raise = await call(t, 'POST', '/api/user_limits', {
      cookie: ann.cookie,
      payload: { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 90_000 }] },
    });
    expect(raise.statusCode, raise.body).toBe(200);
    const byOperator = await call(t, 'POST', `/api/backoffice/players/${bob.id}/limits`, {
      cookie: admin,
      payload: {
        limit: { type: 'wager', period: 'week', accounts: [{ currency: 'EUR', amount_cents: 10_000 }] },
        reason: 'Asked on the phone',
      },
    });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    const reality = await call(t, 'PATCH', '/api/responsible_gaming', {
      cookie: ann.cookie,
      payload: { reality_check_minutes: 30 },
    });
    expect(reality.statusCode, reality.body).toBe(200);
    const cooling = await call(t, 'POST', '/api/user_limits', {
      cookie: bob.cookie,
      payload: { type: 'cooling_off', period: '24_hours' },
    });
    expect(cooling.statusCode, cooling.body).toBe(200);

    const res = await get(risk.cookie, `/api/backoffice/reports/responsible-gambling?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = backofficeResponsibleGamblingReportSchema.parse(res.json());
    const zero = { set: 0, raise_requested: 0, raised: 0, removal_requested: 0, removed: 0, by_operator: 0 };
    expect(report.data).toEqual([
      { day, type: 'cooling_off', ...zero, set: 1 },
      { day, type: 'deposit', ...zero, set: 1, raise_requested: 1 },
      { day, type: 'wager', ...zero, set: 1, by_operator: 1 },
    ]);
    expect(report.reality_checks).toEqual({
      players_by_minutes: { '30': 1 },
      changed: 1,
      shown: null,
      games_left_after: null,
    });
    const csv = await get(risk.cookie, `/api/backoffice/reports/responsible-gambling.csv?from=${day}&to=${day}`);
    expect(csv.body.trim().split('\n')).toHaveLength(4);
  });
});

describe('the significant events log', () => {
  const events = async (query: string, cookie = finance.cookie) => {
    const res = await get(cookie, `/api/backoffice/reports/significant-events?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return backofficeSignificantEventsResponseSchema.parse(res.json());
  };
  const period = 'from=2026-11-01&to=2026-12-31&per_page=200';

  it('lists sign-ins, big wins over the threshold, limits, exclusions, ledger audits and system starts and stops', async () => {
    const audit = await get(finance.cookie, '/api/backoffice/ledger_audit');
    expect(audit.statusCode).toBe(200);
    await recordSystemEvent(t.database.db, clock.now(), 'start', { version: 'test' });
    await recordSystemEvent(t.database.db, clock.now(), 'stop', { signal: 'SIGTERM' });
    expect(await checkAuditChain(t.database.db)).toBeNull();

    const all = await events(period);
    const kinds = new Set(all.data.map((e) => e.kind));
    for (const kind of ['operator_sign_in', 'big_win', 'limit_change', 'exclusion_change', 'ledger_audit', 'system'])
      expect(kinds, kind).toContain(kind);
    expect(all.data.find((e) => e.kind === 'operator_sign_in' && e.actor === finance.email)).toBeDefined();
    expect(all.data.filter((e) => e.kind === 'system').map((e) => e.action)).toEqual(['system.stop', 'system.start']);
    // WIN_REPORT_THRESHOLD is 35 euros: the 36-euro roulette win, and no other round.
    const wins = all.data.filter((e) => e.kind === 'big_win');
    expect(wins).toHaveLength(1);
    expect(wins[0]).toMatchObject({
      player_id: ann.id,
      game: 'orbit/european-roulette',
      currency: 'EUR',
      amount_cents: 3_600,
    });
    expect((await events(`${period}&kind=big_win&win_threshold_eur=36.01`)).data).toEqual([]);
    // The operator's limit is the audit's entry (who did it), not again as the player's.
    const wager = all.data.filter((e) => e.kind === 'limit_change' && e.player_id === bob.id);
    expect(wager.map((e) => e.action)).toEqual(['player.limit.set']);
    expect(wager[0]!.actor).toBe(DEMO_ADMIN.email);
    const annLimits = all.data.filter((e) => e.kind === 'limit_change' && e.player_id === ann.id);
    expect(annLimits.map((e) => [e.action, e.actor])).toEqual([['limit.set', 'player']]);
    expect(all.data.find((e) => e.kind === 'exclusion_change')).toMatchObject({
      action: 'exclusion.start',
      player_id: bob.id,
    });
    // Newest first.
    const times = all.data.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.total).toBe(all.data.length);
  });

  it('pages, filters by kind and exports CSV oldest first', async () => {
    const all = await events(period);
    const first = await events('from=2026-11-01&to=2026-12-31&per_page=3&page=1');
    const second = await events('from=2026-11-01&to=2026-12-31&per_page=3&page=2');
    expect(first.total).toBe(all.total);
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.data.slice(0, 6).map((e) => e.id));
    const some = await events(`${period}&kind=system,big_win`);
    expect(new Set(some.data.map((e) => e.kind))).toEqual(new Set(['system', 'big_win']));
    expect(some.total).toBe(all.data.filter((e) => e.kind === 'system' || e.kind === 'big_win').length);

    const csv = await get(
      finance.cookie,
      '/api/backoffice/reports/significant-events.csv?from=2026-11-01&to=2026-12-31&kind=system',
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,at,kind,action,actor,player_id,game,currency,amount_cents,detail');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['system.start', 'system.stop']);
  });
});

describe('who may read them, and what they refuse', () => {
  const urls = [
    '/api/backoffice/reports/games',
    '/api/backoffice/reports/games.csv',
    '/api/backoffice/reports/promotions',
    '/api/backoffice/reports/promotions.csv',
    '/api/backoffice/reports/responsible-gambling',
    '/api/backoffice/reports/responsible-gambling.csv',
    '/api/backoffice/reports/significant-events',
    '/api/backoffice/reports/significant-events.csv',
  ];

  it('answers finance, risk and admin; 403 for support and marketing; 401 without a session', async () => {
    for (const url of urls) {
      for (const cookie of [finance.cookie, risk.cookie, admin])
        expect((await get(cookie, url)).statusCode, url).toBe(200);
      for (const cookie of [support.cookie, marketing.cookie])
        expect((await get(cookie, url)).statusCode, url).toBe(403);
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    }
  });

  it('refuses a bad period or filter with 422 and its code, writing nothing', async () => {
    const before = await auditCount(t);
    const refused = async (url: string, errors: Record<string, string[]>) => {
      const res = await get(finance.cookie, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ errors });
    };
    await refused('/api/backoffice/reports/games?from=2026-11-30&to=2026-11-29', { to: ['before_from'] });
    await refused('/api/backoffice/reports/games.csv?from=2025-01-01&to=2026-11-29', { to: ['too_long'] });
    await refused('/api/backoffice/reports/promotions?from=yesterday', { from: ['invalid'] });
    await refused('/api/backoffice/reports/games?currency=E-U-R', { currency: ['invalid'] });
    await refused('/api/backoffice/reports/significant-events?kind=system,coffee', { kind: ['invalid'] });
    await refused('/api/backoffice/reports/significant-events?win_threshold_eur=-1', {
      win_threshold_eur: ['too_small'],
    });
    expect(await auditCount(t)).toBe(before);
  });
});
