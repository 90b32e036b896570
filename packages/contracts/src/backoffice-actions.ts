/**
 * The back office's writes on a player and on money (docs/backoffice.md): notes, sign-in
 * sessions, blocks, the cashout queue and manual adjustments. Every one is audited.
 */
import { z } from 'zod';
import { INT32_MAX, MONEY_MAX_CENTS } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { paymentSchema } from './cashbox';
import { createUserLimitRequestSchema } from './limits';

const id = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');

/** `/players/:id/...` and the other one-thing paths. */
export const backofficeIdParamsSchema = z.object({ id });

/** What the operator typed to justify a decision: required for money, blocks and KYC. */
export const backofficeReasonSchema = z.string({ message: 'blank' }).trim().min(1, 'blank').max(500, 'too_long');
export const backofficeReasonRequestSchema = z.object({ reason: backofficeReasonSchema });

// ---- notes ---------------------------------------------------------------------------------------
export const backofficeNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  created_at: z.string(),
});
export const backofficeNotesResponseSchema = backofficeList(backofficeNoteSchema);
export const backofficeNoteCreateRequestSchema = z.object({
  body: z.string().trim().min(1, 'blank').max(2000, 'too_long'),
});

// ---- sign-in sessions ----------------------------------------------------------------------------
export const backofficePlayerSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ended_at: z.string().nullable(),
  active: z.boolean(),
});
export const backofficePlayerSessionsResponseSchema = backofficeList(backofficePlayerSessionSchema);
export const backofficeSessionParamsSchema = z.object({ id, session_id: z.uuid({ message: 'invalid' }) });
export const backofficeSessionsEndedSchema = z.object({ ended: z.number().int() });

// ---- blocks --------------------------------------------------------------------------------------
export const backofficeBlockSchema = z.object({
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BackofficeBlock = z.infer<typeof backofficeBlockSchema>;

// ---- the cashout queue ---------------------------------------------------------------------------
/** What a finance operator decides a cashout on. */
export const backofficeCashoutFactsSchema = z.object({
  player: z.object({ id: z.number().int(), email: z.string(), created_at: z.string(), account_age_days: z.number() }),
  /** Succeeded deposits and paid cashouts of the player, per currency, minor units. */
  money: z.array(
    z.object({
      currency: z.string(),
      deposits_cents: z.number().int(),
      deposits_count: z.number().int(),
      cashouts_cents: z.number().int(),
      cashouts_count: z.number().int(),
    }),
  ),
  /** Bonuses still wagering (a cashout forfeits or waits for them, as the bonuses rules say). */
  bonuses_wagering: z.number().int(),
  verification: z.enum(['verified', 'pending', 'rejected', 'none']),
  blocked: z.boolean(),
  /** Other players who signed in from one of this player's addresses, registered from their device, or saved the same card. */
  shared_with: z.array(
    z.object({ player_id: z.number().int(), email: z.string(), via: z.enum(['ip', 'device', 'card']) }),
  ),
});
export const backofficeCashoutSchema = z.object({
  id: z.number().int(),
  payment: paymentSchema,
  /** Minor units per unit of the payment's currency (100 for EUR, 10^8 for BTC). */
  subunits_to_unit: z.number().int(),
  facts: backofficeCashoutFactsSchema,
});
export type BackofficeCashout = z.infer<typeof backofficeCashoutSchema>;
export const backofficeCashoutsResponseSchema = backofficeList(backofficeCashoutSchema);
export const backofficeDecisionRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { message: 'invalid' }),
  reason: backofficeReasonSchema,
});
export type BackofficeDecisionRequest = z.infer<typeof backofficeDecisionRequestSchema>;

// ---- manual adjustments --------------------------------------------------------------------------
export const ADJUSTMENT_CATEGORIES = ['goodwill', 'correction', 'chargeback', 'fraud', 'other'] as const;
export const ADJUSTMENT_STATES = ['pending', 'applied', 'rejected'] as const;

export const backofficeAdjustmentCreateRequestSchema = z.object({
  user_id: id,
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'invalid'),
  direction: z.enum(['credit', 'debit'], { message: 'invalid' }),
  /** Minor units of the currency. */
  amount_cents: z.number({ message: 'invalid' }).int('invalid').min(1, 'too_small').max(MONEY_MAX_CENTS, 'too_big'),
  category: z.enum(ADJUSTMENT_CATEGORIES, { message: 'invalid' }),
  reason: backofficeReasonSchema,
});
export type BackofficeAdjustmentCreateRequest = z.infer<typeof backofficeAdjustmentCreateRequestSchema>;

export const backofficeAdjustmentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  currency: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount_cents: z.number().int(),
  subunits_to_unit: z.number().int(),
  eur_cents: z.number().int(),
  category: z.enum(ADJUSTMENT_CATEGORIES),
  reason: z.string(),
  state: z.enum(ADJUSTMENT_STATES),
  /** Whether a second operator's approval is needed (above the four-eyes amount). */
  four_eyes: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  transfer_id: z.number().int().nullable(),
});
export type BackofficeAdjustment = z.infer<typeof backofficeAdjustmentSchema>;
export const backofficeAdjustmentsQuerySchema = backofficeListQuerySchema.extend({
  state: z.enum(ADJUSTMENT_STATES).optional(),
  user_id: id.optional(),
});
export const backofficeAdjustmentsResponseSchema = backofficeList(backofficeAdjustmentSchema);

// ---- limits at the player's request ---------------------------------------------------------------
/** A new or stricter limit, a cooling-off or a self-exclusion the player asked for; never a looser one. */
export const backofficeLimitRequestSchema = z.object({
  limit: createUserLimitRequestSchema,
  reason: backofficeReasonSchema,
});

// ---- groups --------------------------------------------------------------------------------------
export const backofficeGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['group', 'level']),
});
export const backofficeGroupsResponseSchema = backofficeList(backofficeGroupSchema);
const groupIds = z
  .array(z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big'))
  .max(50, 'too_many')
  .default([]);
/** Groups to put the player in and to take them out of (levels follow comp points and are not set by hand). */
export const backofficeGroupChangeRequestSchema = z
  .object({ add: groupIds, remove: groupIds })
  .refine((v) => v.add.length + v.remove.length > 0, { message: 'blank', path: ['add'] });

// ---- bonuses -------------------------------------------------------------------------------------
export const backofficeBonusParamsSchema = z.object({ id, bonus_id: id });
export const backofficeCanceledSchema = z.object({ id: z.number().int(), stage: z.string() });
