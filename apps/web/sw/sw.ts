/**
 * The service worker at `/sw.js` (docs/rules/page-shell.md "Install as an app"), bundled by
 * `scripts/build-sw.ts` after the web build, which injects the precache list (`self.__WB_MANIFEST`).
 * Route rules: `rules.ts`. At run time it keeps only the build's hashed files, as pages load them.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isShellAsset, offlinePageApplies, offlinePageFor, readPushMessage, SHELL_ASSETS_KEPT } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** The site's locales, set by the build (`define`). */
declare const __ORBIT_LOCALES__: string[];

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Icons, the manifest and the offline pages.
precacheAndRoute(self.__WB_MANIFEST);
// The build's hashed scripts, styles and fonts, as pages load them: a name never changes content.
registerRoute(
  ({ request }) => isShellAsset(request, self.location.origin),
  new CacheFirst({
    cacheName: 'orbit-assets',
    plugins: [new ExpirationPlugin({ maxEntries: SHELL_ASSETS_KEPT, purgeOnQuotaError: true })],
  }),
);

// Navigations: always the network (a page is never kept: it may carry a session, money); the
// offline page when the network fails, never for the addresses that must reach the server.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!offlinePageApplies(request, self.location.origin)) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const page = await matchPrecache(offlinePageFor(new URL(request.url), __ORBIT_LOCALES__));
      return page ?? Response.error();
    }),
  );
});

// A push from the casino (a notification of the bell): shown, and its address opened on a click.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const message = readPushMessage(data, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = readPushMessage(
    { url: (event.notification.data as { url?: unknown } | null)?.url },
    self.location.origin,
  ).url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});
