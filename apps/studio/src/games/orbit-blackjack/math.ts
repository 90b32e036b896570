/**
 * Orbit Blackjack: blackjack against the dealer, played in steps (`StepGameMath`).
 *
 * The shoe is infinite, like a continuous shuffling machine: every card dealt is `draws.int(52)`,
 * independently of the cards already out. Cards are numbered as in `../cards`: index i has rank
 * i mod 13 (0 Ace, 1 Two … 9 Ten, 10 Jack, 11 Queen, 12 King) and suit ⌊i / 13⌋ (spades, hearts,
 * diamonds, clubs). Ten, Jack, Queen and King count 10, an Ace 1 or 11.
 *
 * A round: the bet `{ stake }` (a positive even number of minor units, so that 3:2 is exact, at
 * most `MAX_STAKE`) deals a player card, the dealer's up card, a player card and the dealer's hole
 * card (four draws). Further cards are drawn in the order they are needed: the player's hits,
 * doubles and splits in the order of the actions, then the dealer's.
 *   - A blackjack is an Ace and a ten-value card as the first two cards of the round (not after a
 *     split). With an Ace or a ten-value up card the dealer peeks: a dealer blackjack settles the
 *     round at once (a player blackjack pushes, anything else loses the opening stake only). A
 *     player blackjack against no dealer blackjack settles at once too and pays 3:2.
 *   - Actions: `hit`, `stand`, `double` (on any first two cards of a hand: one card more and the
 *     hand's stake doubled), `split` (two cards of the same rank, once per round: a second stake,
 *     two hands). After a split, hand 1 receives its second card at once and is played to the end,
 *     then hand 2 receives its second card and is played. Doubling after a split is allowed; split
 *     Aces receive one card each and stand; 21 after a split is not a blackjack.
 *   - A hand stands by itself at 21, busts above it, and ends after a double.
 *   - The dealer then draws to 16 and stands on all 17s (soft 17 included), unless every hand has
 *     bust. A hand that beats the dealer (or stands when the dealer busts) pays 1:1 on its stake, an
 *     equal total pushes. No insurance, no surrender.
 *
 * A round is replayed from its draws and its actions (`resolve`), and draws only as cards are dealt,
 * so the same actions always meet the same cards.
 *
 * Exact RTP: with an infinite shoe the cards are independent, so the dealer's final total given
 * the up card (and no blackjack, once peeked) is a small Markov chain, and a hand's best action
 * depends only on its total, whether it is soft, whether it may still double or split, and the up
 * card. Dynamic programming over those states gives the optimal play (the strategy `play` uses) and
 * its whole distribution of returns: per unit of opening stake a round returns −4 … +4 or +1.5
 * (a blackjack); split hands are independent given the dealer's total, so their joint return is a
 * convolution. `theoreticalRtp` is 1 + the mean net return, `returnVariance` its variance.
 */
import type { Draws } from '../../fair/draws';
import { cardShort, DECK_SIZE, RANK_COUNT, RANK_LABELS, rankOf } from '../cards';
import { betFields, intIn, invalidBet, lazy, MAX_STAKE } from '../shared';
import type { PaytableRow, StepGameMath, StepRound } from '../types';

export { MAX_STAKE };

export const ACTIONS = ['hit', 'stand', 'double', 'split'] as const;
export type BlackjackAction = (typeof ACTIONS)[number];
export type BlackjackBet = { stake: number };
export type HandResult = 'win' | 'lose' | 'push' | 'blackjack' | 'bust';

export type BlackjackHand = {
  /** Card indices 0 … 51 in the order dealt. */
  cards: number[];
  /** What the hand stakes: the opening stake, twice that once doubled. */
  stake: number;
  doubled: boolean;
  /** Settled rounds only. */
  result?: HandResult;
  /** Settled rounds only: what the hand pays back, its stake included. */
  win?: number;
};

