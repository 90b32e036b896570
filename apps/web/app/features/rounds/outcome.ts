/**
 * Game recall without React: a round's stored outcome (the studio's JSON, `unknown` to the
 * platform) read as what the player saw, the bet it was played with, and the address that
 * verifies it on `/fair`. The kind is told by the outcome's shape (the house studio's games,
 * apps/studio/src/games): roulette `{pocket, colour, positions}`, dice `{roll, target,
 * direction}`, crash `{crash_point, cashout_at}`, plinko `{rows, risk, path, slot, multiplier}`,
 * keno `{picks, drawn, hits, multiplier}`, video poker `{dealt, held, final, hand, pays}`, blackjack
 * `{dealer, hands}`. The house studio's slots are read by their game's slug, each as it records its
 * round (reels or a grid by columns, lines, ways, pays-anywhere counts, free spins, tumbles, coins, the
 * wheel); another studio's slot by the usual shapes (a grid of symbols with their wins); anything else
 * is shown as JSON.
 * Cards are numbered 0 … 51: rank = n mod 13 (Ace first), suit = ⌊n / 13⌋ (spades, hearts,
 * diamonds, clubs), as the studio deals them (apps/studio/src/games/cards.ts).
 */
import type { GameRound, RoundFair } from '@orbit/contracts';
import { localizePath, type Locale } from '../../lib/locale';

export type RoulettePosition = { type: string; numbers: number[]; stake: number; win: number };
/** One paying thing of a slot screen, worded by its kind. */
export type SlotWin = {
  /**
   * "line" (a payline: `line` its number, null for the only line), "ways" (a symbol on `reels`
   * reels in a row, `ways` of them), "count" (pays anywhere: `count` of a symbol), "cluster",
   * "scatter" (`count` scatters), "freeSpins" (`count` free spins won), "wheel" (the bonus
   * wheel's `count` coins times `multiplier`), "coins" (the Hold and Win's `count` coins),
   * "grand" (the full grid's Grand) or "win".
   */
  kind: string;
  line: number | null;
  symbol: string | null;
  count: number | null;
  reels: number | null;
  ways: number | null;
  /** Minor units, when the outcome says. */
  win: number | null;
  multiplier: number | null;
};

/** What a cell carries beside its symbol: a coin's value (money) or a multiplier. */
export type SlotCellNote = { unit: 'money' | 'times'; value: number };

/** One screen of a slot round: the spin, each free spin, each tumble, the Hold and Win's end. */
export type SlotScreen = {
  stage: 'spin' | 'freeSpin' | 'tumble' | 'respins';
  /** 1, 2 … within its stage. */
  index: number;
  /** Rows of symbols, top to bottom ("" where a reel is shorter). */
  rows: string[][];
  /** Per cell, what it carries beside its symbol; null when nothing does. */
  notes: (SlotCellNote | null)[][] | null;
  /** Reels (0 = the first) whose wild expanded over the whole reel. */
  expanded: number[];
  wins: SlotWin[];
  /** The screen's win multiplier, when above 1. */
  multiplier: number | null;
  /** What the screen paid, minor units, when the outcome says. */
  win: number | null;
};

