import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema } from '@orbit/contracts';
import { seedAll } from '../../src/seed';
import { games } from '../../src/modules/games/schema';
import { MemoryPubSub } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register, signUpBody, withCaptcha } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers the readiness check with the database and the pub/sub it uses', async () => {
    // With REDIS_URL the pub/sub's connections come up by themselves, shortly after the start.
    const expected = { status: 'ok', database: t.database.kind, redis: t.config.redisUrl ? 'ok' : 'not_configured' };
    let body: unknown;
    for (let tries = 0; tries < 50; tries += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      body = healthSchema.parse(res.json());
      if (JSON.stringify(body) === JSON.stringify(expected)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(body).toEqual(expected);
  });

  it('answers liveness whatever the database does, and readiness 503 once a graceful stop began', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    t.app.orbitStopping = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(503);
      expect(healthSchema.parse(ready.json())).toMatchObject({ status: 'stopping' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.orbitStopping = false;
    }
  });

  it('stays ready without its pub/sub (realtime degraded, play unaffected) and says so', async () => {
    class LostRedis extends MemoryPubSub {
      override state() {
        return 'unavailable' as const;
      }
    }
    const lost = await createTestApp({}, { pubsub: new LostRedis() });
    try {
      const res = await lost.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(healthSchema.parse(res.json())).toEqual({
        status: 'ok',
        database: lost.database.kind,
        redis: 'unavailable',
      });
    } finally {
      await lost.close();
    }
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
  });

  it('refuses malformed JSON with a stable code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games_filter',
      headers: { 'content-type': 'application/json' },
      payload: '{"page": 1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { base: ['malformed_body'] } });
  });

  it('refuses a NUL character in any field, query or path with 422 invalid_characters, changing nothing', async () => {
    const nul = 'a\u0000b';
    const refused = async (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT',
      url: string,
      payload?: unknown,
      cookie?: string,
    ) => {
      const res = await call(t, method, url, {
        ip: '10.77.0.1',
        ...(payload !== undefined ? { payload } : {}),
        ...(cookie ? { cookie } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(422);
      return res.json() as { errors: Record<string, string[]> };
    };
    expect(
      await refused('POST', '/api/users/sign_in', { user: { email: `x${nul}@example.com`, password: 'whatever1' } }),
    ).toEqual({ errors: { email: ['invalid_characters'] } });
    expect(
      await refused(
        'POST',
        '/api/users',
        await withCaptcha(t, signUpBody({ email: 'nul@example.com', nickname: nul })),
      ),
    ).toEqual({ errors: { nickname: ['invalid_characters'] } });
    expect((await call(t, 'GET', '/api/player', { cookie: 'x' })).statusCode).toBe(401);
    expect(await refused('POST', '/api/users/password', { user: { email: `r${nul}@example.com` } })).toEqual({
      errors: { email: ['invalid_characters'] },
    });
    expect(await refused('POST', '/api/games_filter', { filter: { title: nul } })).toEqual({
      errors: { 'filter.title': ['invalid_characters'] },
    });
    expect(await refused('GET', '/api/games/orbit/rocket%00crash')).toEqual({
      errors: { name: ['invalid_characters'] },
    });
    expect(await refused('GET', `/api/cms/pages?l=${encodeURIComponent(nul)}`)).toEqual({
      errors: { l: ['invalid_characters'] },
    });
    const { cookie } = await register(t, { email: 'nul-profile@example.com' }, '10.77.0.2');
    expect(await refused('PATCH', '/api/player', { user: { city: nul } }, cookie)).toEqual({
      errors: { city: ['invalid_characters'] },
    });
    // Nothing was written: no player by that address, the profile unchanged.
    const profile = await call(t, 'GET', '/api/player', { cookie });
    expect(profile.json()).not.toMatchObject({ city: nul });
    const signUp = await call(t, 'POST', '/api/users', {
      ip: '10.77.0.3',
      payload: await withCaptcha(t, signUpBody({ email: 'nul@example.com' })),
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
  });

  it('publishes the OpenAPI document with the catalogue grouped by tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(doc.paths['/api/games_filter']?.post?.tags).toEqual(['games']);
    expect(doc.paths['/api/info/project']?.get?.tags).toEqual(['info']);
  });
});

describe('database drivers', () => {
  // drizzle hands raw timestamps through as PostgreSQL text on both drivers (its query builder maps
  // them to Dates); BIGINT goes through parseInt8 on both.
  it('answer BIGINT as a safe number and timestamps alike on PGlite and PostgreSQL', async () => {
    const r = await t.database.db.execute<{ big: unknown; n: unknown; at: unknown }>(
      sql`select 9007199254740991::bigint as big, count(*) as n, '2025-01-02T03:04:05Z'::timestamptz as at from games`,
    );
    const row = r.rows[0]!;
    expect(row.big).toBe(Number.MAX_SAFE_INTEGER);
    expect(typeof row.n).toBe('number');
    expect(typeof row.at).toBe('string');
    expect(new Date(String(row.at)).toISOString()).toBe('2025-01-02T03:04:05.000Z');
    await expect(t.database.db.execute(sql`select 9007199254740993::bigint as big`)).rejects.toThrow();
    const [game] = await t.database.db
      .select({ releasedAt: games.releasedAt, payout: games.payout })
      .from(games)
      .where(eq(games.identifier, 'orbit/stellar-sevens'));
    expect(game?.releasedAt?.toISOString()).toBe('2025-09-01T00:00:00.000Z');
    expect(game?.payout).toBe(96.09);
  });
});

describe('seed', () => {
  /** Every table's row count and a digest of its content. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const ident = sql.identifier(table_name);
      const r = await t.database.db.execute<{ n: number; digest: string | null }>(
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${ident} x`,
      );
      out[table_name] = `${r.rows[0]!.n}:${r.rows[0]!.digest}`;
    }
    return out;
  }

  it('a second run changes nothing', async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['currencies', 'games', 'static_pages', 'banners', 'fe_configs']),
    );
    await seedAll(t.database.db);
    await seedAll(t.database.db);
    expect(await snapshot()).toEqual(before);
  });
});