export type BlackjackOutcome = {
  /** While open the up card only; once settled every dealer card, the hole card second. */
  dealer: number[];
  /** One hand, two after a split. */
  hands: BlackjackHand[];
  /** The hand being played; null once settled. */
  active: number | null;
  /** The player's actions so far. */
  actions: BlackjackAction[];
};

// ---- cards ----

/** 1 for an Ace (counted 11 where that does not bust), 2 … 10 by rank, 10 for a face card. */
export function cardValue(card: number): number {
  const r = rankOf(card);
  return r >= 9 ? 10 : r + 1;
}

/** The best total of the cards (an Ace counts 11 while that does not bust), and whether an Ace counts 11 in it. */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  const sum = hardSum(cards);
  const soft = hasAce(cards) && sum <= 11;
  return { total: soft ? sum + 10 : sum, soft };
}

function hardSum(cards: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < cards.length; i++) sum += cardValue(cards[i]!);
  return sum;
}
function hasAce(cards: readonly number[]): boolean {
  for (let i = 0; i < cards.length; i++) if (rankOf(cards[i]!) === 0) return true;
  return false;
}
function bestTotal(cards: readonly number[]): number {
  const sum = hardSum(cards);
  return sum <= 11 && hasAce(cards) ? sum + 10 : sum;
}
const isNatural = (cards: readonly number[]): boolean => cards.length === 2 && bestTotal(cards) === 21;

// ---- the table: one round, action by action ----

const HIT = 1;
const STAND = 2;
const DOUBLE = 4;
const SPLIT = 8;
const BIT: Readonly<Record<BlackjackAction, number>> = { hit: HIT, stand: STAND, double: DOUBLE, split: SPLIT };
/** The allowed actions of a mask, in the canonical order (cached: at most 16 masks). */
const NEXT: BlackjackAction[][] = Array.from({ length: 16 }, (_, mask) => ACTIONS.filter((a) => (mask & BIT[a]) !== 0));

type Seat = { cards: number[]; doubled: boolean; stood: boolean; result: HandResult | null; win: number };
const seat = (cards: number[]): Seat => ({ cards, doubled: false, stood: false, result: null, win: 0 });

class Table {
  readonly dealer: number[];
  hands: Seat[];
  /** The hand being played, −1 once settled. */
  active = 0;
  readonly actions: BlackjackAction[] = [];
  splitAces = false;

  constructor(
    private readonly draws: Draws,
    readonly stake: number,
  ) {
    const p1 = draws.int(DECK_SIZE);
    const up = draws.int(DECK_SIZE);
    const p2 = draws.int(DECK_SIZE);
    const hole = draws.int(DECK_SIZE);
    this.dealer = [up, hole];
    const hand = seat([p1, p2]);
    this.hands = [hand];
    const player = isNatural(hand.cards);
    const dealer = isNatural(this.dealer);
    if (player || dealer) {
      this.active = -1;
      hand.result = player && dealer ? 'push' : player ? 'blackjack' : 'lose';
      hand.win = player && dealer ? stake : player ? stake + Math.floor((stake * 3) / 2) : 0;
    }
  }

  private card(): number {
    return this.draws.int(DECK_SIZE);
  }

  /** The actions allowed now, as a mask (0 once settled). */
  allowed(): number {
    if (this.active < 0) return 0;
    const hand = this.hands[this.active]!;
    if (hand.cards.length !== 2) return HIT | STAND;
    const pair = this.hands.length === 1 && rankOf(hand.cards[0]!) === rankOf(hand.cards[1]!);
    return HIT | STAND | DOUBLE | (pair ? SPLIT : 0);
  }

