import type { IncomingHttpHeaders } from 'node:http';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { emailAddressSchema, normalizeEmail, type SignUpRequest } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation, type Executor } from '../../platform/db/executor';
import { AppError, tooManyRequests, unprocessable } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { enqueueEvent, type DeliveryContext } from '../../platform/outbox/outbox';
import { PLAYER_REGISTERED_TOPIC, type PlayerRegisteredEvent } from './bonus-settings';
import { listCurrencies, openAccount } from '../wallet';
import { OtpBox } from './otp-box';
import { isSiteCountry } from './profile-rules';
import { joinEntryTier } from './groups';
import { mailWithdrawalLink, SignInChecks, withdrawalLinkMailedSince } from './protection';
import { RegistrationHooks } from './registration-hooks';
import { confirmationMail, passwordResetMail, type LocalLink } from './mails';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import type { UserRow } from './player';
import {
  CONFIRMATION_TTL_MS,
  MAIL_REQUEST_WINDOW_MS,
  MAIL_RESEND_INTERVAL_MS,
  PASSWORD_RESET_TTL_MS,
  REGISTRATION_WINDOW_MS,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
  TWO_FACTOR_SIGN_IN_TTL_MS,
  WITHDRAWAL_LINK_TTL_MS,
  isUsable,
  lockedForSeconds,
  needsTouch,
  sessionState,
} from './rules';
import {
  addressAttempts,
  emailTokens,
  sessions,
  signInFailures,
  twoFactorRecoveryCodes,
  userGroups,
  users,
} from './schema';

type AddressAction = (typeof addressAttempts.action.enumValues)[number];
import { hashToken, newToken } from '../../platform/tokens';
import { acceptedStep, newOtpSecret, otpauthUri, qrDataUrl } from './totp';
import {
  formatRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  recoveryCodeDigest,
  recoveryCodeDigests,
} from './recovery-codes';

/** A second factor as the player typed it: a TOTP code (its step) or a recovery code (its possible digests). */
type SecondFactor = { kind: 'totp'; step: number } | { kind: 'recovery'; digests: string[] };

export type SessionRow = typeof sessions.$inferSelect;
/** A signed-in request: the player and the session that signs them in. */
/** The signed-in player of a request: the session, the player and the ids of their groups and tier, read in one query. */
export type CurrentPlayer = { user: UserRow; session: SessionRow; groupIds: number[] };
/** Where a request comes from, recorded on the session and counted for rate limits. */
export type RequestMeta = { ip: string; userAgent: string | null; country: string | null };
/** Links mailed to players, built from the configured public address (never from the Host header). */
export type Links = {
  confirmation: LocalLink;
  passwordReset: LocalLink;
  withdrawal: LocalLink;
};
/** A new session: the token goes into the cookie, only its hash is stored. */
export type SignedIn = { user: UserRow; token: string };
/**
 * What a sign-in call ends in: a session, or (two-factor on, password right, no code yet) the
 * token of the half-done sign-in, which goes into the pending cookie.
 */
export type SignInOutcome = ({ kind: 'signed_in' } & SignedIn) | { kind: 'otp_required'; pendingToken: string };

/**
 * The session and its player by token hash, in one statement prepared once: building the query
 * (two tables, every column) cost about as much as running it on PGlite, and on PostgreSQL the
 * name makes it a server-side prepared statement (parsed and planned once per connection).
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      groupIds: sql<
        number[]
      >`coalesce((select array_agg(${userGroups.groupId}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('identity_session_by_token');
}
type SessionLookup = ReturnType<typeof prepareSessionLookup>;

type TokenPurpose = 'confirmation' | 'password_reset' | 'two_factor_sign_in' | 'withdrawal';

/** How often one address may register, and ask for each kind of mail (config: REGISTRATIONS_PER_ADDRESS_HOUR, MAIL_REQUESTS_PER_ADDRESS_15_MIN). */
export type AddressLimits = { registrationsPerHour: number; mailRequestsPer15Min: number };

/** The outbox topics of the mails a visitor asks for by address: answered at once, the same whether or not the address is registered. */
export const PASSWORD_RESET_REQUESTED_TOPIC = 'identity.password_reset_requested';
export const CONFIRMATION_RESEND_REQUESTED_TOPIC = 'identity.confirmation_resend_requested';

