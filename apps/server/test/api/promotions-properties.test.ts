/**
 * The promotions' arithmetic as properties (docs/promotions.md "Ranking", "The draw"): ranking
 * orders by score then by who got there first, prizes go to distinct ranked players, each place
 * at most once and never beyond the table or its budget; the lottery draw gives distinct tickets
 * in range, the same for the same seed, every ticket about equally often; a weighted roll lands
 * on each item in proportion to its weight; quest thresholds grow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawTickets, pickByRoll, QUEST_SIZES, weightedRoll } from '@orbit/contracts';
import { nodeHmac } from '../../src/modules/promotions/lotteries';
import { cubicThresholds, questLevels, questParts, QUEST_THRESHOLDS_EUR } from '../../src/modules/promotions/quests';
import { compareStandings, prizesFor, rank, type Standing } from '../../src/modules/promotions/ranking';
import type { StoredPrize } from '../../src/modules/promotions/schema';

const standing = fc.record({
  userId: fc.integer({ min: 1, max: 10_000 }),
  score: fc.integer({ min: 0, max: 1_000 }),
  reachedAt: fc.option(
    fc.integer({ min: 0, max: 1_000 }).map((s) => new Date(1_750_000_000_000 + s * 1000)),
    {
      nil: null,
    },
  ),
});
const standings = fc.uniqueArray(standing, { selector: (s) => s.userId, maxLength: 40 });
const prize = (place: number, cents: number): StoredPrize => ({
  award_place: place,
  money_award_cents: cents,
  wager_multiplier: 10,
  bonus_template: 'promo-prize',
  freespins_count: 0,
  freespins_template: null,
  chargeable_comp_points: 0,
  persistent_comp_points: 0,
});
const table = fc.array(
  fc.record({ place: fc.integer({ min: 1, max: 15 }), cents: fc.integer({ min: 0, max: 10_000 }) }),
  { maxLength: 20 },
);

describe('ranking and payout', () => {
  it('ranks players with a score, higher first, equal scores by who reached them first', () => {
    fc.assert(
      fc.property(standings, (list) => {
        const ranked = rank(list);
        expect(ranked.map((r) => r.place)).toEqual(ranked.map((_, i) => i + 1));
        expect(ranked).toHaveLength(list.filter((s) => s.score > 0).length);
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(compareStandings(a, b)).toBeLessThan(0);
          expect(a.score).toBeGreaterThanOrEqual(b.score);
          if (a.score === b.score && a.reachedAt && b.reachedAt)
            expect(a.reachedAt.getTime()).toBeLessThanOrEqual(b.reachedAt.getTime());
        }
      }),
    );
  });

  it('does not depend on the order the standings come in', () => {
    fc.assert(
      fc.property(standings, fc.integer(), (list, salt) => {
        const shuffled = [...list].sort((a, b) => ((a.userId * 31 + salt) % 97) - ((b.userId * 31 + salt) % 97));
        expect(rank(shuffled)).toEqual(rank(list));
      }),
    );
  });

  it('pays each place once, to distinct ranked players, never beyond the table or its budget', () => {
    fc.assert(
      fc.property(standings, table, (list, rows) => {
        const prizes = rows.map((r) => prize(r.place, r.cents));
        const ranked = rank(list);
        const paid = prizesFor(ranked, prizes);
        const places = paid.map((p) => p.prize.award_place);
        expect(new Set(places).size).toBe(places.length);
        expect(new Set(paid.map((p) => p.userId)).size).toBe(paid.length);
        expect(paid.length).toBeLessThanOrEqual(Math.min(ranked.length, new Set(rows.map((r) => r.place)).size));
        for (const p of paid) expect(ranked.find((r) => r.place === p.prize.award_place)?.userId).toBe(p.userId);
        // The budget: what the table lists, each place counted once.
        const budget = [...new Set(rows.map((r) => r.place))].reduce(
          (sum, place) => sum + rows.find((r) => r.place === place)!.cents,
          0,
        );
        expect(paid.reduce((sum, p) => sum + p.prize.money_award_cents, 0)).toBeLessThanOrEqual(budget);
      }),
    );
  });

  it('a tie goes to who got there first', () => {
    const early: Standing = { userId: 9, score: 500, reachedAt: new Date('2026-06-15T10:00:00Z') };
    const late: Standing = { userId: 1, score: 500, reachedAt: new Date('2026-06-15T10:00:01Z') };
    expect(rank([late, early]).map((r) => r.userId)).toEqual([9, 1]);
  });
});

describe('the lottery draw', () => {
  it('draws distinct tickets in 1..n, min(places, n) of them, the same for the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 20 }),
        async (seed, id, n, places) => {
          const drawn = await drawTickets(nodeHmac, seed, id, n, places);
          expect(drawn).toHaveLength(Math.min(n, places));
          expect(new Set(drawn).size).toBe(drawn.length);
          for (const ticket of drawn) expect(ticket >= 1 && ticket <= n).toBe(true);
          expect(await drawTickets(nodeHmac, seed, id, n, places)).toEqual(drawn);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('picks every ticket about equally often (chi-square within tolerance)', async () => {
    const n = 10;
    const runs = 5_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < runs; i++) {
      const [first] = await drawTickets(nodeHmac, `seed-${i}`, 1, n, 1);
      counts[first! - 1]!++;
    }
    const expected = runs / n;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: p = 0.001 at 27.88.
    expect(chi).toBeLessThan(27.88);
  });
});

describe('weighted draws (loot boxes and wheels)', () => {
  it('lands on each item in proportion to its weight (chi-square within tolerance)', async () => {
    const weights = [5000, 2000, 1400, 820, 470, 250, 50, 10];
    const total = weights.reduce((a, b) => a + b, 0);
    const runs = 20_000;
    const counts = new Array<number>(weights.length).fill(0);
    for (let i = 0; i < runs; i++)
      counts[pickByRoll(weights, await weightedRoll(nodeHmac, `s${i}`, 'box:1', total))]!++;
    // Items expected fewer than 5 times are pooled with their neighbour (chi-square's rule).
    const pooled: Array<[number, number]> = [];
    let acc: [number, number] = [0, 0];
    weights.forEach((w, i) => {
      acc = [acc[0] + counts[i]!, acc[1] + (runs * w) / total];
      if (acc[1] >= 5 * 4) {
        pooled.push(acc);
        acc = [0, 0];
      }
    });
    if (acc[1] > 0) pooled[pooled.length - 1] = [pooled.at(-1)![0] + acc[0], pooled.at(-1)![1] + acc[1]];
    const chi = pooled.reduce((sum, [seen, exp]) => sum + (seen - exp) ** 2 / exp, 0);
    // At most 7 degrees of freedom: p = 0.001 at 24.32.
    expect(chi).toBeLessThan(24.32);
  });

  it('maps rolls to items by running weight sums', () => {
    expect(pickByRoll([3, 1], 0)).toBe(0);
    expect(pickByRoll([3, 1], 2)).toBe(0);
    expect(pickByRoll([3, 1], 3)).toBe(1);
  });
});

describe('quests', () => {
  it('parses size and slug from the identifier (default m)', () => {
    expect(questParts('quest--xs--stars')).toEqual({ size: 'xs', slug: 'stars' });
    expect(questParts('quest--robot-m--bots')).toEqual({ size: 'robot-m', slug: 'bots' });
    expect(questParts('quest--huge--x').size).toBe('m');
  });

  it('thresholds grow from 0 to the spec end with the spec level counts; levels follow the bets', () => {
    const ends = {
      xs: [6, 15_000],
      s: [15, 1_000_000],
      m: [25, 2_000_000],
      'robot-s': [15, 800_000],
      'robot-m': [25, 2_500_000],
    };
    for (const size of QUEST_SIZES) {
      const list = QUEST_THRESHOLDS_EUR[size];
      expect([list.length, list.at(-1)]).toEqual(ends[size]);
      expect(list[0]).toBe(0);
      for (let i = 1; i < list.length; i++) expect(list[i]!).toBeGreaterThan(list[i - 1]!);
    }
    expect(cubicThresholds(3, 1000)).toEqual([0, 130, 1000]);
    fc.assert(
      fc.property(fc.constantFrom(...QUEST_SIZES), fc.integer({ min: 0, max: 400_000_000 }), (size, cents) => {
        const levels = questLevels(size, cents);
        const completed = levels.filter((l) => l.state === 'completed');
        expect(completed.length).toBeGreaterThanOrEqual(1);
        expect(completed.every((l) => l.min_bets_cents <= cents)).toBe(true);
        expect(levels.filter((l) => l.state === 'active').length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
