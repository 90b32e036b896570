import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSchema, playerSessionsResponseSchema } from '@orbit/contracts';
import { sessions, signInFailures } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, register, sessionCookieOf, signIn, withCaptcha } from '../support/identity';

const MINUTE = 60_000;
const clock = new FakeClock('2026-03-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // 10.5.0.9 stands for the edge in front of the casino: its country header is believed.
  t = await createTestApp({ TRUST_PROXY: '10.5.0.9' }, { clock });
});
afterAll(() => t.close());

const me = (cookie?: string) => call(t, 'GET', '/api/player', { cookie });

describe('GET /api/player', () => {
  it('answers a guest 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    expect((await me('orbit_session=made-up-token')).statusCode).toBe(401);
  });
});

describe('POST /api/users/sign_in', () => {
  it('signs in with the right password, the address in any case', async () => {
    await register(t, { email: 'ann@example.com' });
    const res = await signIn(t, ' ANN@example.com', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const player = playerSchema.parse(res.json());
    expect(player.email).toBe('ann@example.com');
    expect(player.current_sign_in_at).toBe(clock.now().toISOString());
    expect((await me(sessionCookieOf(res))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown address alike: 422 invalid_credentials', async () => {
    const wrong = await signIn(t, 'ann@example.com', 'not the password', '10.1.0.1');
    const unknown = await signIn(t, 'nobody@example.com', 'not the password', '10.1.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { email: ['invalid_credentials'] } });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 422 for a missing field', async () => {
    const res = await call(t, 'POST', '/api/users/sign_in', { payload: { user: { email: 'ann@example.com' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { password: ['required'] } });
  });

  it('locks an account after 5 failures in 15 minutes, even for the right password, until the window passes', async () => {
    await register(t, { email: 'bob@example.com' });
    for (let i = 0; i < 5; i++) {
      clock.advance(MINUTE);
      // From different addresses: the account count alone locks.
      expect((await signIn(t, 'bob@example.com', 'wrong password', `10.2.0.${i}`)).statusCode).toBe(422);
    }
    const locked = await signIn(t, 'bob@example.com', PASSWORD, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    // The first failure was 4 minutes ago: it leaves the window in 11 minutes.
    expect(locked.headers['retry-after']).toBe(String(11 * 60));
    clock.advance(11 * MINUTE - 1000);
    expect((await signIn(t, 'bob@example.com', PASSWORD, '10.2.1.1')).statusCode).toBe(429);
    clock.advance(1000);
    const open = await signIn(t, 'bob@example.com', PASSWORD, '10.2.1.1');
    expect(open.statusCode).toBe(200);
    // A success forgives the address's failures.
    const left = await t.database.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.email, 'bob@example.com'));
    expect(left[0]!.n).toBe(0);
  });

  it('locks an unknown address the same way', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(t, 'ghost@example.com', 'x', `10.3.0.${i}`)).statusCode).toBe(422);
    expect((await signIn(t, 'ghost@example.com', 'x', '10.3.1.1')).statusCode).toBe(429);
    clock.advance(15 * MINUTE);
  });

  it('locks an IP after 20 failures in 15 minutes, whatever the addresses', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 20; i++) expect((await signIn(t, `guess${i}@example.com`, 'x', ip)).statusCode).toBe(422);
    const locked = await signIn(t, 'ann@example.com', PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect((await signIn(t, 'ann@example.com', PASSWORD, '10.4.0.2')).statusCode).toBe(200); // another IP
    clock.advance(15 * MINUTE);
    expect((await signIn(t, 'ann@example.com', PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session after 30 minutes without activity', async () => {
    const { cookie } = await register(t, { email: 'idle@example.com' });
    clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200); // activity: the idle clock starts again
    clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    clock.advance(MINUTE);
    expect((await me(cookie)).statusCode).toBe(401); // ended for good
  });

  it('ends a session 30 days after sign-in however active', async () => {
    const { cookie, player } = await register(t, { email: 'marathon@example.com' });
    // Thirty days of play less 20 minutes, the last request just now: stood in for by moving
    // last_seen_at as a request would, instead of 2 000 requests.
    clock.advance(30 * 24 * 60 * MINUTE - 20 * MINUTE);
    await t.database.db.update(sessions).set({ lastSeenAt: clock.now() }).where(eq(sessions.userId, player.id));
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(20 * MINUTE); // idle only 20 minutes, but 30 days old
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('touches last_seen_at at most once a minute', async () => {
    const { cookie, player } = await register(t, { email: 'touch@example.com' });
    const seen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, player.id)))[0]!.lastSeenAt.getTime();
    const start = await seen();
    clock.advance(30_000);
    await me(cookie);
    expect(await seen()).toBe(start);
    clock.advance(30_000);
    await me(cookie);
    expect(await seen()).toBe(start + MINUTE);
  });
});

describe('DELETE /api/users/sign_out', () => {
  it('ends the session server-side and clears the cookie', async () => {
    const { cookie } = await register(t, { email: 'leaver@example.com' });
    const res = await call(t, 'DELETE', '/api/users/sign_out', { cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^orbit_session=; .*Max-Age=0/);
    // The old cookie, replayed, signs in no more.
    expect((await me(cookie)).statusCode).toBe(401);
    // Without a session it answers the same.
    expect((await call(t, 'DELETE', '/api/users/sign_out')).statusCode).toBe(200);
  });
});

describe('/api/player/sessions', () => {
  it('lists the active sessions, marks the current one, and signs out everywhere else', async () => {
    const { cookie: first } = await register(t, { email: 'multi@example.com' });
    clock.advance(MINUTE);
    const second = await call(t, 'POST', '/api/users/sign_in', {
      payload: await withCaptcha(t, { user: { email: 'multi@example.com', password: PASSWORD } }),
      ip: '10.5.0.9',
      headers: { 'user-agent': 'PhoneBrowser/1.0', 'cf-ipcountry': 'ee' },
    });
    expect(second.statusCode).toBe(200);
    const secondCookie = sessionCookieOf(second);

    const list = await call(t, 'GET', '/api/player/sessions', { cookie: secondCookie });
    expect(list.statusCode).toBe(200);
    const rows = playerSessionsResponseSchema.parse(list.json());
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ip: '10.5.0.9', country: 'EE', user_agent: 'PhoneBrowser/1.0', current: true });
    expect(rows[1]).toMatchObject({ current: false });

    const out = await call(t, 'DELETE', '/api/player/sessions', { cookie: secondCookie });
    expect(out.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(200);
    expect(
      playerSessionsResponseSchema.parse(
        (await call(t, 'GET', '/api/player/sessions', { cookie: secondCookie })).json(),
      ),
    ).toHaveLength(1);
  });

  it('answers a guest 401', async () => {
    expect((await call(t, 'GET', '/api/player/sessions')).statusCode).toBe(401);
    expect((await call(t, 'DELETE', '/api/player/sessions')).statusCode).toBe(401);
  });
});

describe('the sessions kept', () => {
  it('deletes a session 90 days after it ended (signed out, or idled out unseen since), and keeps younger ones and the live one', async () => {
    const DAY = 24 * 60 * MINUTE;
    const idsOf = async (userId: number) =>
      (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    const leaver = await register(t, { email: 'kept-leaver@example.com' });
    expect((await call(t, 'DELETE', '/api/users/sign_out', { cookie: leaver.cookie })).statusCode).toBe(200);
    // Idled out, and never asked for again: nothing ever wrote an end into it.
    const idler = await register(t, { email: 'kept-idler@example.com' });
    clock.advance(10 * DAY);
    const younger = await register(t, { email: 'kept-younger@example.com' });
    expect((await call(t, 'DELETE', '/api/users/sign_out', { cookie: younger.cookie })).statusCode).toBe(200);

    clock.advance(80 * DAY - MINUTE);
    const live = await signIn(t, 'kept-idler@example.com', PASSWORD);
    expect(live.statusCode).toBe(200);
    await t.app.orbitSweeps.runAll();
    expect(await idsOf(leaver.player.id)).toBe(1); // ended 90 days less a minute ago
    expect(await idsOf(idler.player.id)).toBe(2);

    clock.advance(2 * MINUTE);
    await t.app.orbitSweeps.runAll();
    expect(await idsOf(leaver.player.id)).toBe(0);
    expect(await idsOf(idler.player.id)).toBe(1); // the idled-out one gone, today's kept
    expect(await idsOf(younger.player.id)).toBe(1); // ended 80 days ago
    expect((await me(sessionCookieOf(live))).statusCode).toBe(200);
  });
});
