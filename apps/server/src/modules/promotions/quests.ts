/**
 * Quests and achievements (docs/promotions.md "Quests"): tournaments whose frontend identifier
 * says so. `quest--<size>--<slug>`: the size at index 1, the slug at index 2 of the identifier
 * split on `--`; an unknown or missing size is `m`. Levels come from the player's bets (EUR).
 */
import { QUEST_SIZES, type QuestLevel, type QuestSize } from '@orbit/contracts';

export type PromoKind = 'tournament' | 'quest' | 'achievement';

export function kindOf(frontendIdentifier: string): PromoKind {
  if (frontendIdentifier.includes('quest')) return 'quest';
  if (frontendIdentifier.includes('achievement')) return 'achievement';
  return 'tournament';
}

/** Test quests (identifier containing `ffc`) are hidden unless asked for. */
export const isTestQuest = (frontendIdentifier: string) => frontendIdentifier.includes('ffc');

export function questParts(frontendIdentifier: string): { size: QuestSize; slug: string } {
  const parts = frontendIdentifier.split('--');
  const size = (QUEST_SIZES as readonly string[]).includes(parts[1] ?? '') ? (parts[1] as QuestSize) : 'm';
  return { size, slug: parts[2] ?? parts.at(-1) ?? frontendIdentifier };
}

/** Two significant digits: the smooth progressions read like a person wrote them. */
function nice(value: number): number {
  if (value < 100) return Math.round(value / 10) * 10;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * Where the spec gives only the two ends (m, robot-s, robot-m), level i of n is
 * max × (i / (n − 1))³ rounded to two significant digits: cubic, like the given xs and s tables
 * (small steps first, big ones last).
 */
export function cubicThresholds(levels: number, max: number): number[] {
  return Array.from({ length: levels }, (_, i) => (i === 0 ? 0 : nice(max * (i / (levels - 1)) ** 3)));
}

/** Thresholds in EUR (whole euros) per size. */
export const QUEST_THRESHOLDS_EUR: Readonly<Record<QuestSize, readonly number[]>> = {
  xs: [0, 150, 500, 1_000, 5_000, 15_000],
  s: [
    0, 400, 1_000, 2_500, 7_500, 10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 250_000, 500_000, 750_000, 1_000_000,
  ],
  m: cubicThresholds(25, 2_000_000),
  'robot-s': cubicThresholds(15, 800_000),
  'robot-m': cubicThresholds(25, 2_500_000),
};

/** The current level is the highest threshold the bets reach: it and those below are completed, the next active. */
export function questLevels(size: QuestSize, betEurCents: number): QuestLevel[] {
  const thresholds = QUEST_THRESHOLDS_EUR[size];
  let reached = 0;
  thresholds.forEach((eur, i) => {
    if (betEurCents >= eur * 100) reached = i;
  });
  return thresholds.map((eur, i) => ({
    position: i + 1,
    min_bets_cents: eur * 100,
    state: i <= reached ? 'completed' : i === reached + 1 ? 'active' : 'locked',
  }));
}
