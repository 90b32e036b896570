/**
 * Ranking and the prize table (docs/promotions.md "Ranking"), pure so that the property tests
 * can hold them to their rules: the higher score first; of equal scores, who reached it first;
 * then the lower player id (a stable order). Only players with a score rank.
 */
import type { StoredPrize } from './schema';

export type Standing = { userId: number; score: number; reachedAt: Date | null };
export type Ranked = Standing & { place: number };

export function compareStandings(a: Standing, b: Standing): number {
  if (a.score !== b.score) return b.score - a.score;
  const ta = a.reachedAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  const tb = b.reachedAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  if (ta !== tb) return ta - tb;
  return a.userId - b.userId;
}

export function rank(standings: readonly Standing[]): Ranked[] {
  return standings
    .filter((s) => s.score > 0)
    .sort(compareStandings)
    .map((s, i) => ({ ...s, place: i + 1 }));
}

/** Each prize of the table to the player at its place (a place nobody reached pays nobody). */
export function prizesFor(ranked: readonly Ranked[], prizes: readonly StoredPrize[]) {
  const byPlace = new Map(ranked.map((r) => [r.place, r]));
  const seen = new Set<number>();
  return prizes.flatMap((prize) => {
    const winner = byPlace.get(prize.award_place);
    // A table listing a place twice pays it once.
    if (!winner || seen.has(prize.award_place)) return [];
    seen.add(prize.award_place);
    return [{ prize, userId: winner.userId }];
  });
}
