/**
 * The twelve levels as the level page shows them (docs/loyalty.md "Levels"): the thresholds are
 * the identity module's level groups; the pictures, texts and gift descriptions are here.
 */
import type { LoyaltyLevel, PlayerLevel } from '@orbit/contracts';
import { LEVEL_SEED, levelForPoints } from '../identity';
import { levelTexts } from './level-texts';

type Gift = LoyaltyLevel['gift_descriptions'][number];

/**
 * What each level brings, by position (1 … 12). Only what something pays or gives: no level
 * grants free spins, a reload or birthday bonus, a cashback or a manager of its own (managers
 * serve VIP statuses and players an operator assigns), so none promises one (docs/loyalty.md
 * "Levels"); a level without a gift of its own says so on the page.
 */
const GIFTS: Readonly<Record<number, Gift[]>> = {
  1: [{ type: 'comp_points', name: 'Comp points on every bet' }],
};

/** A level as the page of `locale` shows it: its name, text and gifts in that locale (docs/localisation.md). */
export function presentLevel(level: (typeof LEVEL_SEED)[number], locale = 'en'): LoyaltyLevel {
  const texts = levelTexts(locale);
  const points = level.minPoints.toLocaleString(locale);
  const content = texts
    ? (level.maxPoints === null ? texts.top : texts.from).replace('{points}', points)
    : level.maxPoints === null
      ? `The top of the Orbit: ${points} comp points and more.`
      : `From ${points} comp points earned.`;
  return {
    id: `level_${level.rank}`,
    group_id: level.id,
    position: level.rank,
    name: texts?.names[level.rank - 1] ?? level.name,
    image: `/images/levels/level-${level.rank}.svg`,
    content,
    conditions: { persistent_comp_points: { min: level.minPoints, max: level.maxPoints } },
    gift_descriptions: (GIFTS[level.rank] ?? []).map((gift) => ({
      ...gift,
      name: texts?.gifts[gift.name] ?? gift.name,
    })),
  };
}

export const allLevels = (locale = 'en'): LoyaltyLevel[] => LEVEL_SEED.map((level) => presentLevel(level, locale));

export function playerLevel(persistent: number, locale = 'en'): PlayerLevel {
  const level = levelForPoints(persistent);
  const next = LEVEL_SEED.find((l) => l.rank === level.rank + 1);
  const span = level.maxPoints === null ? 0 : level.maxPoints - level.minPoints;
  return {
    level: presentLevel(level, locale),
    next: next ? presentLevel(next, locale) : null,
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
