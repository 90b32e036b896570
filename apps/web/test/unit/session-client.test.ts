import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSession, SESSION_HINT, setPlayer } from '../../app/lib/session';
import { loadSession } from '../../app/lib/session-client';
import { memoryStorage } from './support/memory-storage';

const PLAYER = { id: 7, email: 'p@example.test', groups: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers `/api/player` with each of `answers` in turn; counts the asks. */
function serverAnswering(...answers: Array<() => Response>) {
  const asked = { count: 0 };
  vi.stubGlobal('window', {
    fetch: vi.fn(async () => {
      const answer = answers[Math.min(asked.count, answers.length - 1)]!;
      asked.count += 1;
      return answer();
    }),
  });
  return asked;
}

describe('loading the signed-in player', () => {
  let local: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    vi.useFakeTimers();
    local = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', memoryStorage());
    setPlayer(null);
    // A browser that signed in before, on a page that has not asked yet.
    local.setItem(SESSION_HINT, '1');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is the player when the server knows the session', async () => {
    serverAnswering(() => json(200, PLAYER));
    await expect(loadSession(true)).resolves.toMatchObject({ id: 7 });
    expect(currentSession().status).toBe('player');
  });

  it('is a guest, and forgets the hint, when the server answers 401', async () => {
    serverAnswering(() => json(401, { error: 'unauthorized' }));
    await expect(loadSession(true)).resolves.toBeNull();
    expect(currentSession().status).toBe('guest');
    expect(local.getItem(SESSION_HINT)).toBeNull();
  });

  it('asks again when a busy server answers 503, and is still the player', async () => {
    const asked = serverAnswering(
      () => json(503, { error: 'unavailable' }),
      () => json(500, { error: 'internal' }),
      () => json(200, PLAYER),
    );
    const loaded = loadSession(true);
    await vi.runAllTimersAsync();
    await expect(loaded).resolves.toMatchObject({ id: 7 });
    expect(asked.count).toBe(3);
    expect(currentSession().status).toBe('player');
  });

  it('shows a guest after the server never answered, and keeps the hint for the next page', async () => {
    const asked = serverAnswering(() => json(500, { error: 'internal' }));
    const loaded = loadSession(true);
    await vi.runAllTimersAsync();
    await expect(loaded).resolves.toBeNull();
    expect(asked.count).toBe(4);
    expect(currentSession().status).toBe('guest');
    expect(local.getItem(SESSION_HINT)).toBe('1');
  });
});
