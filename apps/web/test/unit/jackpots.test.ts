import type { Jackpot, JackpotWinner } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import {
  awardOf,
  formatJackpotAmount,
  jackpotFor,
  jackpotGamePath,
  jackpotList,
  liveWinner,
  mergeWinner,
  sliderView,
  timeAgo,
  winnerView,
  WINNERS_LIMIT,
  type JackpotWinnerView,
  type WinnerLists,
} from '../../app/features/jackpots/jackpots';

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) where these tests write a space.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function jackpot(currency: string, grand = 200_000, games = ['orbit/stellar-sevens']): Jackpot {
  return {
    id: 1,
    name: 'Orbit Jackpot',
    identifier: `orbit-${currency.toLowerCase()}`,
    currency,
    state: 'active',
    games,
    // As the API orders them: by position, Mini first.
    levels: [
      { id: 3, identifier: 'mini', index: 0, name: 'Mini', state: 'active', amount_cents: 2_000 },
      { id: 2, identifier: 'major', index: 1, name: 'Major', state: 'active', amount_cents: 20_000 },
      { id: 1, identifier: 'grand', index: 2, name: 'Grand', state: 'active', amount_cents: grand },
    ],
  };
}

const NOW = Date.parse('2026-05-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function apiWinner(name: string, cents: number, at: string, level = 'Mini', currency = 'EUR'): JackpotWinner {
  return {
    amount_cents: cents,
    jackpot_name: 'Orbit Jackpot',
    jackpot_level_name: level,
    created_at: at,
    user_name: name,
    jackpot_original_currency: currency,
    jackpot_original_amount_cents: cents,
  };
}

function liveWin(name: string, cents: number, at: string, level = 'Major') {
  return {
    kind: 'jackpot',
    amount_cents: cents,
    currency: 'EUR',
    jackpot_name: 'Orbit Jackpot',
    jackpot_level_name: level,
    level: level.toLowerCase(),
    created_at: at,
    user_name: name,
  };
}

describe('jackpot amounts', () => {
  it('are cents / 100 with two decimals and the currency, in the page language', () => {
    expect(formatJackpotAmount(200_000, 'EUR', 'en')).toBe('€2,000.00');
    expect(plain(formatJackpotAmount(200_000, 'EUR', 'de'))).toBe('2.000,00 €');
    expect(formatJackpotAmount(123_456_789, 'USD', 'en')).toBe('$1,234,567.89');
    expect(formatJackpotAmount(5, 'EUR', 'en')).toBe('€0.05');
    expect(plain(formatJackpotAmount(2_012_345, 'NOK', 'no'))).toMatch(/^(kr )?20 123,45( kr)?$/);
  });

  it('fall back to the number and the code for a code Intl does not know', () => {
    expect(formatJackpotAmount(150, 'USDT', 'en')).toBe('1.50 USDT');
  });
});

describe('time ago', () => {
  it('counts in the largest whole unit, in the page language', () => {
    expect(timeAgo(minutesAgo(0.2), NOW, 'en')).toBe('now');
    expect(timeAgo(minutesAgo(5), NOW, 'en')).toBe('5 minutes ago');
    expect(timeAgo(minutesAgo(60), NOW, 'en')).toBe('1 hour ago');
    expect(timeAgo(minutesAgo(26 * 60), NOW, 'en')).toBe('yesterday');
    expect(timeAgo(minutesAgo(5), NOW, 'de')).toBe('vor 5 Minuten');
  });

  it('says "now" for a time a little ahead of the clock', () => {
    expect(timeAgo(new Date(NOW + 3_000).toISOString(), NOW, 'en')).toBe('now');
  });
});

describe('the visitor’s jackpot', () => {
  const list = [jackpot('USD'), jackpot('EUR'), jackpot('CAD')];

  it('is the one in their currency, else the default currency’s, else the first', () => {
    expect(jackpotFor(list, 'CAD')?.currency).toBe('CAD');
    expect(jackpotFor(list, 'BTC')?.currency).toBe('EUR');
    expect(jackpotFor(list, null)?.currency).toBe('EUR');
    expect(jackpotFor([jackpot('USD')], 'BTC')?.currency).toBe('USD');
    expect(jackpotFor([], 'EUR')).toBeNull();
  });

  it('is drawn Grand first, with formatted amounts and links to its games', () => {
    const view = sliderView(
      jackpot('EUR', 212_345, ['orbit/stellar-sevens', 'broken']),
      { 'orbit/stellar-sevens': 'Stellar Sevens' },
      'de',
    );
    expect(view.levels.map((l) => l.identifier)).toEqual(['grand', 'major', 'mini']);
    expect(plain(view.levels[0]!.text)).toBe('2.123,45 €');
    expect(view.levels[0]!.cents).toBe(212_345);
    expect(view.games).toEqual([
      { identifier: 'orbit/stellar-sevens', href: '/de/play/orbit/stellar-sevens', title: 'Stellar Sevens' },
    ]);
  });

  it('links a catalogue identifier to the game page', () => {
    expect(jackpotGamePath('orbit/stellar-sevens', 'en')).toBe('/play/orbit/stellar-sevens');
    expect(jackpotGamePath('stellar-sevens', 'en')).toBeNull();
    expect(jackpotGamePath('orbit/', 'en')).toBeNull();
  });
});

