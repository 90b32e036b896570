import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The limits players set on themselves (docs/limits.md). One row per type and period while in
 * force (`removed_at` null): amount limits carry their amounts per currency in
 * `user_limit_accounts`, a session limit its `minutes`, cooling-off and self-exclusion their end
 * (`ends_at`, null: permanent). `user_id` refers to identity's users (no key across modules).
 */
export const userLimits = pgTable(
  'user_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: ['deposit', 'loss', 'wager', 'session', 'cooling_off', 'self_exclusion'] }).notNull(),
    period: text('period').notNull(),
    /** Session limits: minutes signed in per period. */
    minutes: integer('minutes'),
    createdAt: at('created_at').notNull(),
    /** Cooling-off and self-exclusion: when it ends (null: permanent). */
    endsAt: at('ends_at'),
    /** No longer in force: a confirmed removal, or an exclusion that ended. */
    removedAt: at('removed_at'),
  },
  (t) => [
    // Amount and session limits: one per type and period; exclusions: one per type.
    uniqueIndex('user_limits_in_force')
      .on(
        t.userId,
        t.type,
        sql`(case when ${t.type} in ('cooling_off', 'self_exclusion') then '' else ${t.period} end)`,
      )
      .where(sql`${t.removedAt} is null`),
    index('user_limits_user').on(t.userId),
  ],
);

/** The amount of an amount limit per currency account. */
export const userLimitAccounts = pgTable(
  'user_limit_accounts',
  {
    limitId: bigint('limit_id', { mode: 'number' })
      .notNull()
      .references(() => userLimits.id),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.limitId, t.currency] })],
);

/**
 * A raise or removal the player asked for: it waits 24 hours (`confirmable_at`), then a
 * confirmation mail goes out (`mailed_at`, the token's hash, `confirm_until`), and it applies
 * only when the player confirms. Open while none of confirmed/canceled/expired is set; a lower
 * amount or a new request cancels it.
 */
export const userLimitChanges = pgTable(
  'user_limit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    limitId: bigint('limit_id', { mode: 'number' })
      .notNull()
      .references(() => userLimits.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['raise', 'remove'] }).notNull(),
    /** A raise: the account's currency (null for a session limit's minutes). */
    currency: text('currency'),
    /** A raise: the new amount (minutes for a session limit). */
    amount: bigint('amount', { mode: 'number' }),
    requestedAt: at('requested_at').notNull(),
    confirmableAt: at('confirmable_at').notNull(),
    tokenHash: text('token_hash').unique(),
    mailedAt: at('mailed_at'),
    confirmUntil: at('confirm_until'),
    confirmedAt: at('confirmed_at'),
    canceledAt: at('canceled_at'),
    expiredAt: at('expired_at'),
  },
  (t) => [
    index('user_limit_changes_limit').on(t.limitId),
    index('user_limit_changes_due')
      .on(t.confirmableAt)
      .where(sql`${t.confirmedAt} is null and ${t.canceledAt} is null and ${t.expiredAt} is null`),
  ],
);

/** The player's reality-check interval (minutes, 0: off). */
export const realityChecks = pgTable('reality_checks', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  minutes: integer('minutes').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The casino's limit defaults (docs/limits.md "Defaults the operator sets"), one row per version:
 * the newest is in force, the older ones are its history. Never updated; no row yet: the code's
 * defaults. `changed_by` is the operator's id.
 */
export const limitDefaultVersions = pgTable('limit_default_versions', {
  version: integer('version').primaryKey(),
  settings: jsonb('settings').notNull(),
  changedBy: text('changed_by').notNull(),
  reason: text('reason'),
  createdAt: at('created_at').notNull(),
});
