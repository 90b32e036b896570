/**
 * The page's realtime connection in real chromium: one WebSocket per page load (a guest's on the
 * lobby, and a signed-in player's, whose token serves the header's wallet that mounts later), to
 * the Centrifugo-protocol gateway; the balance moves live over it; signing out reopens it as a
 * guest's, which hears the public channels and nothing of the player who left.
 */
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../apps/server/src/modules/wallet';
import { systemClock } from '../../apps/server/src/platform/clock';
import { watchPage } from './support/browser';
import { fundPlayer, newEmail, poll, serverAndBrowser, signOut, signUpOverLobby, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** Every WebSocket the page opens, with the frames it received. */
function watchSockets(page: Page) {
  const sockets: Array<{ url: string; received: string[]; closed: boolean }> = [];
  page.on('websocket', (ws: WebSocket) => {
    const entry = { url: ws.url(), received: [] as string[], closed: false };
    sockets.push(entry);
    ws.on('framereceived', (frame) => entry.received.push(String(frame.payload)));
    ws.on('close', () => (entry.closed = true));
  });
  return sockets;
}

/** A while for anything late (islands, the session load, a second socket) to show. */
const quiet = (page: Page) => page.waitForTimeout(1_500);

describe('the realtime connection', () => {
  it('opens one WebSocket per page load, for a guest and for a player, and follows sign-in and sign-out', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const sockets = watchSockets(page);
      await page.goto(url('/'));
      await page.getByTestId('jackpot-level-mini').waitFor();
      await poll(() => sockets.length).toBe(1);
      await quiet(page);
      expect(sockets.map((s) => new URL(s.url).pathname)).toEqual(['/connection/websocket']);

      // Signing in on the page (loaded anew) reopens its socket once, with the player's token.
      sockets.length = 0;
      await signUpOverLobby(page, env.server.baseUrl, newEmail('realtime'));
      await poll(() => page.getByTestId('header-balance').textContent()).toBe('€0.00');
      await quiet(page);
      expect(sockets.map((s) => s.closed)).toEqual([true, false]);

      // A signed-in player's page load: one socket, which the header's wallet (loaded later) shares.
      sockets.length = 0;
      await page.reload();
      await poll(() => page.getByTestId('header-balance').textContent()).toBe('€0.00');
      await page.getByTestId('jackpot-level-mini').waitFor();
      await quiet(page);
      expect(sockets).toHaveLength(1);
      const playerSocket = sockets[0]!;
      const playerId = await fundPlayer(env.server, page, 12_345, 'realtime-live');
      await poll(() => page.getByTestId('header-balance').textContent()).toBe('€123.45');
      expect(sockets).toHaveLength(1);
      expect(playerSocket.received.some((f) => f.includes('"amount_cents":12345'))).toBe(true);

      // Sign-out: the player's socket closes; the lobby's public channels go on over a guest's.
      await signOut(page);
      await poll(() => playerSocket.closed).toBe(true);
      await poll(() => sockets.filter((s) => !s.closed).length).toBe(1);
      const guestSocket = sockets.find((s) => !s.closed)!;
      // Money moves for the player who left: the page hears nothing of it.
      await new Ledger(systemClock).transfer(env.server.database.db, {
        idempotencyKey: `realtime-after-${playerId}`,
        kind: 'deposit',
        reference: 'payment:realtime-after',
        currency: 'EUR',
        amount: 100,
        from: { house: 'psp_clearing' },
        to: { player: playerId, kind: 'real' },
      });
      await quiet(page);
      expect(guestSocket.received.some((f) => f.includes('amount_cents'))).toBe(false);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  });
});
