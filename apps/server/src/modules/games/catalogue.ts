/**
 * The games catalogue the platform starts with (see docs/catalogue.md).
 * Only the house studio's games are launchable; the live tables of the other providers are
 * catalogue entries so that /live has content, and open nothing until an integration exists.
 */
import type { GameBadgeRow } from './schema';

/** A provider; its `identifier` is also its slug in URLs and the API (`/producers/orbit`). */
export type ProviderSeed = { identifier: string; title: string; launchable: boolean };
export type CategorySeed = { identifier: string; title: string; kind: 'pokies' | 'live' | 'table' };
export type Volatility = 'low' | 'medium' | 'high' | 'very_high';
export type GameSeed = {
  provider: string;
  slug: string;
  title: string;
  description: string;
  categories: string[];
  lines?: number;
  ways?: number;
  volatility?: Volatility;
  payout?: number;
  hasDemoMode: boolean;
  jackpot?: boolean;
  popularity: number;
  releasedAt: string;
  badges?: GameBadgeRow[];
  /** Currencies the game is played in; house games take every real currency. */
  currencies: 'all' | 'fiat';
};

export const HOUSE_PROVIDER = 'orbit';

export const PROVIDERS: ReadonlyArray<ProviderSeed> = [
  { identifier: HOUSE_PROVIDER, title: 'Orbit Originals', launchable: true },
  { identifier: 'aurora-live', title: 'Aurora Live', launchable: false },
  { identifier: 'meridian', title: 'Meridian Studios', launchable: false },
];

export const CATEGORIES: ReadonlyArray<CategorySeed> = [
  { identifier: 'top', title: 'Top games', kind: 'pokies' },
  { identifier: 'new', title: 'New', kind: 'pokies' },
  { identifier: 'slots', title: 'Slots', kind: 'pokies' },
  { identifier: 'jackpot', title: 'Jackpots', kind: 'pokies' },
  { identifier: 'instant', title: 'Instant games', kind: 'pokies' },
  { identifier: 'table', title: 'Table games', kind: 'table' },
  { identifier: 'roulette', title: 'Roulette', kind: 'table' },
  { identifier: 'dice', title: 'Dice', kind: 'table' },
  { identifier: 'live', title: 'Live casino', kind: 'live' },
  { identifier: 'live-roulette', title: 'Live roulette', kind: 'live' },
  { identifier: 'live-blackjack', title: 'Live blackjack', kind: 'live' },
  { identifier: 'game-shows', title: 'Game shows', kind: 'live' },
];

const NEW = { type: 'new', theme: 'green' };
const TOP = { type: 'top', theme: 'accent' };
const JACKPOT = { type: 'jackpot', theme: 'gold' };

