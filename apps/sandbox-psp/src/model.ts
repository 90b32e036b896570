/** The sandbox's state: plain JSON, so any store can keep it. */

export type PaymentStatus = 'pending' | 'succeeded' | 'declined' | 'canceled' | 'failed';
export type DepositMethod = 'card' | 'bank_transfer' | 'ewallet' | 'voucher';
export type PayoutMethod = 'card' | 'bank_transfer' | 'ewallet' | 'crypto';
export type PaymentMethod = DepositMethod | 'crypto';

export const CRYPTO_CURRENCIES = ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export type CardDetails = { brand: string; last4: string; token: string };

export type Payment = {
  id: string;
  reference: string;
  kind: 'deposit' | 'payout';
  method: PaymentMethod;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  decline_reason?: string;
  card?: CardDetails;
  voucher_code?: string;
  address?: string;
  txid?: string;
  destination?: string;
  created_at: string;
  updated_at: string;
  // Not shown to the merchant:
  return_url?: string;
  notification_url: string;
  customer?: { email?: string; name?: string };
  /** Canonical request body, to tell a retried request from a conflicting one. */
  request_fingerprint?: string;
  /** The customer did their part (transfer sent, wallet approved): waiting for settlement. */
  customer_done?: boolean;
  /** When a pending payment or payout settles. */
  settle_at?: string;
  /** A card that passed the form and now waits for 3-D Secure. */
  pending_card?: { brand: string; last4: string; three_ds: boolean };
};

export type CryptoAddress = {
  address: string;
  currency: CryptoCurrency;
  reference: string;
  notification_url: string;
  created_at: string;
};

export type CryptoTransaction = {
  txid: string;
  address: string;
  currency: CryptoCurrency;
  /** Minor units (10^8, or 10^6 for USDT). */
  amount: number;
  confirmations: number;
  seen_at: string;
  payment_id: string;
};

export type Voucher = { code: string; currency: string; value_cents: number; used_by?: string; created_at: string };

export type SavedCard = { brand: string; last4: string; three_ds: boolean };

export type WebhookDelivery = {
  /** The event id, also in the body. */
  id: string;
  /** Deliveries are ordered per payment. */
  seq: number;
  payment_id: string;
  type: string;
  url: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_status?: number;
  last_error?: string;
};

export type SandboxState = {
  version: 1;
  seq: number;
  payments: Record<string, Payment>;
  /** `${kind}:${reference}` → payment id. */
  references: Record<string, string>;
  /** `${currency}:${reference}` → address. */
  addressKeys: Record<string, string>;
  addresses: Record<string, CryptoAddress>;
  transactions: CryptoTransaction[];
  vouchers: Record<string, Voucher>;
  cards: Record<string, SavedCard>;
  webhooks: WebhookDelivery[];
};
