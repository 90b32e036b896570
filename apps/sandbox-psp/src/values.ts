/**
 * The sandbox's small value rules: random ids and testnet-looking addresses, the canonical JSON
 * a request's idempotency is judged by, and amounts in minor units written and read as text.
 */
import { randomBytes } from 'node:crypto';
import type { CryptoCurrency, Payment } from './model';

export const CRYPTO_DECIMALS: Record<CryptoCurrency, number> = { BTC: 8, BCH: 8, LTC: 8, ETH: 8, DOG: 8, USDT: 6 };

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

function randomFrom(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A testnet-looking address; random, not derived from keys (nothing is ever spent). */
export function newAddress(currency: CryptoCurrency): string {
  switch (currency) {
    case 'BTC':
      return `tb1q${randomFrom(BECH32, 38)}`;
    case 'LTC':
      return `tltc1q${randomFrom(BECH32, 38)}`;
    case 'BCH':
      return `bchtest:q${randomFrom(BECH32, 41)}`;
    case 'DOG':
      return `n${randomFrom(BASE58, 33)}`;
    case 'ETH':
    case 'USDT':
      return `0x${randomHex(20)}`;
  }
}

/** Stable JSON (sorted keys), so the same request in another key order is still the same request. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Minor units → "12.34" (no floating point). */
export function formatMinor(value: number, decimals: number): string {
  if (decimals === 0) return String(value);
  const s = String(value).padStart(decimals + 1, '0');
  const whole = s.slice(0, -decimals);
  // Fiat shows every decimal (25.00); crypto drops trailing zeros (0.015).
  const frac = decimals <= 2 ? s.slice(-decimals) : s.slice(-decimals).replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${frac}`;
}

/** "0.01" → minor units with `decimals` places, or null when malformed or too precise. */
export function parseDecimal(text: string, decimals: number): number | null {
  const m = /^\s*(\d{1,15})(?:[.,](\d+))?\s*$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const value = Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

export function displayAmount(p: { amount_cents: number; currency: string }): string {
  const decimals = CRYPTO_DECIMALS[p.currency as CryptoCurrency] ?? 2;
  return `${formatMinor(p.amount_cents, decimals)} ${p.currency}`;
}

export function withResult(returnUrl: string, p: Payment): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_id', p.id);
  url.searchParams.set('status', p.status);
  return url.toString();
}
