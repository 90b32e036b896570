/**
 * The lobby's jackpots without React: what the loader keeps of the API's answers (views with
 * their texts already formatted, so the page hydrates with the server's own strings), amounts
 * and times as the visitor reads them, and live messages merged into what is shown.
 */
import type { Jackpot, JackpotWinner } from '@orbit/contracts';
import { localizePath, type Locale } from '../../lib/locale';

/** The winners board shows 5 wins a list by default (docs/rules/page-shell.md "Jackpots"). */
export const WINNERS_LIMIT = 5;
/** The site's default currency when the project does not name one: a guest sees its jackpot. */
export const FALLBACK_CURRENCY = 'EUR';

export type JackpotLevelView = {
  identifier: string;
  name: string;
  cents: number;
  /** `cents` as the visitor reads it (formatted where the view was made). */
  text: string;
};

export type JackpotGameLink = { identifier: string; href: string; title: string | null };

export type JackpotSliderView = {
  identifier: string;
  name: string;
  currency: string;
  /** Grand first. */
  levels: JackpotLevelView[];
  games: JackpotGameLink[];
};

export type JackpotWinnerView = {
  /** Stable within a list (the API gives wins no id). */
  key: string;
  /** Masked by the server: the first six characters, then `***`. */
  name: string;
  level: string;
  cents: number;
  currency: string;
  /** ISO time of the win. */
  at: string;
  text: string;
  /** How long ago, as of the view's `now`. */
  ago: string;
};

export type WinnerLists = { latest: JackpotWinnerView[]; biggest: JackpotWinnerView[] };

export type JackpotsView = {
  slider: JackpotSliderView;
  winners: WinnerLists;
  /** Game titles by catalogue identifier (`orbit/stellar-sevens`), for the links of any currency's jackpot. */
  titles: Record<string, string>;
  /** When the texts were made (ms), so the first render in the browser matches the server's. */
  now: number;
};

