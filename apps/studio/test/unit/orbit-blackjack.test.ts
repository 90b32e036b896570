import { describe, expect, it } from 'vitest';
import { RoundDraws, type Draws } from '../../src/fair/draws';
import {
  cardValue,
  dealerDistribution,
  expectedNet,
  firstCardsEv,
  handTotal,
  optimalAction,
  orbitBlackjack as game,
  returnDistribution,
  summary,
  summaryLines,
  type BlackjackAction,
} from '../../src/games/orbit-blackjack/math';
import { enumerate, expectJsonOutcome, expectRefused, measuredRtpTest, roundReturn, Scripted } from './support/games';

// Cards by rank, in spades (index = rank); `h(card)` is the same rank in hearts.
const A = 0;
const [N2, N3, N4, N5, N6, N7, N8, N9, T] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const [J, Q, K] = [10, 11, 12];
const h = (card: number) => card + 13;

const BET = { stake: 100 };

/** The round after `actions` on scripted cards (player, up, player, hole, then as needed); every card must be used. */
function round(cards: number[], actions: BlackjackAction[] = [], stake = 100) {
  const draws = new Scripted(cards);
  const r = game.resolve(draws, game.parseBet({ stake }), actions);
  expect(draws.done).toBe(true);
  expect(draws.asked).toEqual(cards.map(() => 52));
  return r;
}

