/**
 * The report screens in real chromium (docs/backoffice.md "Report screens"): a player plays real
 * rounds of roulette through the wallet protocol (wins, a loss, a refunded stake) and takes a gift
 * with no wager (a bonus cost); a finance operator opens GGR and NGR for today, presses Refresh
 * figures, and the bets, wins, GGR and bonus costs shown for EUR equal the sums this test takes from the ledger itself, to the cent; the chart is drawn; the CSV
 * export downloads and holds the same figures; the dashboard shows today's figures; the games
 * report shows today as of the same refresh, its players as player-days.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin, fillReportPeriod } from './support/backoffice';
import { watchPage } from './support/browser';
import { fundPlayer, newEmail, poll, registerOnLobby, serverAndBrowser, walletCall } from './support/journeys';

const env = serverAndBrowser();

/** The rounds the player plays: stake and win in cents; `refunded`: the stake is rolled back instead of settled. */
const ROUNDS = [
  { stake: 500, win: 0 },
  { stake: 1_200, win: 3_600 },
  { stake: 250, win: 0 },
  { stake: 735, win: 1_470 },
  { stake: 800, win: 0, refunded: true },
] as const;
const PLAYED = {
  bets: ROUNDS.reduce((sum, r) => sum + ('refunded' in r ? 0 : r.stake), 0),
  wins: ROUNDS.reduce((sum, r) => sum + r.win, 0),
};

