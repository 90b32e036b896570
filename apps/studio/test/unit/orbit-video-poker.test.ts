import { describe, expect, it } from 'vitest';
import { RoundDraws } from '../../src/fair/draws';
import { RANK_LABELS } from '../../src/games/cards';
import {
  cardName,
  DEALS,
  evaluateHand,
  handPays,
  HANDS,
  holdValues,
  optimalHold,
  summary,
  videoPoker as game,
  type HandName,
  type VideoPokerAction,
} from '../../src/games/orbit-video-poker/math';
import { expectJsonOutcome, expectRefused, measuredRtpTest, Scripted } from './support/games';

const RANGES = Array.from({ length: 10 }, (_, i) => 52 - i);
/** "QH" → the queen of hearts' index (suits in the order of `SUITS`: spades, hearts, diamonds, clubs). */
const card = (code: string): number =>
  (RANK_LABELS as readonly string[]).indexOf(code.slice(0, -1)) + 13 * 'SHDC'.indexOf(code.slice(-1));
const cards = (codes: string): number[] => codes.split(' ').map(card);

/** The draws that shuffle `order` (10 different cards) to the top of the deck. */
function drawsFor(order: readonly number[]): number[] {
  if (new Set(order).size !== 10) throw new Error('ten different cards');
  const deck = Array.from({ length: 52 }, (_, i) => i);
  return order.map((c, i) => {
    const j = deck.indexOf(c);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    return j - i;
  });
}

const bet = { stake: 100 };
const hold = (...bits: number[]): VideoPokerAction => ({ hold: bits.map(Boolean) });
/** The round after `actions` on scripted draws, checking that all 10 draws were made. */
function resolve(values: number[], actions: VideoPokerAction[], stake = 100) {
  const draws = new Scripted(values);
  const round = game.resolve(draws, { stake }, actions);
  expect(draws.asked).toEqual(RANGES);
  expect(draws.done).toBe(true);
  return round;
}
/** A round dealing `dealt` with `replacements` to come. */
const dealing = (dealt: string, replacements = '8D 4C 6S KD 10C') => drawsFor(cards(`${dealt} ${replacements}`));

describe('video poker: the deal and the draw', () => {
  it('deals the first five cards of a partial Fisher–Yates shuffle and replaces from the next five', () => {
    // Draw 0 every time: each position keeps its own card.
    const zero = resolve(Array(10).fill(0), [hold(0, 0, 0, 0, 0)]);
    expect(zero.outcome.dealt).toEqual([0, 1, 2, 3, 4]);
    expect(zero.outcome.final).toEqual([5, 6, 7, 8, 9]);
    // The last position every time: card 51, then position 51 holds card 0 (swapped there), then 1 …
    const last = resolve(
      RANGES.map((n) => n - 1),
      [hold(0, 0, 0, 0, 0)],
    );
    expect(last.outcome.dealt).toEqual([51, 0, 1, 2, 3]);
    expect(last.outcome.final).toEqual([4, 5, 6, 7, 8]);
    // The draws of a chosen order land it.
    const order = cards('KS 2H 9D AC 10H JC 3S QD 4H 5D');
    expect(resolve(drawsFor(order), [hold(0, 0, 0, 0, 0)]).outcome).toMatchObject({
      dealt: order.slice(0, 5),
      final: order.slice(5),
    });
  });

  it('replaces the cards not held from left to right with the replacements in order', () => {
    const round = resolve(dealing('AS 7D AH 2C 9S', 'KD 4H JC 8C 3D'), [hold(1, 0, 1, 0, 0)]);
    expect(round.outcome).toEqual({
      dealt: cards('AS 7D AH 2C 9S'),
      held: [true, false, true, false, false],
      final: cards('AS KD AH 4H JC'),
      hand: 'jacks_or_better',
      pays: 1,
      actions: [{ hold: [true, false, true, false, false] }],
    });
    expect(round).toMatchObject({ next: null, stake: 100, win: 100 });
    // Holding four: only the first replacement is used.
    expect(resolve(dealing('AS 7D AH 2C 9S', 'AD 4H JC 8C 3D'), [hold(1, 1, 1, 1, 0)]).outcome.final).toEqual(
      cards('AS 7D AH 2C AD'),
    );
  });

  it('pays the final hand as a whole multiple of the stake', () => {
    const quads = resolve(dealing('9C 9D 9H 2S 3S', '9S 4H JC 8C 3D'), [hold(1, 1, 1, 0, 0)], 7);
    expect(quads.outcome).toMatchObject({ final: cards('9C 9D 9H 9S 4H'), hand: 'four_of_a_kind', pays: 25 });
    expect(quads.win).toBe(175);
    const none = resolve(dealing('9C 9D 2H 2S 3S'), [hold(0, 0, 0, 0, 0)], 7);
    expect(none.outcome).toMatchObject({ hand: null, pays: 0 });
    expect(none.win).toBe(0);
    expect(resolve(dealing('AH KH QH JH 10H'), [hold(1, 1, 1, 1, 1)], 10_000_000).win).toBe(8_000_000_000);
  });
});

