/** Every game of the house studio, by catalogue slug. */
import { europeanRoulette } from './european-roulette/math';
import { orbitDice } from './orbit-dice/math';
import { rocketCrash } from './rocket-crash/math';
import { stellarSevens } from './stellar-sevens/math';
import { nebulaWays } from './nebula-ways/math';
import { cosmicClusters } from './cosmic-clusters/math';
import { plinko } from './orbit-plinko/math';
import { keno } from './orbit-keno/math';
import { meteorTumble } from './meteor-tumble/math';
import { lunarLink } from './lunar-link/math';
import { warpWays } from './warp-ways/math';
import { novaSevens } from './nova-sevens/math';
import { saturnWheel } from './saturn-wheel/math';
import { videoPoker } from './orbit-video-poker/math';
import { orbitBlackjack } from './orbit-blackjack/math';
import type { AnyGameMath } from './types';

export const GAMES: Readonly<Record<string, AnyGameMath>> = Object.fromEntries(
  [
    stellarSevens,
    nebulaWays,
    cosmicClusters,
    europeanRoulette,
    orbitDice,
    rocketCrash,
    plinko,
    keno,
    meteorTumble,
    lunarLink,
    warpWays,
    novaSevens,
    saturnWheel,
    videoPoker,
    orbitBlackjack,
  ].map((g) => [g.slug, g]),
);

export type { GameMath, AnyGameMath, PaytableRow, StepGameMath, AnyStepGameMath } from './types';
export { isStepGame } from './types';