export type OutcomeSummary =
  | { kind: 'roulette'; pocket: number; colour: 'red' | 'black' | 'green'; positions: RoulettePosition[] }
  | {
      kind: 'dice';
      /** "42.17" (the roll in hundredths, shown as 0.00–99.99). */
      roll: string;
      target: string;
      direction: 'over' | 'under';
      /** Win chance in percent: "49.99". */
      chance: string | null;
      /** Payout multiplier: "1.9204". */
      multiplier: string | null;
      won: boolean;
    }
  | { kind: 'crash'; crashPoint: string; cashoutAt: string; won: boolean }
  | {
      kind: 'slot';
      /** The screens in the order played: the spin first (a `reels`/`grid` by columns turned into rows). */
      screens: SlotScreen[];
      /** The outcome's other facts the page knows how to word (free spins, multiplier, cascades ...). */
      facts: SlotFact[];
    }
  | {
      kind: 'plinko';
      rows: number;
      risk: string;
      /** The slot the ball landed in, 0 at the left. */
      slot: number;
      /** "1.5": the slot's multiplier. */
      multiplier: string;
    }
  | {
      kind: 'keno';
      picks: number[];
      drawn: number[];
      hits: number[];
      /** "2": what the hits pay, times the stake ("0": nothing). */
      multiplier: string;
    }
  | {
      kind: 'poker';
      dealt: string[];
      held: boolean[] | null;
      final: string[] | null;
      /** The paying hand's name (`two_pair` …), null when none. */
      hand: string | null;
      /** What it pays, times the stake. */
      pays: number | null;
    }
  | { kind: 'blackjack'; dealer: CardRow; hands: BlackjackHandRow[] }
  | { kind: 'json'; json: string }
  | { kind: 'none' };

/** Cards as the player reads them ("A♠", "10♥") and their blackjack total. */
export type CardRow = { cards: string[]; total: number };
export type BlackjackHandRow = CardRow & { result: string | null; win: number | null; doubled: boolean };

type Obj = Record<string, unknown>;

/** A slot round's fact in words: its message key (`rounds.outcome.fact.<key>`), value and how to write it. */
export type SlotFact = { key: SlotFactKey; value: number; unit: 'money' | 'count' | 'times' };
export type SlotFactKey =
  'coin' | 'lineBet' | 'multiplier' | 'freeSpins' | 'cascades' | 'scatters' | 'ways' | 'respins';

/**
 * The facts the page words, by the JSON names the games use; anything else of the outcome is left
 * to the verifier (never shown raw, "coin 4 / stake 100"). The stake is the round's own line.
 */
const SLOT_FACTS: ReadonlyArray<{ names: string[]; key: SlotFactKey; unit: SlotFact['unit'] }> = [
  { names: ['coin'], key: 'coin', unit: 'money' },
  { names: ['lineBet', 'line_bet'], key: 'lineBet', unit: 'money' },
  { names: ['multiplier'], key: 'multiplier', unit: 'times' },
  { names: ['freeSpins', 'free_spins', 'spins'], key: 'freeSpins', unit: 'count' },
  { names: ['cascades'], key: 'cascades', unit: 'count' },
  { names: ['scatter_count', 'scatters'], key: 'scatters', unit: 'count' },
];
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Hundredths as a decimal: 4217 → "42.17". */
export function hundredths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(value));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A roulette pocket's colour (single zero; the usual red numbers). */
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export function pocketColour(pocket: number): 'red' | 'black' | 'green' {
  return pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black';
}

function roulette(o: Obj): OutcomeSummary | null {
  if (!isInt(o.pocket) || o.pocket < 0 || o.pocket > 36) return null;
  const positions = Array.isArray(o.positions)
    ? o.positions.filter(isObj).map((p) => ({
        type: typeof p.type === 'string' ? p.type : '?',
        numbers: Array.isArray(p.numbers) ? p.numbers.filter(isInt) : [],
        stake: num(p.stake) ?? 0,
        win: num(p.win) ?? 0,
      }))
    : [];
  const colour = o.colour === 'red' || o.colour === 'black' || o.colour === 'green' ? o.colour : pocketColour(o.pocket);
  return { kind: 'roulette', pocket: o.pocket, colour, positions };
}

function dice(o: Obj): OutcomeSummary | null {
  if (!isInt(o.roll) || !isInt(o.target) || (o.direction !== 'over' && o.direction !== 'under')) return null;
  const won = typeof o.won === 'boolean' ? o.won : o.direction === 'over' ? o.roll > o.target : o.roll < o.target;
  const chance = num(o.chance);
  const multiplier = num(o.multiplier);
  return {
    kind: 'dice',
    roll: hundredths(o.roll),
    target: hundredths(o.target),
    direction: o.direction,
    chance: chance === null ? null : (chance * 100).toFixed(2),
    multiplier: multiplier === null ? null : String(multiplier),
    won,
  };
}

