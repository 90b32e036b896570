/**
 * The page's telemetry (docs/telemetry.md): every report call kept when valid, refused with a code
 * and nothing kept when not, answered 204 with nothing kept for crawlers, limited per address,
 * swept after its retention; the landing page's affiliate cookies; the tag and the A/B arm recorded
 * at registration; `GET /client-context`.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContextSchema, type ClientContext } from '@orbit/contracts';
import { feConfigs } from '../../src/modules/cms/schema';
import { sessions, userGroups } from '../../src/modules/identity/schema';
import {
  playerAffiliateTags,
  telemetryAddressWindows,
  telemetryEvents,
  telemetrySalts,
} from '../../src/modules/telemetry/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, signUpBody, withCaptcha, sessionCookieOf } from '../support/identity';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const LIMIT = 8;

// Whole minutes: the per-address windows start on the minute.
const clock = new FakeClock(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000));
/** A stand-in for the pages' catch-all (the web app is not mounted in API tests). */
const pages = {
  beforeReady: (app: TestApp['app']) =>
    app.get('/*', async (_r, reply) => reply.type('text/html').send('<html></html>')),
};

let t: TestApp;
let ab: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TELEMETRY_CALLS_PER_ADDRESS_MINUTE: String(LIMIT) }, { clock, ...pages });
  ab = await createTestApp({ AB_TEST_ENABLED: '1', AB_TEST_SPLIT: 'stag' }, { clock, ...pages });
  // The operator's referrer rule and excluded tags, before the first read caches them.
  for (const app of [t, ab]) {
    await app.database.db
      .update(feConfigs)
      .set({ value: { 'partner.example': '777_a', 'empty.example': '' } })
      .where(eq(feConfigs.name, 'stag-by-referrer-name'));
    await app.database.db
      .update(feConfigs)
      .set({ value: { stags: ['noprom_1'] } })
      .where(eq(feConfigs.name, 'excluded-promo-stags'));
  }
});
afterAll(async () => {
  await t?.close();
  await ab?.close();
});

