import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hundredths, roundBet, summarizeOutcome, verifyHref } from '../../app/features/rounds/outcome';
import { localDecimal } from '../../app/features/rounds/outcome-view';
import { translate, type Messages } from '../../app/lib/i18n';

// Outcomes as the house studio's games record them (apps/studio/src/games/*/math.ts).
const roulette = {
  pocket: 17,
  colour: 'black',
  positions: [
    { type: 'straight', numbers: [17], stake: 100, win: 3600 },
    { type: 'red', numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36], stake: 200, win: 0 },
  ],
};
const dice = { roll: 4217, target: 5000, direction: 'under', chance: 0.5, multiplier: 1.92, won: true };
const crash = { crash_point: 135, cashout_at: 200, won: false };

describe('outcome summaries', () => {
  it('reads roulette: pocket, colour and the bets', () => {
    expect(summarizeOutcome(roulette)).toEqual({
      kind: 'roulette',
      pocket: 17,
      colour: 'black',
      positions: roulette.positions,
    });
    // A colour left out is the wheel's.
    expect(summarizeOutcome({ pocket: 0, positions: [] })).toMatchObject({ kind: 'roulette', colour: 'green' });
    expect(summarizeOutcome({ pocket: 3 })).toMatchObject({ kind: 'roulette', colour: 'red', positions: [] });
  });

  it('reads dice: the roll against the target', () => {
    expect(summarizeOutcome(dice)).toEqual({
      kind: 'dice',
      roll: '42.17',
      target: '50.00',
      direction: 'under',
      chance: '50.00',
      multiplier: '1.92',
      won: true,
    });
    expect(summarizeOutcome({ roll: 9999, target: 9800, direction: 'over' })).toMatchObject({
      roll: '99.99',
      won: true,
      chance: null,
    });
    expect(summarizeOutcome({ roll: 5000, target: 5000, direction: 'under' })).toMatchObject({ won: false });
  });

  it('reads crash: the crash point against the cash-out', () => {
    expect(summarizeOutcome(crash)).toEqual({ kind: 'crash', crashPoint: '1.35', cashoutAt: '2.00', won: false });
    expect(summarizeOutcome({ crash_point: 100000, cashout_at: 101 })).toMatchObject({
      crashPoint: '1000.00',
      won: true,
    });
  });

  it("reads another studio's slot: rows of symbols, winning lines and the other facts", () => {
    const slot = {
      grid: [
        ['seven', 'bar', 'cherry', 'star', 'bell'],
        ['seven', 'seven', 'seven', 'plum', 'bar'],
        ['bell', 'star', 'plum', 'cherry', 'seven'],
      ],
      wins: [{ line: 2, symbol: 'seven', count: 3, win: 500 }],
      free_spins: 0,
      scatter_count: 1,
    };
    expect(summarizeOutcome(slot)).toEqual({
      kind: 'slot',
      screens: [
        {
          stage: 'spin',
          index: 1,
          rows: slot.grid,
          notes: null,
          expanded: [],
          wins: [
            { kind: 'line', line: 2, symbol: 'seven', count: 3, reels: null, ways: null, win: 500, multiplier: null },
          ],
          multiplier: null,
          win: null,
        },
      ],
      facts: [
        { key: 'freeSpins', value: 0, unit: 'count' },
        { key: 'scatters', value: 1, unit: 'count' },
      ],
    });
  });

  it('words the facts it knows (money, counts, a multiplier above 1) and never shows the others raw', () => {
    const summary = summarizeOutcome({
      stake: 100,
      coin: 4,
      stops: [1, 2, 3],
      reels: [['A'], ['B'], ['C']],
      wins: [],
      multiplier: 1,
      freeSpins: [{}, {}, {}],
      win: 0,
    });
    expect(summary.kind === 'slot' && summary.facts).toEqual([
      { key: 'coin', value: 4, unit: 'money' },
      { key: 'freeSpins', value: 3, unit: 'count' },
    ]);
  });

  it('turns reels (columns) into rows and reads clusters of a cascade', () => {
    const summary = summarizeOutcome({
      reels: [
        ['A', 'B', 'C'],
        ['D', 'E', 'F'],
      ],
      clusters: [
        {
          symbol: { symbol: 'gem' },
          positions: [
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 1],
            [2, 0],
          ],
          win_cents: 250,
          multiplier: 2,
        },
      ],
      cascades: [{}, {}],
    });
    expect(summary).toMatchObject({
      kind: 'slot',
      screens: [
        {
          rows: [
            ['A', 'D'],
            ['B', 'E'],
            ['C', 'F'],
          ],
          wins: [{ kind: 'cluster', line: null, symbol: 'gem', count: 5, win: 250, multiplier: 2 }],
        },
      ],
      facts: [{ key: 'cascades', value: 2, unit: 'count' }],
    });
    expect(
      summarizeOutcome({
        cascades: [
          {
            grid: [
              [1, 2],
              [3, 4],
            ],
          },
        ],
      }),
    ).toMatchObject({
      kind: 'slot',
      screens: [
        {
          rows: [
            ['1', '2'],
            ['3', '4'],
          ],
        },
      ],
    });
  });

  it('falls back to the JSON, and says when there is nothing', () => {
    expect(summarizeOutcome({ hand: ['As', 'Kd'], dealer: 19 })).toEqual({
      kind: 'json',
      json: '{\n  "hand": [\n    "As",\n    "Kd"\n  ],\n  "dealer": 19\n}',
    });
    expect(summarizeOutcome([1, 2])).toMatchObject({ kind: 'json' });
    expect(summarizeOutcome('spin')).toEqual({ kind: 'json', json: '"spin"' });
    expect(summarizeOutcome({ pocket: 99 })).toMatchObject({ kind: 'json' });
    expect(summarizeOutcome(null)).toEqual({ kind: 'none' });
  });

  it('shows hundredths as decimals', () => {
    expect(hundredths(0)).toBe('0.00');
    expect(hundredths(5)).toBe('0.05');
    expect(hundredths(12345)).toBe('123.45');
  });

  it("writes those decimals the page's way, every digit kept", () => {
    expect(localDecimal('42.17', 'en')).toBe('42.17');
    expect(localDecimal('42.10', 'de')).toBe('42,10');
    expect(localDecimal('1.9204', 'fr-CA')).toBe('1,9204');
    expect(localDecimal('50.00', 'et')).toBe('50,00');
  });
});

