import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
 * The casino's staff (never players): one row per operator of the back office. The TOTP secret is
 * sealed like the players' (OTP_ENCRYPTION_KEY); two-factor is on for everyone once set up, and an
 * operator without it can do nothing but set it up (docs/backoffice.md).
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    /** The sealed base32 secret, once the operator has confirmed a code from it. */
    otpSecret: text('otp_secret'),
    /** A secret offered at setup and not yet confirmed. */
    otpPendingSecret: text('otp_pending_secret'),
    /** The last TOTP step accepted: each code is accepted once. */
    otpLastStep: bigint('otp_last_step', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    lastSignInAt: at('last_sign_in_at'),
  },
  (t) => [uniqueIndex('operators_email_lower').on(sql`lower(${t.email})`)],
);

/** What each role may do: data, so that a test can try every role against every route. */
export const backofficeRolePermissions = pgTable(
  'backoffice_role_permissions',
  {
    role: text('role').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

/**
 * Operators' sessions: the cookie carries a random token, only its SHA-256 is stored. Over after
 * 30 minutes without a call or 12 hours in all, or when ended.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/** Failed operator sign-ins (address, address of the caller, time): five in 15 minutes lock the address. */
export const operatorSignInFailures = pgTable(
  'operator_sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: at('failed_at').notNull(),
  },
  (t) => [index('operator_sign_in_failures_email').on(t.email, t.failedAt)],
);

/**
 * The audit log: one entry per operator action, append-only in the database itself (a trigger
 * refuses UPDATE and DELETE, migration 0029), each entry chained to the previous one by its hash
 * (audit.ts), so that an edit or a gap is found (`npm run audit:backoffice`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    /** Null for the machines' OPERATOR_TOKEN (actor `token`) and for a failed sign-in of no operator. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    actor: text('actor').notNull(),
    role: text('role'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** Position in the chain: 1, 2, 3 … with no gap. */
    seq: integer('seq').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_seq').on(t.seq),
    index('audit_log_operator').on(t.operatorId, t.at),
    index('audit_log_target').on(t.targetType, t.targetId),
  ],
);

/**
 * Operators' notes on a player: append-only like the audit log (a trigger refuses UPDATE and
 * DELETE, migration 0030), each with its author; a correction is a new note.
 */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('player_notes_user').on(t.userId, t.id)],
);

/**
 * Players blocked by an operator: one row while the block stands (the sign-in check refuses
 * them); unblocking removes it. Who did which and why is in the audit log.
 */
export const playerBlocks = pgTable('player_blocks', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  blockedAt: at('blocked_at').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  reason: text('reason').notNull(),
});

/**
 * Manual credits and debits of a player's real balance (docs/backoffice.md "Manual adjustments").
 * Under the four-eyes amount it is applied at once (`applied`); above it, it waits (`pending`)
 * for a second operator to approve (`applied`) or reject (`rejected`). `transfer_id`: the ledger
 * transfer that moved the money.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    /** Minor units of the currency, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The amount in euro cents at the reference rate when it was asked (the four-eyes rule). */
    eurCents: bigint('eur_cents', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (t) => [
    index('balance_adjustments_state').on(t.state, t.id),
    index('balance_adjustments_user').on(t.userId, t.id),
    check('balance_adjustments_amount', sql`${t.amount} > 0`),
    check('balance_adjustments_direction', sql`${t.direction} in ('credit', 'debit')`),
    check('balance_adjustments_state', sql`${t.state} in ('pending', 'applied', 'rejected')`),
  ],
);
