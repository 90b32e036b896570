/**
 * The back office's reports on games and observed RTP, promotions, responsible gambling and the
 * significant events log (docs/reports.md), permission `reports.read`. Each is computed from the
 * rounds, the ledger's domain tables and the audit log over the period asked for; each answers
 * CSV at the same path with `.csv`.
 */
import { z } from 'zod';
import { backofficeList, backofficeListQuerySchema } from './backoffice';

/** A day (`2026-11-29`, the whole UTC day) or an instant with its offset. */
const reportInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'invalid' });

/**
 * The period of a report: `from` inclusive, `to` exclusive when an instant, inclusive when a day.
 * Defaults: the 30 days up to now. At most 367 days (these reports read the rows themselves).
 */
export const backofficeReportPeriodQuerySchema = z.object({
  from: reportInstant.optional(),
  to: reportInstant.optional(),
});
export type BackofficeReportPeriodQuery = z.infer<typeof backofficeReportPeriodQuerySchema>;

const currencyFilter = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}$/, 'invalid')
  .transform((c) => c.toUpperCase());

/** The period as the server read it (ISO instants, `to` exclusive) and when the figures were read. */
const reportPeriodSchema = z.object({ from: z.string(), to: z.string(), as_of: z.string() });

// ---- GET /api/backoffice/reports/games ---------------------------------------------------------------
export const backofficeGamesReportQuerySchema = backofficeReportPeriodQuerySchema.extend({
  /** A provider's identifier (`orbit`). */
  provider: z.string().trim().max(100, 'too_long').optional(),
  /** A game's identifier (`orbit/european-roulette`). */
  game: z.string().trim().max(200, 'too_long').optional(),
  currency: currencyFilter.optional(),
});
export type BackofficeGamesReportQuery = z.infer<typeof backofficeGamesReportQuerySchema>;

/** Where a game's exact RTP and variance come from: the studio's math sheet, or only the catalogue's RTP. */
export const RTP_SOURCES = ['math_sheet', 'catalogue'] as const;

/** One game in one currency over the period (money in minor units of `currency`). */
export const backofficeGameReportRowSchema = z.object({
  provider: z.string(),
  game: z.string(),
  title: z.string(),
  currency: z.string(),
  /** Rounds with a stake (free spins apart), open ones included. */
  rounds: z.number().int(),
  open_rounds: z.number().int(),
  players: z.number().int(),
  bets_cents: z.number().int(),
  wins_cents: z.number().int(),
  jackpot_wins_cents: z.number().int(),
  /** bets − wins − jackpot wins. */
  ggr_cents: z.number().int(),
  freespin_rounds: z.number().int(),
  freespin_wins_cents: z.number().int(),
  /** The same in euros at today's reference rates, decimal strings (null: no rate for the currency). */
  bets_eur: z.string().nullable(),
  wins_eur: z.string().nullable(),
  ggr_eur: z.string().nullable(),
  /** Settled rounds: their return per unit of opening stake; null without any. */
  observed_rtp: z.number().nullable(),
  settled_rounds: z.number().int(),
  /** (Σ stake)² / Σ stake²: the rounds the interval counts; equals `settled_rounds` when every stake is the same. */
  effective_rounds: z.number(),
  exact_rtp: z.number().nullable(),
  /** Standard deviation of one round's return per unit stake (the math sheet's); null when not declared. */
  return_std_dev: z.number().nullable(),
  rtp_source: z.enum(RTP_SOURCES).nullable(),
  /** exact RTP ± 2.576 σ / √n (99 %); null without a variance or a settled round. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Observed RTP outside the interval, with enough rounds for the interval to hold (docs/reports.md). */
  flagged: z.boolean(),
});
export type BackofficeGameReportRow = z.infer<typeof backofficeGameReportRowSchema>;
export const backofficeGamesReportSchema = reportPeriodSchema.extend({
  data: z.array(backofficeGameReportRowSchema),
});
export type BackofficeGamesReport = z.infer<typeof backofficeGamesReportSchema>;

// ---- GET /api/backoffice/reports/promotions ----------------------------------------------------------
export const backofficePromotionsReportQuerySchema = backofficeReportPeriodQuerySchema.extend({
  currency: currencyFilter.optional(),
});
export type BackofficePromotionsReportQuery = z.infer<typeof backofficePromotionsReportQuerySchema>;

/** Money in several currencies: one entry per currency. */
const moneyListSchema = z.array(z.object({ currency: z.string(), amount_cents: z.number().int() }));

/** The bonuses of one template issued in the period in one currency, and what became of them by now. */
export const backofficeBonusTemplateReportRowSchema = z.object({
  template_id: z.number().int(),
  template_key: z.string(),
  title: z.string(),
  kind: z.string(),
  currency: z.string(),
  issued: z.number().int(),
  activated: z.number().int(),
  /** Wagered through: the bonus money became real money. */
  converted: z.number().int(),
  /** What the house paid: bonus money turned real. */
  converted_cents: z.number().int(),
  lost: z.number().int(),
  canceled: z.number().int(),
  expired: z.number().int(),
  forfeited_cents: z.number().int(),
  /** Still running (issued, waiting for a deposit, wagering). */
  running: z.number().int(),
  issued_cents: z.number().int(),
});
/** The free spins of one template issued in the period in one currency. */
export const backofficeFreespinsReportRowSchema = z.object({
  template_id: z.number().int(),
  template_key: z.string(),
  title: z.string(),
  currency: z.string(),
  issued: z.number().int(),
  activated: z.number().int(),
  spins_granted: z.number().int(),
  spins_played: z.number().int(),
  wins_cents: z.number().int(),
  canceled: z.number().int(),
  expired: z.number().int(),
});
export const backofficeTournamentReportRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  currency: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  finished: z.boolean(),
  entrants: z.number().int(),
  bets_cents: z.number().int(),
  prizes_paid: z.number().int(),
  prizes_skipped: z.number().int(),
  /** Prize money paid as bonuses, per currency. */
  prize_money: moneyListSchema,
  prize_freespins: z.number().int(),
  prize_comp_points: z.number().int(),
});
export const backofficeLotteryReportRowSchema = backofficeTournamentReportRowSchema
  .omit({ entrants: true, bets_cents: true })
  .extend({ tickets: z.number().int(), players: z.number().int(), drawn: z.boolean() })
  .omit({ finished: true });
