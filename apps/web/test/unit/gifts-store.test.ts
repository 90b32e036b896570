import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearGifts, currentGifts, loadGifts, noteHeard, putBonus } from '../../app/features/gifts/gifts-store';

/** The page's fetch answering by path: a JSON body, or a status without one. */
function serve(answers: Record<string, unknown | number>) {
  const fetch = vi.fn(async (input: string) => {
    const answer = answers[input];
    if (typeof answer === 'number') return new Response('', { status: answer });
    return new Response(JSON.stringify(answer ?? null), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('window', { fetch, dispatchEvent: () => true });
  return fetch;
}

const bonus = { id: 3, title: 'Welcome', stage: 'issued', currency: 'EUR' };

describe('gifts store', () => {
  afterEach(() => {
    clearGifts();
    vi.unstubAllGlobals();
  });

  it('loads both lists, and a list that fails to load is empty (the other still shows)', async () => {
    serve({ '/api/player/bonuses': [bonus], '/api/player/freespins': 404 });
    await loadGifts();
    expect(currentGifts()).toMatchObject({ status: 'ready', bonuses: [bonus], freespins: [] });
  });

  it('shows nothing when both fail', async () => {
    serve({ '/api/player/bonuses': 500, '/api/player/freespins': 500 });
    await loadGifts();
    expect(currentGifts()).toMatchObject({ status: 'failed', bonuses: [], freespins: [] });
  });

  it('remembers the stage it heard for each gift, from the load and from messages', async () => {
    serve({ '/api/player/bonuses': [bonus], '/api/player/freespins': [] });
    await loadGifts();
    expect(noteHeard('bonus', 3, 'handle_bets')).toBe('issued');
    expect(noteHeard('bonus', 3, 'handle_bets')).toBe('handle_bets');
    expect(noteHeard('bonus', 4, 'issued')).toBeUndefined();
    clearGifts();
    expect(noteHeard('bonus', 3, 'issued')).toBeUndefined();
  });

  it("puts an action's answer in place, and a sign-out empties the store", async () => {
    serve({ '/api/player/bonuses': [bonus], '/api/player/freespins': [] });
    await loadGifts();
    putBonus({ ...bonus, stage: 'handle_bets' } as never);
    expect(currentGifts().bonuses).toEqual([{ ...bonus, stage: 'handle_bets' }]);
    clearGifts();
    expect(currentGifts()).toEqual({ status: 'idle', bonuses: [], freespins: [] });
  });
});
