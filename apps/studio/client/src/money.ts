import { locale } from './i18n';

/**
 * Money on the game page: integer minor units. `formatAmount` writes them with two decimals and
 * no grouping ("1000.00": what `(cents / 100).toFixed(2)` reads, for fields and multipliers), exact;
 * `formatMoney` as the page's locale writes money.
 */
export function formatAmount(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * An amount as the page's locale writes money ("1.000,00 €" in German, "€1,000.00" in English):
 * `Intl` with the currency, two decimals. A code `Intl` refuses is written "1000.00 XYZ".
 */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    return `${formatAmount(cents)} ${currency}`;
  }
}

/** A chip's short label: 100 → "1", 250 → "2.5", 100000 → "1K". */
export function chipLabel(cents: number): string {
  const units = cents / 100;
  if (units >= 1000) return `${trim(units / 1000)}K`;
  return trim(units);
}
const trim = (n: number): string =>
  Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');

/** Whole units typed by the player ("2.5") to minor units (250), or null. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * A multiplier in hundredths (215) as the page's locale writes it: "×2.15" in English, "×2,15" in
 * German; never grouped ("×1000.00"), as the games' fields take it.
 */
export const formatMultiplier = (hundredths: number, digits = 2): string =>
  `×${new Intl.NumberFormat(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(hundredths / 100)}`;

/**
 * A share (0.495) as the page's locale writes a percentage: "49.5%" in English, "49,5 %" in German,
 * "49,5 %" in Canadian French — `Intl`'s percent style, never a hard-coded "%" after an English number.
 */
export const formatPercent = (share: number, maxDigits = 2, minDigits = 0): string =>
  new Intl.NumberFormat(locale(), {
    style: 'percent',
    minimumFractionDigits: minDigits,
    maximumFractionDigits: maxDigits,
  }).format(share);

/** A plain decimal in the page's locale with a fixed number of decimals, ungrouped: 42.17 → "42,17" in German. */
export const formatDecimal = (n: number, digits = 2): string =>
  new Intl.NumberFormat(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(n);