describe('blackjack: the deal and the peek', () => {
  it('deals player, up card, player, hole card: four draws of 52 cards', () => {
    const r = round([T, N6, N7, Q]);
    expect(r).toEqual({
      outcome: { dealer: [N6], hands: [{ cards: [T, N7], stake: 100, doubled: false }], active: 0, actions: [] },
      stake: 100,
      next: ['hit', 'stand', 'double'],
      win: 0,
    });
  });

  it('pays a player blackjack 3:2 at once when the dealer has none', () => {
    const r = round([A, N6, K, N4]);
    expect(r).toEqual({
      outcome: {
        dealer: [N6, N4],
        hands: [{ cards: [A, K], stake: 100, doubled: false, result: 'blackjack', win: 250 }],
        active: null,
        actions: [],
      },
      stake: 100,
      next: null,
      win: 250,
    });
    expect(round([J, T, A, N9], [], 2_000).win).toBe(5_000);
    expect(round([J, T, A, N9], [], 2).win).toBe(5);
  });

  it('pushes a blackjack against a dealer blackjack', () => {
    const r = round([A, h(A), K, T]);
    expect(r.next).toBeNull();
    expect(r.outcome.hands[0]).toMatchObject({ result: 'push', win: 100 });
    expect(r.win).toBe(100);
  });

  it('peeks with an Ace or a ten-value up card: a dealer blackjack takes the opening stake at once', () => {
    for (const [up, hole] of [
      [A, Q],
      [K, h(A)],
    ]) {
      const r = round([T, up!, K, hole!]);
      expect(r.next).toBeNull();
      expect(r.outcome.dealer).toEqual([up, hole]);
      expect(r.outcome.hands).toEqual([{ cards: [T, K], stake: 100, doubled: false, result: 'lose', win: 0 }]);
      expect(r.win).toBe(0);
      expect(() => game.resolve(new Scripted([T, up!, K, hole!]), BET, ['stand'])).toThrow(
        new RangeError('action_not_allowed'),
      );
    }
  });

  it('keeps playing when the dealer peeked and has no blackjack, and hides the hole card', () => {
    const r = round([N9, A, N7, N9]);
    expect(r.next).toEqual(['hit', 'stand', 'double']);
    expect(r.outcome.dealer).toEqual([A]);
    // Over many provably fair deals, an open round shows only the up card.
    for (let nonce = 0; nonce < 300; nonce++) {
      const open = game.resolve(new RoundDraws('hole', 'client', nonce), BET, []);
      if (open.next === null) continue;
      const settled = game.resolve(new RoundDraws('hole', 'client', nonce), BET, ['stand']);
      expect(open.outcome.dealer).toEqual([settled.outcome.dealer[0]]);
      expect(settled.outcome.dealer.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('blackjack: hitting, standing, doubling', () => {
  it('busts a hand over 21 and settles without the dealer drawing', () => {
    const r = round([T, N7, N6, T, K], ['hit']);
    expect(r.next).toBeNull();
    expect(r.outcome).toEqual({
      dealer: [N7, T],
      hands: [{ cards: [T, N6, K], stake: 100, doubled: false, result: 'bust', win: 0 }],
      active: null,
      actions: ['hit'],
    });
  });

  it('lets the dealer draw to 16 and stand on 17, soft 17 included', () => {
    // 18 against 6 + 10, the dealer draws a 5: 21 beats 18.
    expect(round([T, N6, N8, T, N5], ['stand'])).toMatchObject({
      outcome: { dealer: [N6, T, N5], hands: [{ result: 'lose', win: 0 }] },
      win: 0,
    });
    // The dealer busts: 18 wins 1:1.
    expect(round([T, N6, N8, T, K], ['stand'])).toMatchObject({
      outcome: { dealer: [N6, T, K], hands: [{ result: 'win', win: 200 }] },
      win: 200,
    });
    // Soft 17 (Ace, 6) stands: 17 against 17 pushes.
    expect(round([T, A, N7, N6], ['stand'])).toMatchObject({
      outcome: { dealer: [A, N6], hands: [{ result: 'push', win: 100 }] },
      win: 100,
    });
    // Ace, 5 is soft 16: the dealer draws a 10 (hard 16), then a 3.
    expect(round([T, A, N8, N5, T, N3], ['stand'])).toMatchObject({
      outcome: { dealer: [A, N5, T, N3], hands: [{ result: 'lose' }] },
    });
  });

  it('stands by itself at 21 after a hit', () => {
    const r = round([N5, N9, N6, N7, T, N2], ['hit']);
    expect(r.outcome.hands[0]).toMatchObject({ cards: [N5, N6, T], result: 'win', win: 200 });
    expect(r.outcome.dealer).toEqual([N9, N7, N2]);
  });

  it('doubles: the stake doubles, one card, the hand ends', () => {
    const open = round([N5, N6, N6, T]);
    expect(open.next).toContain('double');
    const r = round([N5, N6, N6, T, T, N2], ['double']);
    expect(r).toEqual({
      outcome: {
        dealer: [N6, T, N2],
        hands: [{ cards: [N5, N6, T], stake: 200, doubled: true, result: 'win', win: 400 }],
        active: null,
        actions: ['double'],
      },
      stake: 200,
      next: null,
      win: 400,
    });
    // A doubled hand that stays low ends anyway and loses twice the stake.
    expect(round([N5, N9, N6, N9, N2], ['double'])).toMatchObject({ stake: 200, win: 0, next: null });
  });

  it('refuses what is not allowed at that point', () => {
    const notAllowed = new RangeError('action_not_allowed');
    // Double and split only on the first two cards; split only a pair of the same rank.
    expect(() => round([T, N6, N2, T, N3], ['hit', 'double'])).toThrow(notAllowed);
    expect(() => game.resolve(new Scripted([T, N6, N2, T]), BET, ['split'])).toThrow(notAllowed);
    expect(() => game.resolve(new Scripted([K, N6, Q, T]), BET, ['split'])).toThrow(notAllowed);
    expect(round([K, N6, h(K), T]).next).toEqual(['hit', 'stand', 'double', 'split']);
    // Nothing once settled.
    expect(() => game.resolve(new Scripted([T, N7, N6, T, K]), BET, ['hit', 'stand'])).toThrow(notAllowed);
    expect(() => game.resolve(new Scripted([T, N7, N8, T, K]), BET, ['stand', 'stand'])).toThrow(notAllowed);
  });

  it('reads only its four actions', () => {
    for (const a of ['hit', 'stand', 'double', 'split']) expect(game.parseAction(a)).toBe(a);
    for (const bad of ['surrender', 'insurance', 'HIT', ' hit', '', 1, null, undefined, ['hit'], { action: 'hit' }])
      expect(() => game.parseAction(bad)).toThrow(new RangeError('invalid_action'));
    expect(game.idleAction).toBe('stand');
  });
});

describe('blackjack: splitting', () => {
  it('plays hand 1 to the end (doubling after the split), then deals and plays hand 2', () => {
    // 8, 8 against 10 (hole 7). Split: hand 1 gets a 3 at once.
    const split = round([N8, T, h(N8), N7, N3], ['split']);
    expect(split).toEqual({
      outcome: {
        dealer: [T],
        hands: [
          { cards: [N8, N3], stake: 100, doubled: false },
          { cards: [h(N8)], stake: 100, doubled: false },
        ],
        active: 0,
        actions: ['split'],
      },
      stake: 200,
      next: ['hit', 'stand', 'double'],
      win: 0,
    });
    // Double hand 1 (a 10: 21); hand 2 then gets its King (18).
    const second = round([N8, T, h(N8), N7, N3, T, K], ['split', 'double']);
    expect(second.outcome.active).toBe(1);
    expect(second.outcome.hands[1]!.cards).toEqual([h(N8), K]);
    expect(second.stake).toBe(300);
    expect(second.next).toEqual(['hit', 'stand', 'double']);
    const r = round([N8, T, h(N8), N7, N3, T, K], ['split', 'double', 'stand']);
    expect(r).toEqual({
      outcome: {
        dealer: [T, N7],
        hands: [
          { cards: [N8, N3, T], stake: 200, doubled: true, result: 'win', win: 400 },
          { cards: [h(N8), K], stake: 100, doubled: false, result: 'win', win: 200 },
        ],
        active: null,
        actions: ['split', 'double', 'stand'],
      },
      stake: 300,
      next: null,
      win: 600,
    });
  });

  it('splits once: a pair again after the split may not split', () => {
    const r = round([N8, T, h(N8), N7, N8 + 26], ['split']);
    expect(r.outcome.hands[0]!.cards).toEqual([N8, N8 + 26]);
    expect(r.next).toEqual(['hit', 'stand', 'double']);
  });

  it('gives split Aces one card each, and 21 after a split is not a blackjack', () => {
    // Ace, Ace against 6 (hole 10): a King and a 5; the dealer draws to 16 and busts with a 9.
    const r = round([A, N6, h(A), T, K, N5, N9], ['split']);
    expect(r).toEqual({
      outcome: {
        dealer: [N6, T, N9],
        hands: [
          { cards: [A, K], stake: 100, doubled: false, result: 'win', win: 200 },
          { cards: [h(A), N5], stake: 100, doubled: false, result: 'win', win: 200 },
        ],
        active: null,
        actions: ['split'],
      },
      stake: 200,
      next: null,
      win: 400,
    });
    // 21 after a split against a dealer's 21 of three cards pushes; the other hand busts.
    const push = round([K, N5, h(K), N6, A, N6, T, T], ['split', 'hit']);
    expect(push.outcome.dealer).toEqual([N5, N6, T]);
    expect(push.outcome.hands.map((x) => [x.result, x.win])).toEqual([
      ['push', 100],
      ['bust', 0],
    ]);
  });

  it('skips the dealer when every hand has bust', () => {
    const r = round([N8, T, h(N8), N7, N6, K, N5, K], ['split', 'hit', 'hit']);
    expect(r.outcome.dealer).toEqual([T, N7]);
    expect(r.outcome.hands.map((x) => x.result)).toEqual(['bust', 'bust']);
    expect(r).toMatchObject({ stake: 200, win: 0, next: null });
  });
});

describe('blackjack: replay', () => {
  it('replays the same cards for the same actions: each step only draws the cards it deals', () => {
    for (let nonce = 0; nonce < 400; nonce++) {
      const draws = () => new RoundDraws('replay', 'client', nonce);
      const played = game.play(draws(), BET);
      // Step through with the strategy on fresh draws each time, as the service does.
      const actions: BlackjackAction[] = [];
      let r = game.resolve(draws(), BET, actions);
      while (r.next !== null) {
        const a = game.strategy(r, BET);
        expect(r.next).toContain(a);
        actions.push(a);
        const again = game.resolve(draws(), BET, actions);
        // The cards seen so far never change.
        r.outcome.hands.forEach((hand, i) => {
          if (r.outcome.hands.length === again.outcome.hands.length)
            expect(again.outcome.hands[i]!.cards.slice(0, hand.cards.length)).toEqual(hand.cards);
        });
        expect(again.outcome.dealer[0]).toBe(r.outcome.dealer[0]);
        r = again;
      }
      expect(r.outcome).toEqual(played.outcome);
      expect(r.win).toBe(played.win);
      expect(r.stake).toBe(played.stake);
      expect(r.outcome.actions).toEqual(actions);
    }
  });

  it('refuses the strategy for a settled round', () => {
    const r = round([A, N6, K, N4]);
    expect(() => game.strategy(r, BET)).toThrow(RangeError);
  });

  it('gives JSON-serialisable outcomes', () => {
    for (let nonce = 0; nonce < 20; nonce++) expectJsonOutcome(game, nonce);
  });

  it('words a round', () => {
    const r = round([N8, T, h(N8), N7, N3, T, K], ['split', 'double', 'stand']);
    expect(summaryLines(r.outcome)).toEqual([
      'Dealer: 10s 7s (17).',
      'Hand 1: 8s 3s 10s (21), doubled, stake 2.00: win, pays 4.00.',
      'Hand 2: 8h Ks (18), stake 1.00: win, pays 2.00.',
      'Actions: split, double, stand.',
    ]);
    expect(summary(r.outcome)).toBe('21 doubled win, 18 win; dealer 17');
    const open = round([T, N6, N7, Q]).outcome;
    expect(summaryLines(open)).toEqual(['Dealer shows 6s.', 'Hand: 10s 7s (17), stake 1.00.']);
    expect(summary(open)).toBe('17 against 6, open');
    expect(summary(round([A, N6, K, N4]).outcome)).toBe('Blackjack; dealer 10');
    expect(summary(round([T, N7, N6, T, K], ['hit']).outcome)).toBe('26 bust; dealer 17');
  });
});

describe('blackjack: bets', () => {
  it('takes an even stake up to 10,000,000', () => {
    expect(game.parseBet({ stake: 2 })).toEqual({ stake: 2 });
    expect(game.parseBet({ stake: 10_000_000 })).toEqual({ stake: 10_000_000 });
    expect(game.parseBet(game.referenceBet)).toEqual({ stake: 100 });
    expect(game.stake({ stake: 500 })).toBe(500);
  });

  it.each([
    [{ stake: 0 }],
    [{ stake: 1 }],
    [{ stake: 101 }],
    [{ stake: -100 }],
    [{ stake: 100.5 }],
    [{ stake: 10_000_002 }],
    [{ stake: '100' }],
    [{ stake: Number.NaN }],
    [{}],
    [null],
    [100],
    [[100]],
  ])('refuses %j', (input) => expectRefused(game, input));
});

/** Draws whose first values are fixed, then cards by rank only (`int(13)`: the same values as a card of 52). */
const rankDraws = (first: readonly number[], d: Draws): Draws => {
  let i = 0;
  return { int: () => (i < first.length ? first[i++]! : d.int(13)) };
};

describe('blackjack: exact return', () => {
  it('declares its exact RTP, between 99 % and 100 %, with a positive variance', () => {
    const rtp = game.theoreticalRtp();
    expect(rtp).toBeCloseTo(game.rtp, 12);
    expect(rtp).toBeGreaterThan(0.99);
    expect(rtp).toBeLessThan(1);
    expect(game.returnVariance()).toBeGreaterThan(1.2);
    expect(game.returnVariance()).toBeLessThan(1.4);
  });

  it('has a distribution of returns that sums to 1, whose mean is the EV tables’ sum', () => {
    const dist = returnDistribution();
    expect([...dist.keys()].sort((a, b) => a - b)).toEqual([-4, -3, -2, -1, 0, 1, 1.5, 2, 3, 4]);
    expect([...dist.values()].reduce((a, b) => a + b)).toBeCloseTo(1, 14);
    let mean = 0;
    for (const [net, p] of dist) mean += net * p;
    expect(mean).toBeCloseTo(expectedNet(), 14);
    expect(1 + mean).toBeCloseTo(game.theoreticalRtp(), 14);
    // A blackjack pays 3:2 unless the dealer has one too: 2 × 1/13 × 4/13 × (1 − P(dealer blackjack)).
    const pDealerBj = (1 / 13) * (4 / 13) + (4 / 13) * (1 / 13);
    expect(dist.get(1.5)).toBeCloseTo((8 / 169) * (1 - pDealerBj), 14);
  });

  it('agrees with a brute-force enumeration of the dealer’s draws, given no blackjack', () => {
    /** The dealer's final total from `up` (a value), every card by rank; −1 for a blackjack. */
    const dealerFinal = (up: number, d: Draws): number => {
      const cards = [up];
      for (;;) {
        cards.push(cardValue(d.int(13)));
        const sum = cards.reduce((a, b) => a + b);
        const best = cards.includes(1) && sum <= 11 ? sum + 10 : sum;
        if (cards.length === 2 && best === 21) return -1;
        if (best >= 17) return best > 21 ? 22 : best;
      }
    };
    for (const up of [1, 2, 6, 10]) {
      const noBj = enumerate((d) => (dealerFinal(up, d) === -1 ? 0 : 1)).mean;
      const exact = dealerDistribution(up);
      expect(exact.reduce((a, b) => a + b)).toBeCloseTo(1, 14);
      [17, 18, 19, 20, 21, 22].forEach((total, i) => {
        const p = enumerate((d) => (dealerFinal(up, d) === total ? 1 : 0)).mean / noBj;
        expect(exact[i]).toBeCloseTo(p, 13);
      });
    }
  });

  it(
    'plays each first hand worth exactly what the EV tables say (enumerating every card after the first three)',
    { timeout: 20_000 },
    () => {
      // [player, up, player] as ranks; the hole card and every later card enumerated by rank.
      const deals: [number, number, number][] = [
        [T, N7, N6], // 16 against 7: hit
        [N5, N6, N6], // 11 against 6: double
        [T, N4, N2], // 12 against 4: stand
        [A, N9, N7], // soft 18 against 9: hit
        [A, N6, A], // split Aces against 6
        [A, T, A], // split Aces against a 10 that peeked
        [N9, A, N9], // 9s against an Ace that peeked
      ];
      for (const [p1, up, p2] of deals) {
        const { mean } = enumerate((d) => roundReturn(game.play(rankDraws([p1, up, p2], d), BET), 100) / 100 - 1);
        const u = cardValue(up);
        const peek = u === 1 ? 4 / 13 : u === 10 ? 1 / 13 : 0;
        expect(mean).toBeCloseTo(peek * -1 + (1 - peek) * firstCardsEv(u, p1, p2), 12);
      }
    },
  );

  it('plays the well-known basic strategy for an infinite shoe, S17, double after split', () => {
    const act = (cards: number[], up: number, canSplit = true) => optimalAction(cards, up, canSplit);
    expect(act([T, N6], T)).toBe('hit'); // hard 16 against 10
    expect(act([T, N3, N3], T)).toBe('hit');
    expect(act([T, N2], N4)).toBe('stand'); // 12 against 4
    expect(act([T, N2], N3)).toBe('hit'); // 12 against 3
    expect(act([T, N3], N2)).toBe('stand'); // 13 against 2
    expect(act([N5, N6], N6)).toBe('double'); // 11 against 6
    expect(act([N5, N6], T)).toBe('double'); // 11 against 10
    expect(act([N5, N6], A)).toBe('hit'); // 11 against an Ace: a hit when the dealer stands on soft 17
    expect(act([N4, N5], N3)).toBe('double'); // 9 against 3
    expect(act([N4, N5], N2)).toBe('hit');
    expect(act([N6, N4], T)).toBe('hit'); // 10 against 10
    expect(act([N8, h(N8)], T)).toBe('split');
    expect(act([A, h(A)], A)).toBe('split');
    expect(act([T, K], N6)).toBe('stand'); // 20 (K, K too)
    expect(act([K, h(K)], N6)).toBe('stand');
    expect(act([N9, h(N9)], N7)).toBe('stand');
    expect(act([N9, h(N9)], N6)).toBe('split');
    expect(act([N4, h(N4)], N5)).toBe('split');
    expect(act([N5, h(N5)], N9)).toBe('double');
    expect(act([N7, h(N7)], N8)).toBe('hit');
    expect(act([A, N7], N9)).toBe('hit'); // soft 18 against 9
    expect(act([A, N7], N2)).toBe('stand');
    expect(act([A, N7], N6)).toBe('double');
    expect(act([A, N6], N3)).toBe('double');
    expect(act([A, N8], N6)).toBe('stand');
    expect(act([N8, h(N8)], T, false)).toBe('hit'); // after a split: 16 against 10
    expect(act([N8, N8 + 26, N2], T)).toBe('stand'); // hard 18
    expect(handTotal([A, N2, N3])).toEqual({ total: 16, soft: true });
    expect(act([A, N2, N3], N6)).toBe('hit'); // soft 16 of three cards may not double
  });
});

describe('blackjack: measured return', () => {
  measuredRtpTest(game, 500_000);
});
