/**
 * Registration, password reset and confirmation resend are limited per address (429 with
 * Retry-After), and a reset request does the same work whether or not the address is registered.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { mailOutbox } from '../../src/platform/mail-schema';
import { outboxEvents } from '../../src/platform/outbox/schema';
import { createTestApp, type TestApp } from '../support/app';
import { call, lastMailTo, register, signUpBody, withCaptcha } from '../support/identity';

// The demo content's outbox events are written at the real time when the app starts: the test's
// clock starts after it (the next whole hour), so that draining at the test's time handles them.
const clock = new FakeClock(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTRATIONS_PER_ADDRESS_HOUR: '3', MAIL_REQUESTS_PER_ADDRESS_15_MIN: '2' }, { clock });
});
afterAll(() => t.close());

const rows = async (table: typeof mailOutbox | typeof emailTokens | typeof outboxEvents) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('per-address limits', () => {
  it('lets an address register 3 times an hour, then answers 429 with Retry-After and creates nothing', async () => {
    for (let i = 0; i < 3; i++) await register(t, { email: `farm${i}@example.com` }, '10.90.0.1');
    const refused = await call(t, 'POST', '/api/users', {
      ip: '10.90.0.1',
      payload: await withCaptcha(t, signUpBody({ email: 'farm3@example.com' })),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(
      (
        await call(t, 'POST', '/api/users/sign_in', {
          ip: '10.90.0.9',
          payload: await withCaptcha(t, { user: { email: 'farm3@example.com', password: 'Nebula-Orbit-42' } }),
        })
      ).statusCode,
    ).toBe(422);
    // Another address is not held back; an hour later this one registers again.
    await register(t, { email: 'neighbour@example.com' }, '10.90.0.2');
    clock.advance(3600_000);
    await register(t, { email: 'farm3@example.com' }, '10.90.0.1');
  });

  it('lets an address ask for 2 reset and 2 confirmation mails per 15 minutes, each', async () => {
    const ask = async (url: string) =>
      call(t, 'POST', url, {
        ip: '10.90.1.1',
        payload: await withCaptcha(t, { user: { email: 'someone@example.com' } }),
      });
    for (const url of ['/api/users/password', '/api/users/confirmation']) {
      expect((await ask(url)).statusCode).toBe(200);
      expect((await ask(url)).statusCode).toBe(200);
      const refused = await ask(url);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    clock.advance(15 * 60_000);
    expect((await ask('/api/users/password')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers after the same work for a registered and an unknown address: one outbox event, no token, no mail', async () => {
    await t.app.orbitOutbox.drain();
    await register(t, { email: 'known.reset@example.com' }, '10.90.2.1');
    await t.app.orbitOutbox.drain();
    for (const [email, ip] of [
      ['known.reset@example.com', '10.90.2.2'],
      ['unknown.reset@example.com', '10.90.2.3'],
    ] as const) {
      const before = [await rows(outboxEvents), await rows(emailTokens), await rows(mailOutbox)];
      const res = await call(t, 'POST', '/api/users/password', {
        ip,
        payload: await withCaptcha(t, { user: { email } }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      expect([await rows(outboxEvents), await rows(emailTokens), await rows(mailOutbox)]).toEqual([
        before[0]! + 1,
        before[1],
        before[2],
      ]);
    }
    // Delivered, the registered address gets its link; the unknown one nothing.
    expect((await lastMailTo(t, 'known.reset@example.com')).text).toContain('reset_password_token=');
    const unknown = await call(t, 'GET', '/api/dev/mailbox?to=unknown.reset@example.com');
    expect(unknown.json()).toEqual([]);
    expect(await rows(outboxEvents)).toBe(0);
    expect(
      (
        await t.database.db.select({ n: count() }).from(emailTokens).where(eq(emailTokens.purpose, 'password_reset'))
      )[0]!.n,
    ).toBe(1);
  });
});
