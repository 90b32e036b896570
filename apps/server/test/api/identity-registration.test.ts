import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEmailResponseSchema, playerSchema } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { accounts } from '../../src/modules/wallet/schema';
import { mailOutbox } from '../../src/platform/mail-schema';
import { createTestApp, type TestApp } from '../support/app';
import { call, lastMailTo, register, sessionCookieOf, signUpBody, tokenIn, withCaptcha } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const accountCount = async () => (await t.database.db.select({ n: count() }).from(accounts))[0]!.n;
const mailCount = async () => (await t.database.db.select({ n: count() }).from(mailOutbox))[0]!.n;

describe('POST /api/users', () => {
  it('registers, opens the account, mails the confirmation link and signs in', async () => {
    const res = await call(t, 'POST', '/api/users', { payload: await withCaptcha(t, signUpBody()) });
    expect(res.statusCode, res.body).toBe(201);
    const cookieLine = String(res.headers['set-cookie']);
    expect(cookieLine).toMatch(/^orbit_session=[A-Za-z0-9_-]{43}; /);
    expect(cookieLine).toContain('HttpOnly');
    expect(cookieLine).toContain('SameSite=Lax');
    expect(cookieLine).toContain('Path=/');
    expect(cookieLine).not.toContain('Secure'); // not in production

    const player = playerSchema.parse(res.json());
    expect(player).toMatchObject({
      email: 'player.one@example.com',
      nickname: 'Lucky Ace',
      currency: 'EUR',
      country: 'DE',
      receive_promos: true,
      receive_sms_promos: false,
      confirmed_at: null,
      // Every new player starts on the first level and in the entry VIP status (Rising star).
      statuses: [
        { id: 1001, name: 'Launchpad' },
        { id: 1117, name: 'Rising star' },
      ],
      groups: [1001, 1117],
      two_factor_enabled: false,
      auth_fields_missed: [],
      level: { id: 'level_1', name: 'Launchpad', conditions: { persistent_comp_points: { min: 0, max: 100 } } },
    });

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, player.id));
    expect(account).toMatchObject({ currency: 'EUR', active: true });

    const mail = await lastMailTo(t, 'player.one@example.com');
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain('/confirmation?confirmation_token=');
    expect(mail.html).toContain('/confirmation?confirmation_token=');
    expect(tokenIn(mail.text, 'confirmation_token')).toHaveLength(43);

    const me = await call(t, 'GET', '/api/player', { cookie: sessionCookieOf(res) });
    expect(me.statusCode).toBe(200);
    expect(playerSchema.parse(me.json()).id).toBe(player.id);
  });

  it('refuses an address already registered, whatever its case, and creates nothing', async () => {
    const before = [await userCount(), await accountCount(), await mailCount()];
    const res = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email: '  PLAYER.one@example.COM ' })),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['taken'] } });
    expect([await userCount(), await accountCount(), await mailCount()]).toEqual(before);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }, { email: ['invalid_email'] }],
    ['a missing email', { email: undefined }, { email: ['required'] }],
    ['a short password', { password: 'short1', password_confirmation: 'short1' }, { password: ['too_short'] }],
    ['a long password', { password: 'x'.repeat(129), password_confirmation: undefined }, { password: ['too_long'] }],
    [
      'a password with a space',
      { password: 'has a space 1', password_confirmation: undefined },
      { password: ['invalid_characters'] },
    ],
    [
      'a common password',
      { password: 'Password123', password_confirmation: 'Password123' },
      { password: ['too_common'] },
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'something else' },
      { password_confirmation: ['does_not_match'] },
    ],
    ['terms not accepted', { terms_acceptance: false }, { terms_acceptance: ['must_be_accepted'] }],
    ['a bad nickname', { nickname: 'no<script>' }, { nickname: ['invalid_nickname'] }],
    ['a short nickname', { nickname: 'ab' }, { nickname: ['too_short'] }],
    ['a malformed country', { country: 'Germany' }, { country: ['invalid_country'] }],
    [
      "a country that is not one of the site's (the profile refuses it too)",
      { country: 'ZZ' },
      { country: ['invalid_country'] },
    ],
    ['a malformed currency', { currency: 'euro' }, { currency: ['invalid_currency'] }],
    ['a currency not offered at registration', { currency: 'GBP' }, { currency: ['not_allowed'] }],
    ['the demo currency', { currency: 'FUN' }, { currency: ['not_allowed'] }],
  ])('answers 422 for %s and creates nothing', async (_name, overrides, errors) => {
    const before = [await userCount(), await accountCount(), await mailCount()];
    const res = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email: 'someone.new@example.com', ...overrides })),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect([await userCount(), await accountCount(), await mailCount()]).toEqual(before);
  });

  it('lets one of two simultaneous registrations of an address win', async () => {
    const body = signUpBody({ email: 'twins@example.com' });
    const [one, two] = [await withCaptcha(t, body), await withCaptcha(t, body)];
    const results = await Promise.all([
      call(t, 'POST', '/api/users', { payload: one }),
      call(t, 'POST', '/api/users', { payload: two }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json()).toEqual({ errors: { email: ['taken'] } });
    expect(
      (await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'twins@example.com')))[0]!.n,
    ).toBe(1);
  });

  it('opens the account in the chosen signup currency, nickname optional', async () => {
    const { player } = await register(t, {
      email: 'yen@example.com',
      currency: 'JPY',
      nickname: undefined,
      password_confirmation: undefined,
    });
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.userId, player.id));
    expect(rows.map((r) => [r.currency, r.active])).toEqual([['JPY', true]]);
    expect((player as unknown as { nickname: unknown }).nickname).toBeNull();
  });
});

