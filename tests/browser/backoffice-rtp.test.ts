/**
 * The observed-RTP report in real chromium (docs/reports.md "Games and RTP"): yesterday, 200,000
 * rounds of European roulette played through the studio's own mathematics on provably fair seeds
 * (written in bulk as the reports bench writes rounds, apps/server/test/support/fair-rounds.ts);
 * a finance operator opens Games and RTP for that day, refreshes its figures, and reads the game
 * inside its 99 % interval: 200,000 rounds, the observed RTP between the interval's ends, the
 * chip "Inside interval". The interval's maths and the aggregate are checked to the digit by the
 * API test beside it (apps/server/test/api/report-rtp-journey.test.ts); this is what the operator sees.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playFairRounds } from '../../apps/server/test/support/fair-rounds';
import { operatorOfRole, operatorPage, signInDemoAdmin, fillReportPeriod } from './support/backoffice';
import { watchPage } from './support/browser';
import { betThroughWallet, fundPlayer, newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const ROUNDS = 200_000;

/** `"97.31 %"` → 0.9731. */
const share = (text: string) => Number(text.replace(/[^\d.]/g, '')) / 100;

describe('the observed RTP in the back office', () => {
  // Writing 200,000 rounds takes 25–80 s on a loaded machine; the rest, seconds.
  it(
    `shows a game played ${ROUNDS.toLocaleString('en')} fair rounds inside its 99 % interval`,
    { timeout: 360_000 },
    async () => {
      const db = env.server.database.db;
      const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);

      // A player with the money for their share of the rounds, and one real round through the
      // wallet (today): the house's bets account exists, which the bulk rounds credit.
      const playerContext = await env.browser.newContext();
      const player = await playerContext.newPage();
      await registerOnLobby(player, env.server.baseUrl, newEmail('rtp'));
      const playerId = await fundPlayer(env.server, player, 6_000_000, 'rtp-journey');
      await betThroughWallet(env.server, player, 100, 'rtp-journey');
      await playerContext.close();
      const [house] = (
        await db.execute(
          sql`select credit_account_id as id from ledger_transfers where kind = 'bet' order by id desc limit 1`,
        )
      ).rows as Array<{ id: number }>;
      const played = await playFairRounds(db, {
        slug: 'european-roulette',
        rounds: ROUNDS,
        serverSeed: 'orbit-rtp-browser-roulette',
        clientSeed: 'back-office',
        players: [playerId],
        currency: 'EUR',
        houseAccount: Number(house!.id),
        from: new Date(`${yesterday}T00:01:00Z`),
        spacingMs: 400,
      });

      const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const admin = await adminContext.newPage();
      await signInDemoAdmin(admin, env.server.baseUrl);
      const fay = await operatorOfRole(admin, 'finance', 'Fay Finance');
      await adminContext.close();
      const finance = await operatorPage(env.browser, env.server.baseUrl, fay);
      const watch = watchPage(finance.page);
      try {
        const page = finance.page;
        await page.getByRole('menuitem', { name: 'Games and RTP' }).click();
        await page.getByRole('heading', { name: 'Games and RTP', level: 1 }).waitFor();
        await fillReportPeriod(page, yesterday, yesterday);
        // The operator recomputes the day now (the job would in its next pass): 200,000 rounds, seconds.
        await page.getByRole('button', { name: 'Refresh figures' }).click();
        await page.getByText('Recomputed 1 day.').waitFor({ timeout: 120_000 });
        const table = page.getByRole('table', { name: 'Games per currency' });
        const roulette = table
          .getByRole('row')
          .filter({ hasText: 'European Roulette' })
          .filter({ has: page.getByRole('cell', { name: 'EUR', exact: true }) });
        await roulette.getByText('Inside interval').waitFor();
        const columns = await table.getByRole('columnheader').allTextContents();
        const cell = async (name: string) =>
          (await roulette.getByRole('cell').nth(columns.indexOf(name)).textContent()) ?? '';
        expect((await cell('Rounds')).replace(/\D/g, '')).toBe(String(ROUNDS));
        const observed = share(await cell('Observed RTP'));
        const [low, high] = (await cell('99 % interval')).split('–').map(share);
        expect(observed).toBeCloseTo(played.wins / played.stakes, 3);
        expect(observed).toBeGreaterThan(low!);
        expect(observed).toBeLessThan(high!);
        // The chart has the game's three bars: interval low, observed, interval high.
        await page.getByTestId('report-chart').locator('svg').first().waitFor();
        await poll(() => page.getByTestId('report-error').count()).toBe(0);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await finance.close();
      }
    },
  );
});
