/**
 * Bonuses managed in the back office (`/api/backoffice/bonus_templates`, `/bonus_grants`,
 * docs/backoffice.md "Bonuses"): the templates with their usage, written with the same contract
 * the operator API takes (`bonusTemplateInputSchema`), switched on and off, cloned; a template
 * granted to a list of players or a player group, once per player and idempotency key.
 */
import { z } from 'zod';
import { INT32_MAX, MONEY_MAX_CENTS } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { BONUS_KINDS, bonusTemplateInputSchema, bonusTemplateSchema } from './bonuses';

const id = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');

export const backofficeBonusTemplateParamsSchema = z.object({ id });

/** How a template has been taken: bonuses and free-spin grants issued, activated, and (with a code) redeemed by it. */
export const bonusTemplateUsageSchema = z.object({
  issued: z.number().int(),
  activated: z.number().int(),
  /** Taken by its code (typed as a promo code or coupon, or chosen as a deposit offer); null without a code. */
  redeemed: z.number().int().nullable(),
});
export type BonusTemplateUsage = z.infer<typeof bonusTemplateUsageSchema>;

export const backofficeBonusTemplateSchema = bonusTemplateSchema.extend({
  /** False once retired: offered to nobody, its bonuses already given go on. */
  enabled: z.boolean(),
  usage: bonusTemplateUsageSchema,
});
export type BackofficeBonusTemplate = z.infer<typeof backofficeBonusTemplateSchema>;

export const backofficeBonusTemplatesQuerySchema = backofficeListQuerySchema.extend({
  kind: z.enum(BONUS_KINDS, { message: 'invalid' }).optional(),
  enabled: z.enum(['true', 'false'], { message: 'invalid' }).optional(),
  /** Part of the key, the title or the code, any case. */
  q: z.string().trim().max(100, 'too_long').optional(),
});
export type BackofficeBonusTemplatesQuery = z.infer<typeof backofficeBonusTemplatesQuerySchema>;
export const backofficeBonusTemplatesResponseSchema = backofficeList(backofficeBonusTemplateSchema);

/** `POST /bonus_templates`: a new template (a key already used is 422 `key: taken`). */
export const backofficeBonusTemplateCreateRequestSchema = bonusTemplateInputSchema;
/** `PUT /bonus_templates/:id`: the whole template but its key, which names it for good. */
export const backofficeBonusTemplateUpdateRequestSchema = bonusTemplateInputSchema.omit({ key: true });
/** `POST /bonus_templates/:id/clone`: a copy under a new key, disabled until switched on; its own code or none. */
export const backofficeBonusTemplateCloneRequestSchema = z.object({
  key: bonusTemplateInputSchema.shape.key,
  code: bonusTemplateInputSchema.shape.code,
});

// ---- grants --------------------------------------------------------------------------------------

/** At most this many players named in one grant; a group larger than `BONUS_GRANT_GROUP_MAX` is refused. */
export const BONUS_GRANT_PLAYERS_MAX = 1_000;
export const BONUS_GRANT_GROUP_MAX = 5_000;

export const backofficeBonusGrantRequestSchema = z
  .object({
    template_key: z.string({ message: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
    currency: z.string({ message: 'required' }).regex(/^[A-Z]{3,5}$/, 'invalid'),
    /** Overrides the template's amount (money bonuses only). */
    amount_cents: z
      .number({ message: 'invalid' })
      .int('invalid')
      .positive('invalid')
      .max(MONEY_MAX_CENTS, 'too_big')
      .optional(),
    player_ids: z
      .array(z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big'))
      .min(1, 'blank')
      .max(BONUS_GRANT_PLAYERS_MAX, 'too_many')
      .optional(),
    group_id: z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big').optional(),
    /** The same key grants each player once, however often the call is repeated. */
    idempotency_key: z.string({ message: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
  })
  .refine((v) => (v.player_ids === undefined) !== (v.group_id === undefined), {
    message: 'one_of_players_or_group',
    path: ['player_ids'],
  });
export type BackofficeBonusGrantRequest = z.infer<typeof backofficeBonusGrantRequestSchema>;

/** Why a player got nothing from a grant. */
export const BONUS_GRANT_SKIPS = [
  'already_granted',
  'not_found',
  'no_account',
  'bonuses_disabled',
  'blocked',
  'multi_account',
] as const;
export type BonusGrantSkip = (typeof BONUS_GRANT_SKIPS)[number];

export const backofficeBonusGrantResponseSchema = z.object({
  template_key: z.string(),
  kind: z.enum(['bonus', 'freespins']),
  granted: z.number().int(),
  skipped: z.number().int(),
  /** How many were skipped for each reason (only the reasons that occurred). */
  skipped_by_reason: z.partialRecord(z.enum(BONUS_GRANT_SKIPS), z.number().int()),
  players: z.array(
    z.object({
      player_id: z.number().int(),
      result: z.enum(['granted', ...BONUS_GRANT_SKIPS]),
      /** The bonus or free-spin grant given (or given before under the same key). */
      id: z.number().int().nullable(),
    }),
  ),
});
export type BackofficeBonusGrantResponse = z.infer<typeof backofficeBonusGrantResponseSchema>;
