import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { excludedSet } from '../../platform/db/upsert';
import { currencies } from './schema';
import { DEFAULT_CURRENCY } from '@orbit/contracts';

type CurrencySeed = {
  code: string;
  name: string;
  symbol: string;
  subunitsToUnit: number;
  fiat: boolean;
  signup?: boolean;
  demo?: boolean;
};

/**
 * The currencies players can hold. Crypto amounts are stored in 10^-8 units (satoshi for
 * BTC); ETH too, not in wei (10^-18), so that every balance stays a safe JS integer
 * (2^53 / 10^8 ≈ 90 million ETH). Stablecoins and ADA/TRX use their native 10^-6.
 */
export const CURRENCY_SEED: ReadonlyArray<CurrencySeed> = [
  { code: 'EUR', name: 'Euro', symbol: '€', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'USD', name: 'US dollar', symbol: '$', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'AUD', name: 'Australian dollar', symbol: 'A$', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'CAD', name: 'Canadian dollar', symbol: 'C$', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'NZD', name: 'New Zealand dollar', symbol: 'NZ$', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'BRL', name: 'Brazilian real', symbol: 'R$', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'NOK', name: 'Norwegian krone', symbol: 'kr', subunitsToUnit: 100, fiat: true, signup: true },
  // The yen has no minor unit in use: one "cent" is one yen.
  { code: 'JPY', name: 'Japanese yen', symbol: '¥', subunitsToUnit: 1, fiat: true, signup: true },
  { code: 'KZT', name: 'Kazakhstani tenge', symbol: '₸', subunitsToUnit: 100, fiat: true, signup: true },
  { code: 'GBP', name: 'Pound sterling', symbol: '£', subunitsToUnit: 100, fiat: true },
  { code: 'PLN', name: 'Polish złoty', symbol: 'zł', subunitsToUnit: 100, fiat: true },
  { code: 'INR', name: 'Indian rupee', symbol: '₹', subunitsToUnit: 100, fiat: true },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'BCH', name: 'Bitcoin Cash', symbol: 'BCH', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'ETH', name: 'Ether', symbol: 'Ξ', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'LTC', name: 'Litecoin', symbol: 'Ł', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'DOG', name: 'Dogecoin', symbol: 'Ð', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'USDT', name: 'Tether', symbol: '₮', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'BNB', name: 'BNB', symbol: 'BNB', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'ADA', name: 'Cardano', symbol: '₳', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'TRX', name: 'TRON', symbol: 'TRX', subunitsToUnit: 1_000_000, fiat: false },
  // Play money of demo games: no account holds it.
  { code: 'FUN', name: 'Fun money', symbol: 'FUN', subunitsToUnit: 100, fiat: false, demo: true },
];

export { DEFAULT_CURRENCY };
/** Every currency real money can be held in (FUN excluded). */
export const REAL_CURRENCY_CODES = CURRENCY_SEED.filter((c) => !c.demo).map((c) => c.code);
export const FIAT_CURRENCY_CODES = CURRENCY_SEED.filter((c) => c.fiat).map((c) => c.code);
export const DEMO_CURRENCY = 'FUN';

export async function seedCurrencies(db: Db): Promise<void> {
  const rows = CURRENCY_SEED.map((c, position) => ({
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    subunitsToUnit: c.subunitsToUnit,
    fiat: c.fiat,
    signup: c.signup ?? false,
    demo: c.demo ?? false,
    isDefault: c.code === DEFAULT_CURRENCY,
    position,
  }));
  await db
    .insert(currencies)
    .values(rows)
    .onConflictDoUpdate({ target: currencies.code, set: excludedSet(currencies, ['code']) });
}

export type CurrencyRow = typeof currencies.$inferSelect;

/** The currencies players can hold, in display order (FUN, the demo money, is not one). */
export function listCurrencies(db: Db): Promise<CurrencyRow[]> {
  return db.select().from(currencies).where(eq(currencies.demo, false)).orderBy(asc(currencies.position));
}
