import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
