/** Helpers for the back office's API tests: operators signed in with their code, made by the demo admin. */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BackofficeRole } from '@orbit/contracts';
import { DEMO_ADMIN } from '../../src/modules/backoffice';
import { codeForStep, stepAt } from '../../src/modules/identity/totp';
import type { FakeClock } from '../../src/platform/clock';
import type { TestApp } from './app';
import { call } from './identity';

export function operatorCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((l) => l.startsWith('orbit_backoffice='));
  expect(line, 'the operator cookie').toBeDefined();
  return line!.split(';')[0]!;
}

export type SignedInOperator = { cookie: string; id: number; email: string; secret: string; password: string };

/**
 * Signs an operator in with their code. The clock moves past the 30-second step first: each code
 * is accepted once, so two sign-ins in one step would be a replay.
 */
export async function signInOperator(
  t: TestApp,
  clock: FakeClock,
  who: { email: string; password: string; secret: string },
): Promise<string> {
  clock.advance(31_000);
  const res = await call(t, 'POST', '/api/backoffice/sign_in', {
    payload: { email: who.email, password: who.password, otp: codeForStep(who.secret, stepAt(clock.now())) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return operatorCookieOf(res);
}

export const signInAdmin = (t: TestApp, clock: FakeClock) =>
  signInOperator(t, clock, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, secret: DEMO_ADMIN.otpSecret });

/** A new operator of the role, made by the admin, with two-factor set up at their first sign-in and signed in. */
export async function newOperator(
  t: TestApp,
  clock: FakeClock,
  admin: string,
  role: BackofficeRole,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@orbit.example`,
): Promise<SignedInOperator> {
  const password = 'Operator-Pass-2026';
  const made = await call(t, 'POST', '/api/backoffice/operators', {
    cookie: admin,
    payload: { email, name: `The ${role} operator`, role, password },
  });
  expect(made.statusCode, made.body).toBe(201);
  clock.advance(31_000);
  const first = await call(t, 'POST', '/api/backoffice/sign_in', { payload: { email, password } });
  const cookie = operatorCookieOf(first);
  const { secret } = (await call(t, 'POST', '/api/backoffice/two_factor/setup', { cookie })).json() as {
    secret: string;
  };
  const confirmed = await call(t, 'POST', '/api/backoffice/two_factor/confirm', {
    cookie,
    payload: { otp: codeForStep(secret, stepAt(clock.now())) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { cookie, id: (made.json() as { id: number }).id, email, secret, password };
}

/** How many entries the audit log holds (a refused call must add none). */
export async function auditCount(t: TestApp): Promise<number> {
  const { rows } = await t.database.db.execute(sql`select count(*)::int as n from audit_log`);
  return Number((rows[0] as { n: number }).n);
}

export type AuditEntry = {
  action: string;
  operator_id: number | null;
  role: string;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** What the audit log says about one target, oldest first. */
export async function auditsOf(t: TestApp, targetType: string, targetId: number | string): Promise<AuditEntry[]> {
  const { rows } = await t.database.db.execute(
    sql`select action, operator_id, role, reason, before, after from audit_log
        where target_type = ${targetType} and target_id = ${String(targetId)} order by seq`,
  );
  return rows as AuditEntry[];
}

/** How many rows a table holds (a refused call must add none). */
export async function rowCount(t: TestApp, table: string): Promise<number> {
  const { rows } = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((rows[0] as { n: number }).n);
}