describe('video poker: steps', () => {
  const values = dealing('JS JD 3S 7S 9S', 'QC 4H 2D 8C 3D');

  it('opens the round with the deal only, every hold allowed', () => {
    const open = resolve(values, []);
    expect(open).toMatchObject({
      outcome: {
        dealt: cards('JS JD 3S 7S 9S'),
        held: null,
        final: null,
        hand: 'jacks_or_better',
        pays: null,
        actions: [],
      },
      stake: 100,
      win: 0,
    });
    expect(open.next).toHaveLength(32);
    expect(new Set(open.next!.map((a) => JSON.stringify(a))).size).toBe(32);
    for (const action of open.next!) expect(game.parseAction(action)).toEqual(action);
    expect(resolve(dealing('2S 7D 9C 4H 5S'), []).outcome.hand).toBeNull();
  });

  it('settles with the hold and refuses any action after it', () => {
    const settled = resolve(values, [hold(1, 1, 0, 0, 0)]);
    expect(settled.outcome).toMatchObject({ final: cards('JS JD QC 4H 2D'), hand: 'jacks_or_better', pays: 1 });
    expect(settled.next).toBeNull();
    expect(() => game.resolve(new Scripted(values), bet, [hold(1, 1, 0, 0, 0), hold(1, 1, 1, 1, 1)])).toThrow(
      new RangeError('action_not_allowed'),
    );
    // An action stored as JSON is read again on replay.
    expect(() => game.resolve(new Scripted(values), bet, [{ hold: [true] }])).toThrow(new RangeError('invalid_action'));
  });

  it('keeps the hand as dealt for a player who leaves the round open', () => {
    expect(game.idleAction).toEqual(hold(1, 1, 1, 1, 1));
    const idle = resolve(dealing('3C 3D 9H 9S KC'), [game.idleAction]);
    expect(idle.outcome).toMatchObject({ dealt: cards('3C 3D 9H 9S KC'), final: cards('3C 3D 9H 9S KC') });
    expect(idle).toMatchObject({ stake: 100, win: 200 });
  });

  it('takes { hold: five booleans } and refuses anything else', () => {
    expect(game.parseAction({ hold: [true, false, true, false, false] })).toEqual(hold(1, 0, 1, 0, 0));
    for (const input of [
      null,
      undefined,
      'hold',
      [true, true, true, true, true],
      {},
      { hold: [true, true, true, true] },
      { hold: [true, true, true, true, true, true] },
      { hold: [1, 1, 1, 1, 1] },
      { hold: ['true', true, true, true, true] },
      { hold: [true, true, true, true, null] },
      { hold: 31 },
      { hold: [true, true, true, true, true], draw: true },
    ])
      expect(() => game.parseAction(input)).toThrow(new RangeError('invalid_action'));
  });

  it('replays a round identically from its seeds, and play is resolve with the strategy', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const draws = () => new RoundDraws('replay', 'client', nonce);
      const open = game.resolve(draws(), bet, []);
      const action = game.strategy(open, bet);
      const settled = game.resolve(draws(), bet, [action]);
      expect(game.resolve(draws(), bet, [action])).toEqual(settled);
      expect(settled.outcome.dealt).toEqual(open.outcome.dealt);
      expect(game.play(draws(), bet)).toEqual({ outcome: settled.outcome, win: settled.win, stake: 100 });
      // Holding nothing draws the same replacements as any other hold.
      const redrawn = game.resolve(draws(), bet, [hold(0, 0, 0, 0, 0)]).outcome.final!;
      expect(settled.outcome.final!.filter((c, i) => !action.hold[i])).toEqual(
        redrawn.slice(0, action.hold.filter((b) => !b).length),
      );
    }
    expect(() => game.strategy(game.resolve(new Scripted(values), bet, [hold(1, 1, 1, 1, 1)]), bet)).toThrow(
      new RangeError('action_not_allowed'),
    );
  });

  it('gives JSON-serialisable outcomes and a summary for the round history', () => {
    expectJsonOutcome(game, 4);
    const open = game.resolve(new RoundDraws('json', 'client', 1), bet, []);
    expect(JSON.parse(JSON.stringify(open))).toEqual(open);
    expect(summary(resolve(values, []).outcome)).toBe('Jacks or better dealt, to draw');
    expect(summary(resolve(values, [hold(1, 1, 0, 0, 0)]).outcome)).toBe('Jacks or better, held 2');
    expect(summary(resolve(values, [hold(0, 0, 0, 0, 0)]).outcome)).toBe('No win, held 0');
  });
});

