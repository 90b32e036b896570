/**
 * Rocket Crash's note line follows the player's own bet (client/src/games/rocket-crash-note.ts):
 * on the pad it says the bet is on, in the air that it flies and how to take the win, never
 * "Place your bet" once a bet is placed.
 */
import { describe, expect, it } from 'vitest';
import { crashNote } from '../../client/src/games/rocket-crash-note';

describe("Rocket Crash's note", () => {
  it('tells the player where their bet is, never inviting a bet they already placed', () => {
    const bet = { cashed_at: null };
    expect(crashNote({ phase: 'betting', mine: null, waiting: false })).toBe('Place your bet');
    expect(crashNote({ phase: 'betting', mine: bet, waiting: false })).toBe('Your bet is on');
    expect(crashNote({ phase: 'betting', mine: null, waiting: true })).toBe('Your bet goes on the next launch');
    expect(crashNote({ phase: 'flying', mine: bet, waiting: false })).toBe(
      'Your bet is flying: cash out before the crash',
    );
    expect(crashNote({ phase: 'flying', mine: null, waiting: true })).toBe('Your bet goes on the next launch');
    expect(crashNote({ phase: 'flying', mine: null, waiting: false })).toBe('Bets open again after this flight');
    // A cash-out in flight and the crash are told where they happen.
    expect(crashNote({ phase: 'flying', mine: { cashed_at: 150 }, waiting: false })).toBeNull();
    expect(crashNote({ phase: 'crashed', mine: bet, waiting: false })).toBeNull();
    for (const phase of ['betting', 'flying', 'crashed'] as const)
      expect(crashNote({ phase, mine: bet, waiting: false })).not.toBe('Place your bet');
  });
});
