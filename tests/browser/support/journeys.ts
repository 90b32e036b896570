/**
 * What the player journeys of the browser tests share: pages in
 * fresh contexts, new addresses, the popup's form and the sign-up / sign-in / sign-out steps.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Frame,
  FrameLocator,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { Ledger } from '../../../apps/server/src/modules/wallet';
import { systemClock } from '../../../apps/server/src/platform/clock';
import { solveCaptcha } from '../../../apps/server/test/support/identity';
import { playerDisplayName } from '../../../apps/web/app/lib/player-name';
import { SESSION_HINT } from '../../../apps/web/app/lib/session';
import { releaseBrowser, sharedBrowser } from './browser';
import { startServer, type TestServer } from './server';

/**
 * The real server of a test file, started before its tests and closed after them, and the run's
 * chromium (`sharedBrowser`): the contexts the file opened in it are closed after its tests.
 */
export function serverAndBrowser(options?: Parameters<typeof startServer>[0]): {
  server: TestServer;
  browser: Browser;
} {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(options), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(env.browser);
    await env.server?.close();
  });
  return env;
}

export const PASSWORD = 'Nebula-Orbit-42';

const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

export const newContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });

/**
 * A page in a context of its own (also handed to `fn`), closed afterwards. `options` on top of
 * the defaults (the service worker is off unless `serviceWorkers: 'allow'`: support/browser.ts).
 */
export async function withPage<T>(
  browser: Browser,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> {
  const context = await newContext(browser, options);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** `withPage` with the casino's service worker allowed: the install and push journeys. */
export const withWorkerPage = <T>(browser: Browser, fn: (page: Page, context: BrowserContext) => Promise<T>) =>
  withPage(browser, fn, { serviceWorkers: 'allow' });

let counter = 0;
/** An address no player has yet (`prefix-<time>-<n>@example.com`). */
export function newEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Polls longer than vitest's 1 s: hydration and the session load take seconds on a busy 2-core machine. */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });

/** Waits until React has taken over the page (root.tsx marks `<html data-hydrated>`). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

export const dialog = (page: Page) => page.getByRole('dialog');

/** The popup's form works once the page is interactive: its submit button is enabled then. */
export async function formReady(page: Page) {
  await dialog(page).locator('button[type="submit"]:not([disabled])').waitFor();
}

/** Fills and sends the sign-up popup (terms accepted). */
export async function fillSignUp(page: Page, email: string) {
  await formReady(page);
  const form = dialog(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Repeat password').fill(PASSWORD);
  await form.getByLabel(/accept the terms/).check();
  await form.getByRole('button', { name: 'Sign up' }).click();
}

/** Fills and sends the open sign-in popup: email and password. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await formReady(page);
  const form = dialog(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out from the header's menu and waits for the guest header. */
export async function signOut(page: Page) {
  await page.locator('.header__player summary').click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
}

/** The header names the player (no nickname in these journeys: the address, masked). */
export const signedInAs = (page: Page, email: string) =>
  page
    .locator('.header__player summary')
    .filter({ hasText: playerDisplayName({ nickname: null, email }) })
    .waitFor();

/** Fills and saves the personal-info popup (asked before a fiat player's first deposit). */
export async function fillPersonalInfo(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Personal info' });
  await popup.waitFor();
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Lovelace');
  await popup.getByLabel('Date of birth (DD/MM/YYYY)').fill('05/12/1990');
  await popup.getByLabel('Mobile phone').fill('+49 30 1234 5678');
  await popup.getByLabel('Country').selectOption('DE');
  await popup.getByLabel('City').fill('Berlin');
  await popup.getByLabel('Address').fill('Unter den Linden 1');
  await popup.getByLabel('Postal code').fill('10117');
  await popup.getByRole('button', { name: 'Save and continue' }).click();
}

/**
 * Declines the welcome bonus the deposit step chose for a new player's first deposit ("No bonus"),
 * for journeys about real money only: with it, the deposit brings bonus money and the bonus's
 * max bet (docs/rules/gifts.md "Deposit").
 */
export async function declineWelcomeBonus(popup: Locator) {
  const welcome = popup.getByTestId('welcome-bonus');
  await welcome.getByRole('button', { name: 'No bonus' }).click({ timeout: 20_000 });
  await welcome.getByRole('link', { name: 'Take the welcome bonus' }).waitFor();
}

/** A POST from the page, as the page's own calls go (the CSRF header, its cookies): the JSON answer. */
async function postJson({ path, body }: { path: string; body: object }): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** A solved proof-of-work captcha token for the casino at `baseUrl`, as the page's solver makes one. */
export async function captchaToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/captcha/challenge`, { method: 'POST', headers: XHR });
  expect(response.status).toBe(200);
  const { challenge, difficulty } = (await response.json()) as { challenge: string; difficulty: number };
  return solveCaptcha(challenge, difficulty);
}

/**
 * A new player on the lobby at `baseUrl` (Germany and EUR unless `account` says otherwise, no personal details yet), signed up with
 * the registration call the popup makes, sent by the page itself (its cookies, its host: an
 * `ee.localhost` address resolves in the browser only) with a captcha solved here, then the
 * signed-in hint the popup leaves. For the journeys that are not about signing up
 * (auth.test.ts has the popup's): the popup takes about a second more each time.
 */
export async function registerOnLobby(
  page: Page,
  baseUrl: string,
  email: string,
  account: { currency: string; country: string } = { currency: 'EUR', country: 'DE' },
) {
  // A small page of the casino's origin to call from (the hint is that origin's localStorage).
  await page.goto(`${baseUrl}/api/health`);
  const { challenge, difficulty } = await page.evaluate(postJson, { path: '/api/captcha/challenge', body: {} });
  const user = {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    currency: account.currency,
    country: account.country,
    terms_acceptance: true,
    receive_promos: false,
    receive_sms_promos: false,
    dfpc: randomBytes(16).toString('hex'),
    captcha: solveCaptcha(String(challenge), Number(difficulty)),
    locale: 'en',
  };
  const created = await page.evaluate(postJson, { path: '/api/users', body: { user } });
  expect(created.email, JSON.stringify(created)).toBe(email);
  await page.evaluate((hint) => localStorage.setItem(hint, '1'), SESSION_HINT);
  await page.goto(`${baseUrl}/`);
  await signedInAs(page, email);
}

/** A new player, signed up through the popup over the lobby at `baseUrl`: for journeys about what the sign-up shows. */
export async function signUpOverLobby(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/`);
  await page.locator('.header__enter').getByRole('link', { name: 'Sign up' }).click();
  await formReady(page);
  // The currency follows the country: EUR.
  await dialog(page).getByLabel('Country').selectOption('DE');
  await fillSignUp(page, email);
  await signedInAs(page, email);
  await poll(() => dialog(page).count()).toBe(0);
}

/**
 * The path and query of the first link to `path` in the newest mail to `to` that has one, read
 * from the development mailbox (newest first; links carry the server's public address).
 */
export async function mailedLink(baseUrl: string, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]+`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as Array<{ text: string }>;
    for (const mail of mails) {
      const match = pattern.exec(mail.text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link to ${path}`);
}