function crash(o: Obj): OutcomeSummary | null {
  if (!isInt(o.crash_point) || !isInt(o.cashout_at)) return null;
  const won = typeof o.won === 'boolean' ? o.won : o.crash_point >= o.cashout_at;
  return { kind: 'crash', crashPoint: hundredths(o.crash_point), cashoutAt: hundredths(o.cashout_at), won };
}

/** Hundredths of a multiplier as its shortest decimal: 150 → "1.5", 200 → "2", 0 → "0". */
const times = (hundredths: number) => String(hundredths / 100);

function plinko(o: Obj): OutcomeSummary | null {
  if (!isInt(o.rows) || !isInt(o.slot) || !isInt(o.multiplier) || typeof o.risk !== 'string') return null;
  if (!Array.isArray(o.path)) return null;
  return { kind: 'plinko', rows: o.rows, risk: o.risk, slot: o.slot, multiplier: times(o.multiplier) };
}

function keno(o: Obj): OutcomeSummary | null {
  const ints = (v: unknown) => (Array.isArray(v) && v.every(isInt) ? (v as number[]) : null);
  const picks = ints(o.picks);
  const drawn = ints(o.drawn);
  const hits = ints(o.hits);
  if (!picks || !drawn || !hits || !isInt(o.multiplier)) return null;
  return { kind: 'keno', picks, drawn, hits, multiplier: times(o.multiplier) };
}

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_SIGNS = ['♠', '♥', '♦', '♣'];
const isCard = (v: unknown): v is number => isInt(v) && v >= 0 && v < 52;
const cardList = (v: unknown): number[] | null => (Array.isArray(v) && v.every(isCard) ? (v as number[]) : null);

/** A card as the player reads it: rank and suit sign ("Q♥"). */
export const cardText = (card: number): string => `${RANK_LABELS[card % 13]}${SUIT_SIGNS[Math.floor(card / 13)]}`;

/** A blackjack total: aces count 11 while that does not pass 21. */
export function blackjackTotal(cards: readonly number[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const rank = card % 13;
    total += rank === 0 ? 1 : Math.min(10, rank + 1);
    if (rank === 0) aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

function poker(o: Obj): OutcomeSummary | null {
  const dealt = cardList(o.dealt);
  if (!dealt || dealt.length !== 5) return null;
  const final = o.final === null ? null : cardList(o.final);
  const held = Array.isArray(o.held) && o.held.every((h) => typeof h === 'boolean') ? (o.held as boolean[]) : null;
  return {
    kind: 'poker',
    dealt: dealt.map(cardText),
    held,
    final: final ? final.map(cardText) : null,
    hand: typeof o.hand === 'string' ? o.hand : null,
    pays: num(o.pays),
  };
}

function blackjack(o: Obj): OutcomeSummary | null {
  const dealer = cardList(o.dealer);
  if (!dealer || !Array.isArray(o.hands) || o.hands.length === 0) return null;
  const hands: BlackjackHandRow[] = [];
  for (const hand of o.hands) {
    const cards = isObj(hand) ? cardList(hand.cards) : null;
    if (!isObj(hand) || !cards) return null;
    hands.push({
      cards: cards.map(cardText),
      total: blackjackTotal(cards),
      result: typeof hand.result === 'string' ? hand.result : null,
      win: num(hand.win),
      doubled: hand.doubled === true,
    });
  }
  return { kind: 'blackjack', dealer: { cards: dealer.map(cardText), total: blackjackTotal(dealer) }, hands };
}

/** A symbol as text: a string, a number, or an object naming it (`{symbol: "seven"}`). */
function symbolText(cell: unknown): string | null {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return String(cell);
  if (isObj(cell)) {
    for (const key of ['symbol', 'id', 'name']) {
      const v = cell[key];
      if (typeof v === 'string' || typeof v === 'number') return String(v);
    }
  }
  return null;
}

/** A rectangular-ish matrix of symbols, or null. */
function matrix(value: unknown): string[][] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 20) return null;
  const rows: string[][] = [];
  for (const row of value) {
    if (!Array.isArray(row) || row.length === 0 || row.length > 20) return null;
    const cells = row.map(symbolText);
    if (cells.some((c) => c === null)) return null;
    rows.push(cells as string[]);
  }
  return rows;
}

