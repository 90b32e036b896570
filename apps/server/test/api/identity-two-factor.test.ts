import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSchema, twoFactorSetupResponseSchema } from '@orbit/contracts';
import { codeAt, codeForStep, stepAt } from '../../src/modules/identity/totp';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, register, sessionCookieOf, signIn, withCaptcha } from '../support/identity';

const STEP = 30_000;
const MINUTE = 60_000;
const clock = new FakeClock('2026-03-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const URL_2FA = '/api/v2/player/two_factor';
const me = (cookie?: string) => call(t, 'GET', '/api/player', { cookie });
const code = (secret: string) => codeAt(secret, clock.now());

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}
/** The `orbit_pending_2fa=...` pair a response set. */
function pendingCookieOf(res: LightMyRequestResponse): string {
  const line = setCookies(res).find((l) => l.startsWith('orbit_pending_2fa='));
  expect(line, 'a pending two-factor cookie').toBeDefined();
  return line!.split(';')[0]!;
}
const otp = (otp_attempt: string, cookie?: string, ip = '10.9.0.1') =>
  call(t, 'POST', '/api/users/sign_in', { cookie, ip, payload: { user: { otp_attempt } } });

/** Registers a player and turns two-factor on; answers the session cookie and the secret. */
async function withTwoFactor(email: string) {
  const { cookie } = await register(t, { email });
  const setup = twoFactorSetupResponseSchema.parse((await call(t, 'GET', URL_2FA, { cookie })).json());
  const res = await call(t, 'POST', URL_2FA, {
    cookie,
    payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The enabling code is used up: the next sign-in needs the next step's.
  clock.advance(STEP);
  return { cookie, secret: setup.otp_secret };
}

/** Password first: 422 otp_attempt required, the pending cookie, no session. */
async function passwordStep(email: string, ip = '10.9.0.1'): Promise<string> {
  const res = await signIn(t, email, PASSWORD, ip);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ errors: { otp_attempt: ['required'] } });
  expect(setCookies(res).some((l) => l.startsWith('orbit_session='))).toBe(false);
  const line = setCookies(res).find((l) => l.startsWith('orbit_pending_2fa='))!;
  for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Max-Age=300', 'Path=/api/users'])
    expect(line).toContain(attribute);
  return pendingCookieOf(res);
}

