/**
 * The catalogue managed in the back office (`/api/backoffice/catalogue/*`, docs/backoffice.md
 * "Catalogue"): providers switched on and off; games listed, changed (categories and their order
 * in each, badges, devices, currencies) and switched on and off; categories (the collections)
 * reordered and retitled. Only what the catalogue's tables already hold.
 */
import { z } from 'zod';
import { INT32_MAX } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { deviceSchema, gameBadgeSchema } from './games';

const id = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');
export const backofficeCatalogueParamsSchema = z.object({ id });

/** Badges the game tile draws (their texts are the page's `games.badge.<type>`) and its colour themes. */
export const CATALOGUE_BADGE_TYPES = [
  'new',
  'top',
  'jackpot',
  'bonus_wagering',
  'mystic_jackpot',
  'exclusive',
] as const;
export const CATALOGUE_BADGE_THEMES = ['green', 'accent', 'gold', 'red'] as const;
/** The highest place inside a category an operator may give (positions are small integers, lowest first). */
export const CATALOGUE_POSITION_MAX = 1_000_000;

const enabledFilter = z.enum(['true', 'false'], { message: 'invalid' }).optional();
const slug = z.string().trim().min(1, 'blank').max(100, 'too_long');

// ---- providers ------------------------------------------------------------------------------------

export const backofficeProviderSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  /** An integration exists (launch URL and wallet secret): its games can be opened. */
  launchable: z.boolean(),
  games_count: z.number().int(),
  enabled_games_count: z.number().int(),
});
export type BackofficeProvider = z.infer<typeof backofficeProviderSchema>;
export const backofficeProvidersQuerySchema = backofficeListQuerySchema.extend({ enabled: enabledFilter });
export type BackofficeProvidersQuery = z.infer<typeof backofficeProvidersQuerySchema>;
export const backofficeProvidersResponseSchema = backofficeList(backofficeProviderSchema);

// ---- games ----------------------------------------------------------------------------------------

/** A category the game is in, and its place there (lowest first; ties by the game's catalogue order). */
export const backofficeGameCategorySchema = z.object({ identifier: z.string(), position: z.number().int() });

export const backofficeGameSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  provider: z.string(),
  provider_title: z.string(),
  enabled: z.boolean(),
  /** Players see the game only when it, its provider and the provider's integration are all on. */
  provider_enabled: z.boolean(),
  launchable: z.boolean(),
  categories: z.array(backofficeGameCategorySchema),
  badges: z.array(gameBadgeSchema),
  devices: z.array(deviceSchema),
  currencies: z.array(z.string()),
  /** The catalogue order (outside a category, and among equal places inside one). */
  position: z.number().int(),
});
export type BackofficeGame = z.infer<typeof backofficeGameSchema>;

export const backofficeGamesQuerySchema = backofficeListQuerySchema.extend({
  /** A provider's identifier. */
  provider: z.string().trim().max(100, 'too_long').optional(),
  /** A category's identifier. */
  category: z.string().trim().max(100, 'too_long').optional(),
  enabled: enabledFilter,
  /** Part of the title or identifier, any case. */
  q: z.string().trim().max(100, 'too_long').optional(),
});
export type BackofficeGamesQuery = z.infer<typeof backofficeGamesQuerySchema>;
export const backofficeGamesResponseSchema = backofficeList(backofficeGameSchema);

/** No two items share a key. */
const unique =
  <T>(key: (item: T) => string) =>
  (items: readonly T[]) =>
    new Set(items.map(key)).size === items.length;

/**
 * `PATCH /catalogue/games/:id`: the fields given are set, the others kept. `categories` is the
 * whole new list (a category left out loses the game); unknown categories or currencies: 422.
 */
export const backofficeGameUpdateRequestSchema = z
  .object({
    enabled: z.boolean({ message: 'invalid' }).optional(),
    categories: z
      .array(
        z.object({
          identifier: slug,
          position: z
            .number({ message: 'invalid' })
            .int('invalid')
            .min(0, 'invalid')
            .max(CATALOGUE_POSITION_MAX, 'too_big'),
        }),
      )
      .max(50, 'too_many')
      .refine(
        unique((c: { identifier: string }) => c.identifier),
        'duplicate',
      )
      .optional(),
    badges: z
      .array(
        z.object({
          type: z.enum(CATALOGUE_BADGE_TYPES, { message: 'invalid' }),
          theme: z.enum(CATALOGUE_BADGE_THEMES, { message: 'invalid' }),
        }),
      )
      .max(CATALOGUE_BADGE_TYPES.length, 'too_many')
      .refine(
        unique((b: { type: string }) => b.type),
        'duplicate',
      )
      .optional(),
    devices: z
      .array(deviceSchema)
      .min(1, 'blank')
      .max(2, 'too_many')
      .refine(
        unique((d: string) => d),
        'duplicate',
      )
      .optional(),
    currencies: z
      .array(z.string({ message: 'invalid' }).regex(/^[A-Z]{3,5}$/, 'invalid'))
      .min(1, 'blank')
      .max(100, 'too_many')
      .refine(
        unique((c: string) => c),
        'duplicate',
      )
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: 'blank', path: ['base'] });
export type BackofficeGameUpdateRequest = z.infer<typeof backofficeGameUpdateRequestSchema>;

// ---- categories (the collections) ---------------------------------------------------------------

export const backofficeCategorySchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  /** The API's title (`/api/games/categories`, `/collections`); the site's menus name a category by their own text. */
  title: z.string(),
  kind: z.enum(['pokies', 'live', 'table']),
  position: z.number().int(),
  enabled: z.boolean(),
  games_count: z.number().int(),
});
export type BackofficeCategory = z.infer<typeof backofficeCategorySchema>;
export const backofficeCategoriesQuerySchema = backofficeListQuerySchema;
export const backofficeCategoriesResponseSchema = backofficeList(backofficeCategorySchema);

/** `PATCH /catalogue/categories/:id`: its title and place among the categories. */
export const backofficeCategoryUpdateRequestSchema = z
  .object({
    title: z.string({ message: 'invalid' }).trim().min(1, 'blank').max(100, 'too_long').optional(),
    position: z
      .number({ message: 'invalid' })
      .int('invalid')
      .min(0, 'invalid')
      .max(CATALOGUE_POSITION_MAX, 'too_big')
      .optional(),
  })
  .strict()
  .refine((v) => v.title !== undefined || v.position !== undefined, { message: 'blank', path: ['base'] });
export type BackofficeCategoryUpdateRequest = z.infer<typeof backofficeCategoryUpdateRequestSchema>;
