/**
 * The legal block (BLOCKED_COUNTRIES; docs/licences.md "The legal block and guest mode"): from a
 * blocked country nobody registers or signs in, and a player signed in elsewhere can neither
 * deposit nor play for real money, but still withdraws and plays demo games. Every refusal is a
 * 451 `country_blocked` that changes nothing; other countries and an empty setting are untouched.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/modules/wallet';
import { payments } from '../../src/modules/cashbox/schema';
import { sessions, users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, type TestApp } from '../support/app';
import { call, PASSWORD, register, signUpBody, withCaptcha, captchaToken } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';

const clock = new FakeClock('2026-09-01T12:00:00Z');
const BLOCKED = { errors: { base: ['country_blocked'] } };
/** The trusted edge (loopback: the test's requests come from 127.0.0.1) reports the visitor's country. */
const from = (country: string) => ({ 'cf-ipcountry': country });

let t: TestApp;
let seq = 0;
let gameIds: Record<string, number>;

beforeAll(async () => {
  // Lower case and spaces are accepted: the codes are compared in upper case.
  t = await createTestApp({ TRUST_PROXY: 'loopback', BLOCKED_COUNTRIES: 'KP, ir' }, { clock, selfFetch: true });
  const rows = await t.database.db.execute(sql`select id, identifier from games`);
  gameIds = Object.fromEntries(
    (rows.rows as Array<{ id: number; identifier: string }>).map((x) => [x.identifier, Number(x.id)]),
  );
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const usersWith = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(users).where(eq(users.email, email.toLowerCase())))[0]!.n;
const sessionsOf = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const paymentsOf = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)))[0]!.n;

/** A confirmed player registered from Germany with `cents` of real EUR money. */
async function player(cents: number) {
  seq++;
  const email = `blocked${seq}@example.com`;
  const { cookie, player } = await register(t, { email }, '127.0.0.1');
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  if (cents > 0)
    await new Ledger(clock).transfer(t.database.db, {
      idempotencyKey: `test:legal-block:${player.id}`,
      kind: 'adjustment',
      reference: 'test:legal-block',
      currency: 'EUR',
      amount: cents,
      from: { house: 'promotions' },
      to: { player: player.id, kind: 'real' },
    });
  return { id: player.id, cookie, email };
}

describe('registration and sign-in from a blocked country', () => {
  it('refuses a registration with 451 country_blocked and creates no player', async () => {
    const email = 'from-kp@example.com';
    const res = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email })),
      headers: from('KP'),
    });
    expect(res.statusCode).toBe(451);
    expect(res.json()).toEqual(BLOCKED);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await usersWith(email)).toBe(0);
  });

  it('registers the same visitor from a country not on the list', async () => {
    const email = 'from-de@example.com';
    const res = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email })),
      headers: from('DE'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await usersWith(email)).toBe(1);
  });

  it('believes the country only from the trusted proxy: a header sent past it blocks nothing', async () => {
    const email = 'direct-kp@example.com';
    const res = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email })),
      headers: from('KP'),
      ip: '10.77.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a sign-in with 451 and starts no session, whatever the password', async () => {
    const p = await player(0);
    const before = await sessionsOf(p.id);
    const signIn = (country: string) =>
      captchaToken(t).then((captcha) =>
        call(t, 'POST', '/api/users/sign_in', {
          payload: { user: { email: p.email, password: PASSWORD, dfpc: 'fp', captcha } },
          headers: from(country),
        }),
      );
    const refused = await signIn('IR');
    expect(refused.statusCode).toBe(451);
    expect(refused.json()).toEqual(BLOCKED);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(p.id)).toBe(before);
    // The second step of a two-factor sign-in is refused the same way.
    const step = await call(t, 'POST', '/api/users/sign_in', {
      payload: { user: { otp_attempt: '123456' } },
      headers: from('IR'),
    });
    expect(step.statusCode).toBe(451);
    // From elsewhere the same sign-in works.
    const ok = await signIn('FR');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sessionsOf(p.id)).toBe(before + 1);
  });
});

describe('a signed-in player now in a blocked country', () => {
  it('cannot deposit (451, no payment) but can still withdraw', async () => {
    const p = await player(20_000);
    const deposit = await call(t, 'POST', '/api/cashbox/deposits', {
      cookie: p.cookie,
      payload: { payment_method: 'card_visa', amount_cents: 5_000, currency: 'EUR' },
      headers: from('KP'),
    });
    expect(deposit.statusCode).toBe(451);
    expect(deposit.json()).toEqual(BLOCKED);
    const crypto = await call(t, 'POST', '/api/cashbox/crypto_address', {
      cookie: p.cookie,
      payload: { currency: 'BTC' },
      headers: from('KP'),
    });
    expect(crypto.statusCode).toBe(451);
    expect(await paymentsOf(p.id)).toBe(0);

    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: {
        payment_method: 'bank_sofort',
        amount_cents: 8_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
      headers: from('KP'),
    });
    expect(cashout.statusCode, cashout.body).toBe(201);
    expect(await paymentsOf(p.id)).toBe(1);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 12_000, reserved: 8_000 });
  });

  it('plays demo games but launches no real-money game', async () => {
    const p = await player(5_000);
    const launch = (mode: 'real' | 'demo', country: string) =>
      call(t, 'POST', `/api/games/${gameIds['orbit/european-roulette']}/launch`, {
        cookie: p.cookie,
        payload: { mode },
        headers: from(country),
      });
    const demo = await launch('demo', 'KP');
    expect(demo.statusCode, demo.body).toBe(200);
    const real = await launch('real', 'KP');
    expect(real.statusCode).toBe(451);
    expect(real.json()).toEqual(BLOCKED);
    // The same player, from elsewhere, plays for real.
    expect((await launch('real', 'DE')).statusCode).toBe(200);
    // A visitor with no session is refused real play as well, and keeps demo play.
    const guestReal = await call(t, 'POST', `/api/games/${gameIds['orbit/european-roulette']}/launch`, {
      payload: { mode: 'real' },
      headers: from('KP'),
    });
    expect(guestReal.statusCode).toBe(451);
  });
});

describe('without BLOCKED_COUNTRIES', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ TRUST_PROXY: 'loopback' }, { clock });
  });
  afterAll(() => open.close());

  it('blocks nobody', async () => {
    const email = 'anywhere@example.com';
    const res = await call(open, 'POST', '/api/users', {
      payload: await withCaptcha(open, signUpBody({ email })),
      headers: from('KP'),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the setting', () => {
  it('refuses a malformed list at start', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BLOCKED_COUNTRIES: 'North Korea' })).toThrow(/BLOCKED_COUNTRIES/);
    expect([...loadConfig({ NODE_ENV: 'test', BLOCKED_COUNTRIES: ' kp ,IR' }).blockedCountries]).toEqual(['KP', 'IR']);
    expect(loadConfig({ NODE_ENV: 'test' }).blockedCountries.size).toBe(0);
  });
});
