import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The reports' daily aggregates (docs/reports.md). Derived data only: every row is rebuilt from
 * the ledger, the payments, the players and their play by `aggregateDay`, which replaces a
 * day's rows whole, so a day can be recomputed at any time and no figure is a counter that could
 * drift. Days are UTC calendar days; the licence is the player's (their country's, as
 * `licenceOfCountry` says) at the time the day was computed.
 */
const day = (name: string) => date(name, { mode: 'string' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Which days are aggregated, and when: a report's "as of". */
export const reportDays = pgTable('report_days', {
  day: day('day').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  /**
   * The day's per-game rows (`report_game_daily`) were computed with it. Days computed before that
   * table existed have none: the games report reads them from the rounds until the job redoes them.
   */
  withGames: boolean('with_games').notNull().default(false),
});

/** GGR and NGR figures per day, currency and licence, in the currency's minor units. */
export const reportMoneyDaily = pgTable(
  'report_money_daily',
  {
    day: day('day').notNull(),
    currency: text('currency').notNull(),
    licence: text('licence').notNull(),
    bets: cents('bets'),
    wins: cents('wins'),
    bonusBets: cents('bonus_bets'),
    bonusWins: cents('bonus_wins'),
    bonusCosts: cents('bonus_costs'),
    freespinCosts: cents('freespin_costs'),
    jackpotContributions: cents('jackpot_contributions'),
    jackpotPayouts: cents('jackpot_payouts'),
    compPointExchanges: cents('comp_point_exchanges'),
    adjustments: cents('adjustments'),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.licence] })],
);

/** Deposits and cashouts finished per day, method, currency and licence. */
export const reportPaymentsDaily = pgTable(
  'report_payments_daily',
  {
    day: day('day').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    licence: text('licence').notNull(),
    deposits: integer('deposits').notNull().default(0),
    depositsCents: cents('deposits_cents'),
    cashouts: integer('cashouts').notNull().default(0),
    cashoutsCents: cents('cashouts_cents'),
    declines: integer('declines').notNull().default(0),
    cashoutsRejected: integer('cashouts_rejected').notNull().default(0),
    /** Succeeded payments' time from request to money moved: how many, their sum and median (ms). */
    approvals: integer('approvals').notNull().default(0),
    approvalMsSum: cents('approval_ms_sum'),
    approvalMsMedian: bigint('approval_ms_median', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.method, t.currency, t.licence] })],
);

/** Registrations, first deposits and active players per day and licence. */
export const reportPlayersDaily = pgTable(
  'report_players_daily',
  {
    day: day('day').notNull(),
    licence: text('licence').notNull(),
    registrations: integer('registrations').notNull().default(0),
    firstDepositors: integer('first_depositors').notNull().default(0),
    activePlayers: integer('active_players').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.licence] })],
);

/** The players active (a stake) on a day: what the weekly cohorts are counted from. */
export const reportActivePlayers = pgTable(
  'report_active_players',
  {
    day: day('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** Retention: of the players registered in a week (Monday, UTC), how many were active in a later week. */
export const reportCohorts = pgTable(
  'report_cohorts',
  {
    cohortWeek: day('cohort_week').notNull(),
    activityWeek: day('activity_week').notNull(),
    licence: text('licence').notNull(),
    active: integer('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cohortWeek, t.activityWeek, t.licence] }),
    index('report_cohorts_activity').on(t.activityWeek),
  ],
);

/**
 * Per day, game and currency, the rounds started that day (docs/reports.md "Games and RTP"): what
 * the games report sums for past days instead of reading a year of rounds. Σ stake and Σ stake²
 * of the settled rounds make the RTP interval's effective number of rounds from the sums alone.
 */
export const reportGameDaily = pgTable(
  'report_game_daily',
  {
    day: day('day').notNull(),
    gameId: integer('game_id').notNull(),
    currency: text('currency').notNull(),
    rounds: integer('rounds').notNull().default(0),
    openRounds: integer('open_rounds').notNull().default(0),
    /** Distinct players of the day's rounds with a stake; a period's figure is the sum of its days'. */
    players: integer('players').notNull().default(0),
    bets: cents('bets'),
    wins: cents('wins'),
    jackpotWins: cents('jackpot_wins'),
    freespinRounds: integer('freespin_rounds').notNull().default(0),
    freespinWins: cents('freespin_wins'),
    settledRounds: integer('settled_rounds').notNull().default(0),
    /** Σ opening stake of the settled rounds. */
    stakes: cents('stakes'),
    /** Σ opening stake²: beyond bigint for a busy day of large stakes, hence numeric. */
    stakeSquares: numeric('stake_squares').notNull().default('0'),
    /** Σ (win − extra stakes) of the settled rounds. */
    returned: cents('returned'),
  },
  (t) => [primaryKey({ columns: [t.day, t.gameId, t.currency] })],
);
