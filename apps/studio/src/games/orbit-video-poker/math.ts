/**
 * Orbit Video Poker: Jacks or Better with the 8/5 paytable, one 52-card deck, played in two steps.
 *
 * Cards are indices 0 … 51 numbered as in `../cards` (rank = i mod 13, Ace first; suit = ⌊i / 13⌋:
 * spades, hearts, diamonds, clubs; only equal suits matter to a hand). A round draws the first 10
 * cards of a partial Fisher–Yates shuffle of the deck in order: `draws.int(52)`, `draws.int(51)`,
 * … `draws.int(43)`, the i-th draw swapping position i with one of the positions i … 51. Positions
 * 0–4 are the hand dealt; positions 5–9 replace the discarded cards, in order, from left to right.
 * `resolve` makes all 10 draws whatever the actions, so a round replays identically from its seeds.
 *
 * The bet is a stake (positive integer minor units up to MAX_STAKE). The one action is the cards
 * held, `{ hold: [b0, b1, b2, b3, b4] }`; the unheld cards are replaced and the round settles. The
 * final hand pays a whole multiple of the stake, the stake included: royal flush 800, straight
 * flush 50, four of a kind 25, full house 8, flush 5, straight 4, three of a kind 3, two pair 2, a
 * pair of jacks, queens, kings or aces 1 (the stake back), anything else 0. The ace plays high
 * (10-J-Q-K-A) and low (A-2-3-4-5) in straights. A round left open keeps the hand as dealt.
 *
 * While the round is open `next` lists the 32 holds (every one is allowed), so that `next` is a list
 * of actions like any step game's.
 *
 * Exact RTP under optimal play (the hold with the best expected pay for every deal), by
 * enumeration of all C(52, 5) = 2,598,960 deals: S(X), the sum of the pays of all 5-card hands
 * containing a set X of 0 to 5 cards, is tabulated once (subsets indexed by the combinatorial number
 * system). Holding H of a deal and discarding D = deal \ H, the final hand is uniform over the
 * C(47, 5 − |H|) hands that contain H and none of D, and by inclusion–exclusion
 *   E[pay | hold H] = Σ_{Y ⊆ D} (−1)^|Y| S(H ∪ Y) / C(47, 5 − |H|),
 * for all 32 holds at once by a signed superset transform of S over the deal's subsets; the same
 * with the sum of squared pays gives the second moment, hence the variance. The strategy is the
 * same computation for one deal: every round of `play` holds exactly what the enumeration assumes
 * (ties: the first best hold in a fixed order of the deal's cards sorted by index).
 */
import type { Draws } from '../../fair/draws';
import { cardWords, DECK_SIZE } from '../cards';
import { exactReturn, isRecord, lazy, MAX_STAKE, stakeBet, type ReturnMoments, type StakeBet } from '../shared';
import type { PaytableRow, StepGameMath, StepRound } from '../types';

export { MAX_STAKE };
/** A card in words, "Queen of hearts" (the renderer and the verifier's summaries name cards by it). */
export { cardWords as cardName };

export const HAND = 5;
/** Cards a round draws: the deal and up to five replacements. */
export const DRAWN = 10;

/** The paying hands, best first, with their pays in multiples of the stake (8/5 Jacks or Better). */
export const HANDS = [
  { name: 'royal_flush', label: 'Royal flush', pays: 800 },
  { name: 'straight_flush', label: 'Straight flush', pays: 50 },
  { name: 'four_of_a_kind', label: 'Four of a kind', pays: 25 },
  { name: 'full_house', label: 'Full house', pays: 8 },
  { name: 'flush', label: 'Flush', pays: 5 },
  { name: 'straight', label: 'Straight', pays: 4 },
  { name: 'three_of_a_kind', label: 'Three of a kind', pays: 3 },
  { name: 'two_pair', label: 'Two pair', pays: 2 },
  { name: 'jacks_or_better', label: 'Jacks or better', pays: 1 },
] as const;
export type HandName = (typeof HANDS)[number]['name'];

