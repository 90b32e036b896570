import { describe, expect, it } from 'vitest';
import { fairParams, studioFairSrc } from '../../app/features/fair/fair-query';

describe('/fair → the studio verifier', () => {
  it('passes the round on in a fixed order', () => {
    const search = '?bet=%7B%22stake%22%3A100%7D&nonce=7&client_seed=abc&server_seed_hash=ff00&game=orbit-dice';
    expect(studioFairSrc(search)).toBe(
      '/studio/fair?game=orbit-dice&server_seed_hash=ff00&client_seed=abc&nonce=7&bet=%7B%22stake%22%3A100%7D',
    );
  });

  it('drops unknown, empty and oversized parameters', () => {
    const params = fairParams(
      new URLSearchParams({ game: 'x', nonce: '', utm_source: 'mail', bet: 'x'.repeat(5000), server_seed: 'abc' }),
    );
    expect([...params.keys()]).toEqual(['game', 'server_seed']);
  });

  it('opens the bare verifier without a round', () => {
    expect(studioFairSrc('')).toBe('/studio/fair');
    expect(studioFairSrc('?foo=bar', 'https://games.example/fair')).toBe('https://games.example/fair');
  });
});
