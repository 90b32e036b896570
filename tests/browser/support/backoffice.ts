/**
 * What the back office's browser tests share: a fresh authenticator code for an operator, and the
 * sign-in page filled and sent.
 */
import type { Browser, Page } from 'playwright-core';
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

export type Operator = { email: string; password: string };

/** The admin (signed in on `admin`, a page of the back office) makes an operator of `role` with a first password. */
export async function operatorOfRole(admin: Page, role: string, name: string): Promise<Operator> {
  const email = `${role}-${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${(operators += 1)}@example.com`;
  const password = 'Operator-Pass-2026';
  const status = await admin.evaluate(
    async (body) =>
      (
        await fetch('/api/backoffice/operators', {
          method: 'POST',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { email, name, role, password },
  );
  if (status !== 201) throw new Error(`the operator ${email} was not made: ${status}`);
  return { email, password };
}
let operators = 0;

/**
 * An operator's first sign-in in a context of its own: the two-factor setup page, then the back
 * office's home (`Signed in as … (<role>)`).
 */
export async function operatorPage(
  browser: Browser,
  baseUrl: string,
  who: Operator,
  viewport: { width: number; height: number } = { width: 1920, height: 1080 },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, baseUrl, who.email, who.password, '');
  await page.getByRole('heading', { name: 'Set up two-factor' }).waitFor();
  await page.getByLabel('Code from the app').fill(await freshCode(await page.getByLabel('Secret').inputValue()));
  await page.getByRole('button', { name: 'Turn two-factor on' }).click();
  await page.getByRole('heading', { name: /Signed in as/ }).waitFor();
  return { page, close: () => context.close() };
}

/**
 * Sets a report's period as a quick operator does on a busy machine: From and To changed in one
 * go, before the page draws the first change; then waits for the address to hold them.
 */
export async function fillReportPeriod(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel('To', { exact: true }).waitFor();
  await page.evaluate(
    (values) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const [label, value] of Object.entries(values)) {
        const forId = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.htmlFor;
        const input = document.getElementById(forId ?? '') as HTMLInputElement;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    },
    { From: from, To: to },
  );
  await page
    .waitForFunction(
      ([f, t]) => {
        const query = new URLSearchParams(window.location.hash.split('?')[1] ?? window.location.search);
        // A To equal to the default (today) is not written to the address: the field did not change.
        return query.get('from') === f && (query.get('to') ?? t) === t;
      },
      [from, to],
    )
    .catch((error: unknown) => {
      throw new Error(`the period is not in the address ${page.url()}`, { cause: error });
    });
}

/**
 * Types into a list's filter and waits until the list's address holds it under `source` (the
 * filter's name there: `q` for a search, `slug` …). The list writes its filters to the address
 * after its debounce: a row clicked before that is taken back to the list (the address change
 * comes after the click's), so a journey waits as an operator's eye does.
 */
export async function fillListFilter(page: Page, label: string, source: string, value: string): Promise<void> {
  await page.getByLabel(label).fill(value);
  await page
    .waitForFunction(
      ({ name, text }) => {
        const query = new URLSearchParams(window.location.hash.split('?')[1] ?? window.location.search);
        const filter = JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
        return filter[name] === text;
      },
      { name: source, text: value },
    )
    .catch((error: unknown) => {
      throw new Error(`the filter "${value}" is not in the address ${page.url()}`, { cause: error });
    });
}
