/**
 * Operators of the back office: accounts, sign-in with mandatory two-factor, sessions and the lock
 * after failed sign-ins (docs/backoffice.md). Every sign-in, failed sign-in, sign-out and change of
 * an operator writes its audit entry in the same transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  normalizeEmail,
  type BackofficeMe,
  type BackofficeOperatorCreateRequest,
  type BackofficeOperatorsQuery,
  type BackofficeOperatorUpdateRequest,
  type BackofficeRole,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { conflict, forbidden, notFound, tooManyRequests, unauthorized, unprocessable } from '../../platform/errors';
import {
  acceptedStep,
  hashPassword,
  lockedForSeconds,
  newOtpSecret,
  otpauthUri,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_WINDOW_MS,
  verifyAgainstDummy,
  verifyPassword,
  type OtpBox,
} from '../identity';
import { appendAudit, type Actor } from './audit';
import { backofficeRolePermissions, operators, operatorSessions, operatorSignInFailures } from './schema';

/** 30 minutes without a call end a session; 12 hours end it in any case. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 3600_000;

export type OperatorRow = typeof operators.$inferSelect;
export type SignedInOperator = { operator: OperatorRow; permissions: string[]; tokenHash: string };
export type Caller = { ip: string; userAgent: string | null };

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const actorOf = (operator: OperatorRow, ip: string | null): Actor => ({
  operatorId: operator.id,
  actor: operator.email,
  role: operator.role,
  ip,
});

export class Operators {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly otpBox: OtpBox,
  ) {}

  /**
   * Email, password and (once set up) the authenticator's code to a new session. Wrong anything
   * answers 422 after the same work; five failures for an address within 15 minutes lock it (429)
   * even for the right password.
   */
  async signIn(rawEmail: string, password: string, otp: string | undefined, caller: Caller) {
    const email = normalizeEmail(rawEmail);
    const now = this.clock.now();
    await this.refuseWhenLocked(email, now);
    const [operator] = await this.db
      .select()
      .from(operators)
      .where(sql`lower(${operators.email}) = ${email}`);
    const ok = operator ? await verifyPassword(operator.passwordHash, password) : await verifyAgainstDummy(password);
    if (!operator || !ok) {
      await this.fail(email, caller, now, operator ?? null, 'password');
      throw unprocessable('invalid_credentials', 'email');
    }
    if (!operator.active) {
      await this.fail(email, caller, now, operator, 'inactive');
      throw forbidden('operator_inactive');
    }
    let otpStep: number | null = null;
    if (operator.otpSecret) {
      if (otp === undefined || otp === '') throw unprocessable('required', 'otp');
      otpStep = acceptedStep(this.otpBox.open(operator.otpSecret), otp, now, operator.otpLastStep);
      if (otpStep === null) {
        await this.fail(email, caller, now, operator, 'code');
        throw unprocessable('invalid', 'otp');
      }
    }
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await tx.delete(operatorSignInFailures).where(eq(operatorSignInFailures.email, email));
      await tx
        .update(operators)
        .set({ lastSignInAt: now, ...(otpStep === null ? {} : { otpLastStep: otpStep }) })
        .where(eq(operators.id, operator.id));
      await tx.insert(operatorSessions).values({
        tokenHash: tokenHashOf(token),
        operatorId: operator.id,
        createdAt: now,
        lastSeenAt: now,
        ip: caller.ip,
        userAgent: caller.userAgent,
      });
      await appendAudit(tx, now, actorOf(operator, caller.ip), {
        action: 'sign_in',
        targetType: 'operator',
        targetId: operator.id,
        after: { two_factor: operator.otpSecret !== null },
      });
    });
    return { token, me: await this.meOf(operator) };
  }

  /** The operator of a session cookie, the session touched; null when over or unknown. */
  async resolve(token: string | undefined): Promise<SignedInOperator | null> {
    if (!token) return null;
    const now = this.clock.now();
    const tokenHash = tokenHashOf(token);
    const [row] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, tokenHash));
    if (!row || row.session.endedAt !== null || !row.operator.active) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS) return null;
    if (now.getTime() - row.session.createdAt.getTime() >= ABSOLUTE_TIMEOUT_MS) return null;
    await this.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash));
    return { operator: row.operator, permissions: await this.permissionsOf(row.operator.role), tokenHash };
  }

  async signOut(signedIn: SignedInOperator, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.update(operatorSessions).set({ endedAt: now }).where(eq(operatorSessions.tokenHash, signedIn.tokenHash));
      await appendAudit(tx, now, actorOf(signedIn.operator, ip), {
        action: 'sign_out',
        targetType: 'operator',
        targetId: signedIn.operator.id,
      });
    });
  }

  async meOf(operator: OperatorRow): Promise<BackofficeMe> {
    return {
      operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role as BackofficeRole },
      two_factor: operator.otpSecret !== null,
      permissions: operator.otpSecret === null ? [] : await this.permissionsOf(operator.role),
    };
  }

  async permissionsOf(role: string): Promise<string[]> {
    const rows = await this.db
      .select({ permission: backofficeRolePermissions.permission })
      .from(backofficeRolePermissions)
      .where(eq(backofficeRolePermissions.role, role))
      .orderBy(asc(backofficeRolePermissions.permission));
    return rows.map((r) => r.permission);
  }

  /** A new secret for an operator without two-factor (replacing an unconfirmed one). */
  async startTwoFactor(operator: OperatorRow): Promise<{ secret: string; otpauth_uri: string }> {
    if (operator.otpSecret) throw conflict('two_factor_already_on');
    const secret = newOtpSecret();
    await this.db
      .update(operators)
      .set({ otpPendingSecret: this.otpBox.seal(secret) })
      .where(eq(operators.id, operator.id));
    return { secret, otpauth_uri: otpauthUri(secret, operator.email) };
  }

  /** A code from the offered secret turns two-factor on for good. */
  async confirmTwoFactor(operator: OperatorRow, otp: string, ip: string): Promise<void> {
    if (operator.otpSecret) throw conflict('two_factor_already_on');
    if (!operator.otpPendingSecret) throw unprocessable('setup_not_started', 'otp');
    const now = this.clock.now();
    const step = acceptedStep(this.otpBox.open(operator.otpPendingSecret), otp, now, null);
    if (step === null) throw unprocessable('invalid', 'otp');
    await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(operators)
        .set({ otpSecret: operator.otpPendingSecret, otpPendingSecret: null, otpLastStep: step })
        .where(and(eq(operators.id, operator.id), sql`${operators.otpSecret} is null`))
        .returning({ id: operators.id });
      if (changed.length === 0) throw conflict('two_factor_already_on');
      await appendAudit(tx, now, actorOf(operator, ip), {
        action: 'two_factor.enable',
        targetType: 'operator',
        targetId: operator.id,
        before: { two_factor: false },
        after: { two_factor: true },
      });
    });
  }

  async list({ page, per_page: perPage, sort, order }: BackofficeOperatorsQuery) {
    const column = {
      id: operators.id,
      email: operators.email,
      name: operators.name,
      role: operators.role,
      created_at: operators.createdAt,
      last_sign_in_at: operators.lastSignInAt,
    }[sort];
    const by = order === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(operators)
        .orderBy(by(column), by(operators.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(operators),
    ]);
    return { data: rows.map(presentOperator), total: Number(total?.n ?? 0) };
  }

  /** A new operator (admin); their two-factor is set up at their first sign-in. */
  async create(by: Actor, input: BackofficeOperatorCreateRequest) {
    const now = this.clock.now();
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(operators)
        .values({
          email: normalizeEmail(input.email),
          name: input.name,
          role: input.role,
          passwordHash,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw unprocessable('taken', 'email');
      const shown = presentOperator(created);
      await appendAudit(tx, now, by, {
        action: 'operator.create',
        targetType: 'operator',
        targetId: created.id,
        after: shown,
      });
      return shown;
    });
  }

  async one(id: number) {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    if (!row) throw notFound();
    return presentOperator(row);
  }

  /**
   * A new role, or the account switched off or on. Nobody changes their own (403 `own_account`:
   * an admin cannot lock the last door behind them by mistake). Switched off, the operator's
   * sessions end at once; a new role applies at their next call (permissions are read per call).
   */
  async update(by: Actor, id: number, change: BackofficeOperatorUpdateRequest) {
    if (by.operatorId === id) throw forbidden('own_account');
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(operators)
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.active !== undefined ? { active: change.active } : {}),
        })
        .where(eq(operators.id, id))
        .returning();
      if (!after!.active)
        await tx
          .update(operatorSessions)
          .set({ endedAt: now })
          .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.endedAt)));
      await appendAudit(tx, now, by, {
        action: 'operator.update',
        targetType: 'operator',
        targetId: id,
        before: { role: before.role, active: before.active },
        after: { role: after!.role, active: after!.active },
      });
      return presentOperator(after!);
    });
  }

  private async refuseWhenLocked(email: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    const rows = await this.db
      .select({ failedAt: operatorSignInFailures.failedAt })
      .from(operatorSignInFailures)
      .where(and(eq(operatorSignInFailures.email, email), gt(operatorSignInFailures.failedAt, since)));
    const seconds = lockedForSeconds(
      rows.map((r) => r.failedAt),
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      now,
    );
    if (seconds > 0) throw tooManyRequests(seconds);
  }

  private async fail(email: string, caller: Caller, now: Date, operator: OperatorRow | null, what: string) {
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    await this.db.transaction(async (tx) => {
      await tx.insert(operatorSignInFailures).values({ email, ip: caller.ip, failedAt: now });
      await tx
        .delete(operatorSignInFailures)
        .where(and(eq(operatorSignInFailures.email, email), lt(operatorSignInFailures.failedAt, since)));
      await appendAudit(
        tx,
        now,
        operator ? actorOf(operator, caller.ip) : { operatorId: null, actor: email, role: null, ip: caller.ip },
        { action: 'sign_in.failed', targetType: 'operator', targetId: operator?.id ?? null, after: { failed: what } },
      );
    });
  }
}

export function presentOperator(row: OperatorRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as BackofficeRole,
    active: row.active,
    two_factor: row.otpSecret !== null,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** 401 without a session; 403 until two-factor is on, and for a permission the role lacks. */
export function allow(signedIn: SignedInOperator | null, permission: string | null): SignedInOperator {
  if (!signedIn) throw unauthorized();
  if (permission === null) return signedIn;
  if (signedIn.operator.otpSecret === null) throw forbidden('two_factor_setup_required');
  if (!signedIn.permissions.includes(permission)) throw forbidden('forbidden');
  return signedIn;
}