  apply(action: BlackjackAction): void {
    if ((this.allowed() & BIT[action]) === 0) throw new RangeError('action_not_allowed');
    this.actions.push(action);
    const hand = this.hands[this.active]!;
    switch (action) {
      case 'hit':
        hand.cards.push(this.card());
        break;
      case 'stand':
        hand.stood = true;
        break;
      case 'double':
        hand.doubled = true;
        hand.cards.push(this.card());
        break;
      case 'split':
        this.splitAces = rankOf(hand.cards[0]!) === 0;
        this.hands = [seat([hand.cards[0]!, this.card()]), seat([hand.cards[1]!])];
        break;
    }
    this.advance();
  }

  private done(hand: Seat): boolean {
    return hand.stood || hand.doubled || bestTotal(hand.cards) >= 21 || this.splitAces;
  }

  /** Moves past the hands that cannot act any more (dealing hand 2 its second card), then settles. */
  private advance(): void {
    while (this.done(this.hands[this.active]!)) {
      if (this.active + 1 < this.hands.length) {
        this.active++;
        this.hands[this.active]!.cards.push(this.card());
      } else {
        this.settle();
        return;
      }
    }
  }

  private settle(): void {
    this.active = -1;
    const { hands, dealer, stake } = this;
    if (hands.some((h) => hardSum(h.cards) <= 21)) {
      while (bestTotal(dealer) < 17) dealer.push(this.card());
    }
    const d = bestTotal(dealer);
    for (const hand of hands) {
      const t = bestTotal(hand.cards);
      const s = hand.doubled ? 2 * stake : stake;
      if (t > 21) hand.result = 'bust';
      else if (d > 21 || t > d) hand.result = 'win';
      else if (t === d) hand.result = 'push';
      else hand.result = 'lose';
      hand.win = hand.result === 'win' ? 2 * s : hand.result === 'push' ? s : 0;
    }
  }

  totalStake(): number {
    let total = 0;
    for (const h of this.hands) total += h.doubled ? 2 * this.stake : this.stake;
    return total;
  }

  totalWin(): number {
    let win = 0;
    for (const h of this.hands) win += h.win;
    return win;
  }

  outcome(): BlackjackOutcome {
    const open = this.active >= 0;
    return {
      dealer: open ? [this.dealer[0]!] : this.dealer,
      hands: this.hands.map((h) => {
        const stake = h.doubled ? 2 * this.stake : this.stake;
        return open
          ? { cards: [...h.cards], stake, doubled: h.doubled }
          : { cards: h.cards, stake, doubled: h.doubled, result: h.result!, win: h.win };
      }),
      active: open ? this.active : null,
      actions: open ? [...this.actions] : this.actions,
    };
  }

  round(): StepRound<BlackjackAction, BlackjackOutcome> {
    const open = this.active >= 0;
    return {
      outcome: this.outcome(),
      stake: this.totalStake(),
      next: open ? [...NEXT[this.allowed()]!] : null,
      win: open ? 0 : this.totalWin(),
    };
  }
}

// ---- exact analysis: the dealer's totals, the optimal play and its returns ----

/** Probability of a card value 1 (Ace) … 10 (ten, Jack, Queen, King). */
const P = [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4].map((n) => n / RANK_COUNT);
/** Dealer blackjack probability for an up card value (what a peek rules out). */
const peekBlackjack = (up: number): number => (up === 1 ? P[10]! : up === 10 ? P[1]! : 0);

/** The dealer's final totals: index 0 … 4 = 17 … 21, 5 = bust. */
export const DEALER_FINALS = ['17', '18', '19', '20', '21', 'bust'] as const;
const BUST_D = 5;

/**
 * The dealer's final total for an up card value (1 = Ace … 10), given no blackjack: the hole card
 * is drawn from the cards that do not make one, then the dealer draws to 16 and stands on 17s.
 */