export const GAMES: ReadonlyArray<GameSeed> = [
  {
    provider: HOUSE_PROVIDER,
    slug: 'stellar-sevens',
    title: 'Stellar Sevens',
    description:
      'A 5×3 slot with 20 fixed paylines. Star wilds expand over their reel, and three Galaxy scatters start 10 free spins at double pay (15 with four, 20 with five), which can retrigger.',
    categories: ['slots', 'top', 'new', 'jackpot'],
    lines: 20,
    volatility: 'medium',
    payout: 96.09,
    hasDemoMode: true,
    jackpot: true,
    popularity: 980,
    releasedAt: '2025-09-01T00:00:00Z',
    badges: [NEW, JACKPOT],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'nebula-ways',
    title: 'Nebula Ways',
    description:
      'A 5×3 slot paying 243 ways: matching symbols on adjacent reels from the left pay wherever they land. Nebula wilds carry multipliers up to ×3.',
    categories: ['slots', 'top'],
    ways: 243,
    volatility: 'high',
    payout: 96.27,
    hasDemoMode: true,
    popularity: 910,
    releasedAt: '2025-07-15T00:00:00Z',
    badges: [TOP],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'cosmic-clusters',
    title: 'Cosmic Clusters',
    description:
      'A 6×5 pays-anywhere slot: eight or more of the same symbol anywhere on the grid win by count, and Supernovas worth ×2 to ×100 add their multipliers together to multiply any winning spin.',
    categories: ['slots', 'new'],
    volatility: 'high',
    payout: 96.2,
    hasDemoMode: true,
    popularity: 870,
    releasedAt: '2025-10-01T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'european-roulette',
    title: 'European Roulette',
    description:
      'Single-zero roulette with 37 pockets: inside and outside bets, neighbours and the racetrack. Straight up pays 35 to 1.',
    categories: ['table', 'roulette', 'top'],
    volatility: 'low',
    payout: 97.3,
    hasDemoMode: true,
    popularity: 760,
    releasedAt: '2025-06-01T00:00:00Z',
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'orbit-dice',
    title: 'Orbit Dice',
    description:
      'Pick a target between 1 and 99 and roll over or under it. The lower the chance, the higher the payout; every roll is provably fair.',
    categories: ['dice', 'instant', 'table'],
    volatility: 'medium',
    payout: 96.0,
    hasDemoMode: true,
    popularity: 690,
    releasedAt: '2025-06-01T00:00:00Z',
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'rocket-crash',
    title: 'Rocket Crash',
    description:
      'One rocket for every player at the table: bet while it stands on the pad, watch the multiplier climb and cash out by hand before it crashes, or set an automatic cash-out. Every launch is provably fair.',
    categories: ['instant', 'new', 'top'],
    volatility: 'high',
    payout: 96.0,
    hasDemoMode: true,
    popularity: 940,
    releasedAt: '2025-09-15T00:00:00Z',
    badges: [NEW, TOP],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'orbit-plinko',
    title: 'Orbit Plinko',
    description:
      'Drop a ball through 8, 12 or 16 rows of pegs and choose a low, medium or high risk: the slots at the edges pay up to ×960, the middle ones return part of the stake. Every bounce is provably fair.',
    categories: ['instant', 'new'],
    volatility: 'high',
    payout: 96.82,
    hasDemoMode: true,
    popularity: 850,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'orbit-keno',
    title: 'Orbit Keno',
    description:
      'Pick 1 to 10 numbers from 40 and watch 10 balls drawn: the more of your numbers come up, the more you win, up to ×10,000 for ten out of ten. Every draw is provably fair.',
    categories: ['instant', 'new'],
    volatility: 'high',
    payout: 96.73,
    hasDemoMode: true,
    popularity: 820,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'orbit-video-poker',
    title: 'Orbit Video Poker',
    description:
      'Jacks or Better: five cards dealt from a shuffled deck, hold the ones you want and draw once. A pair of jacks gives the stake back, a royal flush pays ×800; with the best holds the return is 97.30 %.',
    categories: ['table', 'new'],
    volatility: 'medium',
    payout: 97.3,
    hasDemoMode: true,
    popularity: 760,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'orbit-blackjack',
    title: 'Orbit Blackjack',
    description:
      'Beat the dealer to 21: blackjack pays 3:2, double on any two cards, split a pair once, and the dealer stands on all 17s. With the best decisions the return is 99.43 %.',
    categories: ['table', 'new', 'top'],
    volatility: 'low',
    payout: 99.43,
    hasDemoMode: true,
    popularity: 900,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'meteor-tumble',
    title: 'Meteor Tumble',
    description:
      'A 5×3 tumbling slot that pays anywhere: five or more of a symbol win, burst and make room for new ones to fall in. Every tumble raises the multiplier, ×2, ×3, ×5, ×8 up to ×10.',
    categories: ['slots', 'new'],
    volatility: 'high',
    payout: 96.56,
    hasDemoMode: true,
    popularity: 860,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'lunar-link',
    title: 'Lunar Link',
    description:
      'A 5×3 slot paying 243 ways with Moon coins worth up to ×100 the stake. Six Moons start Hold and Win: the Moons stay, three respins reset with every new Moon, and a full grid adds the Grand, ×1000.',
    categories: ['slots', 'new'],
    ways: 243,
    volatility: 'high',
    payout: 95.78,
    hasDemoMode: true,
    popularity: 880,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'warp-ways',
    title: 'Warp Ways',
    description:
      'Six reels that change height on every spin, from 2 to 7 symbols each: up to 117,649 ways to win. Warp wilds on the middle reels stand in for every symbol.',
    categories: ['slots', 'new'],
    ways: 117649,
    volatility: 'high',
    payout: 96.57,
    hasDemoMode: true,
    popularity: 870,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'nova-sevens',
    title: 'Nova Sevens',
    description:
      'A classic 3×3 slot with 5 lines: three of a kind pay, and the Nova wild doubles every line it completes (×4 with two). Three Novas pay 400 line bets.',
    categories: ['slots', 'new'],
    lines: 5,
    volatility: 'medium',
    payout: 96.75,
    hasDemoMode: true,
    popularity: 800,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  {
    provider: HOUSE_PROVIDER,
    slug: 'saturn-wheel',
    title: 'Saturn Wheel',
    description:
      'A classic three-reel slot paying on its middle line, with Sevens and Bars. Three Saturns anywhere spin the bonus wheel for up to ×100 the stake; four double it, five triple it.',
    categories: ['slots', 'new'],
    lines: 1,
    volatility: 'medium',
    payout: 95.67,
    hasDemoMode: true,
    popularity: 790,
    releasedAt: '2026-11-26T00:00:00Z',
    badges: [NEW],
    currencies: 'all',
  },
  // Catalogue-only live tables (not launchable).
  live(
    'aurora-live',
    'live-european-roulette',
    'Live European Roulette',
    ['live', 'live-roulette'],
    97.3,
    640,
    'Single-zero roulette from a studio table with a live dealer.',
  ),
  live(
    'aurora-live',
    'speed-roulette-live',
    'Speed Roulette Live',
    ['live', 'live-roulette'],
    97.3,
    520,
    'Roulette with a 25-second round: bets close fast, the ball spins at once.',
  ),
  live(
    'aurora-live',
    'blackjack-classic-live',
    'Blackjack Classic Live',
    ['live', 'live-blackjack'],
    99.3,
    600,
    'Seven seats, eight decks, dealer stands on soft 17.',
  ),
  live(
    'aurora-live',
    'baccarat-squeeze-live',
    'Baccarat Squeeze Live',
    ['live'],
    98.9,
    430,
    'Punto banco where the dealer slowly reveals the deciding cards.',
  ),
  live(
    'meridian',
    'lucky-wheel-live',
    'Lucky Wheel Live',
    ['live', 'game-shows'],
    96.1,
    580,
    'A money wheel with 54 segments and bonus rounds hosted live.',
  ),
  live(
    'meridian',
    'blackjack-vip-live',
    'Blackjack VIP Live',
    ['live', 'live-blackjack'],
    99.3,
    350,
    'High-limit blackjack with a dedicated dealer.',
  ),
  live(
    'meridian',
    'dragon-tiger-live',
    'Dragon Tiger Live',
    ['live'],
    96.3,
    300,
    'One card each for Dragon and Tiger: the higher card wins.',
  ),
  live(
    'meridian',
    'sic-bo-live',
    'Sic Bo Live',
    ['live', 'game-shows'],
    97.2,
    280,
    'Three dice shaken in a glass dome; bet on totals, doubles and triples.',
  ),
];

function live(
  provider: string,
  slug: string,
  title: string,
  categories: string[],
  payout: number,
  popularity: number,
  description: string,
): GameSeed {
  return {
    provider,
    slug,
    title,
    description,
    categories,
    payout,
    popularity,
    hasDemoMode: false,
    releasedAt: '2025-05-01T00:00:00Z',
    currencies: 'fiat',
  };
}
