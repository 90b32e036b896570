/**
 * The player's card in the back office (docs/backoffice.md "The player's card"): read-only views
 * of one player under `/api/backoffice/players/:id/*`, each read through the door of the module
 * that owns it. Amounts are minor units of their currency.
 */
import { z } from 'zod';
import { INT32_MAX } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { PAYMENT_ACTIONS, paymentSchema } from './cashbox';
import { userLimitSchema } from './limits';
import { verificationDocumentSchema } from './verification';

/**
 * `/players/:id/*`: a positive whole number up to INT32_MAX, as the card's write side takes it
 * (`backofficeIdParamsSchema`), so both halves of the card open the same players; anything else
 * is refused (422 `id`) before any read.
 */
export const backofficePlayerIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big'),
});

// ---- GET /api/backoffice/players/:id ----------------------------------------------------------------
/** As the verification module sums a player up: a document waiting, one approved, all refused, none sent. */
export const VERIFICATION_SUMMARY_STATUSES = ['pending', 'verified', 'rejected', 'none'] as const;

export const backofficePlayerProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.string().nullable(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  currency: z.string(),
  language: z.string(),
  time_zone: z.string().nullable(),
  receive_promos: z.boolean(),
  receive_sms_promos: z.boolean(),
  can_issue_bonuses: z.boolean(),
  created_at: z.string(),
  confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
  two_factor: z.boolean(),
  sign_in_count: z.number().int(),
  /** The newest sign-in session (registration opens one too): when, and from which address. */
  last_sign_in: z.object({ at: z.string().nullable(), ip: z.string().nullable() }),
  /** Groups, VIP status and level as identity holds them. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  /** The player's documents counted by their review state, and the verification module's word for them. */
  verification: z.object({
    status: z.enum(VERIFICATION_SUMMARY_STATUSES),
    approved: z.number().int(),
    pending: z.number().int(),
    rejected: z.number().int(),
    /** The kinds (identity, address, payment_method) with an approved document. */
    approved_kinds: z.array(z.string()),
  }),
  loyalty: z.object({
    comp_points: z.object({ chargeable: z.number().int(), persistent: z.number().int() }),
    level: z.object({ rank: z.number().int(), name: z.string() }),
    vip_status: z.string(),
    vip_status_name: z.string(),
  }),
  /** A cooling-off or self-exclusion in force (limits): the player cannot sign in until it ends. */
  restrictions: z.object({
    excluded: z.boolean(),
    cooling_off: z.object({ since: z.string(), until: z.string().nullable() }).nullable(),
    self_exclusion: z.object({ since: z.string(), until: z.string().nullable() }).nullable(),
  }),
});
export type BackofficePlayerProfile = z.infer<typeof backofficePlayerProfileSchema>;

// ---- GET /api/backoffice/players/:id/accounts ------------------------------------------------------
export const backofficePlayerAccountSchema = z.object({
  /** The currency: one account per currency. */
  id: z.string(),
  currency: z.string(),
  symbol: z.string(),
  /** Minor units per unit (100 for EUR, 10^8 for BTC): amounts / subunits_to_unit = the amount shown. */
  subunits_to_unit: z.number().int(),
  active: z.boolean(),
  real_cents: z.number().int(),
  bonus_cents: z.number().int(),
  /** Withdraw-only money (past a deposit limit or during an exclusion). */
  held_cents: z.number().int(),
  /** Cashouts waiting for their payout. */
  reserved_cents: z.number().int(),
});
export type BackofficePlayerAccount = z.infer<typeof backofficePlayerAccountSchema>;
export const backofficePlayerAccountsResponseSchema = backofficeList(backofficePlayerAccountSchema);

// ---- GET /api/backoffice/players/:id/transfers -----------------------------------------------------
export const LEDGER_TRANSFER_KINDS = [
  'deposit',
  'cashout_reserve',
  'cashout_release',
  'cashout_payout',
  'bet',
  'win',
  'rollback',
  'bonus',
  'jackpot',
  'adjustment',
] as const;
export const PLAYER_LEDGER_ACCOUNT_KINDS = ['real', 'bonus', 'reserved', 'held'] as const;

/** A day (YYYY-MM-DD, UTC: `from` its start, `to` its end) or an instant with its offset. */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'invalid' });

export const backofficeTransfersQuerySchema = backofficeListQuerySchema.extend({
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/, 'invalid')
    .optional(),
  kind: z.enum(LEDGER_TRANSFER_KINDS, { message: 'invalid' }).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
});
export type BackofficeTransfersQuery = z.infer<typeof backofficeTransfersQuerySchema>;