type Send = { ip?: string; ua?: string; cookie?: string; headers?: Record<string, string> };
/** A report as the page sends it: JSON, our own Origin, a browser's user agent. */
function report(app: TestApp, method: 'PUT' | 'POST', url: string, payload: unknown, s: Send = {}) {
  return app.app.inject({
    method,
    url,
    remoteAddress: s.ip ?? '10.60.0.1',
    headers: {
      'content-type': 'application/json',
      origin: 'https://casino.test',
      host: 'casino.test',
      'user-agent': s.ua ?? BROWSER,
      ...(s.cookie ? { cookie: s.cookie } : {}),
      ...s.headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const stored = async (app: TestApp = t) => app.database.db.select().from(telemetryEvents).orderBy(telemetryEvents.id);
const storedCount = async (app: TestApp = t) =>
  (await app.database.db.select({ n: count() }).from(telemetryEvents))[0]!.n;

/** One valid report of each call, and what it is kept as. */
const VALID = [
  {
    method: 'PUT',
    url: '/metrics-errors-validation',
    body: { form: 'registration', field: 'email', code: 'taken', page: '/sign-up' },
    // A body without `side` (as older pages send it) is the page's own check.
    kept: {
      kind: 'validation_error',
      name: 'registration',
      payload: { form: 'registration', field: 'email', code: 'taken', side: 'client', page: '/sign-up' },
    },
  },
  {
    method: 'POST',
    url: '/log_utm_set',
    body: { utmMetrics: { utm_source: 'news', utm_campaign: 'spring', sub_id: 's-1' } },
    kept: { kind: 'utm', name: 'set', payload: { utm_source: 'news', utm_campaign: 'spring', sub_id: 's-1' } },
  },
  {
    method: 'POST',
    url: '/log_utm_send',
    body: { utmMetrics: { utm_medium: 'email' } },
    kept: { kind: 'utm', name: 'send', payload: { utm_medium: 'email' } },
  },
  {
    method: 'PUT',
    url: '/log',
    body: { level: 'error', message: 'chunk failed', context: { chunk: 'lobby', attempt: 2 } },
    kept: { kind: 'log', name: 'error' },
  },
  {
    method: 'PUT',
    url: '/performance',
    body: { name: 'LCP', value: 1830.5, page: '/', rating: 'good' },
    kept: { kind: 'performance', name: 'LCP' },
  },
  {
    method: 'PUT',
    url: '/network-performance',
    body: { rtt: 50, downlink: 10, effectiveType: '4g' },
    kept: { kind: 'network', name: '4g' },
  },
] as const;

describe('the report calls', () => {
  it('keep each valid report with its kind, name, payload and the visit (no address, a day key)', async () => {
    const before = await storedCount();
    for (const [i, r] of VALID.entries()) {
      const res = await report(t, r.method, r.url, r.body, { ip: `10.60.1.${i}` });
      expect(res.statusCode, `${r.url} ${res.body}`).toBe(204);
      expect(res.body).toBe('');
    }
    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(VALID.length);
    for (const [i, r] of VALID.entries()) {
      const row = rows[i]!;
      expect(row).toMatchObject({ userId: null, agentClass: 'desktop' });
      expect(row).toMatchObject(r.kept);
      if (!('payload' in r.kept)) expect(row.payload).toEqual(r.body);
      expect(row.visitorKey).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(row)).not.toContain(`10.60.1.${i}`);
    }
    // One visitor (address and user agent) is one key for the day; another address another key.
    await report(t, 'PUT', '/performance', { name: 'TTFB', value: 80, page: '/' }, { ip: '10.60.1.0' });
    const again = (await stored()).at(-1)!;
    expect(again.visitorKey).toBe(rows[0]!.visitorKey);
    expect(rows[1]!.visitorKey).not.toBe(rows[0]!.visitorKey);
  });

  it('keep a batch of analytics events, one row each, with the device class', async () => {
    const events = [
      { name: 'banner_view', banner: 'welcome', position: 0, page: '/' },
      { name: 'banner_click', banner: 'welcome' },
      { name: 'deposit_open', source: 'header' },
      { name: 'registration_click', source: 'header' },
      { name: 'game_open', game: 'orbit/stellar-sevens', mode: 'demo' },
      { name: 'random_game', category: 'slots', game: 'orbit/warp-ways' },
    ];
    const before = await storedCount();
    const res = await report(t, 'POST', '/analytics/events', { events }, { ip: '10.60.2.1', ua: PHONE });
    expect(res.statusCode, res.body).toBe(204);
    const rows = (await stored()).slice(before);
    expect(rows.map((r) => [r.kind, r.name, r.agentClass])).toEqual(events.map((e) => ['analytics', e.name, 'mobile']));
    expect(rows[0]!.payload).toEqual({ banner: 'welcome', position: 0, page: '/' });
    expect(rows[4]!.payload).toEqual({ game: 'orbit/stellar-sevens', mode: 'demo' });
  });

  it('keep which side refused a form field, the page or the server, and refuse another side', async () => {
    const before = await storedCount();
    for (const [i, side] of (['client', 'server'] as const).entries()) {
      const res = await report(
        t,
        'PUT',
        '/metrics-errors-validation',
        { form: 'deposit', field: 'amount_cents', code: 'too_small', side },
        { ip: `10.60.5.${i}` },
      );
      expect(res.statusCode, res.body).toBe(204);
    }
    const rows = (await stored()).slice(before);
    expect(rows.map((r) => [r.kind, r.name, r.payload])).toEqual([
      ['validation_error', 'deposit', { form: 'deposit', field: 'amount_cents', code: 'too_small', side: 'client' }],
      ['validation_error', 'deposit', { form: 'deposit', field: 'amount_cents', code: 'too_small', side: 'server' }],
    ]);
    const bad = await report(
      t,
      'PUT',
      '/metrics-errors-validation',
      { form: 'deposit', field: 'amount_cents', code: 'too_small', side: 'both' },
      { ip: '10.60.5.9' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { side: ['not_allowed'] } });
    expect(await storedCount()).toBe(before + 2);
  });

  it("name the signed-in player without counting the report as the player's activity", async () => {
    const registered = await call(t, 'POST', '/api/users', {
      payload: await withCaptcha(t, signUpBody({ email: 'reporter@example.com' })),
      ip: '10.60.3.1',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = sessionCookieOf(registered);
    const playerId = (registered.json() as { id: number }).id;
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, playerId));
    clock.advance(5 * 60_000);
    const res = await report(
      t,
      'PUT',
      '/performance',
      { name: 'INP', value: 120, page: '/' },
      { ip: '10.60.3.1', cookie },
    );
    expect(res.statusCode).toBe(204);
    expect((await stored()).at(-1)).toMatchObject({ kind: 'performance', userId: playerId });
    // The page's own reports never keep a session from idling out.
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after!.lastSeenAt).toEqual(session!.lastSeenAt);
  });

  it('refuse bad input with a field and a stable code, and keep nothing', async () => {
    const bad: Array<[string, 'PUT' | 'POST', unknown, Record<string, string[]>]> = [
      ['/metrics-errors-validation', 'PUT', { form: 'registration', code: 'taken' }, { field: ['required'] }],
      ['/metrics-errors-validation', 'PUT', { form: 'x'.repeat(65), field: 'a', code: 'b' }, { form: ['too_long'] }],
      ['/log_utm_set', 'POST', { utmMetrics: {} }, { utmMetrics: ['required'] }],
      [
        '/log_utm_send',
        'POST',
        { utmMetrics: { utm_source: 'x'.repeat(257) } },
        { 'utmMetrics.utm_source': ['too_long'] },
      ],
      ['/log', 'PUT', { level: 'loud', message: 'x' }, { level: ['not_allowed'] }],
      ['/log', 'PUT', { level: 'error', message: 'x', context: { blob: 'x'.repeat(5000) } }, { context: ['too_big'] }],
      ['/performance', 'PUT', { name: 'LCP', value: 2 ** 31, page: '/' }, { value: ['too_big'] }],
      ['/performance', 'PUT', { name: 'LCP', value: -1, page: '/' }, { value: ['too_small'] }],
      [
        '/network-performance',
        'PUT',
        { rtt: 50, downlink: 10, effectiveType: '5g' },
        { effectiveType: ['not_allowed'] },
      ],
      ['/analytics/events', 'POST', { events: [] }, { events: ['required'] }],
      [
        '/analytics/events',
        'POST',
        { events: [{ name: 'jackpot_won', game: 'x' }] },
        { 'events.0.name': ['not_allowed'] },
      ],
      ['/analytics/events', 'POST', { events: [{ name: 'banner_view' }] }, { 'events.0.banner': ['required'] }],
      [
        '/analytics/events',
        'POST',
        { events: Array.from({ length: 21 }, () => ({ name: 'deposit_open', source: 'header' })) },
        { events: ['too_long'] },
      ],
    ];
    const before = await storedCount();
    for (const [i, [url, method, body, errors]] of bad.entries()) {
      const res = await report(t, method, url, body, { ip: `10.60.4.${i}` });
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json(), url).toEqual({ errors });
    }
    const malformed = await report(t, 'PUT', '/log', '{"level":', { ip: '10.60.4.100' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: { base: ['malformed_body'] } });
    const huge = await report(
      t,
      'PUT',
      '/log',
      { level: 'info', message: 'x', page: 'y'.repeat(40_000) },
      { ip: '10.60.4.101' },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ errors: { base: ['body_too_large'] } });
    expect(await storedCount()).toBe(before);
  });

  it("refuse another site's page (403 csrf_failed) and a form's text body, keeping nothing", async () => {
    const before = await storedCount();
    const foreign = await report(
      t,
      'PUT',
      '/log',
      { level: 'error', message: 'x' },
      {
        ip: '10.60.5.1',
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ errors: { base: ['csrf_failed'] } });
    const text = await report(
      t,
      'POST',
      '/analytics/events',
      JSON.stringify({ events: [{ name: 'deposit_open', source: 'x' }] }),
      {
        ip: '10.60.5.2',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      },
    );
    expect(text.statusCode).toBe(403);
    const textSameSite = await report(t, 'POST', '/analytics/events', 'events', {
      ip: '10.60.5.3',
      headers: { 'content-type': 'text/plain' },
    });
    expect(textSameSite.statusCode).toBe(422);
    expect(await storedCount()).toBe(before);
  });

  it('answer a crawler 204 and keep nothing, whatever it sends', async () => {
    const before = await storedCount();
    for (const r of VALID) {
      const res = await report(t, r.method, r.url, r.body, { ip: '10.60.6.1', ua: CRAWLER });
      expect(res.statusCode).toBe(204);
    }
    const junk = await report(t, 'PUT', '/log', { level: 'loud' }, { ip: '10.60.6.1', ua: CRAWLER });
    expect(junk.statusCode).toBe(204);
    expect(await storedCount()).toBe(before);
    // Not even counted against its address.
    const windows = await t.database.db
      .select()
      .from(telemetryAddressWindows)
      .where(eq(telemetryAddressWindows.ip, '10.60.6.1'));
    expect(windows).toEqual([]);
  });

  it('keep only the log lines of a visitor who chose necessary cookies', async () => {
    const before = await storedCount();
    const cookie = 'orbit_consent=necessary';
    expect(
      (await report(t, 'PUT', '/performance', { name: 'LCP', value: 1, page: '/' }, { ip: '10.60.7.1', cookie }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await report(
          t,
          'POST',
          '/analytics/events',
          { events: [{ name: 'deposit_open', source: 'x' }] },
          { ip: '10.60.7.1', cookie },
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await report(t, 'PUT', '/log', { level: 'warn', message: 'slow' }, { ip: '10.60.7.1', cookie })).statusCode,
    ).toBe(204);
    const rows = (await stored()).slice(before);
    expect(rows.map((r) => r.kind)).toEqual(['log']);
  });

  it(`let one address make ${LIMIT} calls a minute, then answer 429 with Retry-After and keep nothing`, async () => {
    clock.set(new Date(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 15_000));
    const before = await storedCount();
    const send = () => report(t, 'PUT', '/performance', { name: 'FCP', value: 300, page: '/' }, { ip: '10.60.8.1' });
    for (let i = 0; i < LIMIT; i++) expect((await send()).statusCode).toBe(204);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    expect(refused.headers['retry-after']).toBe('45');
    expect(await storedCount()).toBe(before + LIMIT);
    // Another address is not held back; the next minute this one reports again.
    expect(
      (await report(t, 'PUT', '/performance', { name: 'FCP', value: 1, page: '/' }, { ip: '10.60.8.2' })).statusCode,
    ).toBe(204);
    clock.advance(45_000);
    expect((await send()).statusCode).toBe(204);
  });

  it('answer 204 and log when the store fails: the page never sees our error', async () => {
    const db = t.database.db;
    await db.execute(
      sql`create function telemetry_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'store down'; end $$`,
    );
    await db.execute(
      sql`create trigger telemetry_test_refuse before insert on telemetry_events for each row execute function telemetry_test_refuse()`,
    );
    try {
      const before = await storedCount();
      const res = await report(t, 'PUT', '/log', { level: 'error', message: 'x' }, { ip: '10.60.9.1' });
      expect(res.statusCode).toBe(204);
      expect(await storedCount()).toBe(before);
    } finally {
      await db.execute(sql`drop trigger telemetry_test_refuse on telemetry_events`);
      await db.execute(sql`drop function telemetry_test_refuse()`);
    }
  });
});

describe('the retention sweep', () => {
  it('deletes the reports older than the retention (30 days) and nothing newer, and the past salts and counts', async () => {
    const old = await report(t, 'PUT', '/log', { level: 'info', message: 'old one' }, { ip: '10.61.0.1' });
    expect(old.statusCode).toBe(204);
    clock.advance(29 * 24 * 3600_000);
    expect(
      (await report(t, 'PUT', '/log', { level: 'info', message: 'young one' }, { ip: '10.61.0.1' })).statusCode,
    ).toBe(204);
    clock.advance(2 * 24 * 3600_000);
    const messages = async () =>
      (await stored()).filter((r) => r.kind === 'log').map((r) => (r.payload as { message: string }).message);
    expect(await messages()).toEqual(expect.arrayContaining(['old one', 'young one']));
    await t.app.orbitSweeps.runAll();
    const left = await messages();
    expect(left).toContain('young one');
    expect(left).not.toContain('old one');
    // Everything left is younger than 30 days; the days gone by have no salt and no counts.
    const cut = new Date(clock.now().getTime() - 30 * 24 * 3600_000);
    expect((await stored()).every((r) => r.createdAt >= cut)).toBe(true);
    expect(await t.database.db.select().from(telemetrySalts)).toEqual([]);
    expect(await t.database.db.select().from(telemetryAddressWindows)).toEqual([]);
  });
});

/** A page request as a browser makes it after a link or a search. */
function landing(app: TestApp, url: string, s: Send = {}) {
  return app.app.inject({
    method: 'GET',
    url,
    remoteAddress: s.ip ?? '10.62.0.1',
    headers: {
      host: 'casino.test',
      'user-agent': s.ua ?? BROWSER,
      ...(s.cookie ? { cookie: s.cookie } : {}),
      ...s.headers,
    },
  });
}
const setCookies = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
};
const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));

