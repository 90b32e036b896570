/** Loading the player and signing out (loaded on demand; the store is in `session.ts`). */
import type { Player } from '@orbit/contracts';
import { ApiError, BROWSER_TIMEOUT_MS, browserApi, createApiClient } from './api';
import { forgetPushDevice } from './push-device';
import { currentSession, SESSION_HINT, setPlayer, signOutDone, signOutStarted } from './session';

// Promo-code links ride along: the shell loads this module on every page anyway (one request,
// and no file name of its own in the page's first JavaScript). Their follow-up (the player's
// header, the gifts page) takes them from here too, for the same reason.
export { applyPromoCodes, clearPromoCodes, promoCodeStep, storedPromoCodes } from './promo-codes';

let loading: Promise<Player | null> | undefined;

/**
 * Waits between asks for the player when the server gave no answer about the session (a 5xx, a
 * 408 or 429, no connection): a busy moment must not sign a player out of the page.
 */
const SESSION_RETRY_DELAYS_MS = [1_000, 3_000, 6_000];

/** Whether an error answers "no session here" (401 and the other refusals), not "ask later". */
function saysGuest(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

async function askForPlayer(): Promise<Player | null> {
  const client = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    timeoutMs: BROWSER_TIMEOUT_MS,
    retries: 2,
  });
  for (let n = 0; ; n++) {
    try {
      const player = await client.get<Player>('/api/player');
      setPlayer(player);
      return player;
    } catch (error) {
      if (saysGuest(error)) {
        setPlayer(null);
        return null;
      }
      const delay = SESSION_RETRY_DELAYS_MS[n];
      if (delay === undefined) {
        setPlayer(null, { keepHint: true });
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The player, loaded once per page when the hint says this browser signed in (`force`: ask
 * again). A 401 here means "guest", not an auth error (no `orbit:auth-error`); a server that
 * cannot answer is asked again a few times, and the hint stays for the next page.
 */
export function loadSession(force = false): Promise<Player | null> {
  const now = currentSession();
  if (!force && now.status !== 'unknown') return Promise.resolve(now.player);
  let hinted = false;
  try {
    hinted = localStorage.getItem(SESSION_HINT) === '1';
  } catch {
    hinted = false;
  }
  if (!hinted && !force) {
    setPlayer(null);
    return Promise.resolve(null);
  }
  loading ??= askForPlayer().finally(() => (loading = undefined));
  return loading;
}

/** Reloads a signed-in player (after a change such as a confirmed address); guests stay guests. */
export function refreshPlayer(): Promise<Player | null> {
  return currentSession().status === 'player' ? loadSession(true) : Promise.resolve(null);
}

/** Ends the session on the server (idempotent there) and returns the page to the guest state. */
export async function signOut() {
  signOutStarted();
  try {
    // Pushes stop on this device first: that call still needs the session (a shared device).
    await forgetPushDevice().catch(() => undefined);
    await browserApi().delete('/api/users/sign_out');
  } finally {
    signOutDone();
    setPlayer(null);
  }
}
