/**
 * Quests and the wheel managed in the back office, in real chromium (docs/backoffice.md "Quests
 * and the wheel"): a marketing operator creates a quest of size xs running now (its level table
 * shown as the size is chosen); a player bets through the studio's wallet protocol and sees their
 * levels on the casino's quest page; the back office's show page shows the player's level. Then
 * the operator renames a segment of the default wheel set and the casino's wheel page shows it.
 */
import { describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { betThroughWallet, fundPlayer, newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

async function marketingPage(name: string) {
  const adminContext = await env.browser.newContext();
  const admin = await adminContext.newPage();
  await signInDemoAdmin(admin, env.server.baseUrl);
  const operator = await operatorPage(env.browser, env.server.baseUrl, await operatorOfRole(admin, 'marketing', name));
  await adminContext.close();
  return operator;
}

describe('quests and the wheel in the back office', () => {
  it("marketing creates a quest running now; a player's bets show as their level on the casino and in the back office", async () => {
    const stamp = Date.now().toString(36);
    const title = `Comet climb ${stamp}`;
    const slug = `comet-climb-${stamp}`;
    const max = await marketingPage('Quinn Quests');
    const bo = max.page;
    const boWatch = watchPage(bo);

    await bo.getByRole('menuitem', { name: 'Quests' }).click();
    await bo.getByRole('link', { name: 'Create' }).click();
    await bo.getByLabel('Title').fill(title);
    await bo.getByLabel('Slug').fill(slug);
    // Size xs by default: its six levels are shown before saving.
    const levels = bo.getByRole('table', { name: 'Levels' });
    await levels.waitFor();
    expect(await levels.getByRole('row').count()).toBe(7);
    await bo.getByLabel('Comp points').fill('300');
    await bo.getByRole('button', { name: 'Save' }).click();
    await bo.getByText(`quest--xs--${slug}`).waitFor({ timeout: 15_000 });
    await bo.getByText('Levels of size xs · 6 levels').waitFor();
    await bo.getByText('Live standing · 0 players').waitFor();

    // The player stakes €600 (levels from 0, 150 and 500 EUR reached).
    const playerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const player = await playerContext.newPage();
    const watch = watchPage(player);
    await registerOnLobby(player, env.server.baseUrl, newEmail('climb'));
    const playerId = await fundPlayer(env.server, player, 100_000, `climb-${stamp}`);
    await betThroughWallet(env.server, player, 60_000, `climb-${stamp}`);

    await player.goto(url(`/action/${slug}`));
    await player.getByRole('heading', { name: title, level: 1 }).waitFor();
    // The casino's levels: the first two behind the player, the third the one they are on.
    const steps = player.getByTestId('quest-level');
    const states = () => steps.evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
    // Each try that reloads waits for the levels to be drawn before reading them (read too early, a
    // loaded machine never caught up).
    await poll(async () => {
      if ((await states()).indexOf('active') !== 2) {
        await player.reload();
        await player.getByRole('heading', { name: title, level: 1 }).waitFor();
        await steps.first().waitFor({ timeout: 10_000 });
      }
      return states();
    }, 60_000).toEqual(['completed', 'completed', 'active', 'locked', 'locked', 'locked']);
    await player.getByText('Your bets so far: €600.00').waitFor();

    const standing = bo.getByTestId('bo-quest-standing');
    await poll(async () => {
      await bo.reload();
      await bo.getByText(/^Live standing · \d+ players?$/).waitFor({ timeout: 10_000 });
      return standing
        .getByRole('row')
        .filter({ hasText: `#${playerId}` })
        .count();
    }, 20_000).toBe(1);
    const row = standing.getByRole('row').filter({ hasText: `#${playerId}` });
    expect(await row.textContent()).toContain('600.00 EUR');
    expect(await row.textContent()).toContain('Level 3 of 6');

    expect(watch.pageErrors).toEqual([]);
    expect(boWatch.pageErrors).toEqual([]);
    await playerContext.close();
    await max.close();
  });

  it("marketing changes a segment of the default wheel set and the casino's wheel shows it", async () => {
    const stamp = Date.now().toString(36);
    const name = `Comet prize ${stamp}`;
    const max = await marketingPage('Wendy Wheel');
    const bo = max.page;
    const boWatch = watchPage(bo);

    await bo.getByRole('menuitem', { name: 'Wheel' }).click();
    const sets = bo.getByRole('region', { name: 'Segment sets' });
    await sets.waitFor({ timeout: 15_000 });
    // The default set comes first; its first segment gets a new title and a €43.21 bonus.
    expect(await sets.getByLabel('Player group').first().inputValue()).toBe('default');
    await sets.getByLabel('Title').first().fill(name);
    await sets.getByLabel('Bonus (EUR cents)').first().fill('4321');
    // The preview of the default group follows the form.
    const preview = bo.getByTestId('bo-wheel-preview');
    await preview.getByText(name).waitFor();
    await preview.getByText('43.21 EUR × tier scale').waitFor();
    await sets.getByRole('button', { name: 'Save' }).click();
    await bo.getByText(/^Saved: version \d+$/).waitFor({ timeout: 15_000 });
    await sets
      .getByRole('region', { name: 'Versions of the segments' })
      .getByRole('button', { name: 'Restore this version' })
      .first()
      .waitFor();

    // The casino's segments wheel (a guest: the default set): the new prize among the chances.
    const guest = await env.browser.newContext();
    const page = await guest.newPage();
    await page.goto(url('/wheel/segments'));
    await page.getByRole('heading', { name: 'Rocket wheel', level: 1 }).waitFor();
    await poll(() => page.getByTestId('wheel-chances').locator('li').first().textContent(), 20_000).toMatch(
      /^€43\.21 bonus/,
    );
    await guest.close();
    expect(boWatch.pageErrors).toEqual([]);
    await max.close();
  });
});
