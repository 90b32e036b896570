import { z } from 'zod';
import { AMOUNT_LIMIT_TYPES, LIMIT_TYPES } from './limit-rules';

export * from './limit-rules';
/*
 * Responsible-gambling limits (docs/limits.md): the limits a player
 * sets on themselves, their usage in the current period, pending raises and removals, and the
 * player's session facts (time played, net position, reality checks).
 *
 * Choices of ours (docs/limits.md): a session limit counts minutes signed in and carries them
 * in `minutes` / `current_value_minutes` (no accounts); cooling-off and self-exclusion carry
 * their length in `period` and their end in `disable_at` (null: permanent).
 */

/** Periods of the amount and session limits: calendar days, weeks (from Monday) and months in the player's time zone. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const COOLING_OFF_PERIODS = ['24_hours', '1_week', '1_month', '6_weeks'] as const;
export type CoolingOffPeriod = (typeof COOLING_OFF_PERIODS)[number];
export const SELF_EXCLUSION_PERIODS = ['6_months', '1_year', '5_years', 'permanent'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** How long a raise or removal waits before the player may confirm it (24 h), and how long the confirmation stays open. */
export const LIMIT_CHANGE_DELAY_HOURS = 24;
export const LIMIT_CONFIRM_WINDOW_DAYS = 7;

/** The longest a session limit may be per period, in minutes. */
export const SESSION_LIMIT_MAX_MINUTES: Readonly<Record<LimitPeriod, number>> = {
  day: 24 * 60,
  week: 7 * 24 * 60,
  month: 31 * 24 * 60,
};

/** Reality-check intervals a player may choose, in minutes (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/**
 * `active`: in force, nothing pending. `pending`: a raise or removal waits (its 24 hours, then
 * the player's confirmation); the amounts shown stay in force meanwhile.
 */
export const LIMIT_STATUSES = ['active', 'pending'] as const;
export type LimitStatus = (typeof LIMIT_STATUSES)[number];

export const limitAccountSchema = z.object({
  currency: z.string(),
  amount_cents: z.number().int(),
  /** The period's usage: deposits, net loss (bets − wins) or bets. */
  current_value_amount_cents: z.number().int(),
  /** When the period this usage counts ends (the usage starts again from 0). */
  active_until: z.string().nullable(),
  /** The amount a requested raise would set (null: no raise pending for this account). */
  pending_amount_cents: z.number().int().nullable(),
});
export type LimitAccount = z.infer<typeof limitAccountSchema>;

export const limitChangeSchema = z.object({
  action: z.enum(['raise', 'remove']),
  requested_at: z.string(),
  /** When the confirmation mail goes out and the change may be confirmed (24 h after the request). */
  confirmable_at: z.string(),
  /** Until when the mailed confirmation is accepted; null before the mail went out. */
  confirm_until: z.string().nullable(),
});
export type LimitChange = z.infer<typeof limitChangeSchema>;

export const userLimitSchema = z.object({
  id: z.number().int(),
  type: z.enum(LIMIT_TYPES),
  period: z.string(),
  status: z.enum(LIMIT_STATUSES),
  /** Cooling-off and self-exclusion: when it ends (null: permanent); others: when a pending change becomes confirmable. */
  disable_at: z.string().nullable(),
  /** A pending change's confirmation deadline, once its mail went out. */
  confirm_until: z.string().nullable(),
  created_at: z.string(),
  accounts: z.array(limitAccountSchema),
  /** Session limits: minutes per period, and the minutes played this period. */
  minutes: z.number().int().nullable(),
  current_value_minutes: z.number().int().nullable(),
  /** Session limits: when the period ends. */
  active_until: z.string().nullable(),
  pending_change: limitChangeSchema.nullable(),
});
export type UserLimit = z.infer<typeof userLimitSchema>;
export const userLimitsResponseSchema = z.array(userLimitSchema);
export type UserLimitsResponse = z.infer<typeof userLimitsResponseSchema>;

const amountSchema = z
  .number({ error: 'required' })
  .int({ error: 'invalid' })
  .positive({ error: 'greater_than_zero' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'invalid' });

export const limitAccountInputSchema = z.object({
  currency: z.string({ error: 'required' }).regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
  amount_cents: amountSchema,
});

export const createAmountLimitSchema = z.object({
  type: z.enum(AMOUNT_LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS, { error: 'invalid' }),
  accounts: z
    .array(limitAccountInputSchema, { error: 'required' })
    .min(1, { error: 'required' })
    .refine((list) => new Set(list.map((a) => a.currency)).size === list.length, { error: 'duplicate_currency' }),
});
export const createSessionLimitSchema = z
  .object({
    type: z.literal('session'),
    period: z.enum(LIMIT_PERIODS, { error: 'invalid' }),
    minutes: z
      .number({ error: 'required' })
      .int({ error: 'invalid' })
      .positive({ error: 'greater_than_zero' })
      .max(SESSION_LIMIT_MAX_MINUTES.month, { error: 'too_long' }),
  })
  .refine((v) => v.minutes <= SESSION_LIMIT_MAX_MINUTES[v.period], { error: 'too_long', path: ['minutes'] });
export const createCoolingOffSchema = z.object({
  type: z.literal('cooling_off'),
  period: z.enum(COOLING_OFF_PERIODS, { error: 'invalid' }),
});
export const createSelfExclusionSchema = z.object({
  type: z.literal('self_exclusion'),
  period: z.enum(SELF_EXCLUSION_PERIODS, { error: 'invalid' }),
});
/** `POST /api/user_limits`: a new limit, a lower one (at once) or a higher one (pending). Answers the player's limits. */
export const createUserLimitRequestSchema = z.discriminatedUnion(
  'type',
  [createAmountLimitSchema, createSessionLimitSchema, createCoolingOffSchema, createSelfExclusionSchema],
  { error: 'invalid' },
);
export type CreateUserLimitRequest = z.infer<typeof createUserLimitRequestSchema>;

export const userLimitIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/user_limits/confirm`: the mailed token of a raise or removal whose 24 hours have passed. */
export const confirmUserLimitRequestSchema = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'invalid' }),
});
export const confirmUserLimitResponseSchema = z.object({
  confirmed: z.literal(true),
  type: z.enum(LIMIT_TYPES),
  action: z.enum(['raise', 'remove']),
});
export type ConfirmUserLimitResponse = z.infer<typeof confirmUserLimitResponseSchema>;

/** `GET /api/responsible_gaming`: the signed-in session's facts and the reality-check setting. */
export const responsibleGamingResponseSchema = z.object({
  reality_check_minutes: z.number().int(),
  session: z.object({
    started_at: z.string(),
    seconds_played: z.number().int(),
    currency: z.string(),
    bets_cents: z.number().int(),
    wins_cents: z.number().int(),
    /** Wins − bets this session: negative when the player is down. */
    net_cents: z.number().int(),
  }),
  /** The player's time zone (IANA), in which limit periods are counted. */
  time_zone: z.string(),
});
export type ResponsibleGamingResponse = z.infer<typeof responsibleGamingResponseSchema>;

/** `PATCH /api/responsible_gaming`. */
export const updateResponsibleGamingRequestSchema = z.object({
  reality_check_minutes: z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), { error: 'invalid' }),
});

/** The `game_limits` channel's message: the player's limits after a change. */
export const gameLimitsMessageSchema = z.object({ limits: userLimitsResponseSchema });
