/**
 * Money on the game page: integer minor units, shown with two decimals and the currency code
 * ("1000.00 FUN", no grouping: what `(cents / 100).toFixed(2)` reads). Exact: no floating point
 * touches an amount.
 */
export function formatAmount(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export function formatMoney(cents: number, currency: string): string {
  return `${formatAmount(cents)} ${currency}`;
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

/** A multiplier in hundredths (215) as the player reads it: "×2.15". */
export const formatMultiplier = (hundredths: number): string => `×${formatAmount(hundredths)}`;