export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly links: Links,
    private readonly log: FastifyBaseLogger,
    private readonly signInChecks: SignInChecks = new SignInChecks(),
    private readonly addressLimits: AddressLimits = { registrationsPerHour: 10, mailRequestsPer15Min: 10 },
    private readonly otpBox: OtpBox = new OtpBox(undefined),
    private readonly registrationHooks: RegistrationHooks = new RegistrationHooks(),
  ) {}

  private sessionLookup: SessionLookup | undefined;

  // ---- registration ---------------------------------------------------------------------------

  /**
   * Creates the player, their first account, the confirmation mail and a session, all or nothing.
   * A taken address answers 422 email `taken` (see README: registration is the one call that says so).
   */
  async register(
    input: SignUpRequest['user'] & { country: string; language: string },
    meta: RequestMeta,
    countries: ReadonlySet<string>,
    /** The request's headers, handed to the registration hooks (registration-hooks.ts). */
    headers: IncomingHttpHeaders = {},
  ): Promise<SignedIn> {
    await this.countAddressAttempt(
      'registration',
      meta.ip,
      this.addressLimits.registrationsPerHour,
      REGISTRATION_WINDOW_MS,
    );
    const email = normalizeEmail(input.email);
    const errors: Record<string, string[]> = {};
    if (!isSiteCountry(input.country, countries)) errors.country = ['invalid_country'];
    const currency = (await listCurrencies(this.db)).find((c) => c.code === input.currency && c.signup);
    if (!currency) errors.currency = ['not_allowed'];
    if (await this.findUserByEmail(email)) errors.email = ['taken'];
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const mailIds: number[] = [];
    try {
      const signedIn = await this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            passwordHash,
            nickname: input.nickname ?? null,
            currency: input.currency,
            country: input.country,
            // The language the player signed up in: their mails are written in it.
            language: input.language,
            receivePromos: input.receive_promos ?? false,
            receiveSmsPromos: input.receive_sms_promos ?? false,
            termsAcceptedAt: now,
            createdAt: now,
            signUpDfpc: input.dfpc ?? null,
          })
          .returning();
        await openAccount(tx, user!.id, input.currency, now);
        await joinEntryTier(tx, user!.id, now);
        await this.registrationHooks.run(tx, { userId: user!.id, at: now, headers }, this.log);
        await enqueueEvent(
          tx,
          PLAYER_REGISTERED_TOPIC,
          { userId: user!.id, currency: input.currency } satisfies PlayerRegisteredEvent,
          now,
        );
        const confirmation = await this.issueEmailToken(tx, user!.id, 'confirmation', now);
        mailIds.push(await this.mailer.enqueue(tx, confirmationMail(user!, this.links.confirmation, confirmation)));
        return this.startSession(tx, user!, meta, now);
      });
      this.deliver(mailIds);
      return signedIn;
    } catch (error) {
      // Two registrations of one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw AppError.validation({ email: ['taken'] });
      throw error;
    }
  }

  /** Judges the address by its form only: whether it is registered is never told. */
  checkEmail(email: string): { valid: boolean } {
    return { valid: emailAddressSchema.safeParse(email).success };
  }

  // ---- sign-in and sessions ----------------------------------------------------------------------

  /**
   * Email and password to a new session. Wrong either way answers the same 422 after the same
   * work (a dummy hash is verified for unknown addresses). 5 failures for one address or 20 from
   * one IP within 15 minutes lock sign-in (429) until the window lets go, even for the right password.
   */
  async signIn(
    rawEmail: string,
    password: string,
    otpAttempt: string | undefined,
    meta: RequestMeta,
  ): Promise<SignInOutcome> {
    const email = normalizeEmail(rawEmail);
    const now = this.clock.now();
    await this.refuseWhenLocked(email, meta.ip, now);

    const user = await this.findUserByEmail(email);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) {
      await this.recordFailure(email, meta.ip, now);
      throw unprocessable('invalid_credentials', 'email');
    }
    // Asked only once the password is right: the refusal tells nothing to someone without it.
    await this.refuseSignIn(user.id, now);
    if (user.twoFactorEnabled) {
      // The password is right but is not enough: the failures are forgiven only by the code.
      if (otpAttempt === undefined) {
        const pendingToken = await this.issueEmailToken(this.db, user.id, 'two_factor_sign_in', now);
        return { kind: 'otp_required', pendingToken };
      }
      return this.finishTwoFactorSignIn(user, otpAttempt, null, meta, now);
    }
    return this.db.transaction(async (tx) => {
      // A success forgives the address's earlier failures (not the IP's).
      await tx.delete(signInFailures).where(eq(signInFailures.email, email));
      return { kind: 'signed_in' as const, ...(await this.startSession(tx, user, meta, now)) };
    });
  }

  /**
   * The second half of a two-factor sign-in: the pending cookie's token (from a correct password
   * within the last 5 minutes) and a code. A missing, used or expired marker answers 422
   * `otp_attempt: ['expired']` (type the password again); a wrong code 422 `otp_attempt: ['invalid']`,
   * counted as a failed sign-in of the address, the marker kept for another try.
   */
  async completeTwoFactorSignIn(
    pendingToken: string | undefined,
    otpAttempt: string,
    meta: RequestMeta,
  ): Promise<SignedIn> {
    const now = this.clock.now();
    const [row] = pendingToken
      ? await this.db
          .select({ token: emailTokens, user: users })
          .from(emailTokens)
          .innerJoin(users, eq(users.id, emailTokens.userId))
          .where(and(eq(emailTokens.tokenHash, hashToken(pendingToken)), eq(emailTokens.purpose, 'two_factor_sign_in')))
      : [];
    if (!row || !isUsable(row.token, now) || !row.user.twoFactorEnabled) throw unprocessable('expired', 'otp_attempt');
    await this.refuseWhenLocked(row.user.email, meta.ip, now);
    await this.refuseSignIn(row.user.id, now);
    return this.finishTwoFactorSignIn(row.user, otpAttempt, row.token.id, meta, now);
  }

  // ---- two-factor setup -------------------------------------------------------------------------

  /**
   * A new secret and its QR code for the authenticator app, or null when two-factor is already on.
   * Nothing is stored: the page sends the secret back with the first code (enableTwoFactor).
   */
  async twoFactorSetup(user: UserRow): Promise<{ otp_secret: string; data: string } | null> {
    if (user.twoFactorEnabled) return null;
    const secret = newOtpSecret();
    return { otp_secret: secret, data: await qrDataUrl(otpauthUri(secret, user.email)) };
  }

  /**
   * Turns two-factor on with the secret of the setup and a current code from it (which is then
   * used up), and answers the player's 10 new recovery codes (`ABCDE-FGHJK`), the only time they
   * are shown: only their digests are stored.
   */
  async enableTwoFactor(user: UserRow, secret: string, code: string): Promise<string[]> {
    if (user.twoFactorEnabled) throw unprocessable('already_enabled');
    const now = this.clock.now();
    const step = acceptedStep(secret, code, now, null);
    if (step === null) throw unprocessable('invalid', 'authentication_code');
    return this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(users)
        .set({ twoFactorEnabled: true, otpSecret: this.otpBox.seal(secret), otpLastStep: step })
        .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
        .returning({ id: users.id });
      if (!done) throw unprocessable('already_enabled');
      return this.replaceRecoveryCodes(tx, user.id, now);
    });
  }

  /**
   * Replaces all of the player's recovery codes with 10 new ones, proven by a current TOTP code or
   * an unused recovery code (spent, like all the others). A wrong one counts as a failed sign-in,
   * as at disable, and the lock applies.
   */
  async renewRecoveryCodes(user: UserRow, code: string, meta: RequestMeta): Promise<string[]> {
    if (!user.twoFactorEnabled) throw unprocessable('not_enabled');
    const now = this.clock.now();
    await this.refuseWhenLocked(user.email, meta.ip, now);
    const factor = this.secondFactorOf(user, code, now);
    const codes =
      factor === null
        ? null
        : await this.db.transaction(async (tx) =>
            (await this.spendSecondFactor(tx, user, factor, now)) ? this.replaceRecoveryCodes(tx, user.id, now) : null,
          );
    if (!codes) {
      await this.recordFailure(user.email, meta.ip, now);
      throw unprocessable('invalid', 'authentication_code');
    }
    return codes;
  }

  /** How many of the player's recovery codes are still unused. */
  async recoveryCodesLeft(user: UserRow): Promise<number> {
    if (!user.twoFactorEnabled) throw unprocessable('not_enabled');
    const [row] = await this.db
      .select({ left: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.left ?? 0;
  }

  /**
   * Turns two-factor off with a current code or a recovery code, and deletes the recovery codes.
   * A wrong code counts as a failed sign-in of the address (so a stolen session cannot try all
   * million codes), and the lock applies here too.
   */
  async disableTwoFactor(user: UserRow, code: string, meta: RequestMeta): Promise<void> {
    if (!user.twoFactorEnabled || !user.otpSecret) throw unprocessable('not_enabled');
    const now = this.clock.now();
    await this.refuseWhenLocked(user.email, meta.ip, now);
    const factor = this.secondFactorOf(user, code, now);
    const done =
      factor !== null &&
      (await this.db.transaction(async (tx) => {
        if (!(await this.spendSecondFactor(tx, user, factor, now))) return false;
        await tx
          .update(users)
          .set({ twoFactorEnabled: false, otpSecret: null, otpLastStep: null })
          .where(eq(users.id, user.id));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
        return true;
      }));
    if (!done) {
      await this.recordFailure(user.email, meta.ip, now);
      throw unprocessable('invalid', 'authentication_code');
    }
  }

  /** The player a session token signs in, or null; ends sessions found idle or too old. */
  async resolve(token: string): Promise<CurrentPlayer | null> {
    // Every signed-in request runs this: the statement is built once (see prepareSessionLookup).
    this.sessionLookup ??= prepareSessionLookup(this.db);
    const [row] = await this.sessionLookup.execute({ tokenHash: hashToken(token) });
    if (!row) return null;
    const now = this.clock.now();
    const state = sessionState(row.session, now);
    if (state === 'ended') return null;
    if (state !== 'active') {
      await this.db
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.id, row.session.id), isNull(sessions.endedAt)));
      return null;
    }
    if (needsTouch(row.session.lastSeenAt, now)) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      row.session.lastSeenAt = now;
    }
    return row;
  }

  /**
   * The player of a session token, read only: an ended or idle session is neither ended nor
   * touched here, so a call that is no activity of the player's (the page's telemetry, sent by
   * itself) never keeps an idle session alive.
   */
  async peek(token: string): Promise<CurrentPlayer | null> {
    this.sessionLookup ??= prepareSessionLookup(this.db);
    const [row] = await this.sessionLookup.execute({ tokenHash: hashToken(token) });
    return row && sessionState(row.session, this.clock.now()) === 'active' ? row : null;
  }

  async signOut(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  }

  /** The player's sessions that still sign in, newest first. */
  async sessionsOf(userId: number): Promise<SessionRow[]> {
    const now = this.clock.now();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .orderBy(desc(sessions.createdAt));
    return rows.filter((s) => sessionState(s, now) === 'active');
  }

  /** "Sign out everywhere else". */
  async endOtherSessions(userId: number, keepSessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.endedAt)));
  }

  // ---- confirmation -----------------------------------------------------------------------------

  async confirm(token: string | undefined): Promise<void> {
    const now = this.clock.now();
    const used = token ? await this.useEmailToken(this.db, token, 'confirmation', now) : null;
    if (!used) throw unprocessable('invalid', 'confirmation_token');
    await this.db
      .update(users)
      .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, used.userId));
  }

  /** Mails a new confirmation link when the address is registered and unconfirmed; says nothing either way. */
  /**
   * Asks for a new confirmation link. The answer does the same work whether or not the address is
   * registered (one outbox event), so neither its content nor its time tells; the mail is made
   * by the outbox handler (`mailConfirmation`).
   */
  async resendConfirmation(rawEmail: string, ip: string): Promise<void> {
    await this.countAddressAttempt(
      'confirmation_resend',
      ip,
      this.addressLimits.mailRequestsPer15Min,
      MAIL_REQUEST_WINDOW_MS,
    );
    await enqueueEvent(
      this.db,
      CONFIRMATION_RESEND_REQUESTED_TOPIC,
      { email: normalizeEmail(rawEmail) },
      this.clock.now(),
    );
  }

  /** The outbox handler of a confirmation resend: a new link to a registered, unconfirmed address, at most once a minute. */
  async mailConfirmation(email: string, context: DeliveryContext): Promise<void> {
    const user = await this.findUserByEmail(email, context.tx);
    if (!user || user.confirmedAt) return;
    const now = this.clock.now();
    if (await this.mailedRecently(user.id, 'confirmation', now, context.tx)) return;
    const token = await this.issueEmailToken(context.tx, user.id, 'confirmation', now);
    const id = await this.mailer.enqueue(context.tx, confirmationMail(user, this.links.confirmation, token));
    context.afterCommit(() => this.deliver([id]));
  }

  // ---- password reset ---------------------------------------------------------------------------

  /**
   * Asks for a reset link (valid 1 hour). Says nothing either way and does the same work either way
   * (one outbox event): the time of the answer does not tell a registered address either. The mail
   * is made by the outbox handler (`mailPasswordReset`).
   */
  async requestPasswordReset(rawEmail: string, ip: string): Promise<void> {
    await this.countAddressAttempt(
      'password_reset',
      ip,
      this.addressLimits.mailRequestsPer15Min,
      MAIL_REQUEST_WINDOW_MS,
    );
    await enqueueEvent(this.db, PASSWORD_RESET_REQUESTED_TOPIC, { email: normalizeEmail(rawEmail) }, this.clock.now());
  }

  /** The outbox handler of a reset request: a link to a registered address, at most once a minute. */
  async mailPasswordReset(email: string, context: DeliveryContext): Promise<void> {
    const user = await this.findUserByEmail(email, context.tx);
    if (!user) return;
    const now = this.clock.now();
    if (await this.mailedRecently(user.id, 'password_reset', now, context.tx)) return;
    const token = await this.issueEmailToken(context.tx, user.id, 'password_reset', now);
    const id = await this.mailer.enqueue(context.tx, passwordResetMail(user, this.links.passwordReset, token));
    context.afterCommit(() => this.deliver([id]));
  }

  /**
   * Sets a new password from a mailed token and ends every session of the player (whoever had
   * the old password is out). The mail reached its owner, so the address counts as confirmed.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const done = await this.db.transaction(async (tx) => {
      const used = await this.useEmailToken(tx, token, 'password_reset', now);
      if (!used) return false;
      await tx
        .update(users)
        .set({ passwordHash, confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, used.userId));
      await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.userId, used.userId), isNull(sessions.endedAt)));
      // Other reset links sent earlier die with this one, and so do half-done two-factor sign-ins
      // (they proved the old password).
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, used.userId),
            inArray(emailTokens.purpose, ['password_reset', 'two_factor_sign_in']),
            isNull(emailTokens.usedAt),
          ),
        );
      return true;
    });
    if (!done) throw unprocessable('invalid', 'reset_password_token');
  }

  // ---- internals --------------------------------------------------------------------------------

  /**
   * A self-excluded or cooling-off player (module limits) answers 422 `email: ['player_excluded']`,
   * and gets a withdrawal link by mail (at most one a minute): their money stays theirs.
   */
  private async refuseSignIn(userId: number, now: Date): Promise<void> {
    const refusal = await this.signInChecks.run({ userId, at: now });
    if (!refusal) return;
    if (
      refusal === 'player_excluded' &&
      !(await withdrawalLinkMailedSince(this.db, userId, new Date(now.getTime() - MAIL_RESEND_INTERVAL_MS)))
    ) {
      const mailId = await this.db.transaction((tx) =>
        mailWithdrawalLink(tx, this.mailer, this.links.withdrawal, userId, now),
      );
      if (mailId !== null) await this.mailer.deliver([mailId]);
    }
    throw unprocessable(refusal, 'email');
  }

  private async findUserByEmail(email: string, db: Executor = this.db): Promise<UserRow | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    return user;
  }

  /**
   * Checks the code against the player's secret, or their recovery codes, and, when right, uses up
   * its step or the recovery code (conditionally: of two concurrent uses of one code, one wins),
   * the pending marker if any, forgives the address's failures and starts the session.
   */
  private async finishTwoFactorSignIn(
    user: UserRow,
    otpAttempt: string,
    pendingId: number | null,
    meta: RequestMeta,
    now: Date,
  ): Promise<SignInOutcome & { kind: 'signed_in' }> {
    const factor = this.secondFactorOf(user, otpAttempt, now);
    const signedIn =
      factor === null
        ? null
        : await this.db.transaction(async (tx) => {
            const stepped = await this.spendSecondFactor(tx, user, factor, now);
            if (!stepped) return null;
            if (pendingId !== null) {
              const [used] = await tx
                .update(emailTokens)
                .set({ usedAt: now })
                .where(and(eq(emailTokens.id, pendingId), isNull(emailTokens.usedAt)))
                .returning({ id: emailTokens.id });
              // Used meanwhile by a concurrent call: roll the step back too.
              if (!used) throw unprocessable('expired', 'otp_attempt');
            }
            await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
            return this.startSession(tx, stepped, meta, now);
          });
    if (!signedIn) {
      await this.recordFailure(user.email, meta.ip, now);
      throw unprocessable('invalid', 'otp_attempt');
    }
    return { kind: 'signed_in', ...signedIn };
  }

  /**
   * What a typed code is: six digits a TOTP code, judged against the secret (its step, when
   * accepted); ten characters of the recovery alphabet (dashes, spaces and case aside) a recovery
   * code, judged when spent. Null when it is neither, or a TOTP code that is not accepted.
   */
  private secondFactorOf(user: UserRow, code: string, now: Date): SecondFactor | null {
    const recovery = normalizeRecoveryCode(code);
    if (recovery !== null) return { kind: 'recovery', digests: recoveryCodeDigests(this.otpBox, user.id, recovery) };
    const step = user.otpSecret ? acceptedStep(this.otpBox.open(user.otpSecret), code, now, user.otpLastStep) : null;
    return step === null ? null : { kind: 'totp', step };
  }

  /**
   * Uses up a second factor inside `tx`: a TOTP step moves `otp_last_step` forward, a recovery
   * code gets `used_at`, each conditionally (two-factor still on, the step still new, the code
   * still unused), so of two concurrent uses one wins. The player's row is written first either
   * way (on PostgreSQL it locks it: every two-factor change goes through it in the same order).
   * Answers the player's row, or null when the factor was already used or two-factor is off.
   */
  private async spendSecondFactor(
    tx: Executor,
    user: UserRow,
    factor: SecondFactor,
    now: Date,
  ): Promise<UserRow | null> {
    // A secret stored before OTP_ENCRYPTION_KEY was set is sealed at this use.
    const resealed =
      user.otpSecret && this.otpBox.needsSealing(user.otpSecret)
        ? { otpSecret: this.otpBox.seal(this.otpBox.open(user.otpSecret)) }
        : {};
    const [row] = await tx
      .update(users)
      .set(factor.kind === 'totp' ? { otpLastStep: factor.step, ...resealed } : { twoFactorEnabled: true, ...resealed })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.twoFactorEnabled, true),
          factor.kind === 'totp' ? this.stepStillNew(factor.step) : undefined,
        ),
      )
      .returning();
    if (!row || factor.kind === 'totp') return row ?? null;
    const spent = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, user.id),
          inArray(twoFactorRecoveryCodes.codeDigest, factor.digests),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length > 0 ? row : null;
  }

  /** Deletes the player's recovery codes and stores 10 new ones (digests); answers them formatted, to be shown once. */
  private async replaceRecoveryCodes(tx: Executor, userId: number, now: Date): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(
        codes.map((code) => ({ userId, codeDigest: recoveryCodeDigest(this.otpBox, userId, code), createdAt: now })),
      );
    return codes.map(formatRecoveryCode);
  }

  /** The step is later than the last one accepted (each code is accepted once). */
  private stepStillNew(step: number) {
    return or(isNull(users.otpLastStep), lt(users.otpLastStep, step));
  }

  private async startSession(tx: Executor, user: UserRow, meta: RequestMeta, now: Date): Promise<SignedIn> {
    const token = newToken();
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      ip: meta.ip,
      country: meta.country,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
    const [updated] = await tx
      .update(users)
      .set({ lastSignInAt: user.currentSignInAt, currentSignInAt: now, signInCount: sql`${users.signInCount} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated!, token };
  }

  /** 429 while the address or the IP has too many failed sign-ins (also used by the password change). */
  async refuseWhenLocked(email: string, ip: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    const rows = await this.db
      .select({ email: signInFailures.email, ip: signInFailures.ip, failedAt: signInFailures.failedAt })
      .from(signInFailures)
      .where(and(gt(signInFailures.failedAt, since), or(eq(signInFailures.email, email), eq(signInFailures.ip, ip))));
    const seconds = Math.max(
      lockedForSeconds(
        rows.filter((r) => r.email === email).map((r) => r.failedAt),
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
        now,
      ),
      lockedForSeconds(
        rows.filter((r) => r.ip === ip).map((r) => r.failedAt),
        SIGN_IN_MAX_FAILURES_PER_IP,
        now,
      ),
    );
    if (seconds > 0) throw tooManyRequests(seconds);
  }

  async recordFailure(email: string, ip: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    await this.db.insert(signInFailures).values({ email, ip, failedAt: now });
    // Rows that left the window count for nothing any more.
    await this.db
      .delete(signInFailures)
      .where(and(lt(signInFailures.failedAt, since), or(eq(signInFailures.email, email), eq(signInFailures.ip, ip))));
  }

  /**
   * Counts a call of `action` from `ip`; 429 with Retry-After while the address made `max` of them
   * inside the window (the calls refused do not count). Rows that left the window are deleted.
   */
  private async countAddressAttempt(action: AddressAction, ip: string, max: number, windowMs: number): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - windowMs);
    const rows = await this.db
      .select({ at: addressAttempts.attemptedAt })
      .from(addressAttempts)
      .where(
        and(eq(addressAttempts.ip, ip), eq(addressAttempts.action, action), gt(addressAttempts.attemptedAt, since)),
      );
    const seconds = lockedForSeconds(
      rows.map((r) => r.at),
      max,
      now,
      windowMs,
    );
    if (seconds > 0) throw tooManyRequests(seconds);
    await this.db.insert(addressAttempts).values({ action, ip, attemptedAt: now });
    await this.db
      .delete(addressAttempts)
      .where(
        and(eq(addressAttempts.ip, ip), eq(addressAttempts.action, action), lt(addressAttempts.attemptedAt, since)),
      );
  }

  private async mailedRecently(
    userId: number,
    purpose: TokenPurpose,
    now: Date,
    db: Executor = this.db,
  ): Promise<boolean> {
    const since = new Date(now.getTime() - MAIL_RESEND_INTERVAL_MS);
    const rows = await db
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)))
      .limit(1);
    return rows.length > 0;
  }

  private async issueEmailToken(tx: Executor, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
    const token = newToken();
    const ttl = {
      confirmation: CONFIRMATION_TTL_MS,
      password_reset: PASSWORD_RESET_TTL_MS,
      two_factor_sign_in: TWO_FACTOR_SIGN_IN_TTL_MS,
      withdrawal: WITHDRAWAL_LINK_TTL_MS,
    }[purpose];
    await tx.insert(emailTokens).values({
      tokenHash: hashToken(token),
      purpose,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl),
    });
    return token;
  }

  /** Marks a usable token used and names its player; null when unknown, used, expired or of another purpose. */
  private async useEmailToken(
    tx: Executor,
    token: string,
    purpose: TokenPurpose,
    now: Date,
  ): Promise<{ userId: number } | null> {
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
    if (!row || !isUsable(row, now)) return null;
    // Conditional on used_at still being null: of two concurrent uses, one wins.
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
      .returning({ userId: emailTokens.userId });
    return used ?? null;
  }

  private deliver(ids: number[]): void {
    this.mailer.deliver(ids).catch((error: unknown) => this.log.error({ err: error }, 'mail delivery failed'));
  }
}
