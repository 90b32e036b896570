import type { LightMyRequestResponse } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerSchema,
  twoFactorEnableResponseSchema,
  twoFactorRecoveryCodesLeftResponseSchema,
  twoFactorRecoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
} from '@orbit/contracts';
import { twoFactorRecoveryCodes, users } from '../../src/modules/identity/schema';
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

/** Registers a player and turns two-factor on; answers the session cookie, the secret and the recovery codes. */
async function withTwoFactor(email: string) {
  const { cookie } = await register(t, { email });
  const setup = twoFactorSetupResponseSchema.parse((await call(t, 'GET', URL_2FA, { cookie })).json());
  const res = await call(t, 'POST', URL_2FA, {
    cookie,
    payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { recovery_codes } = twoFactorEnableResponseSchema.parse(res.json());
  // The enabling code is used up: the next sign-in needs the next step's.
  clock.advance(STEP);
  return { cookie, secret: setup.otp_secret, recoveryCodes: recovery_codes };
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

const URL_CODES = '/api/v2/player/two_factor/recovery_codes';
const CODE_SHAPE = /^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/;
const codesLeft = async (cookie: string) => {
  const res = await call(t, 'GET', URL_CODES, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return twoFactorRecoveryCodesLeftResponseSchema.parse(res.json()).left;
};
/** The stored recovery-code rows of a player. */
async function storedCodes(email: string) {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user!.id));
}
/** Password and then a code, each call from `ip`. */
async function signInWith(email: string, otpAttempt: string, ip = '10.9.0.1') {
  return otp(otpAttempt, await passwordStep(email, ip), ip);
}

describe('recovery codes', () => {
  it('are for signed-in players only', async () => {
    expect((await call(t, 'GET', URL_CODES)).statusCode).toBe(401);
    expect(
      (await call(t, 'POST', URL_CODES, { payload: { two_factor: { authentication_code: '123456' } } })).statusCode,
    ).toBe(401);
  });

  it('are answered once when two-factor is turned on, 10 distinct ones, stored as digests only', async () => {
    const { cookie } = await register(t, { email: 'rc-once@example.com' });
    const setup = twoFactorSetupResponseSchema.parse((await call(t, 'GET', URL_2FA, { cookie })).json());
    const res = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { recovery_codes } = twoFactorEnableResponseSchema.parse(res.json());
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const c of recovery_codes) expect(c).toMatch(CODE_SHAPE);

    // Never shown again: the GET still answers 204 with nothing, the count answers a number.
    const again = await call(t, 'GET', URL_2FA, { cookie });
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    const left = await call(t, 'GET', URL_CODES, { cookie });
    expect(left.json()).toEqual({ left: 10 });
    expect(left.headers['cache-control']).toBe('no-store');

    const rows = await storedCodes('rc-once@example.com');
    expect(rows).toHaveLength(10);
    const plain = recovery_codes.flatMap((c) => [c, c.replace('-', ''), c.toLowerCase()]);
    for (const row of rows) {
      // Without OTP_ENCRYPTION_KEY (the tests), SHA-256 over the player and the code.
      expect(row.codeDigest).toMatch(/^s1:[A-Za-z0-9_-]{43}$/);
      for (const p of plain) expect(row.codeDigest).not.toContain(p.replace('-', ''));
      expect(row.usedAt).toBeNull();
    }
  });

  it('sign in in place of a TOTP code, each once', async () => {
    const { cookie, recoveryCodes } = await withTwoFactor('rc-signin@example.com');
    const res = await signInWith('rc-signin@example.com', recoveryCodes[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookies(res).find((l) => l.startsWith('orbit_pending_2fa='))).toContain('Max-Age=0');
    const session = sessionCookieOf(res);
    expect(playerSchema.parse((await me(session)).json()).email).toBe('rc-signin@example.com');
    expect(await codesLeft(cookie)).toBe(9);
    const spent = (await storedCodes('rc-signin@example.com')).filter((r) => r.usedAt !== null);
    expect(spent.map((r) => r.usedAt?.toISOString())).toEqual([clock.now().toISOString()]);

    // Spent: never again, whichever way it is typed.
    for (const typed of [recoveryCodes[0]!, recoveryCodes[0]!.toLowerCase().replace('-', '')]) {
      const replay = await signInWith('rc-signin@example.com', typed);
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });
    }
    expect(await codesLeft(session)).toBe(9);
    // Email, password and a recovery code in one call work too.
    const oneCall = await call(t, 'POST', '/api/users/sign_in', {
      payload: await withCaptcha(t, {
        user: { email: 'rc-signin@example.com', password: PASSWORD, otp_attempt: recoveryCodes[1]! },
      }),
    });
    expect(oneCall.statusCode, oneCall.body).toBe(200);
    expect(await codesLeft(session)).toBe(8);
  });

  it('are read whatever their case, dashes and spaces', async () => {
    const { cookie, recoveryCodes } = await withTwoFactor('rc-case@example.com');
    const [a, b, c] = recoveryCodes as [string, string, string];
    expect((await signInWith('rc-case@example.com', a.toLowerCase())).statusCode).toBe(200);
    expect((await signInWith('rc-case@example.com', b.replace('-', ''))).statusCode).toBe(200);
    expect((await signInWith('rc-case@example.com', ` ${c.slice(0, 5)} ${c.slice(6).toLowerCase()} `)).statusCode).toBe(
      200,
    );
    expect(await codesLeft(cookie)).toBe(7);
  });

  it("are the player's own: another player's code does not sign in", async () => {
    const mine = await withTwoFactor('rc-mine@example.com');
    await withTwoFactor('rc-theirs@example.com');
    const res = await signInWith('rc-theirs@example.com', mine.recoveryCodes[0]!);
    expect(res.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });
    expect(await codesLeft(mine.cookie)).toBe(10);
  });

  it('count a wrong one as a failed sign-in (the lock applies)', async () => {
    const { recoveryCodes } = await withTwoFactor('rc-lock@example.com');
    const pending = await passwordStep('rc-lock@example.com', '10.9.5.1');
    // Well-formed codes that are not the player's, and a used-up shape.
    const wrong = ['ABCDE-FGHJK', 'ZZZZZ-ZZZZZ', '22222-22222', 'HJKMN-PQRST', 'WXYZ2-34567'].filter(
      (c) => !recoveryCodes.includes(c),
    );
    for (let i = 0; i < 5; i++) {
      const res = await otp(wrong[i % wrong.length]!, pending, `10.9.6.${i}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });
    }
    // Locked: even the right recovery code is refused, and not spent.
    const locked = await otp(recoveryCodes[0]!, pending, '10.9.7.1');
    expect(locked.statusCode).toBe(429);
    expect((await storedCodes('rc-lock@example.com')).every((r) => r.usedAt === null)).toBe(true);
  });

  it('sign in once when one code is used by several sign-ins at the same time', async () => {
    const { cookie, recoveryCodes } = await withTwoFactor('rc-race@example.com');
    const ips = ['10.9.8.1', '10.9.8.2', '10.9.8.3'];
    const pending: string[] = [];
    for (const ip of ips) pending.push(await passwordStep('rc-race@example.com', ip));
    const answers = await Promise.all(
      ips.map((ip, i) => otp(i % 2 ? recoveryCodes[0]!.toLowerCase() : recoveryCodes[0]!, pending[i], ip)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const lost of answers.filter((r) => r.statusCode === 422))
      expect(lost.json()).toEqual({ errors: { otp_attempt: ['invalid'] } });
    expect(await codesLeft(cookie)).toBe(9);
  });

  it('are replaced all at once with a current TOTP code or a recovery code', async () => {
    const { cookie, secret, recoveryCodes } = await withTwoFactor('rc-renew@example.com');
    await signInWith('rc-renew@example.com', recoveryCodes[0]!);
    expect(await codesLeft(cookie)).toBe(9);

    const wrong = await call(t, 'POST', URL_CODES, {
      cookie,
      payload: { two_factor: { authentication_code: recoveryCodes[0]! } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { authentication_code: ['invalid'] } });

    const res = await call(t, 'POST', URL_CODES, {
      cookie,
      payload: { two_factor: { authentication_code: code(secret) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const renewed = twoFactorRecoveryCodesResponseSchema.parse(res.json()).recovery_codes;
    expect(renewed).toHaveLength(10);
    for (const c of renewed) expect(c).toMatch(CODE_SHAPE);
    expect(renewed.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect(await codesLeft(cookie)).toBe(10);
    expect(await storedCodes('rc-renew@example.com')).toHaveLength(10);
    // The earlier ones are gone, the new ones work.
    expect((await signInWith('rc-renew@example.com', recoveryCodes[1]!)).statusCode).toBe(422);
    expect((await signInWith('rc-renew@example.com', renewed[0]!)).statusCode).toBe(200);

    // A recovery code renews them too (and is gone with the others).
    const byCode = await call(t, 'POST', URL_CODES, {
      cookie,
      payload: { two_factor: { authentication_code: renewed[1]!.toLowerCase() } },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const third = twoFactorRecoveryCodesResponseSchema.parse(byCode.json()).recovery_codes;
    expect(await codesLeft(cookie)).toBe(10);
    expect((await signInWith('rc-renew@example.com', renewed[2]!)).statusCode).toBe(422);
    expect((await signInWith('rc-renew@example.com', third[0]!)).statusCode).toBe(200);
  });

  it('turn two-factor off, and are deleted with it', async () => {
    const { cookie, secret, recoveryCodes } = await withTwoFactor('rc-off@example.com');
    const res = await call(t, 'DELETE', URL_2FA, {
      cookie,
      payload: { two_factor: { authentication_code: recoveryCodes[3]!.replace('-', ' ') } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse((await me(cookie)).json()).two_factor_enabled).toBe(false);
    expect(await storedCodes('rc-off@example.com')).toEqual([]);
    const [user] = await t.database.db
      .select({ otpSecret: users.otpSecret })
      .from(users)
      .where(and(eq(users.email, 'rc-off@example.com'), isNull(users.otpSecret)));
    expect(user).toBeDefined();
    expect((await call(t, 'GET', URL_CODES, { cookie })).json()).toEqual({ errors: { base: ['not_enabled'] } });
    expect(
      (
        await call(t, 'POST', URL_CODES, { cookie, payload: { two_factor: { authentication_code: code(secret) } } })
      ).json(),
    ).toEqual({ errors: { base: ['not_enabled'] } });
    // The password alone signs in again.
    expect((await signIn(t, 'rc-off@example.com', PASSWORD, '10.9.9.1')).statusCode).toBe(200);
  });

  it('are deleted when two-factor is turned off with a TOTP code; turned on again, only the new ones work', async () => {
    const { cookie, secret, recoveryCodes } = await withTwoFactor('rc-again@example.com');
    const off = await call(t, 'DELETE', URL_2FA, {
      cookie,
      payload: { two_factor: { authentication_code: code(secret) } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await storedCodes('rc-again@example.com')).toEqual([]);

    const setup = twoFactorSetupResponseSchema.parse((await call(t, 'GET', URL_2FA, { cookie })).json());
    const on = await call(t, 'POST', URL_2FA, {
      cookie,
      payload: { two_factor: { otp_secret: setup.otp_secret, authentication_code: code(setup.otp_secret) } },
    });
    const renewed = twoFactorEnableResponseSchema.parse(on.json()).recovery_codes;
    expect((await signInWith('rc-again@example.com', recoveryCodes[0]!)).statusCode).toBe(422);
    expect((await signInWith('rc-again@example.com', renewed[0]!)).statusCode).toBe(200);
  });

  it('count a wrong one at disable and at renewal as a failed sign-in', async () => {
    const { cookie, recoveryCodes } = await withTwoFactor('rc-guess@example.com');
    const guesses = ['ABCDE-FGHJK', 'ZZZZZ-ZZZZZ', '22222-22222', 'HJKMN-PQRST', 'WXYZ2-34567'].filter(
      (c) => !recoveryCodes.includes(c),
    );
    for (let i = 0; i < 5; i++) {
      const [method, url] = i % 2 ? (['DELETE', URL_2FA] as const) : (['POST', URL_CODES] as const);
      const res = await call(t, method, url, {
        cookie,
        ip: `10.9.10.${i}`,
        payload: { two_factor: { authentication_code: guesses[i % guesses.length]! } },
      });
      expect(res.json()).toEqual({ errors: { authentication_code: ['invalid'] } });
    }
    const locked = await call(t, 'DELETE', URL_2FA, {
      cookie,
      ip: '10.9.11.1',
      payload: { two_factor: { authentication_code: recoveryCodes[0]! } },
    });
    expect(locked.statusCode).toBe(429);
    expect(await codesLeft(cookie)).toBe(10);
  });
});
