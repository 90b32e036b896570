/**
 * Nova Sevens: a classic 3 × 3 slot with 5 fixed lines (the three rows and the two diagonals).
 *
 * - Every cell is drawn on its own with `draws.int(totalWeight)` against the weights, column by
 *   column, top row first.
 * - A line pays three of a kind; the Nova wild substitutes for every symbol and doubles the line's
 *   pay for each Nova on it (×2, ×4); three Novas pay the Nova's own pay. Pays are quoted in line
 *   bets, one line bet = stake / 5 (the stake is a positive multiple of 5 minor units).
 *
 * Exact RTP and variance in closed form. The cells are independent and identically distributed, and
 * a line's pay is a symmetric function of its three cells, so E[line] is a sum over the (n + 1)^3
 * triples. Two rows share no cell (independent); a row and a diagonal, or the two diagonals, share
 * exactly one, and given that cell x the two lines are independent:
 * E[L × M] = Σ_x P(x) g(x)², with g(x) = E[line pay | one of its cells is x].
 */
import type { Draws } from '../../fair/draws';
import { lazy, MAX_STAKE, perStake, stakeGameBasics, type StakeBet } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type NovaBet = StakeBet;

export type NovaConfig = {
  slug: string;
  title: string;
  /** Paying symbols, best first: weight and pay for three on a line (line bets). */
  symbols: readonly { name: string; weight: number; pay: number }[];
  wild: { name: string; weight: number; pay: number };
};