describe('two-factor setup', () => {
  it('is for signed-in players only', async () => {
    expect((await call(t, 'GET', URL_2FA)).statusCode).toBe(401);
    expect(
      (
        await call(t, 'POST', URL_2FA, {
          payload: { two_factor: { otp_secret: 'A'.repeat(32), authentication_code: '123456' } },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t, 'DELETE', URL_2FA, { payload: { two_factor: { authentication_code: '123456' } } })).statusCode,
    ).toBe(401);
  });

  it('hands out a secret and its QR code, refuses a wrong code, enables with the right one', async () => {
    const { cookie } = await register(t, { email: 'setup@example.com' });
    const res = await call(t, 'GET', URL_2FA, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const setup = twoFactorSetupResponseSchema.parse(res.json());
    expect(setup.otp_secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data).toMatch(/^data:image\/png;base64,/);
    // Nothing is stored yet: each GET hands out a new secret.
    expect(twoFactorSetupResponseSchema.parse((await call(t, 'GET', URL_2FA, { cookie })).json()).otp_secret).not.toBe(
      setup.otp_secret,
    );

    const wrongCode = String((Number(code(setup.otp_secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: wrongCode } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { authentication_code: ['invalid'] } });
    // A code from two steps ago is too old.
    const stale = codeForStep(setup.otp_secret, stepAt(clock.now()) - 2);
    expect(
      (
        await call(t, 'POST', URL_2FA, {
          cookie,
          payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: stale } },
        })
      ).statusCode,
    ).toBe(422);
    const badSecret = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: 'not-base32', authentication_code: '123456' } },
    });
    expect(badSecret.statusCode).toBe(422);
    expect(badSecret.json()).toEqual({ errors: { otp_secret: ['invalid'] } });
    expect(playerSchema.parse((await me(cookie)).json()).two_factor_enabled).toBe(false);

    const ok = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(playerSchema.parse((await me(cookie)).json()).two_factor_enabled).toBe(true);
    // Already on: 204, and no second enabling.
    const again = await call(t, 'GET', URL_2FA, { cookie });
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    clock.advance(STEP);
    const twice = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
    });
    expect(twice.json()).toEqual({ errors: { base: ['already_enabled'] } });
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code after the right password, then completes with it', async () => {
    const { secret } = await withTwoFactor('carol@example.com');
    const pending = await passwordStep('carol@example.com');

    const wrong = await otp('000000' === code(secret) ? '111111' : '000000', pending);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });

    const res = await otp(code(secret), pending);
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse(res.json()).two_factor_enabled).toBe(true);
    expect(setCookies(res).find((l) => l.startsWith('orbit_pending_2fa='))).toContain('Max-Age=0');
    const session = sessionCookieOf(res);
    expect(playerSchema.parse((await me(session)).json()).email).toBe('carol@example.com');

    // The marker is used up.
    clock.advance(STEP);
    expect((await otp(code(secret), pending)).json()).toEqual({ errors: { otp_attempt: ['expired'] } });
  });

  it('refuses a code already used (replay), takes the next step', async () => {
    const { secret } = await withTwoFactor('dave@example.com');
    const first = await otp(code(secret), await passwordStep('dave@example.com'));
    expect(first.statusCode).toBe(200);
    const used = code(secret);

    const pending = await passwordStep('dave@example.com');
    const replay = await otp(used, pending);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });
    // 30 s later the previous step is still inside the drift window, but it was used: refused.
    clock.advance(STEP);
    expect((await otp(used, pending)).statusCode).toBe(422);
    expect((await otp(code(secret), pending)).statusCode).toBe(200);
  });

  it('refuses the code without a pending sign-in', async () => {
    const { secret } = await withTwoFactor('erin@example.com');
    expect((await otp(code(secret))).json()).toEqual({ errors: { otp_attempt: ['expired'] } });
    expect((await otp(code(secret), 'orbit_pending_2fa=made-up')).json()).toEqual({
      errors: { otp_attempt: ['expired'] },
    });
  });

  it('lets the pending sign-in expire after 5 minutes', async () => {
    const { secret } = await withTwoFactor('frank@example.com');
    const pending = await passwordStep('frank@example.com');
    clock.advance(5 * MINUTE);
    const res = await otp(code(secret), pending);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { otp_attempt: ['expired'] } });
    // Just inside the 5 minutes it works.
    const again = await passwordStep('frank@example.com');
    clock.advance(5 * MINUTE - 1000);
    expect((await otp(code(secret), again)).statusCode).toBe(200);
  });

  it('takes email, password and code in one call too', async () => {
    const { secret } = await withTwoFactor('gina@example.com');
    const res = await call(t, 'POST', '/api/users/sign_in', {
      payload: await withCaptcha(t, {
        user: { email: 'gina@example.com', password: PASSWORD, otp_attempt: code(secret) },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    sessionCookieOf(res);
  });

  it('counts wrong codes toward the sign-in lock', async () => {
    const { secret } = await withTwoFactor('hank@example.com');
    const pending = await passwordStep('hank@example.com', '10.9.1.1');
    const bad = code(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await otp(bad, pending, `10.9.2.${i}`)).statusCode).toBe(422);
    const locked = await otp(code(secret), pending, '10.9.3.1');
    expect(locked.statusCode).toBe(429);
    expect((await signIn(t, 'hank@example.com', PASSWORD, '10.9.3.2')).statusCode).toBe(429);
  });
});

describe('turning two-factor off', () => {
  it('needs a current code', async () => {
    const { cookie, secret } = await withTwoFactor('iris@example.com');
    const wrong = await call(t, 'DELETE', URL_2FA, {
      cookie,
      payload: { two_factor: { authentication_code: '12345x' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { authentication_code: ['invalid'] } });

    const res = await call(t, 'DELETE', URL_2FA, {
      cookie,
      payload: { two_factor: { authentication_code: code(secret) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse((await me(cookie)).json()).two_factor_enabled).toBe(false);
    expect(
      (
        await call(t, 'DELETE', URL_2FA, { cookie, payload: { two_factor: { authentication_code: code(secret) } } })
      ).json(),
    ).toEqual({
      errors: { base: ['not_enabled'] },
    });
    // The password alone signs in again.
    expect((await signIn(t, 'iris@example.com', PASSWORD, '10.9.4.1')).statusCode).toBe(200);
  });
});
