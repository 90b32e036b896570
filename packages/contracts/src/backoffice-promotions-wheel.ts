/**
 * The prize wheel managed in the back office (`/api/backoffice/wheel`, docs/backoffice.md "Quests
 * and the wheel"): its tiers (the fe config `wheel-config`) and its segment sets per player group
 * (`wheel-config-segments`), each written whole as a new CMS version. These are the casino's own
 * wheel shapes (`wheelTiersConfigSchema`, `wheelSegmentSchema`) made strict enough for a person's
 * typing, with each entry's texts in other locales (`translations`) kept as they are.
 */
import { z } from 'zod';
import { localisedTextsSchema } from './localised';
import { WHEEL_TIERS, wheelSegmentSchema, wheelTiersConfigSchema } from './promotions';

const baseVersion = { base_version: z.number().int().min(0).max(2_147_483_647).optional() };
const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'invalid');
const title = z.string().trim().min(1, 'required').max(200, 'too_long');
const translations = localisedTextsSchema.optional();
const CENTS_MAX = 100_000_000;

/** One tier: the deposit per currency that earns a spin of it (`pay`) and its prize scale (`get`: × the segments' bonuses). */
export const backofficeWheelTierSchema = wheelTiersConfigSchema.shape.tiers.element.extend({
  label: title,
  deposit: z
    .record(
      currencyCode,
      z.object({
        pay: z.number().int().min(1, 'too_small').max(CENTS_MAX, 'too_big'),
        get: z.number().int().min(1, 'too_small').max(1_000, 'too_big'),
      }),
    )
    .refine((d) => Object.keys(d).length > 0, { error: 'required' }),
  translations,
});
export type BackofficeWheelTier = z.infer<typeof backofficeWheelTierSchema>;

/** `PUT /wheel/tiers`: the whole `wheel-config`, each tier once. */
export const backofficeWheelTiersRequestSchema = z.strictObject({
  enabled: wheelTiersConfigSchema.shape.enabled,
  tiers: z
    .array(backofficeWheelTierSchema)
    .min(1, 'required')
    .max(WHEEL_TIERS.length)
    .refine((tiers) => new Set(tiers.map((t) => t.tier)).size === tiers.length, { error: 'duplicate_tier' }),
  ...baseVersion,
});
export type BackofficeWheelTiersRequest = z.infer<typeof backofficeWheelTiersRequestSchema>;

/** One segment: its prize (bonus money or free spins), its weight (its chance against the set's sum), its title. */
export const backofficeWheelSegmentSchema = wheelSegmentSchema
  .extend({
    weight: z.number().int().min(1, 'too_small').max(1_000_000, 'too_big'),
    freespins_count: z.number().int().min(0).max(1_000, 'too_big'),
    bonus_amount_cents: z.number().int().min(0).max(CENTS_MAX, 'too_big'),
    wager: z.number().min(0).max(100, 'too_big'),
    title,
    translations,
  })
  .refine((s) => (s.type === 'bonus' ? s.bonus_amount_cents > 0 : s.freespins_count > 0), {
    error: 'empty_prize',
    path: ['type'],
  });
export type BackofficeWheelSegment = z.infer<typeof backofficeWheelSegmentSchema>;

/** A segment set's key: a player group id, or `default` for a player in none of the wheel's groups. */
export const wheelGroupKeySchema = z.string().regex(/^(default|[1-9][0-9]{0,9})$/, 'invalid');

/** `PUT /wheel/segments`: the whole `wheel-config-segments`; the `default` set is required. */
export const backofficeWheelSegmentsRequestSchema = z.strictObject({
  segments_by_group: z
    .record(wheelGroupKeySchema, z.array(backofficeWheelSegmentSchema).min(2, 'too_few').max(24, 'too_many'))
    .refine((sets) => 'default' in sets, { error: 'default_required' }),
  ...baseVersion,
});
export type BackofficeWheelSegmentsRequest = z.infer<typeof backofficeWheelSegmentsRequestSchema>;

/** The two configs the wheel reads; a URL's `:part`. */
export const BACKOFFICE_WHEEL_PARTS = ['tiers', 'segments'] as const;
export type BackofficeWheelPart = (typeof BACKOFFICE_WHEEL_PARTS)[number];
export const backofficeWheelPartParamsSchema = z.object({
  part: z.enum(BACKOFFICE_WHEEL_PARTS, { message: 'invalid' }),
});
export const backofficeWheelVersionParamsSchema = backofficeWheelPartParamsSchema.extend({
  n: z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(2_147_483_647, 'too_big'),
});

const part = <D extends z.ZodType>(document: D) =>
  z.object({ version: z.number().int().min(0), updated_at: z.string().nullable(), document });

/**
 * `GET /wheel`: both configs as the wheel reads them now, with their versions (0: never written
 * since versions began), and the player groups that have a set of their own on the casino.
 */
export const backofficeWheelSchema = z.object({
  tiers: part(z.object({ enabled: z.boolean(), tiers: z.array(z.record(z.string(), z.unknown())) })),
  segments: part(z.object({ segments_by_group: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))) })),
  /** Group ids the casino picks a set for (a player in none reads `default`). */
  groups: z.array(z.string()),
});
export type BackofficeWheel = z.infer<typeof backofficeWheelSchema>;