describe('the landing page', () => {
  it("sets a partner's link's tag and partner id for 30 days, HttpOnly, and the campaign cookies", async () => {
    const res = await landing(t, '/?stag=aff_12f&partner_id=p-9&utm_source=news&utm_term=free%20spins');
    expect(res.statusCode).toBe(200);
    expect(cookieNamed(res, 'stag')).toBe('stag=aff_12f; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly');
    expect(cookieNamed(res, 'partner_id')).toBe('partner_id=p-9; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly');
    expect(cookieNamed(res, 'utm_source')).toBe('utm_source=news; Path=/; Max-Age=2592000; SameSite=Lax');
    expect(cookieNamed(res, 'utm_term')).toBe('utm_term=free%20spins; Path=/; Max-Age=2592000; SameSite=Lax');
    // A newer link replaces the tag the visitor has.
    expect(cookieNamed(await landing(t, '/?stag=aff_2', { cookie: 'stag=aff_12f' }), 'stag')).toMatch(/^stag=aff_2;/);
    // A malformed tag is no tag.
    expect(cookieNamed(await landing(t, '/?stag=%3Cscript%3E'), 'stag')).toBeUndefined();
  });

  it("applies the operator's referrer rule, the search id 241, and nothing for a direct visit", async () => {
    const from = (referer: string, cookie?: string) =>
      landing(t, '/games', { headers: { referer }, ...(cookie ? { cookie } : {}) });
    expect(cookieNamed(await from('https://blog.partner.example/post'), 'stag')).toMatch(/^stag=777_a;/);
    expect(cookieNamed(await from('https://www.google.de/search?q=casino'), 'stag')).toMatch(/^stag=241;/);
    expect(cookieNamed(await from('https://search.brave.com/'), 'stag')).toMatch(/^stag=241;/);
    expect(setCookies(await from('https://elsewhere.example/'))).toEqual([]);
    expect(setCookies(await from('https://casino.test/lobby'))).toEqual([]);
    // A visitor who has a tag keeps it; a direct visit sets nothing (122 is what registration records).
    expect(setCookies(await from('https://www.google.com/', 'stag=aff_7'))).toEqual([]);
    expect(setCookies(await landing(t, '/'))).toEqual([]);
  });

  it('reports a referrer rule without a tag as an error, and sets nothing', async () => {
    const res = await landing(t, '/', { headers: { referer: 'https://empty.example/' } });
    expect(setCookies(res)).toEqual([]);
    const last = (await stored()).at(-1)!;
    expect(last).toMatchObject({ kind: 'log', name: 'error' });
    expect(last.payload).toMatchObject({ message: 'empty_referrer_stag', context: { referrer_host: 'empty.example' } });
  });

  it('sets nothing for a crawler', async () => {
    const res = await landing(t, '/?stag=aff_1&utm_source=x', {
      ua: CRAWLER,
      headers: { referer: 'https://www.google.com/' },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)).toEqual([]);
  });
});

