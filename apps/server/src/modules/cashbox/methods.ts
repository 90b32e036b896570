/**
 * The cashbox's payment methods: which ones a currency and an action offer, with their limits.
 * Fiat methods go through the sandbox PSP's card page, bank transfer, e-wallet and vouchers;
 * each crypto currency has its own method with its minimums and withdrawal limits.
 */
import type { PaymentAction } from '@orbit/contracts';

export type PspMethod = 'card' | 'bank_transfer' | 'ewallet' | 'voucher' | 'crypto';

export type MethodDefinition = {
  id: string;
  brand: string;
  provider: string;
  type: PspMethod;
  /** Crypto methods serve one currency; fiat methods every fiat currency. */
  currency: string | 'fiat';
  actions: PaymentAction[];
  /** Limits in units of the currency, by action (converted with the currency's subunits). */
  limits: Partial<Record<PaymentAction, { min: number; max: number }>>;
  feePercent: number;
  processingTime: string;
  network: string | null;
  /** Group ids that do not see this method (group 631 does not see sofort). */
  hiddenForGroups: number[];
  /** Cashout destination: what the player types and the pattern it must match. */
  destination?: { name: string; pattern: RegExp };
};

/** Cards are instant and free; the card limits are our choice. */
const CARD_LIMITS = { deposit: { min: 10, max: 5_000 }, cashout: { min: 20, max: 5_000 } };
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function card(brand: string): MethodDefinition {
  return {
    id: `card_${brand}`,
    brand,
    provider: 'sandbox',
    type: 'card',
    currency: 'fiat',
    actions: ['deposit', 'cashout'],
    limits: CARD_LIMITS,
    feePercent: 0,
    processingTime: 'instant',
    network: null,
    hiddenForGroups: [],
    destination: { name: 'saved_profile_id', pattern: /^[0-9]{1,12}$/ },
  };
}

function crypto(
  currency: string,
  brand: string,
  network: string,
  deposit: number,
  cashout: { min: number; max: number },
  address: RegExp,
): MethodDefinition {
  return {
    id: `crypto_${currency.toLowerCase()}`,
    brand,
    provider: 'sandbox',
    type: 'crypto',
    currency,
    actions: ['deposit', 'cashout'],
    // A crypto method sets a deposit minimum only; its deposit maximum is the cashout maximum's hundredfold.
    limits: { deposit: { min: deposit, max: cashout.max * 100 }, cashout },
    feePercent: 0,
    processingTime: 'confirmations',
    network,
    hiddenForGroups: [],
    destination: { name: 'address', pattern: address },
  };
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_OR_BECH32 = /^[a-zA-Z0-9]{26,90}$/;

export const METHODS: MethodDefinition[] = [
  card('visa'),
  card('mastercard'),
  card('maestro'),
  {
    id: 'ewallet_ecopayz',
    brand: 'ecopayz',
    provider: 'sandbox',
    type: 'ewallet',
    currency: 'fiat',
    actions: ['deposit', 'cashout'],
    limits: CARD_LIMITS,
    feePercent: 0,
    processingTime: 'instant',
    network: null,
    hiddenForGroups: [],
    destination: { name: 'wallet_email', pattern: EMAIL },
  },
  {
    id: 'bank_sofort',
    brand: 'sofort',
    provider: 'sandbox',
    type: 'bank_transfer',
    currency: 'fiat',
    actions: ['deposit', 'cashout'],
    limits: { deposit: { min: 10, max: 10_000 }, cashout: { min: 20, max: 10_000 } },
    feePercent: 0,
    processingTime: '1-3 days',
    network: null,
    hiddenForGroups: [631],
    destination: { name: 'iban', pattern: IBAN },
  },
  {
    id: 'voucher_sandbox',
    brand: 'voucher',
    provider: 'sandbox',
    type: 'voucher',
    currency: 'fiat',
    actions: ['deposit'],
    limits: { deposit: { min: 10, max: 1_000 } },
    feePercent: 0,
    processingTime: 'instant',
    network: null,
    hiddenForGroups: [],
  },
  crypto('BTC', 'bitcoin', 'bitcoin', 0.0001, { min: 0.0001, max: 0.4 }, BASE58_OR_BECH32),
  crypto('BCH', 'bitcoin_cash', 'bitcoin-cash', 0.0001, { min: 0.0001, max: 0.4 }, BASE58_OR_BECH32),
  crypto('LTC', 'litecoin', 'litecoin', 0.01, { min: 0.0001, max: 60 }, BASE58_OR_BECH32),
  crypto('ETH', 'ethereum', 'ethereum', 0.01, { min: 0.0001, max: 12 }, HEX_ADDRESS),
  crypto('DOG', 'dogecoin', 'dogecoin', 0.01, { min: 0.0001, max: 1_600_000 }, BASE58_OR_BECH32),
  crypto('USDT', 'tether', 'ethereum (ERC-20)', 20, { min: 25, max: 4_000 }, HEX_ADDRESS),
];

export const CRYPTO_DEPOSIT_CURRENCIES = ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'] as const;

export type CurrencyInfo = { code: string; fiat: boolean; subunitsToUnit: number };

/** Units to minor units, exactly for decimal limits (0.0001 BTC → 10,000 satoshi). */
export function toMinor(units: number, subunitsToUnit: number): number {
  return Math.round(units * subunitsToUnit);
}

/** The methods a player sees for a currency and an action. */
export function methodsFor(currency: CurrencyInfo, action: PaymentAction, groupIds: number[]): MethodDefinition[] {
  return METHODS.filter(
    (m) =>
      m.actions.includes(action) &&
      (m.currency === currency.code || (m.currency === 'fiat' && currency.fiat)) &&
      !m.hiddenForGroups.some((g) => groupIds.includes(g)),
  );
}

export function limitsOf(
  method: MethodDefinition,
  action: PaymentAction,
  currency: CurrencyInfo,
): { min: number; max: number } {
  const limits = method.limits[action]!;
  // A coin of many subunits (dogecoin: 10^8) can put a generous maximum past what a number holds
  // exactly; the limit is then the largest amount that is still exact.
  const exact = (units: number) => Math.min(toMinor(units, currency.subunitsToUnit), Number.MAX_SAFE_INTEGER);
  return { min: exact(limits.min), max: exact(limits.max) };
}