describe('POST /check-email', () => {
  it('judges the form of the address only, never whether it is registered', async () => {
    const ask = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/check-email', payload: { email } });
      expect(res.statusCode).toBe(200);
      return checkEmailResponseSchema.parse(res.json());
    };
    expect(await ask('player.one@example.com')).toEqual({ valid: true }); // registered
    expect(await ask('nobody.here@example.com')).toEqual({ valid: true }); // not registered: same answer
    expect(await ask('nope')).toEqual({ valid: false });
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without X-Requested-With', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: signUpBody({ email: 'csrf@example.com' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { base: ['csrf_failed'] } });
  });

  it('refuses a foreign Origin or Referer, accepts our own', async () => {
    const body = { user: { email: 'x@example.com', password: 'whatever1' } };
    const foreign = await call(t, 'POST', '/api/users/sign_in', {
      payload: body,
      ip: '10.9.9.1',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ errors: { base: ['csrf_failed'] } });
    const nullOrigin = await call(t, 'POST', '/api/users/sign_in', {
      payload: body,
      ip: '10.9.9.1',
      headers: { origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
    const referer = await call(t, 'POST', '/api/users/sign_in', {
      payload: body,
      ip: '10.9.9.1',
      headers: { referer: 'https://evil.example/page' },
    });
    expect(referer.statusCode).toBe(403);
    const own = await call(t, 'POST', '/api/users/sign_in', {
      payload: await withCaptcha(t, body),
      ip: '10.9.9.1',
      headers: { host: 'casino.example', origin: 'https://casino.example' },
    });
    expect(own.json()).toEqual({ errors: { email: ['invalid_credentials'] } }); // through the check, refused on the credentials
  });

  it('checks the route the router matched, whatever the encoding of the address', async () => {
    const { cookie } = await register(t, { email: 'encoded@example.com' }, '10.9.9.2');
    const coolingOff = { type: 'cooling_off', period: '24_hours' };
    for (const url of [
      '/%61pi/user_limits',
      '/api/%75ser_limits',
      '/api/user%5flimits',
      '/%61%70%69/user_limits',
      '/api/user_limits?x=/api',
    ]) {
      const bare = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: coolingOff });
      expect(bare.statusCode, url).toBe(403);
      expect(bare.json()).toEqual({ errors: { base: ['csrf_failed'] } });
      const foreign = await call(t, 'POST', url, {
        cookie,
        payload: coolingOff,
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.statusCode, url).toBe(403);
    }
    const recall = await t.app.inject({ method: 'POST', url: '/%61pi/player/payments/1/recall', headers: { cookie } });
    expect(recall.statusCode).toBe(403);
    // Nothing was started: the player's limits are as they were.
    const limits = await call(t, 'GET', '/api/user_limits', { cookie });
    expect(limits.statusCode).toBe(200);
    expect(JSON.stringify(limits.json())).not.toContain('cooling_off');
  });

  it('refuses DELETE and PUT without the header too, but not reads or the catalogue filter', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/sign_out' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/password', payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/info/currencies' })).statusCode).toBe(200);
    const filter = await t.app.inject({ method: 'POST', url: '/api/games_filter', payload: { device: 'desktop' } });
    expect(filter.statusCode).toBe(200);
  });
});

describe('a real deployment (DEMO=0, production, https)', () => {
  it('serves no free money, no mailbox, and secures the session cookie', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', DEMO: '0', PUBLIC_URL: 'https://casino.example' });
    try {
      for (const [method, url] of [
        ['GET', '/api/dev/mailbox'],
        ['POST', '/sandbox-psp/vouchers'],
        ['GET', '/sandbox-psp'],
        ['POST', '/sandbox-psp/crypto'],
      ] as const) {
        const res = await prod.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'currency=EUR&value=1000.00' : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const res = await call(prod, 'POST', '/api/users', {
        payload: await withCaptcha(prod, signUpBody({ email: 'prod@example.com' })),
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await prod.close();
    }
  });
});
