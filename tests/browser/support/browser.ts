/** Debian's chromium driven by playwright-core (no browser download on these machines). */
import { chromium, type Browser, type ConsoleMessage, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Collects console errors, page errors and requests that leave the machine. */
export function watchPage(page: Page) {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('request', (request: Request) => {
    const host = new URL(request.url()).hostname;
    if (request.url().startsWith('data:')) return;
    if (!['127.0.0.1', 'localhost'].includes(host) && !host.endsWith('.localhost')) foreignRequests.push(request.url());
  });
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { consoleErrors, pageErrors, foreignRequests, failedRequests };
}
