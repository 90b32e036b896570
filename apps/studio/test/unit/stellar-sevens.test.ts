import { describe, expect, it } from 'vitest';
import {
  branchingMoments,
  makeStellar,
  stellarSevens,
  type StellarConfig,
  type StellarSpin,
} from '../../src/games/stellar-sevens/math';
import {
  enumerate,
  expectExactRtpInBand,
  expectJsonOutcome,
  measuredRtpTest,
  Scripted,
  stakeBetTests,
} from './support/games';

const cfg = stellarSevens.config;
const ROWS = cfg.rows;
const window = (reel: number, t: number): string[] => {
  const strip = cfg.strips[reel]!;
  return Array.from({ length: ROWS }, (_, j) => strip[(t + j) % strip.length]!);
};
const stopsWhere = (reel: number, pred: (w: string[]) => boolean): number[] =>
  Array.from({ length: cfg.strips[reel]!.length }, (_, t) => t).filter((t) => pred(window(reel, t)));
const firstStop = (reel: number, pred: (w: string[]) => boolean): number => {
  const t = stopsWhere(reel, pred)[0];
  if (t === undefined) throw new Error(`no stop on reel ${reel + 1} fits`);
  return t;
};
const W = cfg.wild.code;
const G = cfg.scatter.code;
const nameOf = (code: string) =>
  code === W ? cfg.wild.name : code === G ? cfg.scatter.name : cfg.symbols.find((s) => s.code === code)!.name;
const payOf = (code: string, n: number) => cfg.symbols.find((s) => s.code === code)!.pays[n]!;

/** Stops of a spin that pays nothing and shows no Galaxy. */
function deadStops(): number[] {
  for (const t0 of stopsWhere(0, (w) => !w.includes(G))) {
    const first = window(0, t0);
    const t1 = stopsWhere(1, (w) => !w.includes(W) && !w.includes(G) && !w.some((c) => first.includes(c)))[0];
    if (t1 === undefined) continue;
    const rest = [2, 3, 4].map((r) => firstStop(r, (w) => !w.includes(G)));
    return [t0, t1, ...rest];
  }
  throw new Error('no dead spin');
}

const STAKE = 200; // line bet 10

describe('Stellar Sevens outcomes from scripted draws', () => {
  it('pays 3 Sevens on line 1 at 50 × the line bet, and nothing else', () => {
    const t0 = firstStop(0, (w) => w[1] === '7' && w[0] !== '7' && w[2] !== '7' && !w.includes(G));
    const [x, , y] = window(0, t0);
    const only7inMiddle = (w: string[]) =>
      w[1] === '7' && w[0] !== '7' && w[2] !== '7' && !w.includes(W) && !w.includes(G);
    const t1 = firstStop(1, (w) => only7inMiddle(w) && !w.includes(x!) && !w.includes(y!));
    const t2 = firstStop(2, only7inMiddle);
    const t3 = firstStop(3, (w) => !w.includes('7') && !w.includes(W) && !w.includes(G));
    const draws = new Scripted([t0, t1, t2, t3, 0]);
    const { outcome, win } = stellarSevens.play(draws, stellarSevens.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(outcome.lineBet).toBe(10);
    expect(outcome.base.stops).toEqual([t0, t1, t2, t3, 0]);
    expect(outcome.base.lines).toEqual([{ line: 1, symbol: 'Seven', count: 3, win: 500 }]);
    expect(outcome.base.expanded).toEqual([]);
    expect(outcome.freeSpins).toEqual([]);
    expect(win).toBe(500);
    expect(outcome.win).toBe(500);
  });

  it('expands a Star over its whole reel: Stars on reels 2–4 make every line pay 4 of a kind', () => {
    const withStar = (r: number) => firstStop(r, (w) => w.includes(W) && !w.includes(G));
    for (const t0 of stopsWhere(0, (w) => !w.includes(G) && new Set(w).size === 3)) {
      const first = window(0, t0);
      const t4 = stopsWhere(4, (w) => !w.includes(G) && !w.some((c) => first.includes(c)))[0];
      if (t4 === undefined) continue;
      const stops = [t0, withStar(1), withStar(2), withStar(3), t4];
      const draws = new Scripted(stops);
      const { outcome, win } = stellarSevens.play(draws, { stake: STAKE });
      expect(outcome.base.expanded).toEqual([1, 2, 3]);
      // The landed symbols are kept as they landed (one Star or more on each expanded reel).
      for (const r of [1, 2, 3]) {
        expect(outcome.base.reels[r]).toEqual(window(r, stops[r]!).map(nameOf));
        expect(outcome.base.reels[r]).toContain('Star');
      }
      // Lines starting on the top / middle / bottom row of reel 1: 7 / 7 / 6 of the 20 lines.
      const expected = (7 * payOf(first[0]!, 4) + 7 * payOf(first[1]!, 4) + 6 * payOf(first[2]!, 4)) * 10;
      expect(outcome.base.lines).toHaveLength(20);
      expect(outcome.base.lines.every((l) => l.count === 4)).toBe(true);
      expect(win).toBe(expected);
      return;
    }
    throw new Error('no suitable stops');
  });

  it('pays nothing on a dead spin', () => {
    const draws = new Scripted(deadStops());
    const { outcome, win } = stellarSevens.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(win).toBe(0);
    expect(outcome.base.lines).toEqual([]);
    expect(outcome.base.scatterWin).toBe(0);
    expect(outcome.freeSpins).toEqual([]);
  });

  const scatterStops = (n: number) =>
    [0, 1, 2, 3, 4].map((r) => firstStop(r, (w) => w.includes(G) === r < n && !w.includes(W)));

  it('starts 10 free spins on 3 Galaxies, pays 2 × stake, and plays them all in the round', () => {
    const dead = deadStops();
    const draws = new Scripted([...scatterStops(3), ...Array.from({ length: 10 }, () => dead).flat()]);
    const { outcome, win } = stellarSevens.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.base.scatters).toBe(3);
    expect(outcome.base.scatterWin).toBe(2 * STAKE);
    expect(outcome.base.freeSpinsAwarded).toBe(10);
    expect(outcome.freeSpins).toHaveLength(10);
    expect(outcome.freeSpins.every((s) => s.win === 0 && s.multiplier === 2)).toBe(true);
    const lineSum = outcome.base.lines.reduce((a, l) => a + l.win, 0);
    expect(outcome.base.win).toBe(lineSum + 2 * STAKE);
    expect(win).toBe(outcome.base.win);
  });

  it('awards 15 and 20 free spins for 4 and 5 Galaxies, with 10 and 50 × stake', () => {
    const dead = deadStops();
    for (const [n, spins, pay] of [
      [4, 15, 10],
      [5, 20, 50],
    ] as const) {
      const draws = new Scripted([...scatterStops(n), ...Array.from({ length: spins }, () => dead).flat()]);
      const { outcome } = stellarSevens.play(draws, { stake: STAKE });
      expect(draws.done).toBe(true);
      expect(outcome.base.scatters).toBe(n);
      expect(outcome.base.scatterWin).toBe(pay * STAKE);
      expect(outcome.freeSpins).toHaveLength(spins);
    }
  });

  it('retriggers: 3 Galaxies in a free spin add 10 more, its wins doubled', () => {
    const dead = deadStops();
    const draws = new Scripted([
      ...scatterStops(3),
      ...scatterStops(3),
      ...Array.from({ length: 19 }, () => dead).flat(),
    ]);
    const { outcome, win } = stellarSevens.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.freeSpins).toHaveLength(20);
    const retrigger = outcome.freeSpins[0]!;
    expect(retrigger.freeSpinsAwarded).toBe(10);
    expect(retrigger.scatterWin).toBe(2 * 2 * STAKE);
    // The same reels as the paid spin, so the same line wins, doubled.
    expect(retrigger.lines).toEqual(outcome.base.lines.map((l) => ({ ...l, win: 2 * l.win })));
    expect(retrigger.win).toBe(2 * outcome.base.win);
    expect(win).toBe(3 * outcome.base.win);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(stellarSevens, 1));
});