export function dealerDistribution(up: number): number[] {
  const memo = new Map<number, number[]>();
  const from = (sum: number, ace: boolean): number[] => {
    const key = sum * 2 + (ace ? 1 : 0);
    const known = memo.get(key);
    if (known) return known;
    const dist = [0, 0, 0, 0, 0, 0];
    const best = ace && sum <= 11 ? sum + 10 : sum;
    if (sum > 21) dist[BUST_D] = 1;
    else if (best >= 17) dist[best - 17] = 1;
    else {
      for (let c = 1; c <= 10; c++) {
        const next = from(sum + c, ace || c === 1);
        for (let i = 0; i < 6; i++) dist[i]! += P[c]! * next[i]!;
      }
    }
    memo.set(key, dist);
    return dist;
  };
  const dist = [0, 0, 0, 0, 0, 0];
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  const norm = 1 - peekBlackjack(up);
  for (let h = 1; h <= 10; h++) {
    if (h === excluded) continue;
    const next = from(up + h, up === 1 || h === 1);
    for (let i = 0; i < 6; i++) dist[i]! += (P[h]! / norm) * next[i]!;
  }
  return dist;
}

/**
 * A player hand's final class: 0 bust, 1 a total of 16 or less (beats only a dealer bust), 2 … 6
 * the totals 17 … 21. A final hand is a class and a multiplier 1 or 2 (doubled): index class + 7 × (m − 1).
 */
const FINALS = 14;
const finalClass = (total: number): number => (total > 21 ? 0 : total <= 16 ? 1 : total - 15);
/** Net return of a final class against a dealer final (per unit of the hand's stake). */
function compare(cls: number, d: number): number {
  if (cls === 0) return -1;
  if (d === BUST_D) return 1;
  if (cls === 1) return -1;
  const t = cls + 15;
  const dt = d + 17;
  return t > dt ? 1 : t < dt ? -1 : 0;
}

// Action codes of the strategy tables: indices into ACTIONS (a split is decided apart, per pair).
const A_HIT = 0;
const A_STAND = 1;
const A_DOUBLE = 2;

/** Table index of a hand state: up card value 1 … 10, soft or hard, best total 0 … 31. */
const at = (up: number, soft: boolean, total: number): number => (up * 2 + (soft ? 1 : 0)) * 32 + total;

type Analysis = {
  /** Hit or stand once a hand may not double (three cards or more). */
  more: Int8Array;
  /** Hit, stand or double on a hand's first two cards. */
  first: Int8Array;
  /** Split a pair of value v (1 … 10) against up card u: `split[u * 11 + v]`. */
  split: Uint8Array;
  /** EV per unit opening stake of the two first cards by rank (r1 * 13 + r2), up value u: `ev[u][…]`, after the peek, not a blackjack. */
  pairEv: Float64Array[];
  /** Net return per unit opening stake: index 2 × net + 8 (−4 … +4 and 1.5 at index 11). */
  distribution: Float64Array;
  /** E[net] from the EV tables (the distribution's mean must agree). */
  ev: number;
};

const NET_OFFSET = 8;
const NET_SIZE = 17;