function transpose(columns: string[][]): string[][] {
  const height = Math.max(...columns.map((c) => c.length));
  return Array.from({ length: height }, (_, r) => columns.map((c) => c[r] ?? ''));
}

const GRID_KEYS = ['grid', 'rows', 'screen', 'symbols', 'board'] as const;
const WIN_KEYS = ['wins', 'line_wins', 'lines', 'ways', 'clusters', 'scatters'] as const;

/** The first screen of symbols: the outcome's own grid, else the first cascade's or spin's. */
function slotGrid(o: Obj): string[][] | null {
  for (const key of GRID_KEYS) {
    const rows = matrix(o[key]);
    if (rows) return rows;
  }
  const reels = matrix(o.reels);
  if (reels) return transpose(reels);
  for (const key of ['cascades', 'spins', 'steps']) {
    const list = o[key];
    if (Array.isArray(list) && isObj(list[0])) {
      const inner = slotGrid(list[0]);
      if (inner) return inner;
    }
  }
  return null;
}

function slotWins(o: Obj): SlotWin[] {
  const wins: SlotWin[] = [];
  for (const key of WIN_KEYS) {
    const list = o[key];
    if (!Array.isArray(list)) continue;
    for (const w of list) {
      if (!isObj(w)) continue;
      const line = num(w.line) ?? num(w.line_index) ?? num(w.payline);
      const kind =
        line !== null
          ? 'line'
          : key === 'ways'
            ? 'ways'
            : key === 'clusters'
              ? 'cluster'
              : key === 'scatters'
                ? 'scatter'
                : typeof w.kind === 'string'
                  ? w.kind
                  : 'win';
      const cells = Array.isArray(w.positions) ? w.positions.length : Array.isArray(w.cells) ? w.cells.length : null;
      wins.push({
        ...noWin(kind),
        line,
        symbol: symbolText(w.symbol),
        count: num(w.count) ?? num(w.length) ?? num(w.size) ?? cells,
        win: num(w.win_cents) ?? num(w.win) ?? num(w.pay) ?? num(w.amount),
        multiplier: num(w.multiplier),
      });
    }
  }
  return wins;
}

/** Plain top-level facts (numbers, booleans, short strings) beside the grid and the wins. */
function slotFacts(o: Obj): SlotFact[] {
  const facts: SlotFact[] = [];
  for (const { names, key, unit } of SLOT_FACTS) {
    const raw = names.map((name) => o[name]).find((value) => value !== undefined);
    const value = Array.isArray(raw) ? raw.length : typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    if (value === null || (unit === 'times' && value <= 1)) continue;
    facts.push({ key, value, unit });
  }
  return facts;
}

const noWin = (kind: string): SlotWin => ({
  kind,
  line: null,
  symbol: null,
  count: null,
  reels: null,
  ways: null,
  win: null,
  multiplier: null,
});
const screen = (rows: string[][], wins: SlotWin[], extra: Partial<SlotScreen> = {}): SlotScreen => ({
  stage: 'spin',
  index: 1,
  rows,
  notes: null,
  expanded: [],
  wins,
  multiplier: null,
  win: null,
  ...extra,
});

/** Any other studio's slot: its grid by shape, wins by their usual names. */
function slot(o: Obj): OutcomeSummary | null {
  const rows = slotGrid(o);
  return rows ? { kind: 'slot', screens: [screen(rows, slotWins(o))], facts: slotFacts(o) } : null;
}