/** The rounds played as the house studio plays them: a real launch, then signed wallet calls. */
async function playRounds(page: Page, key: string) {
  const [game] = (
    await env.server.database.db.execute(sql`select id from games where identifier = 'orbit/european-roulette'`)
  ).rows as Array<{ id: number }>;
  const launch = (await page.evaluate(async (id) => {
    const response = await fetch(`/api/games/${id}/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ mode: 'real' }),
    });
    return response.json();
  }, Number(game!.id))) as { url: string };
  const call = (action: string, body: object) => walletCall(env.server, action, body);
  const launchToken = new URL(launch.url, env.server.baseUrl).searchParams.get('launch_token');
  const { session_token } = await call('authenticate', { launch_token: launchToken, game: 'european-roulette' });
  for (const [n, r] of ROUNDS.entries()) {
    const round = { session_token, game: 'european-roulette', round_id: `${key}-${n}`, currency: 'EUR' };
    await call('bet', { ...round, transaction_id: `${key}-${n}-bet`, amount_cents: r.stake });
    if ('refunded' in r)
      await call('rollback', {
        ...round,
        transaction_id: `${key}-${n}-rollback`,
        reference_transaction_id: `${key}-${n}-bet`,
      });
    else await call('win', { ...round, transaction_id: `${key}-${n}-win`, amount_cents: r.win });
  }
}

/**
 * Today's real-money bets and wins in EUR, summed here from the ledger's transfers and accounts
 * (docs/reports.md: stakes out of a player's real account less refunds into it; wins into it),
 * for every player or for one.
 */
async function ledgerSums(day: string, player?: number): Promise<{ bets: number; wins: number; bonus_costs: number }> {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const mine = player === undefined ? sql`true` : sql`coalesce(d.user_id, c.user_id) = ${player}`;
  const { rows } = await env.server.database.db.execute(sql`
    select
      coalesce(sum(t.amount) filter (where t.kind = 'bet' and d.kind = 'real' and d.user_id is not null), 0)
        - coalesce(sum(t.amount) filter (where t.kind = 'rollback' and c.kind = 'real' and c.user_id is not null), 0)
        as bets,
      coalesce(sum(t.amount) filter (where t.kind = 'win' and c.kind = 'real' and c.user_id is not null), 0) as wins,
      coalesce(sum(t.amount) filter (where t.kind = 'bonus' and d.kind = 'bonus' and c.kind = 'real'), 0) as bonus_costs
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where t.currency = 'EUR' and t.created_at >= ${from} and t.created_at < ${to} and ${mine}`);
  const row = rows[0] as { bets: string | number; wins: string | number; bonus_costs: string | number };
  return { bets: Number(row.bets), wins: Number(row.wins), bonus_costs: Number(row.bonus_costs) };
}

/** An amount as the report shows it ("1,234.50 EUR", "-12.00 EUR") in cents. */
const cents = (text: string) => (/^[-−]/.test(text.trim()) ? -1 : 1) * Number(text.replace(/[^0-9]/g, ''));

describe('the report screens', () => {
  it("a finance operator's GGR for today equals the ledger's sums, with a chart and a matching CSV", async () => {
    const day = new Date().toISOString().slice(0, 10);

    // The player: signed up, 100 EUR, five rounds of roulette.
    const playerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const player = await playerContext.newPage();
    await registerOnLobby(player, env.server.baseUrl, newEmail('reports'));
    const playerId = await fundPlayer(env.server, player, 10_000, 'backoffice-reports');
    await playRounds(player, `reports-${playerId}`);

    const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const admin = await adminContext.newPage();
    await signInDemoAdmin(admin, env.server.baseUrl);
    const fay = await operatorOfRole(admin, 'finance', 'Fay Finance');
    const marketing = await operatorOfRole(admin, 'marketing', 'Mia Marketing');

    // A €6.50 gift with no wager, granted in the back office and taken by the player: activating
    // it turns the bonus money into real money at once, a bonus cost of the day.
    const bonusId = await admin.evaluate(async (player) => {
      const post = async (path: string, body: object) => {
        const res = await fetch(`/api/backoffice/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const key = `reports-gift-${Date.now()}`;
      await post('bonus_templates', {
        key,
        kind: 'manual',
        title: 'Reports gift',
        money: { EUR: { amount_cents: 650 } },
        wager_multiplier: 0,
      });
      const grant = (await post('bonus_grants', {
        template_key: key,
        currency: 'EUR',
        player_ids: [player],
        idempotency_key: key,
      })) as { players: Array<{ id: number | null }> };
      return grant.players[0]!.id!;
    }, playerId);
    await adminContext.close();
    const activated = await player.evaluate(
      async (id) =>
        (
          await fetch(`/api/player/bonuses/${id}/activation`, {
            method: 'POST',
            headers: { 'x-requested-with': 'XMLHttpRequest' },
          })
        ).status,
      bonusId,
    );
    expect(activated).toBe(200);
    await playerContext.close();
    await poll(async () => (await ledgerSums(day, playerId)).bonus_costs).toBe(650);
    const played = new Date();

    // The ledger says what the player did, and what everybody did today (the seed may have played too).
    expect(await ledgerSums(day, playerId)).toEqual({ ...PLAYED, bonus_costs: 650 });
    const { rows: stakes } = await env.server.database.db.execute(
      sql`select coalesce(sum(bet_real_cents), 0)::bigint as n from game_rounds where user_id = ${playerId}`,
    );
    expect(Number((stakes[0] as { n: string }).n)).toBe(PLAYED.bets);
    const ledger = await ledgerSums(day);

    const finance = await operatorPage(env.browser, env.server.baseUrl, fay);
    const watch = watchPage(finance.page);
    try {
      const page = finance.page;
      // The dashboard shows today's figures to a role that reads reports.
      await page.getByTestId('dashboard-today').getByRole('group', { name: 'Cashouts waiting' }).waitFor();

      await page.getByRole('menuitem', { name: 'GGR and NGR' }).click();
      await page.getByRole('heading', { name: 'GGR and NGR', level: 1 }).waitFor();
      await fillReportPeriod(page, day, day);
      await page.getByRole('button', { name: 'Refresh figures' }).click();
      await page.getByText('Recomputed 1 day.').waitFor();
      // "As of" is the refresh's: after the last round was played.
      await poll(async () => {
        const text = (await page.getByTestId('as-of').textContent()) ?? '';
        const at = /As of (\S+ \S+) UTC/.exec(text)?.[1];
        return at ? Date.parse(`${at.replace(' ', 'T')}Z`) >= Math.floor(played.getTime() / 1000) * 1000 : false;
      }).toBe(true);
      const refreshedAsOf = await page.getByTestId('as-of').textContent();

      // The row of today in EUR: bets, wins and GGR as the ledger sums them.
      const table = page.getByRole('table', { name: 'GGR per day and currency' });
      await table.waitFor();
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'EUR', exact: true }) });
      await poll(async () => cents((await row.getByRole('cell').nth(2).textContent()) ?? '')).toBe(ledger.bets);
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells[0]).toBe(day);
      expect({
        bets: cents(cells[2]!),
        wins: cents(cells[3]!),
        ggr: cents(cells[4]!),
        bonus_costs: cents(cells[5]!),
      }).toEqual({
        bets: ledger.bets,
        wins: ledger.wins,
        ggr: ledger.bets - ledger.wins,
        bonus_costs: ledger.bonus_costs,
      });

      // The chart is drawn: an svg with a bar per series for the day.
      const chart = page.getByTestId('report-chart');
      await chart.locator('svg').first().waitFor();
      expect(await chart.locator('svg rect, svg path').count()).toBeGreaterThan(0);

      // The CSV export: the same filters, the same figures.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`ggr-${day}-${day}.csv`);
      const lines = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\n');
      const header = lines[0]!.split(',');
      const eurLine = lines
        .slice(1)
        .map((line) => line.split(','))
        .find((fields) => fields[header.indexOf('currency')] === 'EUR')!;
      const field = (name: string) => Number(eurLine[header.indexOf(name)]);
      expect(eurLine[header.indexOf('day')]).toBe(day);
      expect({
        bets: field('bets'),
        wins: field('wins'),
        ggr: field('ggr'),
        bonus_costs: field('bonus_costs'),
      }).toEqual({
        bets: ledger.bets,
        wins: ledger.wins,
        ggr: ledger.bets - ledger.wins,
        bonus_costs: ledger.bonus_costs,
      });

      // Every other report opens with its figures: roulette's rounds with their RTP check (too few
      // rounds to hold it to the interval), the operators' sign-ins in the events log.
      for (const title of ['Payments report', 'Players report', 'Promotions report', 'Responsible gambling']) {
        await page.getByRole('menuitem', { name: title }).click();
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByTestId('report-chart').locator('svg').first().waitFor();
        expect(await page.getByTestId('report-error').count()).toBe(0);
      }
      await page.getByRole('menuitem', { name: 'Games and RTP' }).click();
      const roulette = page
        .getByRole('table', { name: 'Games per currency' })
        .getByRole('row')
        .filter({ hasText: 'European Roulette' })
        .filter({ has: page.getByRole('cell', { name: 'EUR', exact: true }) });
      await roulette.getByText('Too few rounds').waitFor();
      // Today from the aggregate, as of the refresh like the GGR; one player on one day: 1 player-day.
      await poll(async () => page.getByTestId('as-of').textContent()).toBe(refreshedAsOf);
      const gameColumns = await page
        .getByRole('table', { name: 'Games per currency' })
        .getByRole('columnheader')
        .allTextContents();
      expect(await roulette.getByRole('cell').nth(gameColumns.indexOf('Player-days')).textContent()).toBe('1');
      await page.getByRole('menuitem', { name: 'Significant events' }).click();
      await page.getByLabel('Kind', { exact: true }).click();
      await page.getByRole('option', { name: 'operator sign in' }).click();
      await page.keyboard.press('Escape');
      await page
        .getByRole('table', { name: 'Significant events' })
        .getByRole('cell', { name: fay.email, exact: true })
        .first()
        .waitFor();
      // Only that kind is listed.
      const events = page.getByRole('table', { name: 'Significant events' }).getByRole('row');
      const kinds = await events.evaluateAll((rows) => rows.slice(1).map((row) => row.children[1]?.textContent));
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['operator sign in']));
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await finance.close();
    }

    // Marketing reads no reports: neither the menu entry nor today's figures.
    const other = await operatorPage(env.browser, env.server.baseUrl, marketing);
    try {
      await other.page.getByTestId('permissions').waitFor();
      expect(await other.page.getByRole('menuitem', { name: 'GGR and NGR' }).count()).toBe(0);
      expect(await other.page.getByTestId('dashboard-today').count()).toBe(0);
    } finally {
      await other.close();
    }
  }, 90_000);
});