function analyse(): Analysis {
  const more = new Int8Array(11 * 2 * 32);
  const first = new Int8Array(11 * 2 * 32);
  const split = new Uint8Array(11 * 11);
  const pairEv: Float64Array[] = [];
  const distribution = new Float64Array(NET_SIZE);
  let ev = 0;
  const pBj = 2 * P[1]! * P[10]!;

  for (let u = 1; u <= 10; u++) {
    const D = dealerDistribution(u);
    const standEv = Array.from({ length: 7 }, (_, cls) => D.reduce((s, p, d) => s + p * compare(cls, d), 0));
    const onehot = (i: number) => {
      const v = new Float64Array(FINALS);
      v[i] = 1;
      return v;
    };
    // States by hard sum (aces 1) and whether an Ace is held; sums above 11 with an Ace are hard.
    const key = (sum: number, ace: boolean) => sum * 2 + (ace ? 1 : 0);
    const best = (sum: number, ace: boolean) => (ace && sum <= 11 ? sum + 10 : sum);
    const anyEv = new Float64Array(64);
    const anyDist: Float64Array[] = [];
    const hitEv = new Float64Array(64);
    const hitDist: Float64Array[] = [];
    for (let sum = 21; sum >= 2; sum--) {
      for (const ace of [false, true]) {
        const b = best(sum, ace);
        const standCls = finalClass(b);
        let hEv = 0;
        const hDist = new Float64Array(FINALS);
        for (let c = 1; c <= 10; c++) {
          const ns = sum + c;
          if (ns > 21) {
            hEv -= P[c]!;
            hDist[0]! += P[c]!;
          } else {
            const k = key(ns, ace || c === 1);
            hEv += P[c]! * anyEv[k]!;
            const nd = anyDist[k]!;
            for (let i = 0; i < FINALS; i++) hDist[i]! += P[c]! * nd[i]!;
          }
        }
        const k = key(sum, ace);
        hitEv[k] = hEv;
        hitDist[k] = hDist;
        const stand = standEv[standCls]!;
        const hit = b < 21 && hEv > stand;
        anyEv[k] = hit ? hEv : stand;
        anyDist[k] = hit ? hDist : onehot(standCls);
        more[at(u, ace && sum <= 11, b)] = hit ? A_HIT : A_STAND;
      }
    }
    // The first two cards of a hand: stand, hit or double (21 stands).
    const firstEv = new Float64Array(64);
    const firstDist: Float64Array[] = [];
    for (let sum = 2; sum <= 21; sum++) {
      for (const ace of [false, true]) {
        const k = key(sum, ace);
        const b = best(sum, ace);
        // Hit against stand (a tie stands), then the double against the better of the two.
        const stand = standEv[finalClass(b)]!;
        let choice = b < 21 && hitEv[k]! > stand ? A_HIT : A_STAND;
        let value = choice === A_HIT ? hitEv[k]! : stand;
        let dist = choice === A_HIT ? hitDist[k]! : onehot(finalClass(b));
        if (b < 21) {
          let dEv = 0;
          const dDist = new Float64Array(FINALS);
          for (let c = 1; c <= 10; c++) {
            const cls = finalClass(best(sum + c, ace || c === 1));
            dEv += P[c]! * 2 * standEv[cls]!;
            dDist[cls + 7]! += P[c]!;
          }
          if (dEv > value) {
            choice = A_DOUBLE;
            value = dEv;
            dist = dDist;
          }
        }
        firstEv[k] = value;
        firstDist[k] = dist;
        first[at(u, ace && sum <= 11, b)] = choice;
      }
    }
    // One hand of a split pair of value v: it receives one card; Aces then stand.
    const splitHandEv = new Float64Array(11);
    const splitHandDist: Float64Array[] = [];
    for (let v = 1; v <= 10; v++) {
      let e = 0;
      const dist = new Float64Array(FINALS);
      for (let c = 1; c <= 10; c++) {
        let ce: number;
        let cd: Float64Array;
        if (v === 1) {
          const cls = finalClass(best(1 + c, true));
          ce = standEv[cls]!;
          cd = onehot(cls);
        } else {
          const k = key(v + c, c === 1);
          ce = firstEv[k]!;
          cd = firstDist[k]!;
        }
        e += P[c]! * ce;
        for (let i = 0; i < FINALS; i++) dist[i]! += P[c]! * cd[i]!;
      }
      splitHandEv[v] = e;
      splitHandDist[v] = dist;
      const k = key(2 * v, v === 1);
      split[u * 11 + v] = 2 * e > firstEv[k]! ? 1 : 0;
    }

    // The round: the first two cards by rank, after the peek.
    const evs = new Float64Array(RANK_COUNT * RANK_COUNT);
    const played = new Float64Array(NET_SIZE);
    const addHand = (handDist: Float64Array, weight: number) => {
      for (let d = 0; d < 6; d++) {
        const w = weight * D[d]!;
        if (w === 0) continue;
        for (let i = 0; i < FINALS; i++) {
          const p = handDist[i]!;
          if (p === 0) continue;
          const net = (i >= 7 ? 2 : 1) * compare(i % 7, d);
          played[2 * net + NET_OFFSET]! += w * p;
        }
      }
    };
    const addSplit = (handDist: Float64Array, weight: number) => {
      for (let d = 0; d < 6; d++) {
        const w = weight * D[d]!;
        if (w === 0) continue;
        for (let i = 0; i < FINALS; i++) {
          const pi = handDist[i]!;
          if (pi === 0) continue;
          const ni = (i >= 7 ? 2 : 1) * compare(i % 7, d);
          for (let j = 0; j < FINALS; j++) {
            const pj = handDist[j]!;
            if (pj === 0) continue;
            const net = ni + (j >= 7 ? 2 : 1) * compare(j % 7, d);
            played[2 * net + NET_OFFSET]! += w * pi * pj;
          }
        }
      }
    };
    let playedEv = 0;
    for (let r1 = 0; r1 < RANK_COUNT; r1++) {
      for (let r2 = 0; r2 < RANK_COUNT; r2++) {
        const v1 = cardValue(r1);
        const v2 = cardValue(r2);
        const k = key(v1 + v2, v1 === 1 || v2 === 1);
        if (best(v1 + v2, v1 === 1 || v2 === 1) === 21) continue; // a blackjack
        const w = 1 / (RANK_COUNT * RANK_COUNT);
        let e: number;
        if (r1 === r2 && split[u * 11 + v1]) {
          e = 2 * splitHandEv[v1]!;
          addSplit(splitHandDist[v1]!, w);
        } else {
          e = firstEv[k]!;
          addHand(firstDist[k]!, w);
        }
        evs[r1 * RANK_COUNT + r2] = e;
        playedEv += w * e;
      }
    }
    pairEv[u] = evs;

    const pu = P[u]!;
    const peek = peekBlackjack(u);
    // Player blackjack: pushes a dealer blackjack, else pays 3:2.
    distribution[NET_OFFSET]! += pu * pBj * peek;
    distribution[3 + NET_OFFSET]! += pu * pBj * (1 - peek);
    // No player blackjack: a dealer blackjack takes the opening stake, else the hand is played.
    distribution[-2 + NET_OFFSET]! += pu * (1 - pBj) * peek;
    for (let i = 0; i < NET_SIZE; i++) distribution[i]! += pu * (1 - peek) * played[i]!;
    ev += pu * (pBj * (1 - peek) * 1.5 - (1 - pBj) * peek + (1 - peek) * playedEv);
  }
  return { more, first, split, pairEv, distribution, ev };
}

