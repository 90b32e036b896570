import { describe, expect, it } from 'vitest';
import {
  isNeverCached,
  isPrecachedFile,
  isShellAsset,
  mayServeFromPrecache,
  offlinePageApplies,
  offlinePageFor,
  readPushMessage,
  safeOpenUrl,
} from '../../sw/rules';
import {
  asksForInstall,
  INSTALL_DISMISS_MS,
  installNoticeAllowed,
  registersServiceWorker,
} from '../../app/features/pwa/rules';

const origin = 'https://casino.example';
const at = (path: string) => new URL(path, origin);
const navigation = (path: string, extra: Partial<{ method: string; mode: string; destination: string }> = {}) => ({
  method: 'GET',
  mode: 'navigate',
  destination: 'document',
  url: `${origin}${path}`,
  ...extra,
});

describe("the service worker's route rules", () => {
  it('never answers the API, the realtime connection, the back office, restore ids, the game frames or money pages from its cache', () => {
    for (const path of [
      '/api/player',
      '/api',
      '/API/player',
      '/%61pi/player',
      '/connection/websocket',
      '/backoffice',
      '/backoffice/assets/index.js',
      '/restore-id/abc',
      '/studio/games/stellar-sevens/',
      '/sandbox-psp/pay',
      '/cashbox/return',
    ]) {
      expect(isNeverCached(at(path), origin), path).toBe(true);
      expect(mayServeFromPrecache({ method: 'GET', url: `${origin}${path}` }, origin), path).toBe(false);
      expect(offlinePageApplies(navigation(path), origin), path).toBe(false);
    }
    // Another host's address is never the worker's.
    expect(isNeverCached(new URL('https://elsewhere.example/assets/a.js'), origin)).toBe(true);
  });

  it("answers the site's pages with the offline page only for a top-level GET navigation", () => {
    expect(offlinePageApplies(navigation('/'), origin)).toBe(true);
    expect(offlinePageApplies(navigation('/pokies/all?page=2'), origin)).toBe(true);
    expect(offlinePageApplies(navigation('/apis-of-the-world'), origin)).toBe(true);
    expect(offlinePageApplies(navigation('/', { method: 'POST' }), origin)).toBe(false);
    expect(offlinePageApplies(navigation('/', { mode: 'cors' }), origin)).toBe(false);
    // A frame's page (a game, a sibling's frame) loads as it would without the worker.
    expect(offlinePageApplies(navigation('/', { destination: 'iframe' }), origin)).toBe(false);
    expect(mayServeFromPrecache({ method: 'POST', url: `${origin}/assets/a.js` }, origin)).toBe(false);
    expect(mayServeFromPrecache({ method: 'GET', url: `${origin}/assets/a.js` }, origin)).toBe(true);
  });

  it('precaches the offline pages, icons and the manifest, and nothing else of the build', () => {
    for (const file of ['icons/icon-192.png', 'manifest.webmanifest', 'offline.html', 'offline.de.html'])
      expect(isPrecachedFile(file), file).toBe(true);
    for (const file of [
      // The hashed build files are kept as the page loads them, not all at install.
      'assets/root-AbC123.js',
      'assets/root-AbC123.css',
      'assets/inter.woff2',
      'sw.js',
      'assets/root.js.map',
      'api/x.js',
      'backoffice/index.html',
      'studio/game.js',
      'notes.txt',
    ])
      expect(isPrecachedFile(file), file).toBe(false);
  });

  it("keeps the build's hashed files as pages load them, and nothing else", () => {
    expect(isShellAsset({ method: 'GET', url: `${origin}/assets/root-AbC123.js` }, origin)).toBe(true);
    expect(isShellAsset({ method: 'GET', url: `${origin}/assets/inter.woff2` }, origin)).toBe(true);
    expect(isShellAsset({ method: 'POST', url: `${origin}/assets/root-AbC123.js` }, origin)).toBe(false);
    expect(isShellAsset({ method: 'GET', url: `${origin}/assets/root-AbC123.js?v=2` }, origin)).toBe(false);
    expect(isShellAsset({ method: 'GET', url: 'https://elsewhere.example/assets/a.js' }, origin)).toBe(false);
    for (const path of ['/api/assets/x.js', '/backoffice/assets/index.js', '/studio/assets/a.js', '/', '/assetsx/a.js'])
      expect(isShellAsset({ method: 'GET', url: `${origin}${path}` }, origin), path).toBe(false);
  });

  it("picks the offline page of the address's locale", () => {
    const locales = ['en', 'de', 'fr-CA'];
    expect(offlinePageFor(at('/'), locales)).toBe('/offline.html');
    expect(offlinePageFor(at('/pokies/all'), locales)).toBe('/offline.html');
    expect(offlinePageFor(at('/de/pokies/all'), locales)).toBe('/offline.de.html');
    expect(offlinePageFor(at('/fr-ca'), locales)).toBe('/offline.fr-CA.html');
    expect(offlinePageFor(at('/en/x'), locales)).toBe('/offline.html');
  });

  it("reads a push message and opens only the site's own addresses", () => {
    expect(readPushMessage({ title: 'Won', body: 'You won', url: '/profile/gifts' }, origin)).toEqual({
      title: 'Won',
      body: 'You won',
      url: `${origin}/profile/gifts`,
    });
    expect(readPushMessage('nonsense', origin)).toEqual({ title: 'Orbit', body: '', url: `${origin}/` });
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 42])
      expect(safeOpenUrl(url, origin)).toBe(`${origin}/`);
  });
});

describe('the install notice', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  const base = { standalone: false, framed: false, dismissedAt: null, now };
  it('shows unless installed, framed or dismissed within 30 days', () => {
    expect(installNoticeAllowed(base)).toBe(true);
    expect(installNoticeAllowed({ ...base, standalone: true })).toBe(false);
    expect(installNoticeAllowed({ ...base, framed: true })).toBe(false);
    expect(installNoticeAllowed({ ...base, dismissedAt: String(now - INSTALL_DISMISS_MS + 1000) })).toBe(false);
    expect(installNoticeAllowed({ ...base, dismissedAt: String(now - INSTALL_DISMISS_MS - 1000) })).toBe(true);
    expect(installNoticeAllowed({ ...base, dismissedAt: 'garbage' })).toBe(true);
    expect(INSTALL_DISMISS_MS).toBe(30 * 24 * 3600 * 1000);
  });
  it('opens the instructions for ?pwa=install; the worker is not registered in frames or the back office', () => {
    expect(asksForInstall('?pwa=install')).toBe(true);
    expect(asksForInstall('?pwa=other')).toBe(false);
    expect(registersServiceWorker('/', false)).toBe(true);
    expect(registersServiceWorker('/', true)).toBe(false);
    expect(registersServiceWorker('/backoffice/players', false)).toBe(false);
  });
});
