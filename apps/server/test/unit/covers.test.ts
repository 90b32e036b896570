import { describe, expect, it } from 'vitest';
import { coverSvg, escapeXml, motifFor, wrapTitle, type CoverInput } from '../../src/modules/games/covers';
import { GAMES } from '../../src/modules/games/catalogue';

const input: CoverInput = {
  identifier: 'orbit/stellar-sevens',
  title: 'Stellar Sevens',
  providerTitle: 'Orbit Originals',
  motif: 'reels',
};

describe('coverSvg', () => {
  it('is pure: the same game draws the same cover', () => {
    expect(coverSvg(input)).toBe(coverSvg({ ...input }));
    expect(coverSvg(input)).not.toBe(coverSvg({ ...input, identifier: 'orbit/other' }));
  });

  it('references nothing remote and uses a generic font', () => {
    for (const game of GAMES) {
      const svg = coverSvg({
        identifier: `${game.provider}/${game.slug}`,
        title: game.title,
        providerTitle: game.provider,
        motif: motifFor(game.categories, game.slug),
        live: game.categories.includes('live'),
      });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(
        /https?:|<image|@import|href=|url\((?!#)/,
      );
      expect(svg).toMatch(/font-family="system-ui[^"]*sans-serif"/);
      expect(svg).toContain(escapeXml(game.title.split(' ')[0]!));
    }
  });

  it('escapes the title', () => {
    expect(coverSvg({ ...input, title: 'A <b> & "c"' })).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
  });

  it('picks a motif from the categories', () => {
    expect(motifFor(['instant'], 'rocket-crash')).toBe('crash');
    expect(motifFor(['table', 'roulette'], 'european-roulette')).toBe('roulette');
    expect(motifFor(['slots'], 'cosmic-clusters')).toBe('clusters');
    expect(motifFor(['instant'], 'orbit-plinko')).toBe('plinko');
    expect(motifFor(['instant'], 'orbit-keno')).toBe('keno');
    expect(motifFor(['live'], 'blackjack-vip-live')).toBe('cards');
    expect(motifFor(['slots'], 'stellar-sevens')).toBe('reels');
  });

  it('wraps long titles on two lines', () => {
    expect(wrapTitle('Short', 16)).toEqual(['Short']);
    expect(wrapTitle('Live European Roulette', 16)).toEqual(['Live European', 'Roulette']);
  });
});