/** The lines as [column, row] cells: rows top to bottom, then the two diagonals. */
export const NOVA_LINES: readonly (readonly (readonly [number, number])[])[] = [
  [
    [0, 0],
    [1, 0],
    [2, 0],
  ],
  [
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  [
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  [
    [0, 2],
    [1, 1],
    [2, 0],
  ],
];

export type NovaLineWin = { line: number; symbol: string; wilds: number; win: number };
export type NovaOutcome = {
  stake: number;
  lineBet: number;
  /** `grid[column][row]`, top row first. */
  grid: string[][];
  lines: NovaLineWin[];
  win: number;
};

export type NovaGame = GameMath<NovaBet, NovaOutcome> & {
  readonly config: NovaConfig;
  /** Exact mean and second moment of the win in line bets. */
  lineMoments(): { mean: number; second: number };
};

/** The rules: the English summary and paytable, and their lines in every locale. */
function novaRules(config: NovaConfig, lines: number): NovaGame['rules'] {
  const { symbols, wild } = config;
  const paytable: PaytableRow[] = [
    { label: `3 × ${wild.name}`, pays: `${wild.pay} × line bet` },
    ...symbols.map((s) => ({ label: `3 × ${s.name}`, pays: `${s.pay} × line bet` })),
    { label: `${wild.name} on a winning line`, pays: 'substitutes; ×2 for one, ×4 for two' },
  ];

  return {
    summary: [
      `${config.title} is a classic 3 × 3 slot with ${lines} fixed lines: the three rows and the two diagonals. The stake is shared by the lines (line bet = stake / ${lines}).`,
      'A line pays three of a kind.',
      `The ${wild.name} substitutes for every symbol and doubles the line's pay for each ${wild.name} on it; three ${wild.name}s pay ${wild.pay} line bets.`,
      'Wins on different lines add up.',
    ],
    paytable,
    lines: {
      summary: [
        { key: 'novaSevens.grid', values: { game: { text: config.title }, lines } },
        { key: 'novaSevens.threeOfAKind' },
        { key: 'novaSevens.wild', values: { wild: { symbol: wild.name }, pay: wild.pay } },
        { key: 'novaSevens.add' },
      ],
      paytable: [
        {
          label: { key: 'novaSevens.three', values: { symbol: { symbol: wild.name } } },
          pays: { key: 'lineBets', values: { pay: { n: wild.pay, grouping: false } } },
        },
        ...symbols.map((s) => ({
          label: { key: 'novaSevens.three', values: { symbol: { symbol: s.name } } },
          pays: { key: 'lineBets', values: { pay: { n: s.pay, grouping: false } } },
        })),
        {
          label: { key: 'novaSevens.wildLine', values: { wild: { symbol: wild.name } } },
          pays: { key: 'novaSevens.wildPays' },
        },
      ],
    },
  };
}

export function makeNova(config: NovaConfig, declaredRtp: number): NovaGame {
  const { symbols, wild } = config;
  const nSym = symbols.length;
  const WILD = nSym;
  const names = [...symbols.map((s) => s.name), wild.name];
  const weights = [...symbols.map((s) => s.weight), wild.weight];
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const symbolAt = new Int8Array(totalWeight);
  for (let i = 0, at = 0; i < weights.length; i++) for (let k = 0; k < weights[i]!; k++) symbolAt[at++] = i;
  const lines = NOVA_LINES.length;

  /** A line's pay in line bets and what pays, from its three cells. */
  const linePay = (cells: readonly number[]): { pay: number; symbol: number; wilds: number } => {
    const wilds = cells.filter((c) => c === WILD).length;
    if (wilds === 3) return { pay: wild.pay, symbol: WILD, wilds };
    const first = cells.find((c) => c !== WILD)!;
    if (cells.some((c) => c !== WILD && c !== first)) return { pay: 0, symbol: first, wilds };
    return { pay: symbols[first]!.pay * 2 ** wilds, symbol: first, wilds };
  };

  const lineMoments = lazy(() => {
    const p = weights.map((w) => w / totalWeight);
    const n = weights.length;
    let e1 = 0;
    let e2 = 0;
    const g = new Float64Array(n); // E[line | its first cell = x]
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        for (let c = 0; c < n; c++) {
          const pay = linePay([a, b, c]).pay;
          const pr = p[a]! * p[b]! * p[c]!;
          e1 += pr * pay;
          e2 += pr * pay * pay;
          g[a]! += p[b]! * p[c]! * pay;
        }
    let shared = 0; // E[L × M] for two lines sharing one cell
    for (let x = 0; x < n; x++) shared += p[x]! * g[x]! ** 2;
    // Pairs of lines: 3 row pairs share nothing, 6 row–diagonal pairs and 1 diagonal pair share one cell.
    let second = lines * e2;
    for (let l = 0; l < lines; l++)
      for (let m = l + 1; m < lines; m++) {
        const common = NOVA_LINES[l]!.filter(([c, r]) =>
          NOVA_LINES[m]!.some(([c2, r2]) => c === c2 && r === r2),
        ).length;
        second += 2 * (common === 0 ? e1 * e1 : shared);
      }
    return { mean: lines * e1, second };
  });

  return {
    ...stakeGameBasics(config, declaredRtp, lines, () => perStake(lineMoments(), lines)),
    lineMoments,
    play(draws: Draws, bet: NovaBet) {
      const lineBet = bet.stake / lines;
      const codes: number[][] = [];
      for (let c = 0; c < 3; c++) codes.push([0, 1, 2].map(() => symbolAt[draws.int(totalWeight)]!));
      const wins: NovaLineWin[] = [];
      let win = 0;
      NOVA_LINES.forEach((cells, i) => {
        const r = linePay(cells.map(([c, row]) => codes[c]![row]!));
        if (r.pay === 0) return;
        win += r.pay * lineBet;
        wins.push({ line: i + 1, symbol: names[r.symbol]!, wilds: r.wilds, win: r.pay * lineBet });
      });
      return {
        outcome: { stake: bet.stake, lineBet, grid: codes.map((col) => col.map((x) => names[x]!)), lines: wins, win },
        win,
      };
    },
    rules: novaRules(config, lines),
  };
}

export const NOVA_CONFIG: NovaConfig = {
  slug: 'nova-sevens',
  title: 'Nova Sevens',
  symbols: [
    { name: 'Seven', weight: 2, pay: 170 },
    { name: 'Bar', weight: 3, pay: 70 },
    { name: 'Bell', weight: 4, pay: 35 },
    { name: 'Star', weight: 5, pay: 17 },
    { name: 'Cherry', weight: 6, pay: 10 },
    { name: 'Plum', weight: 7, pay: 7 },
    { name: 'Lemon', weight: 8, pay: 4 },
  ],
  wild: { name: 'Nova', weight: 1, pay: 400 },
};

export const novaSevens: NovaGame = makeNova(NOVA_CONFIG, 0.9675068587105619);