const analysis = lazy(analyse);

const moments = lazy(() => {
  const { distribution } = analysis();
  let mean = 0;
  let second = 0;
  distribution.forEach((p, i) => {
    const net = (i - NET_OFFSET) / 2;
    mean += p * net;
    second += p * net * net;
  });
  return { mean, variance: second - mean * mean };
});

/** The net return per unit opening stake of the optimal play, as value → probability. */
export function returnDistribution(): Map<number, number> {
  const out = new Map<number, number>();
  analysis().distribution.forEach((p, i) => {
    if (p > 0) out.set((i - NET_OFFSET) / 2, p);
  });
  return out;
}

/**
 * The optimal action's expected net return per unit opening stake of two first cards (ranks 0 … 12)
 * against an up card value (1 … 10), given no blackjack on either side.
 */
export function firstCardsEv(up: number, rank1: number, rank2: number): number {
  return analysis().pairEv[up]![rank1 * RANK_COUNT + rank2]!;
}

/** E[net] per unit opening stake as summed from the EV tables (agrees with the distribution's mean). */
export const expectedNet = (): number => analysis().ev;

/**
 * The optimal action for the hand `cards` against the up card `up` (a card index); `canSplit`: the
 * round has not split yet. The hand must be one that may act (below 21, not doubled).
 */
