import { z } from 'zod';
import { PAGE_MAX } from './bounds';
/*
 * The cashbox (docs/architecture.md "Money"; apps/web/app/features/cashbox/README.md): payment methods by currency and action, deposits,
 * cashouts and their recall, and the payment history. Amounts are minor units.
 */

export const PAYMENT_ACTIONS = ['deposit', 'cashout'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];
export const PAYMENT_STATES = [
  'pending',
  'processing',
  'reserved',
  'succeeded',
  'canceled',
  'declined',
  'rejected',
  'recalled',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The first-deposit amount the cashbox suggests, in units of the currency. */
export const FIRST_DEPOSIT_SUGGESTION = 50;

export const paymentMethodFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['text', 'card_token']),
  required: z.boolean(),
  /** A pattern the page checks before sending (the server checks it too). */
  pattern: z.string().nullable(),
});

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  provider: z.string(),
  type: z.enum(['card', 'bank_transfer', 'ewallet', 'voucher', 'crypto']),
  currency: z.string(),
  action: z.enum(PAYMENT_ACTIONS),
  min_amount_cents: z.number().int(),
  max_amount_cents: z.number().int(),
  /** Fee in percent of the amount (0: free). */
  fee_percent: z.number(),
  processing_time: z.string(),
  fields: z.array(paymentMethodFieldSchema),
  /** Cards the player saved with this method, for one-click deposits. */
  saved_profiles: z.array(z.object({ id: z.number().int(), brand: z.string(), last4: z.string() })),
  /** Crypto: the chain the address is on. */
  network: z.string().nullable(),
  /**
   * The method's terms (docs/rules/fields.md "Payment methods"): `restrictions` says in which
   * currency its amounts and limits are counted, and the limits once more in that currency.
   * Always sent by the server (optional here for pages built before it).
   */
  terms_of_service: z
    .object({
      restrictions: z.object({
        amount_currency_code: z.string(),
        min_amount_cents: z.number().int(),
        max_amount_cents: z.number().int(),
      }),
    })
    .optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodsQuerySchema = z.object({
  action: z.enum(PAYMENT_ACTIONS, { error: 'invalid' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/, { error: 'invalid' })
    .optional(),
});
export const paymentMethodsResponseSchema = z.object({
  methods: z.array(paymentMethodSchema),
  /** The amount the deposit form starts with, minor units (50 units for a first deposit). */
  suggested_amount_cents: z.number().int().nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

const amountCentsSchema = z
  .number({ error: 'required' })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'invalid' });

export const depositRequestSchema = z.object({
  payment_method: z.string({ error: 'required' }).min(1, { error: 'required' }).max(60),
  amount_cents: amountCentsSchema,
  currency: z.string({ error: 'required' }).regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
  /** One-click deposit with a saved card. */
  saved_profile_id: z.number().int().positive().optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const cashoutRequestSchema = z.object({
  payment_method: z.string({ error: 'required' }).min(1, { error: 'required' }).max(60),
  amount_cents: amountCentsSchema,
  currency: z.string({ error: 'required' }).regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
  /** Where the money goes: a saved card's id, an IBAN, a wallet email or a crypto address. */
  destination: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(120, { error: 'invalid' }),
});
export type CashoutRequest = z.infer<typeof cashoutRequestSchema>;

/*
 * Withdrawal by link: a player who may not sign in (cooling-off, self-exclusion) is mailed a
 * link (`/withdrawal?withdrawal_token=…`, 24 hours) to take their money out (docs/limits.md).
 */
const withdrawalTokenSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(200, { error: 'invalid' });
export const withdrawalQuerySchema = z.object({ withdrawal_token: withdrawalTokenSchema });
export const withdrawalResponseSchema = z.object({
  /** The player's address, masked (`an***@example.com`). */
  email: z.string(),
  /** `real_cents`: all the account's money that can be withdrawn (real and withdraw-only). */
  accounts: z.array(
    z.object({ currency: z.string(), real_cents: z.number().int(), subunits_to_unit: z.number().int() }),
  ),
  /** Cashout methods of every account's currency. */
  methods: z.array(paymentMethodSchema),
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;
export const withdrawalRequestSchema = cashoutRequestSchema.extend({ withdrawal_token: withdrawalTokenSchema });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const cryptoAddressRequestSchema = z.object({
  currency: z.string({ error: 'required' }).regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
});
export const cryptoAddressResponseSchema = z.object({
  currency: z.string(),
  address: z.string(),
  /** PNG data URL of the address's QR code. */
  qr_code: z.string(),
  min_amount_cents: z.number().int(),
  confirmations_required: z.number().int(),
});
export type CryptoAddressResponse = z.infer<typeof cryptoAddressResponseSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  action: z.enum(PAYMENT_ACTIONS),
  payment_system: z.string(),
  system_name: z.string(),
  brand: z.string(),
  recallable: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  state: z.enum(PAYMENT_STATES),
  success: z.boolean(),
  cancellation_reason: z.string().nullable(),
  /**
   * A deposit that arrived past the player's deposit limit (`limit_reached`) or during a
   * cooling-off or self-exclusion (`player_excluded`): credited as withdraw-only money.
   */
  held_reason: z.enum(['limit_reached', 'player_excluded']).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentsResponseSchema = z.array(paymentSchema);

/** The deposit's next step: the PSP's page to send the player to, or nothing (one-click, settled). */
export const depositResponseSchema = z.object({
  payment: paymentSchema,
  redirect_url: z.string().nullable(),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;

export const paymentsFilterSchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
  type: z.enum(PAYMENT_ACTIONS).optional(),
});
export const paymentsQuerySchema = paymentsFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(PAGE_MAX, 'too_big').default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const paymentsWithPagesRequestSchema = z.object({
  page: z.number().int().min(1).max(PAGE_MAX, 'too_big').default(1),
  page_size: z.number().int().min(1).max(100).default(20),
  filter: paymentsFilterSchema.default({}),
});
export const paymentsWithPagesResponseSchema = z.object({
  data: z.array(paymentSchema),
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total_count: z.number().int() }),
});

export const paymentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Operator: approve or reject a cashout. */
export const cashoutReviewRequestSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500).optional(),
});

