/**
 * The loyalty area of the back office (docs/backoffice.md "Loyalty"), permission
 * `promotions.manage`: the comp-point shop's cards, the accrual rules, the VIP managers with
 * their players, and the adventure calendar. A card, a rule and a manager are written with the
 * very contracts the operator API takes (`compPointRateInputSchema`, `accrualRuleSchema`,
 * `managerInputSchema`), so both doors accept the same values.
 */
import { z } from 'zod';
import { INT32_MAX, INT32_MIN } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { localisedTextsSchema } from './localised';
import {
  accrualRuleSchema,
  compPointRateInputSchema,
  compPointRateParamsSchema,
  compPointRateSchema,
  compPointRewardTypeSchema,
  managerInputSchema,
  operatorManagerSchema,
} from './loyalty';

const id = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');
const flag = z.enum(['true', 'false'], { message: 'invalid' }).transform((v) => v === 'true');

// ---- the shop's cards ---------------------------------------------------------------------------

/** A card is named by its group (`cash-5`): that is its id in the back office. */
export const backofficeCompPointRateParamsSchema = z.object({ id: compPointRateParamsSchema.shape.group });
export const backofficeCompPointRatesQuerySchema = backofficeListQuerySchema.extend({
  type: compPointRewardTypeSchema.optional(),
  active: flag.optional(),
});
export type BackofficeCompPointRatesQuery = z.infer<typeof backofficeCompPointRatesQuerySchema>;
export const backofficeCompPointRateSchema = compPointRateSchema.extend({ id: z.string() });
export type BackofficeCompPointRate = z.infer<typeof backofficeCompPointRateSchema>;
export const backofficeCompPointRatesResponseSchema = backofficeList(backofficeCompPointRateSchema);
/** `POST /api/backoffice/comp_point_rates`: a new card, its group with it (a group in use: 422 `group: taken`). */
export const backofficeCompPointRateCreateRequestSchema = compPointRateInputSchema.extend({
  group: compPointRateParamsSchema.shape.group,
});
export type BackofficeCompPointRateCreate = z.infer<typeof backofficeCompPointRateCreateRequestSchema>;
/** `PUT /api/backoffice/comp_point_rates/:id`: the whole card again, as the operator API's PUT. */
export const backofficeCompPointRateUpdateRequestSchema = compPointRateInputSchema;

// ---- accrual rules ------------------------------------------------------------------------------

/** A rule is named by its currency (`*`: every currency without its own). */
export const ACCRUAL_CURRENCY_PATTERN = /^([A-Z]{3,5}|\*)$/;
export const backofficeAccrualParamsSchema = z.object({
  id: z.string().regex(ACCRUAL_CURRENCY_PATTERN, 'invalid'),
});
export const backofficeAccrualRuleSchema = accrualRuleSchema.extend({ id: z.string(), currency: z.string() });
export type BackofficeAccrualRule = z.infer<typeof backofficeAccrualRuleSchema>;
export const backofficeAccrualRulesResponseSchema = backofficeList(backofficeAccrualRuleSchema);
/** `PUT /api/backoffice/comp_point_accrual_rules/:currency`: creates or replaces the currency's rule. */
export const backofficeAccrualRuleUpdateRequestSchema = accrualRuleSchema;

// ---- VIP managers -------------------------------------------------------------------------------

export const backofficeManagerParamsSchema = z.object({ id });
export const backofficeManagerSchema = operatorManagerSchema.extend({ players_count: z.number().int() });
export type BackofficeManager = z.infer<typeof backofficeManagerSchema>;
export const backofficeManagersResponseSchema = backofficeList(backofficeManagerSchema);
/** `POST /api/backoffice/vip_managers` and `PUT …/:id`: the operator API's manager card. */
export const backofficeManagerInputSchema = managerInputSchema;
/** A player a manager serves by assignment: the id and the name public lists show. */
export const backofficeManagerPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  assigned_at: z.string(),
});
export const backofficeManagerPlayersQuerySchema = backofficeListQuerySchema;
export const backofficeManagerPlayersResponseSchema = backofficeList(backofficeManagerPlayerSchema);
/** `PUT /api/backoffice/player_vip_manager/:id {manager_id}`: a player's manager (null: none). */
export const backofficePlayerManagerParamsSchema = z.object({ id });
export const backofficePlayerManagerRequestSchema = z.object({
  manager_id: z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big').nullable(),
});
export type BackofficePlayerManagerRequest = z.infer<typeof backofficePlayerManagerRequestSchema>;
export const backofficePlayerManagerSchema = z.object({
  id: z.number().int(),
  manager_id: z.number().int().nullable(),
});

// ---- adventure calendar -------------------------------------------------------------------------

const CURRENCY = /^[A-Z]{3,5}$/;
/** Minor units per currency; an adventure's deposits, bets and gifts stay within an integer (21 million EUR). */
const amounts = (min: number) =>
  z.record(z.string().regex(CURRENCY, 'invalid'), z.number().int().min(min, 'too_small').max(INT32_MAX, 'too_big'));
const prize = z.object({
  type: z.enum(['bonus', 'freespin'], { message: 'invalid' }),
  title: z.string().trim().min(1, 'required').max(200, 'too_long'),
  template_key: z.string().trim().min(1, 'required').max(100, 'too_long'),
  amount_cents: amounts(1).optional(),
  translations: localisedTextsSchema.optional(),
});
/**
 * One adventure of the `vip-adventures` config, as the back office writes it: the shape
 * `adventureSchema` reads, with the bounds a request carries and the texts in other locales kept.
 */
export const backofficeAdventureSchema = z.object({
  identifier: z
    .string()
    .min(1, 'required')
    .max(100, 'too_long')
    .regex(/^[a-z0-9-]+$/, 'invalid'),
  name: z.string().trim().min(1, 'required').max(200, 'too_long'),
  translations: localisedTextsSchema.optional(),
  start_date: z.iso.date('invalid').nullable(),
  group_ids: z.array(z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big')).max(100).default([]),
  days: z
    .array(
      z.object({
        prize,
        condition: z.object({
          minDep: amounts(0),
          wager: amounts(0),
          periodActivationDays: z.number().int().min(1, 'too_small').max(365, 'too_big'),
        }),
      }),
    )
    .min(1, 'required')
    .max(31, 'too_long'),
  super_prize: prize.nullable(),
});
export type BackofficeAdventure = z.infer<typeof backofficeAdventureSchema>;
/** `PUT /api/backoffice/adventures`: the whole calendar, and the version the form was made from. */
export const backofficeAdventuresRequestSchema = z.object({
  base_version: z.number().int().min(0).max(INT32_MAX, 'too_big'),
  enabled: z.boolean(),
  adventures: z.array(backofficeAdventureSchema).max(20, 'too_long'),
});
export type BackofficeAdventuresRequest = z.infer<typeof backofficeAdventuresRequestSchema>;
/** `GET /api/backoffice/adventures`: the calendar now, its CMS version (0: never written, the default). */
export const backofficeAdventuresSchema = z.object({
  id: z.literal('vip-adventures'),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  enabled: z.boolean(),
  adventures: z.array(z.record(z.string(), z.unknown())),
});
export type BackofficeAdventures = z.infer<typeof backofficeAdventuresSchema>;