export type VideoPokerBet = StakeBet;
export type VideoPokerAction = { hold: boolean[] };
export type VideoPokerOutcome = {
  /** The five cards dealt, left to right. */
  dealt: number[];
  /** The cards held (the action), null while the round is open. */
  held: boolean[] | null;
  /** The hand after the draw, null while the round is open. */
  final: number[] | null;
  /** The paying hand: the dealt hand's while open, the final hand's once settled; null when none. */
  hand: HandName | null;
  /** What the final hand pays in multiples of the stake (0: nothing), null while the round is open. */
  pays: number | null;
  actions: VideoPokerAction[];
};
export type VideoPokerRound = StepRound<VideoPokerAction, VideoPokerOutcome>;

// ---- the hand evaluator ----

/** Hand classes: indices into HANDS, and NOTHING. */
const ROYAL = 0;
const STRAIGHT_FLUSH = 1;
const FOUR = 2;
const FULL_HOUSE = 3;
const FLUSH = 4;
const STRAIGHT = 5;
const THREE = 6;
const TWO_PAIR = 7;
const JACKS = 8;
const NOTHING = 9;
const PAY = Int32Array.from([...HANDS.map((hand) => hand.pays), 0]);
/** Rank bits of 10-J-Q-K-A (the ace is bit 0). */
const BROADWAY = 0x1e01;

const rankCounts = new Uint8Array(13);

/** The class of five distinct cards (any order); ranks and suits read as in `../cards`, inlined (the hot loop). */
function classify(a: number, b: number, c: number, d: number, e: number): number {
  const ra = a % 13;
  const rb = b % 13;
  const rc = c % 13;
  const rd = d % 13;
  const re = e % 13;
  const bits = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re);
  let distinct = 0;
  for (let x = bits; x !== 0; x &= x - 1) distinct++;
  if (distinct === 5) {
    const suit = (a / 13) | 0;
    const flush =
      ((b / 13) | 0) === suit && ((c / 13) | 0) === suit && ((d / 13) | 0) === suit && ((e / 13) | 0) === suit;
    // Five ranks in a row: the lowest bit times 0b11111 (A-2-3-4-5 is bits 0–4), or 10-J-Q-K-A.
    const straight = bits === BROADWAY || bits === (bits & -bits) * 31;
    if (flush) return bits === BROADWAY ? ROYAL : straight ? STRAIGHT_FLUSH : FLUSH;
    return straight ? STRAIGHT : NOTHING;
  }
  rankCounts[ra]!++;
  rankCounts[rb]!++;
  rankCounts[rc]!++;
  rankCounts[rd]!++;
  rankCounts[re]!++;
  const most = Math.max(rankCounts[ra]!, rankCounts[rb]!, rankCounts[rc]!, rankCounts[rd]!, rankCounts[re]!);
  let result: number;
  if (distinct === 4) {
    // One pair: it pays when it is jacks, queens, kings or aces.
    let pair = ra;
    if (rankCounts[rb] === 2) pair = rb;
    else if (rankCounts[rc] === 2) pair = rc;
    else if (rankCounts[rd] === 2) pair = rd;
    else if (rankCounts[re] === 2) pair = re;
    result = pair === 0 || pair >= 10 ? JACKS : NOTHING;
  } else if (distinct === 3) result = most === 3 ? THREE : TWO_PAIR;
  else result = most === 4 ? FOUR : FULL_HOUSE;
  rankCounts[ra] = rankCounts[rb] = rankCounts[rc] = rankCounts[rd] = rankCounts[re] = 0;
  return result;
}

function checkHand(cards: readonly number[]): void {
  if (
    cards.length !== HAND ||
    cards.some((c) => !Number.isInteger(c) || c < 0 || c >= DECK_SIZE) ||
    new Set(cards).size !== HAND
  )
    throw new RangeError('a hand is five different cards 0 … 51');
}

