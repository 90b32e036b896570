/**
 * What the back office's browser tests share: a fresh authenticator code for an operator, and the
 * sign-in page filled and sent.
 */
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '../../../apps/server/src/modules/backoffice';
import { codeForStep, stepAt } from '../../../apps/server/src/modules/identity/totp';

/** A code not used yet: each 30-second code of an operator is accepted once, so their next sign-in waits for the next. */
const lastStep = new Map<string, number>();
export async function freshCode(secret: string): Promise<string> {
  while (stepAt(new Date()) <= (lastStep.get(secret) ?? 0)) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep.set(secret, stepAt(new Date()));
  return codeForStep(secret, lastStep.get(secret)!);
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
  await signIn(page, baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password, await freshCode(DEMO_ADMIN.otpSecret));
  await page.getByRole('heading', { name: /Signed in as Demo Admin \(admin\)/ }).waitFor();
}
