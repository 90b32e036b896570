/**
 * The back office's reports (`/api/backoffice/reports/*`, docs/reports.md, permission
 * `reports.read`): GGR and NGR, payments, players and the dashboard, read from the daily
 * aggregates. Amounts are minor units of their currency; `eur` amounts are EUR cents by the
 * reference rates at the time of the answer (rounded down). Days are UTC calendar days
 * `YYYY-MM-DD`, oldest first; `as_of` is when the freshest figures answered were computed (a day
 * computed after it ended says its end). Each list is also served as CSV (`.csv` or `?format=csv`).
 */
import { z } from 'zod';
import { licenceSchema } from './info';

/** Longest period one report answers: a year and a day (a leap year's full year). */
export const REPORT_MAX_DAYS = 367;

const daySchema = z.iso.date({ message: 'invalid' });
const DAY_MS = 86_400_000;

const periodShape = {
  /** First day, inclusive; default: 29 days before `to`. */
  from: daySchema.optional(),
  /** Last day, inclusive; default: today (UTC). */
  to: daySchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, 'invalid')
    .optional(),
  licence: licenceSchema.optional(),
  format: z.enum(['json', 'csv'], { message: 'invalid' }).default('json'),
};

/** A period: `to` not before `from`, at most REPORT_MAX_DAYS days. */
function checkPeriod(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'too_long' });
}

export const backofficeReportQuerySchema = z.object(periodShape).superRefine(checkPeriod);
export type BackofficeReportQuery = z.infer<typeof backofficeReportQuerySchema>;

// ---- GET /api/backoffice/reports/ggr --------------------------------------------------------------
/** The figures of one day and currency (docs/reports.md "GGR and NGR" says what each holds). */
export const ggrFiguresSchema = z.object({
  bets: z.number().int(),
  wins: z.number().int(),
  ggr: z.number().int(),
  bonus_bets: z.number().int(),
  bonus_wins: z.number().int(),
  bonus_costs: z.number().int(),
  /** The part of `bonus_costs` that free spins' winnings became. */
  freespin_costs: z.number().int(),
  jackpot_contributions: z.number().int(),
  jackpot_payouts: z.number().int(),
  comp_point_exchanges: z.number().int(),
  adjustments: z.number().int(),
  ngr: z.number().int(),
});
export type GgrFigures = z.infer<typeof ggrFiguresSchema>;

export const backofficeGgrRowSchema = ggrFiguresSchema.extend({
  day: z.string(),
  currency: z.string(),
  /** The same figures in EUR cents. */
  eur: ggrFiguresSchema,
});
export type BackofficeGgrRow = z.infer<typeof backofficeGgrRowSchema>;

export const backofficeGgrReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  as_of: z.string().nullable(),
  data: z.array(backofficeGgrRowSchema),
  /** Every row's EUR figures summed: the period across currencies. */
  totals_eur: ggrFiguresSchema,
});
export type BackofficeGgrReport = z.infer<typeof backofficeGgrReportSchema>;

// ---- GET /api/backoffice/reports/payments ---------------------------------------------------------
export const backofficePaymentsRowSchema = z.object({
  day: z.string(),
  method: z.string(),
  currency: z.string(),
  deposits: z.number().int(),
  deposits_cents: z.number().int(),
  cashouts: z.number().int(),
  cashouts_cents: z.number().int(),
  /** Deposits the PSP declined. */
  declines: z.number().int(),
  /** Cashouts rejected (by an operator or the PSP). */
  cashouts_rejected: z.number().int(),
  /** Paid cashouts' time from request to payout (ms): average and median; null without a paid cashout. */
  approval_avg_ms: z.number().int().nullable(),
  approval_median_ms: z.number().int().nullable(),
  deposits_eur: z.number().int(),
  cashouts_eur: z.number().int(),
});
export type BackofficePaymentsRow = z.infer<typeof backofficePaymentsRowSchema>;

export const backofficePaymentsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  as_of: z.string().nullable(),
  data: z.array(backofficePaymentsRowSchema),
});
export type BackofficePaymentsReport = z.infer<typeof backofficePaymentsReportSchema>;

// ---- GET /api/backoffice/reports/players ----------------------------------------------------------
export const backofficePlayersRowSchema = z.object({
  day: z.string(),
  registrations: z.number().int(),
  first_depositors: z.number().int(),
  /** first_depositors / registrations of the day; null without registrations. */
  conversion: z.number().nullable(),
  active_players: z.number().int(),
});
export type BackofficePlayersRow = z.infer<typeof backofficePlayersRowSchema>;

export const backofficeCohortSchema = z.object({
  /** The Monday (UTC) of the registration week. */
  week: z.string(),
  registrations: z.number().int(),
  /** Players of the cohort active in its week 0, 1, 2 ... up to the period's last week. */
  active: z.array(z.number().int()),
  /** active / registrations, per week; null without registrations. */
  retention: z.array(z.number().nullable()),
});
export type BackofficeCohort = z.infer<typeof backofficeCohortSchema>;

export const backofficePlayersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  as_of: z.string().nullable(),
  data: z.array(backofficePlayersRowSchema),
  /** The registration weeks that start within the period, oldest first (not in the CSV). */
  cohorts: z.array(backofficeCohortSchema),
});
export type BackofficePlayersReport = z.infer<typeof backofficePlayersReportSchema>;

// ---- GET /api/backoffice/reports/dashboard --------------------------------------------------------
export const backofficeDashboardSchema = z.object({
  day: z.string(),
  as_of: z.string().nullable(),
  /** Today's GGR and NGR across currencies, in EUR cents. */
  ggr_eur: z.number().int(),
  ngr_eur: z.number().int(),
  deposits: z.number().int(),
  deposits_eur: z.number().int(),
  /** Cashouts waiting for a decision now (live), and their sum in EUR cents. */
  cashouts_waiting: z.number().int(),
  cashouts_waiting_eur: z.number().int(),
  active_players: z.number().int(),
  /** Games outside their RTP interval (the games report); null while it is not known. */
  flagged_games: z.number().int().nullable(),
});
export type BackofficeDashboard = z.infer<typeof backofficeDashboardSchema>;

// ---- POST /api/backoffice/reports/refresh ---------------------------------------------------------
/** Recomputes the days of a period now (at most 31 days), today by default. */
export const backofficeReportRefreshRequestSchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
    else if (days > 31) ctx.addIssue({ code: 'custom', path: ['to'], message: 'too_long' });
  });
export type BackofficeReportRefreshRequest = z.infer<typeof backofficeReportRefreshRequestSchema>;

export const backofficeReportRefreshResponseSchema = z.object({
  days: z.array(z.string()),
  as_of: z.string(),
});
export type BackofficeReportRefreshResponse = z.infer<typeof backofficeReportRefreshResponseSchema>;