// The house studio's slots, each read as its game records it (apps/studio/src/games/<slug>/math.ts).
// Their grids are `grid[column][row]` (or `reels`), top row first; shown as rows.

const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const above1 = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && n > 1 ? n : null;
};
const fact = (key: SlotFactKey, value: unknown, unit: SlotFact['unit']): SlotFact[] => {
  const n = num(value);
  return n === null ? [] : [{ key, value: n, unit }];
};
/** Columns of symbols turned into rows; null when it is not a matrix. */
const columns = (v: unknown): string[][] | null => {
  const cols = matrix(v);
  return cols ? transpose(cols) : null;
};
/** Notes at `{column, row}` cells of a grid of `rows` (rows × columns). */
function notesAt(
  rows: string[][],
  cells: Obj[],
  note: (c: Obj) => SlotCellNote | null,
): (SlotCellNote | null)[][] | null {
  if (cells.length === 0) return null;
  const notes = rows.map((row) => row.map((): SlotCellNote | null => null));
  for (const c of cells) {
    if (!isInt(c.column) || !isInt(c.row) || !notes[c.row] || c.column >= notes[c.row]!.length) continue;
    notes[c.row]![c.column] = note(c);
  }
  return notes;
}
/** Ways wins `{symbol, reels, ways, win}` (a `weightedWays` above `ways` is the wilds' multiplier). */
const waysWins = (v: unknown): SlotWin[] =>
  list(v).map((w) => {
    const ways = num(w.ways);
    const weighted = num(w.weightedWays);
    return {
      ...noWin('ways'),
      symbol: str(w.symbol),
      reels: num(w.reels),
      ways,
      win: num(w.win),
      multiplier: ways && weighted && weighted > ways ? weighted / ways : null,
    };
  });
/** Pays-anywhere wins `{symbol, count, win}`. */
const countWins = (v: unknown): SlotWin[] =>
  list(v).map((w) => ({ ...noWin('count'), symbol: str(w.symbol), count: num(w.count), win: num(w.win) }));

function stellarSpin(spin: Obj, stage: SlotScreen['stage'], index: number): SlotScreen | null {
  const rows = columns(spin.reels);
  if (!rows) return null;
  const wins: SlotWin[] = list(spin.lines).map((w) => ({
    ...noWin('line'),
    line: num(w.line),
    symbol: str(w.symbol),
    count: num(w.count),
    win: num(w.win),
  }));
  if ((num(spin.scatterWin) ?? 0) > 0)
    wins.push({ ...noWin('scatter'), count: num(spin.scatters), win: num(spin.scatterWin) });
  if ((num(spin.freeSpinsAwarded) ?? 0) > 0) wins.push({ ...noWin('freeSpins'), count: num(spin.freeSpinsAwarded) });
  const expanded = Array.isArray(spin.expanded) ? spin.expanded.filter(isInt) : [];
  return screen(rows, wins, { stage, index, expanded, multiplier: above1(spin.multiplier), win: num(spin.win) });
}

