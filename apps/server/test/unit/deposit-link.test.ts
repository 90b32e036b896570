import { describe, expect, it } from 'vitest';
import { depositUrlFor } from '../../src/modules/games/play';

describe("a game's deposit link", () => {
  it("names the game's page, in the player's language, so the cashbox opens over it", () => {
    const en = new URL(depositUrlFor('https://casino.example/deposit', 'orbit/orbit-dice', 'orbit-dice', 'en'));
    expect(en.pathname).toBe('/deposit');
    expect(en.searchParams.get('from')).toBe('/play/orbit/orbit-dice');
    const de = new URL(depositUrlFor('https://casino.example/deposit', 'orbit/orbit-dice', 'orbit-dice', 'de'));
    expect(de.pathname).toBe('/de/deposit');
    expect(de.searchParams.get('from')).toBe('/de/play/orbit/orbit-dice');
    // A guest (demo) or a language that is no locale code: no prefix.
    expect(new URL(depositUrlFor('https://c.example/deposit', 'a/b', 'b')).searchParams.get('from')).toBe('/play/a/b');
    expect(new URL(depositUrlFor('https://c.example/deposit', 'a/b', 'b', '../x')).pathname).toBe('/deposit');
  });
});
