/**
 * What the back office's browser tests share: a fresh authenticator code for an operator, and the
 * sign-in page filled and sent.
 */
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '../../../apps/server/src/modules/backoffice';
import { codeForStep, stepAt } from '../../../apps/server/src/modules/identity/totp';

/**
 * A code not used yet on that casino: each 30-second code of an operator is accepted once per
 * database, so their next sign-in on the same server (`server`: its address) waits for the next
 * step; another test file's server has its own database and takes the same code.
 */
const lastStep = new Map<string, number>();
export async function freshCode(secret: string, server = ''): Promise<string> {
  const key = `${server}|${secret}`;
  while (stepAt(new Date()) <= (lastStep.get(key) ?? 0)) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep.set(key, stepAt(new Date()));
  return codeForStep(secret, lastStep.get(key)!);
}

/** Opens the back office at `baseUrl` and signs in with email, password and code. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, code: string) {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The demo admin signed in with a fresh code, on the home page. */
export async function signInDemoAdmin(page: Page, baseUrl: string) {
  await signIn(page, baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password, await freshCode(DEMO_ADMIN.otpSecret, baseUrl));
  await page.getByRole('heading', { name: /Signed in as Demo Admin \(admin\)/ }).waitFor();
}