describe('video poker: hands', () => {
  it.each<[string, HandName | null]>([
    ['AH KH QH JH 10H', 'royal_flush'],
    ['10S JS AS QS KS', 'royal_flush'],
    ['9C 10C JC QC KC', 'straight_flush'],
    ['AD 2D 3D 4D 5D', 'straight_flush'],
    ['6H 5H 4H 3H 2H', 'straight_flush'],
    ['QS QH QD QC 2S', 'four_of_a_kind'],
    ['2S 2H 2D KC KS', 'full_house'],
    ['AH 9H 7H 4H 2H', 'flush'],
    ['JD QD KD AD 9D', 'flush'],
    ['AD 2S 3H 4C 5C', 'straight'],
    ['10D JS QH KC AC', 'straight'],
    ['9D 10S JH QC KC', 'straight'],
    ['JD QS KH AC 2C', null],
    ['QD KS AH 2C 3C', null],
    ['7D 7S 7H AC 2C', 'three_of_a_kind'],
    ['7D 7S 4H 4C KC', 'two_pair'],
    ['2D 2S 3H 3C 4C', 'two_pair'],
    ['JD JS 3H 5C 8C', 'jacks_or_better'],
    ['QD 4S QH 5C 8C', 'jacks_or_better'],
    ['3D KS 4H 5C KC', 'jacks_or_better'],
    ['AD 4S 6H 9C AC', 'jacks_or_better'],
    ['10D 10S 3H 5C 8C', null],
    ['2D 2S 3H 5C 8C', null],
    ['AD 4S 6H 9C KC', null],
  ])('%s is %s', (codes, name) => {
    expect(evaluateHand(cards(codes))).toBe(name);
    expect(evaluateHand(cards(codes).reverse())).toBe(name);
  });

  it('counts every hand of the 2,598,960 the textbook way', () => {
    const counts = new Map<HandName | null, number>();
    let total = 0;
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const name = evaluateHand([a, b, c, d, e]);
              counts.set(name, (counts.get(name) ?? 0) + 1);
              total++;
            }
    expect(total).toBe(2_598_960);
    expect(DEALS).toBe(2_598_960);
    expect(Object.fromEntries(counts)).toEqual({
      royal_flush: 4,
      straight_flush: 36,
      four_of_a_kind: 624,
      full_house: 3744,
      flush: 5108,
      straight: 10_200,
      three_of_a_kind: 54_912,
      two_pair: 123_552,
      // A pair of jacks, queens, kings or aces: 4 ranks × C(4, 2) × C(12, 3) × 4³.
      jacks_or_better: 337_920,
      null: 2_598_960 - 536_100,
    });
  });

  it('refuses anything but five different cards', () => {
    for (const hand of [
      [1, 2, 3, 4],
      [1, 2, 3, 4, 4],
      [1, 2, 3, 4, 52],
      [1, 2, 3, 4, 0.5],
      [1, 2, 3, 4, 5, 6],
    ])
      expect(() => evaluateHand(hand)).toThrow(RangeError);
  });

  it('names the cards and pays the 8/5 table', () => {
    expect(cardName(card('QH'))).toBe('Queen of hearts');
    expect(cardName(card('10D'))).toBe('Ten of diamonds');
    expect(cardName(0)).toBe('Ace of spades');
    expect(cardName(13)).toBe('Ace of hearts');
    expect(cardName(51)).toBe('King of clubs');
    expect(HANDS.map((h) => h.pays)).toEqual([800, 50, 25, 8, 5, 4, 3, 2, 1]);
    expect(handPays('full_house')).toBe(8);
    expect(handPays(null)).toBe(0);
    expect(game.rules.paytable[0]).toEqual({ label: 'Royal flush', pays: '800 × stake' });
  });
});