export const backofficePromotionsReportSchema = reportPeriodSchema.extend({
  bonuses: z.array(backofficeBonusTemplateReportRowSchema),
  freespins: z.array(backofficeFreespinsReportRowSchema),
  tournaments: z.array(backofficeTournamentReportRowSchema),
  lotteries: z.array(backofficeLotteryReportRowSchema),
});
export type BackofficePromotionsReport = z.infer<typeof backofficePromotionsReportSchema>;

// ---- GET /api/backoffice/reports/responsible_gambling ------------------------------------------------
export const backofficeResponsibleGamblingReportQuerySchema = backofficeReportPeriodQuerySchema;
export const RESPONSIBLE_GAMBLING_LIMIT_TYPES = [
  'deposit',
  'loss',
  'wager',
  'session',
  'cooling_off',
  'self_exclusion',
] as const;
/** One UTC day and one kind of limit: what players (and operators at their request) did. */
export const backofficeResponsibleGamblingRowSchema = z.object({
  day: z.string(),
  type: z.enum(RESPONSIBLE_GAMBLING_LIMIT_TYPES),
  /** New limits; for cooling-off and self-exclusion, the ones started. */
  set: z.number().int(),
  raise_requested: z.number().int(),
  /** Raises confirmed by the player after the wait: applied. */
  raised: z.number().int(),
  removal_requested: z.number().int(),
  removed: z.number().int(),
  /**
   * Set or lowered by an operator at the player's request (the back office's audit log; a new one
   * is in `set` too). A player's own lowering is not counted: it applies at once, in place, and
   * leaves no dated record (docs/reports.md).
   */
  by_operator: z.number().int(),
});
export const backofficeResponsibleGamblingReportSchema = reportPeriodSchema.extend({
  data: z.array(backofficeResponsibleGamblingRowSchema),
  reality_checks: z.object({
    /** Players whose reality check is on now, by its interval in minutes. */
    players_by_minutes: z.record(z.string(), z.number().int()),
    /** Players who changed their interval in the period. */
    changed: z.number().int(),
    /** Not recorded by the server (the game page shows them): always null (docs/reports.md). */
    shown: z.null(),
    games_left_after: z.null(),
  }),
});
export type BackofficeResponsibleGamblingReport = z.infer<typeof backofficeResponsibleGamblingReportSchema>;

// ---- GET /api/backoffice/reports/significant_events --------------------------------------------------
export const SIGNIFICANT_EVENT_KINDS = [
  'game_change',
  'jackpot_hit',
  'big_win',
  'manual_adjustment',
  'operator_sign_in',
  'limit_change',
  'exclusion_change',
  'ledger_audit',
  'system',
] as const;
export const significantEventKindSchema = z.enum(SIGNIFICANT_EVENT_KINDS, 'invalid');
export type SignificantEventKind = z.infer<typeof significantEventKindSchema>;
const isSignificantEventKind = (kind: string): kind is SignificantEventKind =>
  (SIGNIFICANT_EVENT_KINDS as readonly string[]).includes(kind);

const eventFilters = backofficeReportPeriodQuerySchema.extend({
  /** One kind or several, comma-separated. */
  kind: z
    .string()
    .max(300, 'too_long')
    .transform((s) => s.split(',').map((k) => k.trim()))
    .refine((kinds) => kinds.every(isSignificantEventKind), 'invalid')
    .transform((kinds) => kinds as SignificantEventKind[])
    .optional(),
  /** Wins from this many euros (at today's reference rates) are listed; default WIN_REPORT_THRESHOLD. */
  win_threshold_eur: z.coerce.number().min(0, 'too_small').max(1_000_000_000, 'too_big').optional(),
});
export const backofficeSignificantEventsQuerySchema = backofficeListQuerySchema.extend(eventFilters.shape);
export type BackofficeSignificantEventsQuery = z.infer<typeof backofficeSignificantEventsQuerySchema>;
export const backofficeSignificantEventsCsvQuerySchema = eventFilters;
export type BackofficeSignificantEventsCsvQuery = z.infer<typeof backofficeSignificantEventsCsvQuerySchema>;

export const backofficeSignificantEventSchema = z.object({
  /** Stable across pages: where the event was read (`audit:12`, `jackpot_win:3`, `round:881`, `limit:40`, `limit_change:7`). */
  id: z.string(),
  at: z.string(),
  kind: significantEventKindSchema,
  /** What happened, in the log's words (`sign_in`, `jackpot.hit`, `limit.set`, `system.start` …). */
  action: z.string(),
  /** Who: an operator's address, `token`, `system`, or `player`. */
  actor: z.string(),
  player_id: z.number().int().nullable(),
  game: z.string().nullable(),
  currency: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  detail: z.unknown().nullable(),
});
export type BackofficeSignificantEvent = z.infer<typeof backofficeSignificantEventSchema>;
export const backofficeSignificantEventsResponseSchema = backofficeList(backofficeSignificantEventSchema);