export function optimalAction(cards: readonly number[], up: number, canSplit: boolean): BlackjackAction {
  const { more, first, split } = analysis();
  const u = cardValue(up);
  const sum = hardSum(cards);
  const soft = sum <= 11 && hasAce(cards);
  const total = soft ? sum + 10 : sum;
  if (cards.length !== 2) return ACTIONS[more[at(u, soft, total)]!]!;
  if (canSplit && rankOf(cards[0]!) === rankOf(cards[1]!) && split[u * 11 + cardValue(cards[0]!)]) return 'split';
  return ACTIONS[first[at(u, soft, total)]!]!;
}

// ---- the game ----

/** Declared RTP: `theoreticalRtp()` to 12 decimals (checked by the unit tests). */
export const DECLARED_RTP = 0.994296119877264;

function parseBlackjackBet(input: unknown): BlackjackBet {
  const stake = intIn(betFields(input).stake, 1, MAX_STAKE);
  if (stake % 2 !== 0) invalidBet();
  return { stake };
}

function parseAction(input: unknown): BlackjackAction {
  if (typeof input !== 'string' || !(ACTIONS as readonly string[]).includes(input))
    throw new RangeError('invalid_action');
  return input as BlackjackAction;
}

const percent = (x: number) => `${(x * 100).toFixed(2)} %`;

export type BlackjackGame = StepGameMath<BlackjackBet, BlackjackAction, BlackjackOutcome>;

export const orbitBlackjack: BlackjackGame = {
  slug: 'orbit-blackjack',
  title: 'Orbit Blackjack',
  steps: true,
  rtp: DECLARED_RTP,
  theoreticalRtp: () => 1 + moments().mean,
  returnVariance: () => moments().variance,
  parseBet: parseBlackjackBet,
  stake: (bet) => bet.stake,
  referenceBet: { stake: 100 },
  parseAction,
  idleAction: 'stand',
  resolve(draws, bet, actions) {
    const table = new Table(draws, bet.stake);
    for (const action of actions) table.apply(action);
    return table.round();
  },
  strategy(round, _bet) {
    const { outcome } = round;
    if (round.next === null || outcome.active === null) throw new RangeError('round_settled');
    const hand = outcome.hands[outcome.active]!;
    return optimalAction(hand.cards, outcome.dealer[0]!, outcome.hands.length === 1);
  },
  play(draws, bet) {
    const table = new Table(draws, bet.stake);
    while (table.active >= 0) {
      const hand = table.hands[table.active]!;
      table.apply(optimalAction(hand.cards, table.dealer[0]!, table.hands.length === 1));
    }
    return { outcome: table.outcome(), win: table.totalWin(), stake: table.totalStake() };
  },
  rules: {
    summary: [
      'Beat the dealer: a hand closer to 21 than the dealer’s without going over wins. Number cards count their number, Jack, Queen and King 10, an Ace 1 or 11.',
      'Every card comes from a freshly shuffled 52-card deck (a continuous shuffler): each of the 52 cards is equally likely every time, whatever was dealt before.',
      'You receive two cards, the dealer an up card and a hole card. With an Ace or a ten-value up card the dealer checks for blackjack: a dealer blackjack ends the round at once (your blackjack then pushes, any other hand loses its stake only).',
      'Blackjack (an Ace and a ten-value card as your first two cards) pays 3 to 2. Stakes are an even number of cents (minor units), so 3 to 2 is always exact.',
      'Hit (take a card), stand, double on any first two cards (the stake doubles and you receive exactly one more card), or split two cards of the same rank into two hands with a second stake, once per round.',
      'After a split each hand receives its second card in turn and is played in full; you may double after a split; split Aces receive one card each; 21 after a split is not a blackjack.',
      'A hand stands by itself at 21. The dealer draws to 16 and stands on all 17s, soft 17 included. A win pays 1 to 1 on the hand’s stake, an equal total pushes. No insurance, no surrender.',
      `The return to player with the optimal strategy is ${percent(DECLARED_RTP)} (computed exactly); a round left unfinished stands.`,
    ],
    paytable: [
      { label: 'Blackjack', pays: '3 to 2' },
      { label: 'Win', pays: '1 to 1' },
      { label: 'Push (equal totals)', pays: 'stake returned' },
      { label: 'Double (first two cards, after a split too)', pays: 'stake doubled, one card, 1 to 1' },
      { label: 'Split (same rank, once)', pays: 'second stake, each hand 1 to 1' },
      { label: 'Dealer', pays: 'draws to 16, stands on all 17s' },
      { label: 'Dealer blackjack (peeked with an Ace or ten up)', pays: 'opening stake lost, player blackjack pushes' },
      { label: 'Insurance, surrender', pays: 'not offered' },
    ] satisfies PaytableRow[],
    lines: {
      summary: [
        ...['beat', 'deck', 'deal', 'blackjack', 'actions', 'split', 'dealer'].map((line) => ({
          key: `orbitBlackjack.${line}`,
        })),
        { key: 'orbitBlackjack.rtp', values: { rtp: { n: DECLARED_RTP * 100, decimals: 2 } } },
      ],
      paytable: [
        ['blackjackRow', 'blackjackPays'],
        ['win', 'winPays'],
        ['push', 'pushPays'],
        ['double', 'doublePays'],
        ['splitRow', 'splitPays'],
        ['dealerRow', 'dealerPays'],
        ['dealerBlackjack', 'dealerBlackjackPays'],
        ['insurance', 'insurancePays'],
      ].map(([label, pays]) => ({
        label: { key: `orbitBlackjack.${label}` },
        pays: { key: `orbitBlackjack.${pays}` },
      })),
    },
  },
};