/** Registers from a page whose cookies are `cookie`; answers the player id and the session cookie. */
async function registerWith(app: TestApp, email: string, cookie?: string) {
  const res = await call(app, 'POST', '/api/users', {
    payload: await withCaptcha(app, signUpBody({ email })),
    ip: '10.63.0.1',
    ...(cookie ? { cookie } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, session: sessionCookieOf(res) };
}
const tagOf = async (app: TestApp, userId: number) =>
  (await app.database.db.select().from(playerAffiliateTags).where(eq(playerAffiliateTags.userId, userId)))[0];
const armsOf = async (app: TestApp, userId: number) =>
  (
    await app.database.db
      .select({ id: userGroups.groupId })
      .from(userGroups)
      .where(and(eq(userGroups.userId, userId), inArray(userGroups.groupId, [543, 544])))
  ).map((g) => g.id);
async function contextOf(app: TestApp, s: Send = {}): Promise<ClientContext> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/client-context',
    remoteAddress: s.ip ?? '10.64.0.1',
    headers: { 'user-agent': s.ua ?? BROWSER, ...(s.cookie ? { cookie: s.cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return clientContextSchema.parse(res.json());
}

describe('registration', () => {
  it("records the cookie's tag, partner id and approval; 241 from a search; 122 without a tag", async () => {
    const partner = await registerWith(t, 'aff@example.com', 'stag=aff_5; partner_id=p-1; orbit_partner_approved=1');
    expect(await tagOf(t, partner.id)).toMatchObject({
      stag: 'aff_5',
      partnerId: 'p-1',
      source: 'cookie',
      partnerApproved: true,
    });
    const searched = await registerWith(t, 'search@example.com', 'stag=241');
    expect(await tagOf(t, searched.id)).toMatchObject({ stag: '241', source: 'search', partnerId: null });
    const direct = await registerWith(t, 'direct@example.com');
    expect(await tagOf(t, direct.id)).toMatchObject({ stag: '122', source: 'direct', partnerApproved: false });
    const forged = await registerWith(t, 'forged@example.com', 'stag=%3Cb%3E');
    expect(await tagOf(t, forged.id)).toMatchObject({ stag: '122', source: 'direct' });
    // The A/B test is off by default: no arm.
    expect(await armsOf(t, direct.id)).toEqual([]);
  });

  it('places a new player in arm 543 or 544 by the id parity, or by the last hex digit of a partner tag', async () => {
    const plain = [await registerWith(ab, 'ab1@example.com'), await registerWith(ab, 'ab2@example.com')];
    for (const p of plain) expect(await armsOf(ab, p.id)).toEqual([p.id % 2 === 0 ? 543 : 544]);
    const odd = await registerWith(ab, 'ab3@example.com', 'stag=aff_3');
    const even = await registerWith(ab, 'ab4@example.com', 'stag=aff_c');
    expect(await armsOf(ab, odd.id)).toEqual([544]);
    expect(await armsOf(ab, even.id)).toEqual([543]);
    // The search id is no partner's: the parity decides.
    const searched = await registerWith(ab, 'ab5@example.com', 'stag=241');
    expect(await armsOf(ab, searched.id)).toEqual([searched.id % 2 === 0 ? 543 : 544]);
    // The page learns the arm.
    expect((await contextOf(ab, { cookie: odd.session })).ab_test).toEqual({ enabled: true, arm: 544 });
    expect((await contextOf(ab, { cookie: 'stag=aff_b' })).ab_test).toEqual({ enabled: true, arm: 544 });
    expect((await contextOf(ab)).ab_test).toEqual({ enabled: true, arm: null });
  });
});

describe('the registration hook', () => {
  it('is undone alone when it fails: the player is registered, without a tag or an arm', async () => {
    const db = ab.database.db;
    await db.execute(
      sql`create function telemetry_test_refuse_tag() returns trigger language plpgsql as $$ begin raise exception 'no tags'; end $$`,
    );
    await db.execute(
      sql`create trigger telemetry_test_refuse_tag before insert on player_affiliate_tags for each row execute function telemetry_test_refuse_tag()`,
    );
    try {
      const player = await registerWith(ab, 'hookless@example.com', 'stag=aff_1');
      expect(await tagOf(ab, player.id)).toBeUndefined();
      expect(await armsOf(ab, player.id)).toEqual([]);
      // The rest of the registration stands: the player is signed in.
      expect((await call(ab, 'GET', '/api/player', { cookie: player.session })).statusCode).toBe(200);
    } finally {
      await db.execute(sql`drop trigger telemetry_test_refuse_tag on player_affiliate_tags`);
      await db.execute(sql`drop function telemetry_test_refuse_tag()`);
    }
  });
});

describe('GET /client-context', () => {
  it("tells a guest's licence, cookie choice, tag and whether promotions are offered to it", async () => {
    const guest = await contextOf(t, { cookie: 'stag=aff_9; partner_id=p-2; orbit_consent=all' });
    expect(guest).toEqual({
      country: null,
      licence: 'CW',
      is_bot: false,
      consent: 'all',
      telemetry: true,
      ab_test: { enabled: false, arm: null },
      affiliate: { stag: 'aff_9', partner_id: 'p-2', partner_approved: false, promotions_offered: true },
    });
    const excluded = await contextOf(t, { cookie: 'stag=noprom_1; orbit_consent=necessary' });
    expect(excluded.affiliate.promotions_offered).toBe(false);
    expect(excluded.telemetry).toBe(false);
    expect(excluded.consent).toBe('necessary');
  });

  it("tells a player's recorded tag, not a cookie's", async () => {
    const player = await registerWith(t, 'context@example.com', 'stag=noprom_1');
    const context = await contextOf(t, { cookie: `${player.session}; stag=aff_other` });
    expect(context.affiliate).toMatchObject({ stag: 'noprom_1', promotions_offered: false });
  });

  it('tells a crawler that it is one, and nothing of a visit', async () => {
    const crawler = await contextOf(t, { ua: CRAWLER, cookie: 'stag=aff_9' });
    expect(crawler).toMatchObject({ is_bot: true, telemetry: false, affiliate: { stag: null } });
  });
});
