/**
 * The twelve levels as the level page shows them (docs/loyalty.md "Levels"): the thresholds are
 * the identity module's level groups; the pictures, texts and gift descriptions are here.
 */
import type { LoyaltyLevel, PlayerLevel } from '@orbit/contracts';
import { LEVEL_SEED, levelForPoints } from '../identity';

type Gift = LoyaltyLevel['gift_descriptions'][number];

/**
 * What each level brings, by position (1 … 12). Only what something pays or gives: Orbit has no
 * cashback, so no level promises one (docs/loyalty.md "Levels"); a level without a gift of its
 * own says so on the page.
 */
const GIFTS: Readonly<Record<number, Gift[]>> = {
  1: [{ type: 'comp_points', name: 'Comp points on every bet' }],
  2: [{ type: 'freespins', name: '10 free spins on Stellar Sevens' }],
  3: [{ type: 'bonus', name: 'Reload bonus 50 %' }],
  4: [{ type: 'freespins', name: '20 free spins' }],
  5: [],
  6: [{ type: 'freespins', name: '50 free spins' }],
  7: [],
  8: [{ type: 'manager', name: 'A personal manager' }],
  9: [{ type: 'bonus', name: 'Birthday bonus' }],
  10: [],
  11: [{ type: 'freespins', name: '200 free spins' }],
  12: [{ type: 'manager', name: 'A personal manager around the clock' }],
};

export function presentLevel(level: (typeof LEVEL_SEED)[number]): LoyaltyLevel {
  return {
    id: `level_${level.rank}`,
    group_id: level.id,
    position: level.rank,
    name: level.name,
    image: `/images/levels/level-${level.rank}.svg`,
    content:
      level.maxPoints === null
        ? `The top of the Orbit: ${level.minPoints.toLocaleString('en')} comp points and more.`
        : `From ${level.minPoints.toLocaleString('en')} comp points earned.`,
    conditions: { persistent_comp_points: { min: level.minPoints, max: level.maxPoints } },
    gift_descriptions: GIFTS[level.rank] ?? [],
  };
}

export const allLevels = (): LoyaltyLevel[] => LEVEL_SEED.map(presentLevel);

export function playerLevel(persistent: number): PlayerLevel {
  const level = levelForPoints(persistent);
  const next = LEVEL_SEED.find((l) => l.rank === level.rank + 1);
  const span = level.maxPoints === null ? 0 : level.maxPoints - level.minPoints;
  return {
    level: presentLevel(level),
    next: next ? presentLevel(next) : null,
    persistent_points: persistent,
    points_to_next: level.maxPoints === null ? 0 : level.maxPoints - persistent,
    progress: span === 0 ? 1 : Math.min(1, (persistent - level.minPoints) / span),
  };
}

/**
 * A level's emblem, drawn by the platform as the game covers are (an operator may point a level's
 * `image` elsewhere): a badge whose hue climbs with the level, its number in the middle.
 */
export function levelEmblemSvg(rank: number): string | undefined {
  const level = LEVEL_SEED.find((l) => l.rank === rank);
  if (!level) return undefined;
  const hue = Math.round(200 + (rank - 1) * 14) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="Level ${rank}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 38%)"/></linearGradient></defs>
<polygon points="48,4 86,26 86,70 48,92 10,70 10,26" fill="url(#g)" stroke="hsl(${hue} 90% 85%)" stroke-width="3"/>
<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${rank}</text>
</svg>`;
}