/** A round in words (the verifier page); `amount` formats minor units. */
export function summaryLines(
  outcome: BlackjackOutcome,
  amount: (cents: number) => string = (c) => (c / 100).toFixed(2),
): string[] {
  const names = (cards: readonly number[]) => cards.map(cardShort).join(' ');
  const dealerTotal = bestTotal(outcome.dealer);
  const lines = [
    outcome.active === null
      ? `Dealer: ${names(outcome.dealer)} (${isNatural(outcome.dealer) ? 'blackjack' : dealerTotal > 21 ? 'bust' : dealerTotal}).`
      : `Dealer shows ${names(outcome.dealer)}.`,
  ];
  outcome.hands.forEach((hand, i) => {
    const label = outcome.hands.length > 1 ? `Hand ${i + 1}` : 'Hand';
    const { total } = handTotal(hand.cards);
    const settled = hand.result ? `: ${hand.result}, pays ${amount(hand.win ?? 0)}` : '';
    lines.push(
      `${label}: ${names(hand.cards)} (${total})${hand.doubled ? ', doubled' : ''}, stake ${amount(hand.stake)}${settled}.`,
    );
  });
  if (outcome.actions.length > 0) lines.push(`Actions: ${outcome.actions.join(', ')}.`);
  return lines;
}

/** The round in one short line: "20 win, 18 doubled lose; dealer 19" (round history). */
export function summary(outcome: BlackjackOutcome): string {
  const dealer = outcome.dealer;
  if (outcome.active !== null) {
    const hand = outcome.hands[outcome.active]!;
    return `${handTotal(hand.cards).total} against ${RANK_LABELS[rankOf(dealer[0]!)]}, open`;
  }
  const hands = outcome.hands.map((hand) =>
    hand.result === 'blackjack'
      ? 'Blackjack'
      : `${handTotal(hand.cards).total}${hand.doubled ? ' doubled' : ''} ${hand.result ?? ''}`.trim(),
  );
  const d = bestTotal(dealer);
  return `${hands.join(', ')}; dealer ${isNatural(dealer) ? 'blackjack' : d > 21 ? `bust (${d})` : d}`;
}
