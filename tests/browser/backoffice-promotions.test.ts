/**
 * Promotions managed in the back office, in real chromium (docs/backoffice.md "Promotions"): a
 * marketing operator creates a tournament running now; a player on the casino bets on a game of
 * it through the house studio's wallet protocol and appears on the tournament's leaderboard on
 * the casino's page and on the back office's show page; the operator ends it now (confirmed) and
 * the final leaderboard shows the winner paid.
 */
import { describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { betThroughWallet, fundPlayer, newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('promotions in the back office', () => {
  it('marketing creates a tournament running now; a player plays into its leaderboard on the casino and in the back office', async () => {
    const stamp = Date.now().toString(36);
    const title = `Nebula sprint ${stamp}`;
    const slug = `nebula-sprint-${stamp}`;

    const adminContext = await env.browser.newContext();
    const admin = await adminContext.newPage();
    await signInDemoAdmin(admin, env.server.baseUrl);
    const max = await operatorPage(
      env.browser,
      env.server.baseUrl,
      await operatorOfRole(admin, 'marketing', 'Max Marketing'),
    );
    await adminContext.close();
    const bo = max.page;
    const boWatch = watchPage(bo);

    // A tournament on the sum of stakes in EUR, starting now (the form's default) for a week;
    // first place wins 500 comp points.
    await bo.getByRole('menuitem', { name: 'Tournaments' }).click();
    await bo.getByRole('link', { name: 'Create' }).click();
    await bo.getByLabel('Title').fill(title);
    await bo.getByLabel('Identifier').fill(`tournament--${slug}`);
    await bo.getByLabel('Comp points').fill('500');
    await bo.getByRole('button', { name: 'Save' }).click();
    await bo.getByText(`tournament--${slug}`).waitFor({ timeout: 15_000 });
    await bo.getByText('Live leaderboard · 0 players').waitFor();
    const showPath = new URL(bo.url()).pathname;
    expect(showPath).toMatch(/^\/backoffice\/tournaments\/\d+\/show$/);

    // The player bets €20 on roulette (any game counts) through the studio's wallet protocol.
    const playerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const player = await playerContext.newPage();
    const watch = watchPage(player);
    await registerOnLobby(player, env.server.baseUrl, newEmail('nebula'));
    const playerId = await fundPlayer(env.server, player, 10_000, `nebula-${stamp}`);
    await betThroughWallet(env.server, player, 2_000, `nebula-${stamp}`);

    // The casino's tournament page: the player on the leaderboard with €20.00 staked.
    await player.goto(url(`/tournaments/${slug}`));
    await player.getByRole('heading', { name: title, level: 1 }).waitFor();
    const mine = player.getByTestId('leaderboard').locator('tr.is-me');
    await poll(async () => {
      if ((await mine.count()) === 0) await player.reload();
      return mine.count();
    }, 20_000).toBe(1);
    expect(await mine.getByTestId('leaderboard-score').textContent()).toMatch(/20\.00/);

    // The back office's show page: the same player, by id, first.
    const board = bo.getByTestId('bo-leaderboard');
    // Each try reloads and waits for the record to be drawn before counting: counting right after
    // the reload would read the page before its data came.
    await poll(async () => {
      await bo.reload();
      await bo.getByText(/^Live leaderboard · \d+ players?$/).waitFor({ timeout: 10_000 });
      return board
        .getByRole('row')
        .filter({ hasText: `#${playerId}` })
        .count();
    }, 20_000).toBe(1);
    const row = board.getByRole('row').filter({ hasText: `#${playerId}` });
    expect(await row.locator('td').first().textContent()).toBe('1');
    expect(await row.textContent()).toContain('20.00 EUR');

    // End now, confirmed: the final leaderboard with the first place paid.
    await bo.getByRole('button', { name: 'End now' }).click();
    await bo.getByRole('dialog').getByRole('button', { name: 'End and pay' }).click();
    await bo.getByText('Final leaderboard · 1 player').waitFor({ timeout: 15_000 });
    await row.getByText('paid', { exact: true }).waitFor();
    expect(await bo.getByRole('button', { name: 'End now' }).count()).toBe(0);

    expect(watch.pageErrors).toEqual([]);
    expect(boWatch.pageErrors).toEqual([]);
    await playerContext.close();
    await max.close();
  });
});
