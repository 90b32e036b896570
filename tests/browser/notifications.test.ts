/**
 * The notification center in real chromium against the real server (docs/rules/page-shell.md
 * "Notifications"): a signed-in player's bell is off while there is nothing; a tournament they
 * ranked in ends (the server's sweep), the counter turns 1 live; the panel says the place and its
 * button leads to the tournament's page; the notification outlives a reload (the browser's
 * IndexedDB and the server's list); dismissing it leaves the bell off; on a phone the bell is there.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, pathOf, poll, registerOnLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('notifications', () => {
  it('tells the player their place live when a tournament ends; the panel leads to it; dismissed, the bell is off', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('bell'));
      const bell = page.getByTestId('notifications-bell');
      await bell.waitFor();
      expect(await bell.getAttribute('aria-expanded')).toBe('false');
      // The welcome gift is issued just after the sign-up; heard live (a slow machine connects
      // first), it is a "New gift" notification. Once it is issued, whatever it brought is dismissed.
      await poll(async () =>
        page.evaluate(
          async () =>
            (
              (await (
                await fetch('/api/player/bonuses', { headers: { 'x-requested-with': 'XMLHttpRequest' } })
              ).json()) as unknown[]
            ).length,
        ),
      ).toBeGreaterThan(0);
      await page.waitForTimeout(500);
      if ((await page.getByTestId('notifications-count').count()) > 0) {
        await bell.click();
        const gifts = page.getByTestId('notifications-panel').getByTestId('notification');
        while ((await gifts.count()) > 0) await gifts.first().getByRole('button', { name: 'Dismiss' }).click();
        await page.keyboard.press('Escape');
      }
      await poll(() => bell.locator('svg').getAttribute('data-icon')).toBe('bell-off');
      expect(await page.getByTestId('notifications-count').count()).toBe(0);

      // A tournament the player ranked in, just ended; the server's sweep finishes it.
      const { id } = (await page.evaluate(async () =>
        (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as { id: number };
      const slug = `bell-race-${Date.now()}`;
      const db = env.server.database.db;
      const inserted = await db.execute<{ id: number }>(sql`
        insert into promo_tournaments (title, frontend_identifier, strategy, currencies, currency, game_categories,
          providers, group_ids, prizes, start_at, end_at, created_at)
        values ('Bell Race', ${`tournament--${slug}`}, 'bet_sum', '{EUR}', 'EUR', '{}', '{}', '{}', '[]'::jsonb,
          now() - interval '1 hour', now() + interval '1 hour', now())
        returning id`);
      const tournamentId = Number(inserted.rows[0]!.id);
      await db.execute(sql`
        insert into promo_tournament_players (tournament_id, user_id, bet_cents, score, reached_at, updated_at)
        values (${tournamentId}, ${id}, 1000, 1000, now(), now())`);
      await db.execute(
        sql`update promo_tournaments set end_at = now() - interval '1 second' where id = ${tournamentId}`,
      );

      await poll(() => page.getByTestId('notifications-count').textContent(), 60_000).toBe('1');
      expect(await bell.locator('svg').getAttribute('data-icon')).toBe('bell');
      expect(await bell.getAttribute('aria-label')).toBe('Notifications: 1');
      await bell.click();
      expect(await bell.getAttribute('aria-expanded')).toBe('true');
      const panel = page.getByTestId('notifications-panel');
      await panel.waitFor();
      const item = panel.getByTestId('notification');
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain('Tournament Bell Race finished — you placed 1');
      // Escape closes the panel and gives the focus back to the bell.
      await page.keyboard.press('Escape');
      await poll(() => panel.isVisible()).toBe(false);
      expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);

      await bell.click();
      await item.getByRole('link', { name: 'To the tournament' }).click();
      await poll(() => pathOf(page)).toBe(`/tournaments/${slug}`);
      await page.getByRole('heading', { name: 'Bell Race', level: 1 }).waitFor();

      // Kept across a reload.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await poll(() => page.getByTestId('notifications-count').textContent(), 30_000).toBe('1');

      await bell.click();
      await item.getByRole('button', { name: 'Dismiss' }).click();
      await poll(() => page.getByTestId('notifications-count').count()).toBe(0);
      await poll(() => bell.locator('svg').getAttribute('data-icon')).toBe('bell-off');
      expect(await panel.textContent()).toContain('No notifications');
      // Gone from the server's list too.
      const listed = (await page.evaluate(async () =>
        (await fetch('/api/player/notifications', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as unknown[];
      expect(listed).toEqual([]);

      // A phone: the bell is in the header and opens its panel on screen.
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url('/'));
      await bell.waitFor();
      const box = await bell.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      await bell.click();
      const panelBox = await panel.boundingBox();
      expect(panelBox!.x).toBeGreaterThanOrEqual(0);
      expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });
});