const HOUSE_SLOTS: Readonly<Record<string, (o: Obj) => OutcomeSummary | null>> = {
  'stellar-sevens': (o) => {
    const base = isObj(o.base) ? stellarSpin(o.base, 'spin', 1) : null;
    if (!base) return null;
    const free = list(o.freeSpins).map((spin, i) => stellarSpin(spin, 'freeSpin', i + 1));
    const screens = [base, ...free.filter((s): s is SlotScreen => s !== null)];
    const spins = Array.isArray(o.freeSpins) ? o.freeSpins.length : 0;
    return {
      kind: 'slot',
      screens,
      facts: [...fact('lineBet', o.lineBet, 'money'), ...(spins > 0 ? fact('freeSpins', spins, 'count') : [])],
    };
  },
  'nebula-ways': (o) => {
    const rows = columns(o.reels);
    return rows
      ? {
          kind: 'slot',
          screens: [screen(rows, waysWins(o.wins), { win: num(o.win) })],
          facts: fact('coin', o.coin, 'money'),
        }
      : null;
  },
  'warp-ways': (o) => {
    const rows = columns(o.reels);
    if (!rows) return null;
    return {
      kind: 'slot',
      screens: [screen(rows, waysWins(o.wins), { win: num(o.win) })],
      facts: [...fact('coin', o.coin, 'money'), ...fact('ways', o.ways, 'count')],
    };
  },
  'cosmic-clusters': (o) => {
    const rows = columns(o.grid);
    if (!rows) return null;
    const notes = notesAt(rows, list(o.multipliers), (c) =>
      isInt(c.value) ? { unit: 'times', value: c.value } : null,
    );
    const wins = countWins(o.wins);
    const multiplier = wins.length > 0 ? above1(o.multiplier) : null;
    return {
      kind: 'slot',
      screens: [screen(rows, wins, { notes, multiplier, win: num(o.win) })],
      facts: fact('coin', o.coin, 'money'),
    };
  },
  'meteor-tumble': (o) => {
    const screens: SlotScreen[] = [];
    for (const [i, step] of list(o.steps).entries()) {
      const rows = columns(step.grid);
      if (!rows) return null;
      screens.push(
        screen(rows, countWins(step.wins), {
          stage: i === 0 ? 'spin' : 'tumble',
          index: i === 0 ? 1 : i,
          multiplier: above1(step.multiplier),
          win: num(step.win),
        }),
      );
    }
    if (screens.length === 0) return null;
    return {
      kind: 'slot',
      screens,
      facts: [
        ...fact('coin', o.coin, 'money'),
        ...(screens.length > 1 ? fact('cascades', screens.length - 1, 'count') : []),
      ],
    };
  },
  'lunar-link': (o) => {
    const rows = columns(o.grid);
    const coin = num(o.coin);
    if (!rows || coin === null) return null;
    const coinNote = (c: Obj): SlotCellNote | null =>
      isInt(c.value) ? { unit: 'money', value: c.value * coin } : null;
    const screens = [
      screen(rows, waysWins(o.wins), { notes: notesAt(rows, list(o.coins), coinNote), win: num(o.baseWin) }),
    ];
    const facts = fact('coin', coin, 'money');
    if (isObj(o.bonus)) {
      const held = list(o.bonus.coins);
      // The Hold and Win's end: every coin held on an otherwise empty grid.
      const heldRows = rows.map((row) => row.map(() => ''));
      for (const c of held) if (isInt(c.column) && isInt(c.row) && heldRows[c.row]) heldRows[c.row]![c.column] = 'Moon';
      const wins: SlotWin[] = [{ ...noWin('coins'), count: held.length }];
      if (o.bonus.grand === true) wins.push(noWin('grand'));
      screens.push(
        screen(heldRows, wins, { stage: 'respins', notes: notesAt(heldRows, held, coinNote), win: num(o.bonus.win) }),
      );
      facts.push(...fact('respins', Array.isArray(o.bonus.respins) ? o.bonus.respins.length : null, 'count'));
    }
    return { kind: 'slot', screens, facts };
  },
  'nova-sevens': (o) => {
    const rows = columns(o.grid);
    if (!rows) return null;
    const wins = list(o.lines).map((w) => {
      const wilds = num(w.wilds) ?? 0;
      return {
        ...noWin('line'),
        line: num(w.line),
        symbol: str(w.symbol),
        count: 3,
        // A line pays double per Nova wild on it; three Novas pay their own prize.
        multiplier: wilds > 0 && wilds < 3 ? 2 ** wilds : null,
        win: num(w.win),
      };
    });
    return {
      kind: 'slot',
      screens: [screen(rows, wins, { win: num(o.win) })],
      facts: fact('lineBet', o.lineBet, 'money'),
    };
  },
  'saturn-wheel': (o) => {
    const rows = columns(o.grid);
    if (!rows) return null;
    const wins: SlotWin[] = [];
    if (isObj(o.line)) wins.push({ ...noWin('line'), symbol: str(o.line.symbol), count: 3, win: num(o.line.win) });
    if (isObj(o.wheel))
      wins.push({
        ...noWin('wheel'),
        count: num(o.wheel.coins),
        multiplier: num(o.wheel.multiplier),
        win: num(o.wheel.win),
      });
    return {
      kind: 'slot',
      screens: [screen(rows, wins, { win: num(o.win) })],
      facts: [
        ...fact('coin', o.coin, 'money'),
        ...((num(o.scatters) ?? 0) > 0 ? fact('scatters', o.scatters, 'count') : []),
      ],
    };
  },
};