describe('the bet of a round (for the verifier)', () => {
  it("is the outcome's own bet when it records one", () => {
    expect(roundBet({ bet: { lines: 20, line_bet: 5 }, grid: [['a']] }, 100)).toEqual({ lines: 20, line_bet: 5 });
  });

  it("is rebuilt from each house game's outcome", () => {
    expect(roundBet(roulette, 300)).toEqual({
      bets: roulette.positions.map(({ type, numbers, stake }) => ({ type, numbers, stake })),
    });
    expect(roundBet(dice, 100)).toEqual({ stake: 100, target: 5000, direction: 'under' });
    expect(roundBet(crash, 250)).toEqual({ stake: 250, cashout_at: 200 });
    expect(roundBet({ grid: [['a']] }, 40)).toEqual({ stake: 40 });
    expect(roundBet(null, 40)).toEqual({ stake: 40 });
  });
});

describe('card games', () => {
  it('reads video poker: the deal with its holds, the hand after the draw and what it paid', () => {
    // Cards 0 … 51: rank n mod 13 (Ace first), suit ⌊n / 13⌋ (spades, hearts, diamonds, clubs).
    const outcome = {
      dealt: [10, 23, 2, 41, 51],
      held: [true, true, false, false, false],
      final: [10, 23, 13, 26, 9],
      hand: 'two_pair',
      pays: 2,
      actions: [{ hold: [true, true, false, false, false] }],
    };
    expect(summarizeOutcome(outcome)).toEqual({
      kind: 'poker',
      dealt: ['J♠', 'J♥', '3♠', '3♣', 'K♣'],
      held: [true, true, false, false, false],
      final: ['J♠', 'J♥', 'A♥', 'A♦', '10♠'],
      hand: 'two_pair',
      pays: 2,
    });
    // An open hand (not drawn yet) keeps only the deal.
    expect(summarizeOutcome({ ...outcome, held: null, final: null, pays: null })).toMatchObject({
      kind: 'poker',
      final: null,
      held: null,
    });
  });

  it('reads blackjack: the dealer’s cards and each hand with its total, result and win', () => {
    expect(
      summarizeOutcome({
        dealer: [9, 19, 13],
        hands: [
          { cards: [0, 12], stake: 100, doubled: false, result: 'blackjack', win: 250 },
          { cards: [4, 17, 26], stake: 200, doubled: true, result: 'lose', win: 0 },
        ],
        active: null,
        actions: ['split', 'double'],
      }),
    ).toEqual({
      kind: 'blackjack',
      dealer: { cards: ['10♠', '7♥', 'A♥'], total: 18 },
      hands: [
        { cards: ['A♠', 'K♠'], total: 21, result: 'blackjack', win: 250, doubled: false },
        { cards: ['5♠', '5♥', 'A♦'], total: 21, result: 'lose', win: 0, doubled: true },
      ],
    });
  });
});

