/**
 * Two-factor secrets at rest: with OTP_ENCRYPTION_KEY they are sealed in the database, sign-in
 * still works, and a secret stored in the clear before the key was set is sealed at its next use.
 * Recovery codes are stored as keyed digests then; unkeyed ones from before the key still work.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { twoFactorEnableResponseSchema, twoFactorSetupResponseSchema } from '@orbit/contracts';
import { OtpBox } from '../../src/modules/identity/otp-box';
import { recoveryCodeDigest } from '../../src/modules/identity/recovery-codes';
import { twoFactorRecoveryCodes, users } from '../../src/modules/identity/schema';
import { codeAt, newOtpSecret } from '../../src/modules/identity/totp';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, register, signIn } from '../support/identity';

const clock = new FakeClock('2026-11-26T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OTP_ENCRYPTION_KEY: 'a-test-key-of-thirty-two-characters-or-more' }, { clock });
});
afterAll(() => t.close());

const stored = async (id: number) =>
  (await t.database.db.select({ otp: users.otpSecret }).from(users).where(eq(users.id, id)))[0]!.otp;
const pendingCookie = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [String(raw)]).find((l) => l.startsWith('orbit_pending_2fa='))!.split(';')[0]!;
};

/** Password, then the current code (or the given recovery code): answers the final status. */
async function signInWithCode(email: string, secret: string, recoveryCode?: string): Promise<number> {
  clock.advance(30_000);
  const first = await signIn(t, email, PASSWORD, '10.95.0.1');
  expect(first.json()).toEqual({ errors: { otp_attempt: ['required'] } });
  const second = await call(t, 'POST', '/api/users/sign_in', {
    ip: '10.95.0.1',
    cookie: pendingCookie(first),
    payload: { user: { otp_attempt: recoveryCode ?? codeAt(secret, clock.now()) } },
  });
  return second.statusCode;
}

it('keeps the secret sealed in the database and signs in with its codes', async () => {
  const { cookie, player } = await register(t, { email: 'sealed@example.com' });
  const setup = twoFactorSetupResponseSchema.parse(
    (await call(t, 'GET', '/api/v2/player/two_factor', { cookie })).json(),
  );
  const enabled = await call(t, 'POST', '/api/v2/player/two_factor', {
    cookie,
    payload: {
      two_factor: { otp_secret: setup.otp_secret, authentication_code: codeAt(setup.otp_secret, clock.now()) },
    },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const atRest = await stored(player.id);
  expect(atRest).toMatch(/^v1:/);
  expect(atRest).not.toContain(setup.otp_secret);
  expect(await signInWithCode('sealed@example.com', setup.otp_secret)).toBe(200);
});

it('reads a secret stored in the clear before the key was set, and seals it at its next use', async () => {
  const { player } = await register(t, { email: 'legacy@example.com' });
  const secret = newOtpSecret();
  await t.database.db.update(users).set({ twoFactorEnabled: true, otpSecret: secret }).where(eq(users.id, player.id));
  expect(await signInWithCode('legacy@example.com', secret)).toBe(200);
  const atRest = await stored(player.id);
  expect(atRest).toMatch(/^v1:/);
  expect(await signInWithCode('legacy@example.com', secret)).toBe(200);
});

it('stores recovery codes as keyed digests, and still takes one stored unkeyed before the key was set', async () => {
  const { cookie, player } = await register(t, { email: 'sealed-codes@example.com' });
  const setup = twoFactorSetupResponseSchema.parse(
    (await call(t, 'GET', '/api/v2/player/two_factor', { cookie })).json(),
  );
  const enabled = await call(t, 'POST', '/api/v2/player/two_factor', {
    cookie,
    payload: {
      two_factor: { otp_secret: setup.otp_secret, authentication_code: codeAt(setup.otp_secret, clock.now()) },
    },
  });
  const codes = twoFactorEnableResponseSchema.parse(enabled.json()).recovery_codes;
  const rows = await t.database.db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, player.id));
  expect(rows).toHaveLength(10);
  for (const row of rows) expect(row.codeDigest).toMatch(/^k1:[A-Za-z0-9_-]{43}$/);
  // Not the unkeyed digest a copy of the database could be searched for.
  const unkeyed = recoveryCodeDigest(new OtpBox(undefined), player.id, codes[0]!.replace('-', ''));
  expect(rows.map((r) => r.codeDigest)).not.toContain(unkeyed);
  expect(await signInWithCode('sealed-codes@example.com', setup.otp_secret, codes[0]!)).toBe(200);

  // A code handed out while no key was set (its digest unkeyed) still signs in, once.
  const [unused] = await t.database.db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, player.id), isNull(twoFactorRecoveryCodes.usedAt)));
  await t.database.db
    .update(twoFactorRecoveryCodes)
    .set({ codeDigest: recoveryCodeDigest(new OtpBox(undefined), player.id, 'ABCDEFGHJK') })
    .where(eq(twoFactorRecoveryCodes.id, unused!.id));
  expect(await signInWithCode('sealed-codes@example.com', setup.otp_secret, 'abcde-fghjk')).toBe(200);
  expect(await signInWithCode('sealed-codes@example.com', setup.otp_secret, 'ABCDE-FGHJK')).toBe(422);
});