describe('video poker: optimal play', () => {
  const best = (codes: string) => optimalHold(cards(codes)).map(Number);

  it.each([
    ['four to a royal over a made flush', 'KH QH JH 10H 2H', [1, 1, 1, 1, 0]],
    ['four to a royal over a made straight', 'AH KH QH JH 10C', [1, 1, 1, 1, 0]],
    ['four to a royal over a high pair', 'AH KH QH JH AC', [1, 1, 1, 1, 0]],
    ['a made straight over four to a straight flush', '8H 9H 10H JH QC', [1, 1, 1, 1, 1]],
    ['a low pair over four to an outside straight', '5C 5D 6H 7S 8C', [1, 1, 0, 0, 0]],
    ['a high pair over four to a flush', 'JS JD 3S 7S 9S', [1, 1, 0, 0, 0]],
    ['four to a flush over a low pair', '4H 4C 8H 2H KH', [1, 0, 1, 1, 1]],
    ['three to a royal over four to a flush', 'AH KH QH 7H 2C', [1, 1, 1, 0, 0]],
    ['two pair without the kicker', '3C 3D 9H 9S KC', [1, 1, 1, 1, 0]],
    ['three of a kind without the kickers', '7C 7D 7H KS 2C', [1, 1, 1, 0, 0]],
    ['four of a kind whole (the kicker cannot matter: the larger hold on a tie)', '9C 9D 9H 9S 2C', [1, 1, 1, 1, 1]],
    ['a royal flush whole', 'AH KH QH JH 10H', [1, 1, 1, 1, 1]],
    ['nothing from nothing', '2C 4D 7H 9S 3C', [0, 0, 0, 0, 0]],
  ])('holds %s (%s)', (_, codes, expected) => expect(best(codes)).toEqual(expected));

  it('holds the same cards whatever the order they are dealt in', () => {
    expect(best('2H KH QH JH 10H')).toEqual([0, 1, 1, 1, 1]);
    expect(best('8C 5D 7S 5C 6H')).toEqual([0, 1, 0, 1, 0]);
  });

  it('values every hold by inclusion–exclusion as counting the draws does', () => {
    const values = holdValues(cards('KH QH JH 10H 2H'));
    // Four to a royal: the ace (800), the nine (50), 6 hearts (5), 6 aces or nines (4), 9 jacks, queens or kings.
    expect(values[0b01111]).toBeCloseTo(913 / 47, 12);
    expect(values[0b11111]).toBe(5);
    // Brute force: every set of replacements from the 47 cards left, for every hold of up to 3 discards.
    const dealt = cards('JS JD 3S 7S 9S');
    const left = Array.from({ length: 52 }, (_, i) => i).filter((c) => !dealt.includes(c));
    const others = holdValues(dealt);
    for (let mask = 0; mask < 32; mask++) {
      const kept = dealt.filter((_, i) => mask & (1 << i));
      const k = 5 - kept.length;
      if (k > 3) continue;
      let sum = 0;
      let n = 0;
      const pick = (from: number, chosen: number[]) => {
        if (chosen.length === k) {
          sum += handPays(evaluateHand([...kept, ...chosen]));
          n++;
          return;
        }
        for (let i = from; i < left.length; i++) pick(i + 1, [...chosen, left[i]!]);
      };
      pick(0, []);
      expect(others[mask]).toBeCloseTo(sum / n, 12);
    }
  });
});

describe('video poker: return to player', () => {
  it('returns 97.2984 % with optimal play over all 2,598,960 deals (8/5 Jacks or Better), as declared', () => {
    const e = game.enumeration();
    expect(e.deals).toBe(2_598_960);
    expect(e.held.reduce((a, b) => a + b)).toBe(2_598_960);
    expect(Math.abs(e.mean - 0.972984)).toBeLessThan(1e-6);
    expect(game.theoreticalRtp()).toBeCloseTo(game.rtp, 12);
    expect(game.returnVariance()).toBeCloseTo(19.323258803615, 9);
    expect(game.returnVariance()).toBeCloseTo(e.second - e.mean ** 2, 12);
    expect(game.rules.summary.join(' ')).toContain('97.2984 %');
  });

  measuredRtpTest(game, 200_000);
});

describe('video poker: bet validation', () => {
  it('stakes any whole number of minor units up to 10,000,000; the reference bet stakes 100', () => {
    expect(game.parseBet({ stake: 1 })).toEqual({ stake: 1 });
    expect(game.parseBet({ stake: 10_000_000 })).toEqual({ stake: 10_000_000 });
    expect(game.stake({ stake: 7 })).toBe(7);
    expect(game.referenceBet).toEqual({ stake: 100 });
  });

  it.each([
    [{ stake: 0 }],
    [{ stake: -1 }],
    [{ stake: 1.5 }],
    [{ stake: 10_000_001 }],
    [{ stake: '100' }],
    [{ stake: Number.NaN }],
    [{}],
    [null],
    [100],
    [[100]],
  ])('refuses %j', (input) => expectRefused(game, input));
});