/** The paying hand five different cards make (any order), or null when they pay nothing. */
export function evaluateHand(cards: readonly number[]): HandName | null {
  checkHand(cards);
  const k = classify(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
  return k === NOTHING ? null : HANDS[k]!.name;
}

/** What a hand pays in multiples of the stake (0 for null). */
export const handPays = (hand: HandName | null): number => HANDS.find((h) => h.name === hand)?.pays ?? 0;
/** "Two pair"; "No win" for null. */
export const handLabel = (hand: HandName | null): string => HANDS.find((h) => h.name === hand)?.label ?? 'No win';

// ---- the combinatorial tables ----

/** C(n, k) for n ≤ 52, k ≤ 5: `BINOM[n * 6 + k]`. */
const BINOM = new Float64Array(53 * 6);
for (let n = 0; n <= 52; n++) {
  BINOM[n * 6] = 1;
  for (let k = 1; k <= 5; k++) BINOM[n * 6 + k] = n === 0 ? 0 : BINOM[(n - 1) * 6 + k - 1]! + BINOM[(n - 1) * 6 + k]!;
}
const choose = (n: number, k: number): number => BINOM[n * 6 + k]!;

/** Where the subsets of k cards begin in the S tables: Σ_{j<k} C(52, j). */
const OFFSET = new Float64Array(7);
for (let k = 1; k <= 6; k++) OFFSET[k] = OFFSET[k - 1]! + choose(52, k - 1);
const SUBSETS = OFFSET[6]!;

/** For each mask of the 5 cards: how many are in it, its highest bit, C(47, 5 − size). */
const POP = new Uint8Array(32);
const HIGH = new Uint8Array(32);
const DEN = new Float64Array(32);
for (let m = 1; m < 32; m++) {
  POP[m] = POP[m >> 1]! + (m & 1);
  HIGH[m] = 31 - Math.clz32(m);
}
for (let m = 0; m < 32; m++) DEN[m] = choose(47, 5 - POP[m]!);

/** The deals: C(52, 5). */
export const DEALS = choose(52, 5);

const rankScratch = new Float64Array(32);

/**
 * The S-table index of every subset of five cards sorted ascending (`cards`), by mask: colex rank
 * Σ_j C(c_j, j) over the subset's cards c_1 < … < c_k, after the subsets of fewer cards.
 */
function subsetIndices(cards: ArrayLike<number>, out: Int32Array): void {
  rankScratch[0] = 0;
  out[0] = 0;
  for (let m = 1; m < 32; m++) {
    const high = HIGH[m]!;
    const k = POP[m]!;
    const r = rankScratch[m ^ (1 << high)]! + BINOM[cards[high]! * 6 + k]!;
    rankScratch[m] = r;
    out[m] = OFFSET[k]! + r;
  }
}

type Tables = {
  /** Σ pay over the 5-card hands containing each subset. */
  s1: Int32Array;
  /** Σ pay² over the same hands. */
  s2: Int32Array;
};

/** S(X) and S2(X) for every subset X of 0 … 5 cards (≈ 2.9 million each; built once, in about a second). */
const tables = lazy((): Tables => {
  const s1 = new Int32Array(SUBSETS);
  const s2 = new Int32Array(SUBSETS);
  const c = new Int32Array(5);
  const idx = new Int32Array(32);
  for (c[4] = 4; c[4] < DECK_SIZE; c[4]++)
    for (c[3] = 3; c[3] < c[4]; c[3]++)
      for (c[2] = 2; c[2] < c[3]; c[2]++)
        for (c[1] = 1; c[1] < c[2]; c[1]++)
          for (c[0] = 0; c[0] < c[1]; c[0]++) {
            const p = PAY[classify(c[0], c[1], c[2], c[3], c[4])]!;
            if (p === 0) continue;
            subsetIndices(c, idx);
            const p2 = p * p;
            for (let m = 0; m < 32; m++) {
              s1[idx[m]!]! += p;
              s2[idx[m]!]! += p2;
            }
          }
  return { s1, s2 };
});

/**
 * The numerators of the expected pays of the 32 holds of five cards sorted ascending, by mask of
 * those sorted cards: `out[m] / DEN[m]` is the expected pay of holding m. `idx` receives the
 * subsets' indices.
 */
function holdNumerators(s: Int32Array, cards: ArrayLike<number>, idx: Int32Array, out: Float64Array): void {
  subsetIndices(cards, idx);
  for (let m = 0; m < 32; m++) out[m] = s[idx[m]!]!;
  // Signed superset transform: out[m] = Σ_{t ⊇ m} (−1)^|t \ m| S(t), the hands avoiding the discards.
  for (let bit = 1; bit < 32; bit <<= 1)
    for (let m = 0; m < 32; m++) if ((m & bit) === 0) out[m] = out[m]! - out[m | bit]!;
}

/**
 * The best hold by mask of the sorted cards: the greatest expected pay, compared exactly (the
 * numerators and denominators are integers; their cross products stay below 2^53). On a tie the
 * larger mask wins (masks tried from 31 down), so a made hand that cannot improve is kept whole.
 */
function bestMask(num: Float64Array): number {
  let best = 31;
  for (let m = 30; m >= 0; m--) if (num[m]! * DEN[best]! > num[best]! * DEN[m]!) best = m;
  return best;
}

export type Enumeration = {
  /** Deals enumerated: C(52, 5). */
  deals: number;
  /** Mean pay per unit stake under optimal play (the RTP). */
  mean: number;
  /** Mean squared pay per unit stake. */
  second: number;
  variance: number;
  /** How many deals the optimal play holds 0, 1, … 5 cards of. */
  held: number[];
};

/** Optimal play over every deal (a few seconds: see the header comment). */
export const enumeration = lazy((): Enumeration => {
  const { s1, s2 } = tables();
  const c = new Int32Array(5);
  const idx = new Int32Array(32);
  const num = new Float64Array(32);
  // Integer sums of the numerators, by cards held (each over its own denominator).
  const first = new Float64Array(6);
  const second = new Float64Array(6);
  const held = [0, 0, 0, 0, 0, 0];
  let deals = 0;
  for (c[4] = 4; c[4] < DECK_SIZE; c[4]++)
    for (c[3] = 3; c[3] < c[4]; c[3]++)
      for (c[2] = 2; c[2] < c[3]; c[2]++)
        for (c[1] = 1; c[1] < c[2]; c[1]++)
          for (c[0] = 0; c[0] < c[1]; c[0]++) {
            deals++;
            holdNumerators(s1, c, idx, num);
            const best = bestMask(num);
            const k = POP[best]!;
            first[k]! += num[best]!;
            held[k]!++;
            // The second moment of that hold: the same signed sum over its supersets, of S2.
            const free = 31 ^ best;
            let sq = 0;
            for (let y = free; ; y = (y - 1) & free) {
              sq += (POP[y]! & 1 ? -1 : 1) * s2[idx[best | y]!]!;
              if (y === 0) break;
            }
            second[k]! += sq;
          }
  let mean = 0;
  let sq = 0;
  for (let k = 0; k <= 5; k++) {
    mean += first[k]! / choose(47, 5 - k);
    sq += second[k]! / choose(47, 5 - k);
  }
  mean /= deals;
  sq /= deals;
  return { deals, mean, second: sq, variance: sq - mean * mean, held };
});

const sortedScratch = new Int32Array(5);
const orderScratch = new Int32Array(5);
const idxScratch = new Int32Array(32);
const numScratch = new Float64Array(32);

/** Sorts the dealt cards ascending into sortedScratch; orderScratch[j] is the position of sorted card j. */
function sortDeal(dealt: ArrayLike<number>): void {
  for (let i = 0; i < 5; i++) {
    const card = dealt[i]!;
    let j = i;
    while (j > 0 && sortedScratch[j - 1]! > card) {
      sortedScratch[j] = sortedScratch[j - 1]!;
      orderScratch[j] = orderScratch[j - 1]!;
      j--;
    }
    sortedScratch[j] = card;
    orderScratch[j] = i;
  }
}

/** A mask of the sorted cards → a mask of the positions dealt (bit i = card i held). */
function positionMask(sortedMask: number): number {
  let mask = 0;
  for (let j = 0; j < 5; j++) if (sortedMask & (1 << j)) mask |= 1 << orderScratch[j]!;
  return mask;
}

/** The optimal hold of a deal as a mask of positions (bit i: card i held). */
function optimalMask(dealt: ArrayLike<number>): number {
  sortDeal(dealt);
  holdNumerators(tables().s1, sortedScratch, idxScratch, numScratch);
  return positionMask(bestMask(numScratch));
}

const maskToHold = (mask: number): boolean[] => [0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0);

/**
 * The expected pay (multiples of the stake) of each of the 32 holds of five dealt cards, by mask of
 * positions (bit i: card i held).
 */
export function holdValues(dealt: readonly number[]): number[] {
  checkHand(dealt);
  sortDeal(dealt);
  holdNumerators(tables().s1, sortedScratch, idxScratch, numScratch);
  const values: number[] = Array.from({ length: 32 }, () => 0);
  for (let m = 0; m < 32; m++) values[positionMask(m)] = numScratch[m]! / DEN[m]!;
  return values;
}

/** The hold of optimal play (the strategy the RTP is computed for) for five dealt cards. */
export function optimalHold(dealt: readonly number[]): boolean[] {
  checkHand(dealt);
  return maskToHold(optimalMask(dealt));
}

// ---- the round ----

const deck = new Int32Array(DECK_SIZE);

/** The first 10 cards of the partial Fisher–Yates shuffle: the deal, then the replacements. */
function drawCards(draws: Draws): number[] {
  for (let i = 0; i < DECK_SIZE; i++) deck[i] = i;
  const order: number[] = [];
  for (let i = 0; i < DRAWN; i++) {
    const j = i + draws.int(DECK_SIZE - i);
    const card = deck[j]!;
    deck[j] = deck[i]!;
    deck[i] = card;
    order.push(card);
  }
  return order;
}

/** The hand after the draw: every card not held replaced by the next replacement, left to right. */
function drawHand(order: readonly number[], hold: readonly boolean[]): number[] {
  let next = HAND;
  return order.slice(0, HAND).map((card, i) => (hold[i] ? card : order[next++]!));
}

function settle(order: readonly number[], stake: number, action: VideoPokerAction): VideoPokerRound {
  const final = drawHand(order, action.hold);
  const k = classify(final[0]!, final[1]!, final[2]!, final[3]!, final[4]!);
  return {
    outcome: {
      dealt: order.slice(0, HAND),
      held: [...action.hold],
      final,
      hand: k === NOTHING ? null : HANDS[k]!.name,
      pays: PAY[k]!,
      actions: [{ hold: [...action.hold] }],
    },
    stake,
    next: null,
    win: stake * PAY[k]!,
  };
}

export function invalidAction(): never {
  throw new RangeError('invalid_action');
}

/** `{ hold: [five booleans] }` and nothing else. */
function parseAction(input: unknown): VideoPokerAction {
  if (!isRecord(input) || Object.keys(input).length !== 1) invalidAction();
  const hold = input.hold;
  if (!Array.isArray(hold) || hold.length !== HAND || hold.some((b) => typeof b !== 'boolean')) invalidAction();
  return { hold: [...(hold as boolean[])] };
}

/** The 32 holds, by mask of positions. */
const allHolds = (): VideoPokerAction[] => Array.from({ length: 32 }, (_, m) => ({ hold: maskToHold(m) }));

/** "Two pair, held 4"; an open round: "Jacks or better dealt, to draw". */
export function summary(outcome: VideoPokerOutcome): string {
  if (outcome.held === null) return `${handLabel(outcome.hand)} dealt, to draw`;
  const held = outcome.held.filter(Boolean).length;
  return `${handLabel(outcome.hand)}, held ${held}`;
}

const base = stakeBet(1);

/** `enumeration().mean`, declared (the unit tests check it to 12 decimals). */
const RTP = 0.9729843375055874;

export type VideoPokerGame = StepGameMath<VideoPokerBet, VideoPokerAction, VideoPokerOutcome> & {
  /** Optimal play over every deal: RTP, second moment, deals. */
  enumeration(): Enumeration;
};

export const videoPoker: VideoPokerGame = {
  slug: 'orbit-video-poker',
  title: 'Orbit Video Poker',
  /** 8/5 Jacks or Better under optimal play, by enumeration (`enumeration().mean`). */
  rtp: RTP,
  steps: true,
  ...exactReturn((): ReturnMoments => enumeration()),
  enumeration,
  ...base,
  parseAction,
  idleAction: { hold: [true, true, true, true, true] },
  resolve(draws, bet, actions) {
    const order = drawCards(draws);
    if (actions.length > 1) throw new RangeError('action_not_allowed');
    // Stored actions come back as JSON: read again, so a replay never settles on a malformed hold.
    if (actions.length === 1) return settle(order, bet.stake, parseAction(actions[0]));
    const dealt = order.slice(0, HAND);
    return {
      outcome: { dealt, held: null, final: null, hand: evaluateHand(dealt), pays: null, actions: [] },
      stake: bet.stake,
      next: allHolds(),
      win: 0,
    };
  },
  strategy(round) {
    if (round.next === null) throw new RangeError('action_not_allowed');
    return { hold: optimalHold(round.outcome.dealt) };
  },
  play(draws, bet) {
    const order = drawCards(draws);
    const { outcome, win, stake } = settle(order, bet.stake, { hold: maskToHold(optimalMask(order)) });
    return { outcome, win, stake };
  },
  rules: {
    summary: [
      'Jacks or Better video poker with one 52-card deck, shuffled for every round: five cards are dealt face up.',
      'Choose the cards to hold (any of the five, or none), then draw: every card not held is replaced by the next card of the same shuffled deck, left to right. The final hand is paid.',
      'Pays are multiples of the stake, the stake included: a pair of jacks, queens, kings or aces returns the stake. The ace plays high (10-J-Q-K-A) and low (A-2-3-4-5) in straights.',
      'A round left open keeps the hand as dealt (every card held). The stake is at most 100,000.00 in the currency of play.',
      `With the best hold for every deal (the one that pays most on average) the return to player is ${(RTP * 100).toFixed(4)} %, computed exactly over all 2,598,960 deals and every draw; holding otherwise never returns more.`,
      'The round’s cards are the first ten of the shuffle, fixed by the round’s seeds: the five dealt, then the five replacements in order. What you hold decides only how many replacements you take.',
    ],
    paytable: HANDS.map((hand): PaytableRow => ({ label: hand.label, pays: `${hand.pays} × stake` })),
    lines: {
      summary: [
        { key: 'orbitVideoPoker.deal' },
        { key: 'orbitVideoPoker.draw' },
        { key: 'orbitVideoPoker.pays' },
        { key: 'orbitVideoPoker.open', values: { max: { n: MAX_STAKE / 100, decimals: 2 } } },
        { key: 'orbitVideoPoker.rtp', values: { rtp: { n: RTP * 100, decimals: 4 }, deals: 2_598_960 } },
        { key: 'orbitVideoPoker.cards' },
      ],
      paytable: HANDS.map((hand) => ({
        label: { key: `poker.hands.${hand.name}` },
        pays: { key: 'stakeTimes', values: { pay: hand.pays } },
      })),
    },
  },
};