/*
 * Deposits waiting to be played through (docs/promotions.md "Deposits played through"): the
 * rewards a deposit earns (a wheel box, lottery tickets, the VIP club's deposit sums, the
 * adventure calendar's day) come once the player's real-money stakes in its currency after it
 * reach its amount; a cashout in that currency before then gives them up.
 */
export const waitingDepositSchema = z.object({
  payment_id: z.number().int(),
  currency: z.string(),
  amount_cents: z.number().int(),
  /** Staked towards it so far (minor units); it is played through at `amount_cents`. */
  played_cents: z.number().int(),
  created_at: z.string(),
});
export type WaitingDeposit = z.infer<typeof waitingDepositSchema>;
/** `GET /api/cashbox/deposits/waiting`: the signed-in player's, oldest first (filled in that order). */
export const waitingDepositsResponseSchema = z.object({ deposits: z.array(waitingDepositSchema) });
export type WaitingDepositsResponse = z.infer<typeof waitingDepositsResponseSchema>;

// ---- POST /api/users/transaction: the payment risk data -------------------------------------------

/** The VIP statuses by group id, as the risk data names them (`custom_player_status`). */
export const PAYMENT_RISK_STATUS_NAMES: Readonly<Record<number, string>> = {
  1117: 'Rising star',
  257: 'Bronze',
  258: 'Silver',
  259: 'Gold',
  255: 'Platinum',
  759: 'Diamond',
};
/** The status name of a player in none of the VIP groups. */
export const PAYMENT_RISK_DEFAULT_STATUS = 'Regular';

/**
 * What the page knows of a payment before it starts (docs/rules/fields.md "Payment risk data"):
 * the player as the page has them, the device fingerprint, the card when one is known (expiry,
 * holder, last 4 digits and bin: never the number), the account, currency, amount in minor units,
 * payment system, whether it is a deposit (`transaction`) or a `payout`, and the VIP status name.
 */
export const paymentRiskDataSchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'invalid_country' })
    .optional(),
  first_name: z.string().max(50, { error: 'too_long' }).optional(),
  last_name: z.string().max(50, { error: 'too_long' }).optional(),
  email: z.string().max(254, { error: 'too_long' }).optional(),
  dfpc: z.string().max(512, { error: 'too_long' }).optional(),
  card_expiry_month: z
    .number()
    .int({ error: 'invalid_expiry' })
    .min(1, { error: 'invalid_expiry' })
    .max(12, { error: 'invalid_expiry' })
    .optional(),
  card_expiry_year: z
    .number()
    .int({ error: 'invalid_expiry' })
    .min(2000, { error: 'invalid_expiry' })
    .max(2100, { error: 'invalid_expiry' })
    .optional(),
  card_holder: z.string().max(100, { error: 'too_long' }).optional(),
  card_last4: z
    .string()
    .regex(/^\d{4}$/, { error: 'invalid' })
    .optional(),
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, { error: 'invalid' })
    .optional(),
  payment_account_id: z.string().max(100, { error: 'too_long' }).optional(),
  url: z.string().max(2000, { error: 'too_long' }).optional(),
  currency: z.string({ error: 'required' }).regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
  amount: amountCentsSchema,
  payment_system: z.string({ error: 'required' }).min(1, { error: 'required' }).max(64, { error: 'too_long' }),
  type: z.enum(['transaction', 'payout'], { error: 'invalid' }),
  custom_player_status: z.string().max(64, { error: 'too_long' }).optional(),
});
export type PaymentRiskData = z.infer<typeof paymentRiskDataSchema>;

/**
 * The answer: the VIP status name the casino holds for the player (the page's is compared, never
 * taken). What differs from the casino's record is written to the server's log for the operator,
 * not told to the page.
 */
export const paymentRiskResponseSchema = z.object({ custom_player_status: z.string() });
export type PaymentRiskResponse = z.infer<typeof paymentRiskResponseSchema>;