/** The outcome as the player saw it: a summary per game kind, else the JSON itself. */
export function summarizeOutcome(outcome: unknown, slug?: string): OutcomeSummary {
  if (outcome === null || outcome === undefined) return { kind: 'none' };
  if (isObj(outcome)) {
    const house = slug ? HOUSE_SLOTS[slug] : undefined;
    const summary =
      house?.(outcome) ??
      roulette(outcome) ??
      dice(outcome) ??
      crash(outcome) ??
      plinko(outcome) ??
      keno(outcome) ??
      poker(outcome) ??
      blackjack(outcome) ??
      slot(outcome);
    if (summary) return summary;
  }
  return { kind: 'json', json: JSON.stringify(outcome, null, 2) ?? String(outcome) };
}

/**
 * The bet a round was played with, as the studio's verifier takes it (`game.parseBet`): the
 * outcome's own `bet` when it carries one; else rebuilt from the outcome (roulette's positions,
 * dice's target and direction, crash's cash-out) with the round's stake; else `{stake}`.
 */
export function roundBet(outcome: unknown, stakeCents: number): unknown {
  if (isObj(outcome)) {
    if (isObj(outcome.bet)) return outcome.bet;
    const summary = summarizeOutcome(outcome);
    if (summary.kind === 'roulette')
      return { bets: summary.positions.map(({ type, numbers, stake }) => ({ type, numbers, stake })) };
    if (summary.kind === 'dice') return { stake: stakeCents, target: outcome.target, direction: outcome.direction };
    if (summary.kind === 'crash') return { stake: stakeCents, cashout_at: outcome.cashout_at };
    if (summary.kind === 'plinko') return { stake: stakeCents, rows: summary.rows, risk: summary.risk };
    if (summary.kind === 'keno') return { stake: stakeCents, picks: summary.picks };
  }
  return { stake: stakeCents };
}

/** The game's slug at its studio: `orbit/orbit-dice` → `orbit-dice`. */
export function gameSlug(game: Pick<GameRound['game'], 'identifier' | 'seo_title'>): string {
  const slash = game.identifier.indexOf('/');
  return slash >= 0 ? game.identifier.slice(slash + 1) : game.seo_title;
}

/**
 * "Verify this round": `/fair?game=<slug>&server_seed_hash=…&client_seed=…&nonce=…&bet=<json>`
 * (the verifier asks the studio for the seed behind the hash, public once the player rotated it).
 */
export function verifyHref(
  round: Pick<GameRound, 'game' | 'bet_cents'> & { outcome: unknown; fair: RoundFair | null; bet?: unknown },
  locale: Locale,
): string | null {
  if (!round.fair) return null;
  const params = new URLSearchParams({
    game: gameSlug(round.game),
    server_seed_hash: round.fair.server_seed_hash,
    client_seed: round.fair.client_seed,
    nonce: String(round.fair.nonce),
    // The bet the studio reported; rebuilt from the outcome for rounds that came without it.
    bet: JSON.stringify(round.bet ?? roundBet(round.outcome, round.bet_cents)),
  });
  // A step game's round (blackjack, video poker) is replayed with the player's actions, which its outcome lists.
  const actions = (round.outcome as { actions?: unknown } | null)?.actions;
  if (Array.isArray(actions)) params.set('actions', JSON.stringify(actions));
  return `${localizePath('/fair', locale)}?${params}`;
}