describe('Stellar Sevens mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(stellarSevens));

  it('composes free spins as a branching process (geometric check: one spin, retrigger one with p)', () => {
    const p = 0.3;
    // Each free spin wins 1 and retriggers one spin with probability p: a geometric number of spins.
    const free = { ex: 1, ex2: 1, ek: p, exk: p, ek2: p };
    const base = { ex: 0, ex2: 0, ek: 1, exk: 0, ek2: 1 };
    const { mean, second } = branchingMoments(base, free);
    expect(mean).toBeCloseTo(1 / (1 - p), 12);
    expect(second).toBeCloseTo((1 + p) / (1 - p) ** 2, 12);
  });

  // A reduced game small enough to enumerate: 3 reels, 3 lines, 4–5 stops a reel.
  const reduced = (retrigger: number[]): StellarConfig => ({
    slug: 'reduced',
    title: 'Reduced',
    rows: 3,
    symbols: [
      { code: 'A', name: 'A', pays: [0, 0, 2, 7] },
      { code: 'B', name: 'B', pays: [0, 0, 1, 3] },
    ],
    wild: { code: 'W', name: 'W' },
    scatter: { code: 'G', name: 'G', pays: [0, 0, 1, 4], freeSpins: [0, 0, 1, 2], retrigger },
    freeSpinMultiplier: 3,
    lines: [
      [1, 1, 1],
      [0, 0, 0],
      [2, 1, 0],
    ],
    strips: ['ABAGB', 'BWAGB', 'AGBWA'],
  });

  it('matches a brute-force enumeration of one spin (line, scatter and award moments)', () => {
    const game = makeStellar(reduced([0, 0, 1, 1]), 0);
    const { base, free } = game.spinMoments();
    for (const [isFree, m] of [
      [false, base],
      [true, free],
    ] as const) {
      const acc = { ex: 0, ex2: 0, ek: 0, exk: 0, ek2: 0 };
      let total = 0;
      const lengths = game.config.strips.map((s) => s.length);
      for (let a = 0; a < lengths[0]!; a++)
        for (let b = 0; b < lengths[1]!; b++)
          for (let c = 0; c < lengths[2]!; c++) {
            const s: StellarSpin = game.spin(new Scripted([a, b, c]), 1, isFree);
            const x = s.win;
            const k = s.freeSpinsAwarded;
            acc.ex += x;
            acc.ex2 += x * x;
            acc.ek += k;
            acc.exk += x * k;
            acc.ek2 += k * k;
            total++;
          }
      for (const key of Object.keys(acc) as (keyof typeof acc)[]) expect(m[key]).toBeCloseTo(acc[key] / total, 10);
    }
  });

  it('matches a brute-force enumeration of whole rounds (free spins included, no retrigger)', () => {
    const game = makeStellar(reduced([0, 0, 0, 0]), 0);
    const stake = game.config.lines.length;
    const exact = enumerate((d) => game.play(d, { stake }).win / stake);
    expect(exact.paths).toBeGreaterThan(1000);
    expect(game.theoreticalRtp()).toBeCloseTo(exact.mean, 10);
    expect(game.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 9);
  });

  measuredRtpTest(stellarSevens);
});

describe('Stellar Sevens bets', () => stakeBetTests(stellarSevens, 20));