describe('live messages', () => {
  it('take jackpot wins from the wins channel and leave round wins and malformed ones', () => {
    const win = liveWinner(liveWin('Annabe***', 12_345, minutesAgo(0)), NOW, 'en');
    expect(win).toMatchObject({
      name: 'Annabe***',
      level: 'Major',
      cents: 12_345,
      currency: 'EUR',
      text: '€123.45',
      ago: 'now',
    });
    expect(
      liveWinner({ kind: 'round', game: 'orbit/stellar-sevens', amount_cents: 500, currency: 'EUR' }, NOW, 'en'),
    ).toBeNull();
    expect(liveWinner({ ...liveWin('x', 1, minutesAgo(0)), amount_cents: '1' }, NOW, 'en')).toBeNull();
    expect(liveWinner(null, NOW, 'en')).toBeNull();
  });

  it('is the same winner as the list’s for the same win', () => {
    const at = minutesAgo(3);
    expect(liveWinner(liveWin('Annabe***', 500, at, 'Mini'), NOW, 'en')?.key).toBe(
      winnerView(apiWinner('Annabe***', 500, at), NOW, 'en').key,
    );
  });

  it('accept a jackpots list only when it looks like one', () => {
    expect(jackpotList([jackpot('EUR')])).toHaveLength(1);
    expect(jackpotList([])).toEqual([]);
    expect(jackpotList({})).toBeNull();
    expect(
      jackpotList([{ currency: 'EUR', games: [], levels: [{ identifier: 'mini', index: 0, amount_cents: '5' }] }]),
    ).toBeNull();
  });

  it('read the winner’s own award', () => {
    expect(
      awardOf({
        amount_cents: 2_000,
        currency: 'EUR',
        jackpot_name: 'Orbit Jackpot',
        jackpot_level_name: 'Mini',
        level: 'mini',
        created_at: 'x',
      }),
    ).toEqual({
      amount_cents: 2_000,
      currency: 'EUR',
      level: 'Mini',
      created_at: 'x',
    });
    expect(awardOf({ amount_cents: 2_000, currency: 'EUR' })).toBeNull();
    expect(awardOf('win')).toBeNull();
  });
});

describe('merging a live win into the board', () => {
  const view = (name: string, cents: number, minutes: number) =>
    winnerView(apiWinner(name, cents, minutesAgo(minutes)), NOW, 'en');
  const names = (list: JackpotWinnerView[]) => list.map((w) => w.name);
  const board: WinnerLists = {
    latest: [view('a', 100, 1), view('b', 9_000, 2), view('c', 300, 3), view('d', 50, 4), view('e', 700, 5)],
    biggest: [view('b', 9_000, 2), view('e', 700, 5), view('c', 300, 3), view('a', 100, 1), view('d', 50, 4)],
  };

  it('puts it first among the latest and in its place among the biggest, five rows each', () => {
    const win = liveWinner(liveWin('new', 500, minutesAgo(0)), NOW, 'en')!;
    const next = mergeWinner(board, win);
    expect(names(next.latest)).toEqual(['new', 'a', 'b', 'c', 'd']);
    expect(names(next.biggest)).toEqual(['b', 'e', 'new', 'c', 'a']);
    expect(next.latest).toHaveLength(WINNERS_LIMIT);
  });

  it('leaves a small win out of a full biggest list, and ranks equal amounts newest first', () => {
    expect(names(mergeWinner(board, liveWinner(liveWin('tiny', 1, minutesAgo(0)), NOW, 'en')!).biggest)).toEqual(
      names(board.biggest),
    );
    expect(names(mergeWinner(board, liveWinner(liveWin('tie', 700, minutesAgo(0)), NOW, 'en')!).biggest)).toEqual([
      'b',
      'tie',
      'e',
      'c',
      'a',
    ]);
  });

  it('starts an empty board, and does not add a win twice', () => {
    const win = liveWinner(liveWin('first', 500, minutesAgo(0)), NOW, 'en')!;
    const once = mergeWinner({ latest: [], biggest: [] }, win);
    expect(once).toEqual({ latest: [win], biggest: [win] });
    expect(mergeWinner(once, { ...win })).toBe(once);
  });
});