/** Jackpot amounts are shown as cents / 100 with two decimals, with their currency (docs/rules/money-display.md). */
export function formatJackpotAmount(cents: number, currency: string, locale: Locale): string {
  const units = cents / 100;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(units);
  } catch {
    // Not an ISO 4217 code (USDT ...): the number, then the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(units)} ${currency}`;
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" / "vor 5 Minuten"; under a minute (or a clock a little ahead) is "now". */
export function timeAgo(iso: string, now: number, locale: Locale): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** Grand, then Major, then Mini (the API orders levels by position, smallest first). */
export function sortLevels<T extends { index: number }>(levels: T[]): T[] {
  return [...levels].sort((a, b) => b.index - a.index);
}

/** The jackpot shown to a visitor: the one in their currency, else the default currency's, else the first. */
export function jackpotFor(jackpots: Jackpot[], currency: string | null, fallback = FALLBACK_CURRENCY): Jackpot | null {
  return (
    (currency ? jackpots.find((j) => j.currency === currency) : undefined) ??
    jackpots.find((j) => j.currency === fallback) ??
    jackpots[0] ??
    null
  );
}

/** `orbit/stellar-sevens` → `/play/orbit/stellar-sevens` (the game page: provider, then seo title). */
export function jackpotGamePath(identifier: string, locale: Locale): string | null {
  const slash = identifier.indexOf('/');
  if (slash <= 0 || slash === identifier.length - 1) return null;
  const provider = identifier.slice(0, slash);
  const name = identifier.slice(slash + 1);
  return localizePath(`/play/${encodeURIComponent(provider)}/${encodeURIComponent(name)}`, locale);
}

export function sliderView(jackpot: Jackpot, titles: Record<string, string>, locale: Locale): JackpotSliderView {
  return {
    identifier: jackpot.identifier,
    name: jackpot.name,
    currency: jackpot.currency,
    levels: sortLevels(jackpot.levels).map((level) => ({
      identifier: level.identifier,
      name: level.name,
      cents: level.amount_cents,
      text: formatJackpotAmount(level.amount_cents, jackpot.currency, locale),
    })),
    games: jackpot.games.flatMap((identifier) => {
      const href = jackpotGamePath(identifier, locale);
      return href ? [{ identifier, href, title: titles[identifier] ?? null }] : [];
    }),
  };
}

/** A win as the board lists it: from `GET /api/jackpot_wins`. */
export function winnerView(win: JackpotWinner, now: number, locale: Locale): JackpotWinnerView {
  return makeWinner(
    win.user_name,
    win.jackpot_level_name,
    win.jackpot_original_amount_cents,
    win.jackpot_original_currency,
    win.created_at,
    now,
    locale,
  );
}

function makeWinner(
  name: string,
  level: string,
  cents: number,
  currency: string,
  at: string,
  now: number,
  locale: Locale,
): JackpotWinnerView {
  return {
    key: `${at}|${name}|${level}|${cents}|${currency}`,
    name,
    level,
    cents,
    currency,
    at,
    text: formatJackpotAmount(cents, currency, locale),
    ago: timeAgo(at, now, locale),
  };
}

/**
 * A `public:wins` message as a winner of the board, or null when it is not a jackpot win
 * (round wins share the channel) or is malformed.
 */
export function liveWinner(data: unknown, now: number, locale: Locale): JackpotWinnerView | null {
  if (typeof data !== 'object' || data === null) return null;
  const win = data as Record<string, unknown>;
  if (win.kind !== 'jackpot') return null;
  const { user_name: name, jackpot_level_name: level, amount_cents: cents, currency, created_at: at } = win;
  if (typeof name !== 'string' || typeof level !== 'string' || typeof currency !== 'string' || typeof at !== 'string')
    return null;
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return null;
  return makeWinner(name, level, cents, currency, at, now, locale);
}

/** As the server sorts `biggest`: the amount, then the newest first. */
function biggerFirst(a: JackpotWinnerView, b: JackpotWinnerView): number {
  return b.cents - a.cents || Date.parse(b.at) - Date.parse(a.at);
}

/**
 * A live win merged into the board: first of the latest wins, and in its place among the
 * biggest; each list keeps `limit` rows. A win the lists already hold is not added twice.
 */
export function mergeWinner(lists: WinnerLists, win: JackpotWinnerView, limit = WINNERS_LIMIT): WinnerLists {
  const latest = lists.latest.some((w) => w.key === win.key) ? lists.latest : [win, ...lists.latest].slice(0, limit);
  const biggest = lists.biggest.some((w) => w.key === win.key)
    ? lists.biggest
    : [...lists.biggest, win].sort(biggerFirst).slice(0, limit);
  return latest === lists.latest && biggest === lists.biggest ? lists : { latest, biggest };
}

/** A `public:jackpots_changes` message (the whole `GET /api/jackpots` list), or null when malformed. */
export function jackpotList(data: unknown): Jackpot[] | null {
  if (!Array.isArray(data)) return null;
  const ok = data.every(
    (j: unknown) =>
      typeof j === 'object' &&
      j !== null &&
      typeof (j as Jackpot).currency === 'string' &&
      Array.isArray((j as Jackpot).games) &&
      Array.isArray((j as Jackpot).levels) &&
      (j as Jackpot).levels.every(
        (l) => typeof l?.amount_cents === 'number' && typeof l.identifier === 'string' && typeof l.index === 'number',
      ),
  );
  return ok ? (data as Jackpot[]) : null;
}

/** The winner's own `jackpot_win_award`: what the celebration shows. */
export type JackpotAward = { amount_cents: number; currency: string; level: string; created_at: string };

/** A `jackpot_win_award` message, or null when malformed. */
export function awardOf(data: unknown): JackpotAward | null {
  if (typeof data !== 'object' || data === null) return null;
  const award = data as Record<string, unknown>;
  const { amount_cents: cents, currency, jackpot_level_name: name, level, created_at: at } = award;
  if (typeof cents !== 'number' || !Number.isFinite(cents) || typeof currency !== 'string') return null;
  const shown = typeof name === 'string' ? name : typeof level === 'string' ? level : null;
  if (shown === null) return null;
  return { amount_cents: cents, currency, level: shown, created_at: typeof at === 'string' ? at : '' };
}