/** One leg of a transfer on one of the player's accounts (a move between two of them is two rows). */
export const backofficeStatementRowSchema = z.object({
  /** `<transfer id>-<account kind>`. */
  id: z.string(),
  transfer_id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  /** What the movement belongs to: `payment:12`, a round, a bonus ... */
  reference: z.string(),
  currency: z.string(),
  account_kind: z.enum(PLAYER_LEDGER_ACCOUNT_KINDS),
  /** Signed for the player's account: credited positive, debited negative. */
  amount_cents: z.number().int(),
  /** That account's balance right after this transfer. */
  balance_after_cents: z.number().int(),
});
export type BackofficeStatementRow = z.infer<typeof backofficeStatementRowSchema>;
export const backofficeStatementResponseSchema = backofficeList(backofficeStatementRowSchema);

// ---- GET /api/backoffice/players/:id/payments ------------------------------------------------------
export const backofficePlayerPaymentsQuerySchema = backofficeListQuerySchema.extend({
  type: z.enum(PAYMENT_ACTIONS, { message: 'invalid' }).optional(),
});
export const backofficePlayerPaymentSchema = paymentSchema.extend({
  /** The cashbox method (`card_visa`, `bank_sofort` ...). */
  method: z.string(),
  /** The part of the amount that was withdraw-only money. */
  held_cents: z.number().int(),
});
export type BackofficePlayerPayment = z.infer<typeof backofficePlayerPaymentSchema>;
export const backofficePlayerPaymentsResponseSchema = backofficeList(backofficePlayerPaymentSchema);

// ---- GET /api/backoffice/players/:id/rounds --------------------------------------------------------
export const backofficePlayerRoundSchema = z.object({
  id: z.number().int(),
  /** The provider's round id. */
  round_id: z.string(),
  game: z.object({ identifier: z.string(), title: z.string() }),
  provider: z.string(),
  currency: z.string(),
  stake_cents: z.number().int(),
  /** Jackpot prizes included. */
  win_cents: z.number().int(),
  jackpot_win_cents: z.number().int(),
  state: z.enum(['open', 'closed', 'rolled_back']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** The public provably-fair page that recomputes the round (`/fair?...`): our studio's rounds with their fair inputs only. */
  verify_url: z.string().nullable(),
});
export type BackofficePlayerRound = z.infer<typeof backofficePlayerRoundSchema>;
export const backofficePlayerRoundsResponseSchema = backofficeList(backofficePlayerRoundSchema);

// ---- GET /api/backoffice/players/:id/bonuses -------------------------------------------------------
export const backofficePlayerBonusSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  currency: z.string(),
  /** issued, wait, handle_bets (wagering), wager_done, lost, canceled, expired. */
  state: z.string(),
  amount_cents: z.number().int(),
  wagered_cents: z.number().int(),
  wager_requirement_cents: z.number().int(),
  created_at: z.string(),
  /** Until when it may be activated (issued or waiting), or wagered (running). */
  expires_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export const backofficePlayerFreespinSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  currency: z.string(),
  /** issued, activated, finished, canceled, expired. */
  state: z.string(),
  games: z.array(z.string()),
  count: z.number().int(),
  performed: z.number().int(),
  bet_level_cents: z.number().int(),
  win_cents: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export const backofficePlayerBonusesResponseSchema = z.object({
  bonuses: z.array(backofficePlayerBonusSchema),
  freespins: z.array(backofficePlayerFreespinSchema),
});
export type BackofficePlayerBonuses = z.infer<typeof backofficePlayerBonusesResponseSchema>;

// ---- GET /api/backoffice/players/:id/limits --------------------------------------------------------
export const backofficePlayerExclusionSchema = z.object({
  id: z.number().int(),
  type: z.enum(['cooling_off', 'self_exclusion']),
  period: z.string(),
  created_at: z.string(),
  /** Null: permanent. */
  ends_at: z.string().nullable(),
  /** When the limits module took it out of force (its end passed, or it was lifted); null until then. */
  removed_at: z.string().nullable(),
  active: z.boolean(),
});
export const backofficePlayerLimitsResponseSchema = z.object({
  /** Deposit, loss, wager and session limits in force, with this period's usage and pending changes. */
  limits: z.array(userLimitSchema),
  /** Every cooling-off and self-exclusion, newest first, in force or over. */
  exclusions: z.array(backofficePlayerExclusionSchema),
  /** The reality-check interval, minutes (0: off). */
  reality_check_minutes: z.number().int(),
});
export type BackofficePlayerLimits = z.infer<typeof backofficePlayerLimitsResponseSchema>;

// ---- GET /api/backoffice/players/:id/documents -----------------------------------------------------
export const backofficePlayerDocumentsResponseSchema = backofficeList(verificationDocumentSchema);
