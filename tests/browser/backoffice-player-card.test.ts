/**
 * The player's card in real chromium (docs/backoffice.md "The player's card"), at a laptop's and a
 * desktop's size: the demo admin finds the demo player, opens the card, reads the balances, the
 * ledger statement (filtered too) and a round of our studio whose check opens in a new tab, then
 * the limits.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captchaChallengeSchema } from '@orbit/contracts';
import { solveCaptcha } from '../../apps/server/test/support/identity';
import { signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { poll, serverAndBrowser, walletCall } from './support/journeys';
import type { TestServer } from './support/server';

const env = serverAndBrowser();

const DEMO_PLAYER = { email: 'demo@orbit.example', password: 'Orbit-Demo-2026' };
const FAIR = { server_seed_hash: 'cd'.repeat(32), client_seed: 'demo-seed', nonce: 3 };

/** A call to the casino as the player's page makes it, with the player's cookie. */
async function playerCall(server: TestServer, cookie: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/** The demo player signed in over the API (captcha solved as the page solves it): their cookie. */
async function demoPlayerCookie(server: TestServer): Promise<string> {
  const challenge = captchaChallengeSchema.parse((await playerCall(server, '', '/api/captcha/challenge', {})).body);
  const signedIn = await playerCall(server, '', '/api/users/sign_in', {
    user: { ...DEMO_PLAYER, dfpc: 'fp', captcha: solveCaptcha(challenge.challenge, challenge.difficulty) },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * A round of our roulette for the demo player, as the studio plays one over the wallet protocol:
 * 2 EUR staked, 4 EUR won, reported with its fair inputs. And a weekly deposit limit.
 */
async function demoPlayerPlays(server: TestServer): Promise<void> {
  const cookie = await demoPlayerCookie(server);
  const [game] = (
    await server.database.db.execute(sql`select id from games where identifier = 'orbit/european-roulette'`)
  ).rows as Array<{ id: number }>;
  const launch = await playerCall(server, cookie, `/api/games/${Number(game!.id)}/launch`, { mode: 'real' });
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  const signed = (action: string, body: object) => walletCall(server, action, body);
  const launchToken = new URL(String(launch.body.url), server.baseUrl).searchParams.get('launch_token');
  const { session_token } = await signed('authenticate', { launch_token: launchToken, game: 'european-roulette' });
  const round = { session_token, game: 'european-roulette', round_id: 'card-demo-round', currency: 'EUR' };
  await signed('bet', { ...round, transaction_id: 'card-demo-bet', amount_cents: 200 });
  await signed('win', {
    ...round,
    transaction_id: 'card-demo-win',
    amount_cents: 400,
    round: {
      stake_cents: 200,
      bet: { bets: [{ type: 'red', numbers: [], stake: 200 }] },
      outcome: { pocket: 3 },
      fair: FAIR,
    },
  });
  const limit = await playerCall(server, cookie, '/api/user_limits', {
    type: 'deposit',
    period: 'week',
    accounts: [{ currency: 'EUR', amount_cents: 70_000 }],
  });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** Nothing of the card is wider than the window: wide parts scroll inside the card. */
const fitsTheWindow = async (page: Page, where: string) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${where} at ${page.viewportSize()?.width}`,
  ).toBe(true);

async function readTheCard(page: Page) {
  await page.getByRole('menuitem', { name: 'Players', exact: true }).click();
  await page.getByPlaceholder('Id, email, name, phone or IP').fill('demo@orbit');
  await page.getByRole('cell', { name: DEMO_PLAYER.email }).waitFor();
  // A row opens the card (its address cell is a mail link of its own).
  await page.getByRole('cell', { name: 'Demo Ace' }).click();
  await page.waitForURL(/\/backoffice\/players\/\d+\/show$/);
  const header = page.getByTestId('player-header');
  await header.getByRole('heading', { name: /Player \d+: demo@orbit\.example/ }).waitFor();
  for (const chip of ['Confirmed', '2FA off', 'KYC: none', 'No restrictions']) await header.getByText(chip).waitFor();
  await page.getByTestId('player-profile').getByText('Demo Ace').waitFor();
  await fitsTheWindow(page, 'profile');

  // 500.00 EUR of welcome credit, 2.00 staked and 4.00 won.
  await tab(page, 'Accounts').click();
  await page.getByTestId('player-accounts').getByRole('cell', { name: '502.00 EUR' }).waitFor();
  await fitsTheWindow(page, 'accounts');

  await tab(page, 'Ledger').click();
  const ledger = page.getByTestId('player-ledger');
  await ledger.getByRole('cell', { name: 'seed:demo-player' }).waitFor();
  const newest = ledger.locator('tbody tr').first();
  await poll(() => newest.textContent()).toContain('win');
  expect(await newest.textContent()).toContain('502.00 EUR');
  expect(await ledger.locator('tbody tr').count()).toBe(3);
  await page.getByLabel('Kind').click();
  await page.getByRole('option', { name: 'bet', exact: true }).click();
  await poll(() => ledger.locator('tbody tr').count()).toBe(1);
  expect(await ledger.locator('tbody tr').first().textContent()).toContain('-2.00 EUR');
  await fitsTheWindow(page, 'ledger');

  await tab(page, 'Rounds').click();
  const rounds = page.getByTestId('player-rounds');
  await rounds.getByRole('cell', { name: 'European Roulette' }).waitFor();
  const verify = rounds.getByRole('link', { name: 'Verify' });
  expect(await verify.getAttribute('target')).toBe('_blank');
  const [opened] = await Promise.all([page.context().waitForEvent('page'), verify.click()]);
  expect(new URL(opened.url()).pathname).toBe('/fair');
  expect(new URL(opened.url()).searchParams.get('server_seed_hash')).toBe(FAIR.server_seed_hash);
  await opened.close();
  await fitsTheWindow(page, 'rounds');

  // The demo player's free spins wait in their gifts.
  await tab(page, 'Bonuses').click();
  await poll(() => page.getByTestId('player-freespins').textContent()).toContain('issued');
  await fitsTheWindow(page, 'bonuses');

  await tab(page, 'Limits').click();
  const limits = page.getByTestId('player-limits');
  await limits.getByRole('cell', { name: 'deposit' }).waitFor();
  expect(await limits.textContent()).toContain('700.00 EUR');
  await page.getByText('Never excluded.').waitFor();
}

describe("the player's card", () => {
  it('shows the demo player’s balances, statement, a verifiable round and limits at 1366×800 and 1920×1080', async () => {
    await demoPlayerPlays(env.server);
    // One sign-in (each code is accepted once: a second would wait for the next), two screens.
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    try {
      await signInDemoAdmin(page, env.server.baseUrl);
      for (const viewport of [
        { width: 1366, height: 800 },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${env.server.baseUrl}/backoffice/`);
        await readTheCard(page);
        await fitsTheWindow(page, 'limits');
      }
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
