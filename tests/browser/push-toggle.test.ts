/**
 * "Notifications on this device" in real chromium against the real server (docs/rules/page-shell.md
 * "Notifications"). Headless chromium has no push service to subscribe with, so the browser's push
 * manager is stood in for (an init script): the test checks the page's side, that the toggle shows
 * for a signed-in player, asks the permission, hands the subscription to the server (stored for
 * that player) and takes it back when turned off; and that a browser refusing notifications shows
 * blocked, the switch disabled.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newEmail, poll, registerOnLobby, serverAndBrowser, signOut, withWorkerPage } from './support/journeys';

const env = serverAndBrowser();

/** Replaces the push manager with one that "subscribes" to a fixed https endpoint (no push service headless). */
function fakePushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  return `(() => {
    const json = ${JSON.stringify(subscription)};
    let held = null;
    const make = (key) => ({
      endpoint: json.endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => { held = null; return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
      const key = options.applicationServerKey;
      held = make(key instanceof Uint8Array ? key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) : key);
      window.__pushSubscribed = held.options.applicationServerKey.byteLength;
      return held;
    };
    PushManager.prototype.getSubscription = async function () { return held; };
  })();`;
}

async function devicesOf(email: string): Promise<string[]> {
  const rows = await env.server.database.db.execute<{ endpoint: string }>(sql`
    select s.endpoint from push_subscriptions s join users u on u.id = s.player_id where u.email = ${email}`);
  return rows.rows.map((r) => r.endpoint);
}

describe('notifications on this device', () => {
  it('turns on (the subscription stored for the player) and off (removed)', async () => {
    await withWorkerPage(env.browser, async (page, context) => {
      const endpoint = `https://push.example.net/send/${randomBytes(8).toString('hex')}`;
      const keys = {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
      await context.addInitScript(fakePushManager({ endpoint, keys }));
      await context.grantPermissions(['notifications'], { origin: env.server.baseUrl });
      const email = newEmail('push');
      await registerOnLobby(page, env.server.baseUrl, email);
      // The service worker is registered once the page has loaded.
      await poll(() =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.active)),
      );

      await page.getByTestId('notifications-bell').click();
      const toggle = page.getByTestId('push-toggle');
      await poll(() => toggle.getAttribute('data-state')).toBe('off');
      expect(await page.getByTestId('push-toggle-state').textContent()).toBe('Off');
      await page.getByTestId('push-toggle-input').click();
      await poll(() => toggle.getAttribute('data-state')).toBe('on');
      expect(await page.getByTestId('push-toggle-state').textContent()).toBe('On');
      // Subscribed with the server's 65-byte key, and the server holds the device for this player.
      expect(await page.evaluate(() => (window as unknown as { __pushSubscribed: number }).__pushSubscribed)).toBe(65);
      expect(await devicesOf(email)).toEqual([endpoint]);

      await page.getByTestId('push-toggle-input').click();
      await poll(() => toggle.getAttribute('data-state')).toBe('off');
      await poll(() => devicesOf(email)).toEqual([]);

      // On again, then signing out forgets the device: a shared browser shows no one's news after them.
      await page.getByTestId('push-toggle-input').click();
      await poll(() => devicesOf(email)).toEqual([endpoint]);
      await page.keyboard.press('Escape');
      await signOut(page);
      await poll(() => devicesOf(email)).toEqual([]);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBe(
        null,
      );
    });
  });

  it('shows blocked, the switch disabled, when the browser refuses notifications', async () => {
    await withWorkerPage(env.browser, async (page, context) => {
      await context.addInitScript(`Object.defineProperty(Notification, 'permission', { get: () => 'denied' });`);
      await registerOnLobby(page, env.server.baseUrl, newEmail('push-blocked'));
      await poll(() =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.active)),
      );
      await page.getByTestId('notifications-bell').click();
      const toggle = page.getByTestId('push-toggle');
      await poll(() => toggle.getAttribute('data-state')).toBe('blocked');
      expect(await page.getByTestId('push-toggle-input').isDisabled()).toBe(true);
      expect(await toggle.textContent()).toContain('blocked for this site');
    });
  });
});
