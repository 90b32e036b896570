/** Debian's chromium driven by playwright-core (no browser download on these machines). */
import { chromium, type Browser, type ConsoleMessage, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium 15x's headless mode is the whole browser without a screen: each window it opens (a
 * context's first page) also loads the address bar's suggestion popups as web pages of their own
 * (`chrome://omnibox-popup.top-chrome/`), a renderer that nobody sees and that cost about as much CPU
 * as the casino's page itself. Switched off here. A second `--disable-features` replaces
 * playwright's own list rather than adding to it, so its list (playwright-core 1.64.1) is repeated.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * Contexts are opened without the casino's service worker unless a test asks for it
 * (`serviceWorkers: 'allow'`: the installable and push journeys). Each journey's context is a new
 * profile, so the worker installed in every one and filled its asset cache through its own thread
 * on the following pages; a player's browser pays that once per deploy, a journey paid it every
 * time (docs/testing.md "The service worker only where it is tested").
 */
function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
  return withoutServiceWorkers(browser);
}

let shared: Promise<Browser> | undefined;

/**
 * One chromium for the files a test worker runs one after another (the browser project imports
 * modules once per worker): starting and closing one per file cost about 2 s each. Files share
 * nothing through it but the process: each journey has a context of its own (its own cookies,
 * storage and service workers), and a file's contexts are closed after its tests
 * (`serverAndBrowser`). Playwright ends the browser when the worker exits; one that crashed is
 * started again for the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/** Closes the contexts a test file opened in the shared browser (after its tests). */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
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