/**
 * Real money for the player signed in on `page`, as a settled deposit would bring it: a ledger
 * transfer on the server (`key` names it). Answers the player's id.
 */
export async function fundPlayer(server: TestServer, page: Page, amountCents: number, key: string): Promise<number> {
  const { id } = (await page.evaluate(async () =>
    (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
  )) as { id: number };
  await new Ledger(systemClock).transfer(server.database.db, {
    idempotencyKey: `${key}-${id}`,
    kind: 'deposit',
    reference: `payment:${key}`,
    currency: 'EUR',
    amount: amountCents,
    from: { house: 'psp_clearing' },
    to: { player: id, kind: 'real' },
  });
  return id;
}

/** A call of the house studio's wallet protocol, signed with its secret as the studio signs it (200 expected). */
export async function walletCall(server: TestServer, action: string, body: object): Promise<Record<string, unknown>> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${server.baseUrl}/api/wallet/orbit/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-sign': createHmac('sha256', server.walletSecret).update(raw).digest('hex'),
    },
    body: raw,
  });
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/**
 * A real-money bet of `amountCents` (and a win of as much) for the player signed in on `page`, placed
 * as the house studio places one: a real launch of roulette, then signed `authenticate`, `bet`
 * and `win` calls of the wallet protocol (docs/provider-protocol.md). What plays a deposit
 * through (docs/promotions.md "Deposits played through") without spinning the game's page.
 */
export async function betThroughWallet(
  server: TestServer,
  page: Page,
  amountCents: number,
  key: string,
): Promise<void> {
  const [game] = (
    await server.database.db.execute(sql`select id from games where identifier = 'orbit/european-roulette'`)
  ).rows as Array<{ id: number }>;
  const launch = (await page.evaluate(async (id) => {
    const res = await fetch(`/api/games/${id}/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ mode: 'real' }),
    });
    return res.json();
  }, Number(game!.id))) as { url: string };
  const signed = (action: string, body: object) => walletCall(server, action, body);
  const launchToken = new URL(launch.url, server.baseUrl).searchParams.get('launch_token');
  const { session_token } = await signed('authenticate', { launch_token: launchToken, game: 'european-roulette' });
  const round = { session_token, game: 'european-roulette', round_id: `${key}-round`, currency: 'EUR' };
  await signed('bet', { ...round, transaction_id: `${key}-bet`, amount_cents: amountCents });
  // The stake comes back as the round's win: staked, yet the balance as it was for what follows.
  await signed('win', { ...round, transaction_id: `${key}-win`, amount_cents: amountCents });
}

/** The game page's iframe: the studio's game. */
export const gameFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-frame"]');

/** How many rounds the game in the page's iframe has played (the studio's page counts them on its body). */
export async function roundsPlayed(page: Page): Promise<number> {
  const frame: Frame | null = await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame();
  return Number((await frame?.evaluate(() => document.body.dataset.rounds)) ?? 0);
}

/** Digits of a money text as minor units ("1,000.00 FUN" → 100000). */
export const minorUnits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

/** Pays on the sandbox PSP's hosted card page (where a card deposit leads) with its test card. */
export async function payWithTestCard(page: Page): Promise<void> {
  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expir/i).fill('12/30');
  await page.getByLabel(/cvc|cvv|security code/i).fill('123');
  await page.getByLabel(/holder|name on card/i).fill('Ada Lovelace');
  await page
    .getByRole('button', { name: /pay|submit|continue/i })
    .first()
    .click();
}
