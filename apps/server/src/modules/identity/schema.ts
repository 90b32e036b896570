import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The platform's mail outbox lives with the platform; re-exported so that drizzle-kit, which
// reads module schema files only, migrates it.
export { mailOutbox } from '../../platform/mail-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Players. `email` is stored lower-case and trimmed; the index on lower(email) guards it anyway. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    /** The currency chosen at registration (the first account's). */
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull().default('en'),
    receivePromos: boolean('receive_promos').notNull().default(false),
    receiveSmsPromos: boolean('receive_sms_promos').notNull().default(false),
    termsAcceptedAt: at('terms_accepted_at'),
    /** Personal details, asked by the edition, deposit and cashout contexts. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    state: text('state'),
    mobilePhone: text('mobile_phone'),
    personalIdNumber: text('personal_id_number'),
    /** The player's time zone (IANA name): limits count their days in it. */
    timeZone: text('time_zone'),
    signInCount: integer('sign_in_count').notNull().default(0),
    confirmedAt: at('confirmed_at'),
    createdAt: at('created_at').notNull(),
    currentSignInAt: at('current_sign_in_at'),
    lastSignInAt: at('last_sign_in_at'),
    /** Device fingerprint sent at registration (fraud checks later). */
    signUpDfpc: text('sign_up_dfpc'),
    /** Whether the player takes bonuses at all (docs/bonuses.md); off: none is issued until they turn it on. */
    canIssueBonuses: boolean('can_issue_bonuses').notNull().default(true),
    /** The deposit offer the player chose for their next deposit (its code), or null. */
    depositBonusCode: text('deposit_bonus_code'),
    /** Two-factor (TOTP): on, with `otp_secret` (base32) set; see totp.ts. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    otpSecret: text('otp_secret'),
    /** The last TOTP step accepted: each code is accepted once. */
    otpLastStep: bigint('otp_last_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`)],
);

/**
 * Signed-in sessions. The cookie carries a 256-bit random token; only its SHA-256 is stored, so a
 * leaked table opens no session. A session ends (ended_at) at sign-out or password change, and
 * counts as over after 30 minutes without activity or 30 days in all.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    country: text('country'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * Single-use tokens (hash stored): mailed ones, email confirmation (24 h) and password reset (1 h);
 * the withdrawal link of an excluded player (24 h, usable until it expires), and the cookie marker
 * of a half-done two-factor sign-in (5 min, never mailed). `purpose` is plain
 * text in the database, so a new purpose needs no migration.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', {
      enum: ['confirmation', 'password_reset', 'two_factor_sign_in', 'withdrawal'],
    }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_tokens_user').on(t.userId, t.purpose)],
);

/**
 * Two-factor recovery codes: 10 per player with two-factor on, handed out once (at enabling and
 * at renewal, which replaces them all), single-use (`used_at`), deleted when two-factor is turned
 * off. Only a digest of each is stored (recovery-codes.ts), looked up by player and digest.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeDigest: text('code_digest').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_digest').on(t.userId, t.codeDigest)],
);

/**
 * Failed sign-ins, counted per address (known or not) and per IP over a sliding window. In the
 * database so that every instance sees the same count.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: at('failed_at').notNull(),
  },
  (t) => [index('sign_in_failures_email').on(t.email, t.failedAt), index('sign_in_failures_ip').on(t.ip, t.failedAt)],
);

/**
 * Calls a visitor's address may make only so often (registration, password reset, confirmation
 * resend): one row per call inside its window, counted like the sign-in failures (rules.ts).
 */
export const addressAttempts = pgTable(
  'address_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action', { enum: ['registration', 'password_reset', 'confirmation_resend'] }).notNull(),
    ip: text('ip').notNull(),
    attemptedAt: at('attempted_at').notNull(),
  },
  (t) => [index('address_attempts_ip').on(t.ip, t.action, t.attemptedAt)],
);

/**
 * The catalogue of player groups and VIP tiers: `kind` group or level; a level carries the
 * persistent comp-point range that earns it. `writable` groups are the ones a player may join
 * through `POST /api/player/groups` (A/B test arms, chat choice); the rest only the house assigns.
 */
export const playerGroups = pgTable('player_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['group', 'level'] }).notNull(),
  writable: boolean('writable').notNull().default(false),
  /** Levels only: the tier's order (1 = entry tier) and its persistent comp-point range [min, max). */
  rank: integer('rank'),
  minPoints: bigint('min_points', { mode: 'number' }),
  maxPoints: bigint('max_points', { mode: 'number' }),
});

/** Which groups (and tier) each player is in. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => playerGroups.id),
    addedAt: at('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/**
 * Solved proof-of-work captcha challenges, kept until the challenge would have expired anyway, so
 * that each solution is accepted once on every instance.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('captcha_solutions_expiry').on(t.expiresAt)],
);
