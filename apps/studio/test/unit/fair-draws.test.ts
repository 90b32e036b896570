import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitment, RoundDraws, uniformInt } from '../../src/fair/draws';

describe('provably fair draws', () => {
  it('commits to the server seed with its sha256', () => {
    expect(commitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reads the published byte stream: HMAC-SHA256(server seed, "client:nonce:cursor"), big-endian words', () => {
    const draws = new RoundDraws('server-seed', 'client-seed', 7);
    const block0 = createHmac('sha256', 'server-seed').update('client-seed:7:0').digest();
    const block1 = createHmac('sha256', 'server-seed').update('client-seed:7:1').digest();
    const words = Array.from({ length: 9 }, () => draws.uint32());
    expect(words.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)));
    expect(words[8]).toBe(block1.readUInt32BE(0));
    expect(draws.words).toBe(9);
  });

  it('gives the same draws for the same seeds and nonce, others for another nonce or client seed', () => {
    const seq = (client: string, nonce: number) => {
      const d = new RoundDraws('s', client, nonce);
      return Array.from({ length: 20 }, () => d.int(37));
    };
    expect(seq('c', 1)).toEqual(seq('c', 1));
    expect(seq('c', 2)).not.toEqual(seq('c', 1));
    expect(seq('d', 1)).not.toEqual(seq('c', 1));
  });

  it('draws again instead of folding the top of the range (no modulo bias)', () => {
    // n = 2^31 + 1: every word at or above 2^31 + 1 would fold onto small numbers; those are redrawn.
    const n = 2 ** 31 + 1;
    const draws = new RoundDraws('bias', 'check', 0);
    let redrawn = 0;
    for (let i = 0; i < 2_000; i++) {
      const before = draws.words;
      const x = draws.int(n);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(n);
      redrawn += draws.words - before - 1;
    }
    // About half of all words lie above the limit: they must have been drawn again.
    expect(redrawn).toBeGreaterThan(1_500);
    expect(redrawn).toBeLessThan(2_500);
  });

  it('redraws exactly the words at or above the largest multiple of n below 2^32', () => {
    for (const n of [1, 2, 3, 37, 52, 1_000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 5, 2 ** 32 - 1, 2 ** 32, 987_654_321]) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      // The last accepted word is kept; the first refused one is drawn again (then 0 is taken).
      expect(uniformInt(n, () => limit - 1)).toBe((limit - 1) % n);
      const words = [limit, 0];
      if (limit < 2 ** 32) expect(uniformInt(n, () => words.shift()!)).toBe(0);
      if (limit < 2 ** 32) expect(words).toEqual([]);
    }
  });

  it('is uniform over a die (chi-square over 60,000 rolls, 5 degrees of freedom, p > 0.001)', () => {
    const draws = new RoundDraws('uniform', 'die', 3);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[draws.int(6)]!++;
    const chi2 = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(20.52);
  });

  it('refuses ranges it cannot draw from, and a bad nonce', () => {
    const draws = new RoundDraws('s', 'c', 0);
    for (const n of [0, -1, 1.5, 2 ** 32 + 1]) expect(() => draws.int(n)).toThrow(RangeError);
    expect(() => new RoundDraws('s', 'c', -1)).toThrow(RangeError);
    expect(draws.int(1)).toBe(0);
  });
});