describe('verify link', () => {
  const round = {
    game: { id: 5, identifier: 'orbit/orbit-dice', title: 'Orbit Dice', seo_title: 'orbit-dice', provider: 'orbit' },
    bet_cents: 100,
    outcome: dice,
    fair: { server_seed_hash: 'ab'.repeat(32), client_seed: 'my seed', nonce: 12 },
  };

  it('names the game by its slug and carries the fair inputs and the bet', () => {
    const href = verifyHref(round, 'de')!;
    const url = new URL(href, 'https://x');
    expect(url.pathname).toBe('/de/fair');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      game: 'orbit-dice',
      server_seed_hash: 'ab'.repeat(32),
      client_seed: 'my seed',
      nonce: '12',
      bet: '{"stake":100,"target":5000,"direction":"under"}',
    });
  });

  it('carries a card game’s actions, which its outcome lists', () => {
    const poker = {
      ...round,
      game: { ...round.game, identifier: 'orbit/orbit-video-poker', seo_title: 'orbit-video-poker' },
      outcome: {
        dealt: [0, 1, 2, 3, 4],
        held: [true, false, false, false, false],
        final: [0, 5, 6, 7, 8],
        hand: null,
        pays: 0,
        actions: [{ hold: [true, false, false, false, false] }],
      },
    };
    const url = new URL(verifyHref(poker, 'en')!, 'https://x');
    expect(JSON.parse(url.searchParams.get('actions')!)).toEqual([{ hold: [true, false, false, false, false] }]);
    expect(new URL(verifyHref(round, 'en')!, 'https://x').searchParams.has('actions')).toBe(false);
  });

  it('is absent without fair inputs', () => {
    expect(verifyHref({ ...round, fair: null }, 'en')).toBeNull();
  });
});

describe('outcome messages', () => {
  it('name every roulette bet type in English and German', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
    const types = [
      'straight',
      'split',
      'street',
      'corner',
      'six_line',
      'column',
      'dozen',
      'red',
      'black',
      'odd',
      'even',
      'low',
      'high',
    ];
    for (const lang of ['en', 'de'] as const) {
      const messages = JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Messages;
      for (const type of types) {
        const key = `rounds.outcome.roulette.type.${type}`;
        expect(translate({ [lang]: messages }, lang, key), `${lang} ${key}`).not.toBe(key);
      }
    }
  });
});

describe('plinko and keno rounds', () => {
  it("reads a plinko drop and rebuilds the bet the studio's verifier takes", () => {
    const outcome = { rows: 12, risk: 'high', path: [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 1], slot: 8, multiplier: 150 };
    expect(summarizeOutcome(outcome)).toEqual({ kind: 'plinko', rows: 12, risk: 'high', slot: 8, multiplier: '1.5' });
    expect(roundBet(outcome, 200)).toEqual({ stake: 200, rows: 12, risk: 'high' });
  });

  it('reads a keno draw: the picks, the numbers drawn, the hits and what they pay', () => {
    const outcome = { picks: [3, 7, 21], drawn: [7, 40, 3, 12, 9, 1, 33, 28, 15, 2], hits: [3, 7], multiplier: 200 };
    expect(summarizeOutcome(outcome)).toEqual({
      kind: 'keno',
      picks: [3, 7, 21],
      drawn: outcome.drawn,
      hits: [3, 7],
      multiplier: '2',
    });
    expect(roundBet(outcome, 100)).toEqual({ stake: 100, picks: [3, 7, 21] });
  });
});
