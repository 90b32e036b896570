/**
 * The back office's operators: sign-in with mandatory two-factor, sessions (idle 30 minutes,
 * 12 hours in all), the lock after five failures, roles, creating an operator, and the audit log's
 * append-only table and hash chain (docs/backoffice.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain, DEMO_ADMIN } from '../../src/modules/backoffice';
import { appRoutes } from '../../src/modules/backoffice/routes/app';
import { codeForStep, stepAt } from '../../src/modules/identity/totp';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-11-29T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

/** The code of the current 30-second step; `ahead` steps later for a second sign-in in the same step. */
const codeOf = (secret: string, ahead = 0) => codeForStep(secret, stepAt(clock.now()) + ahead);

function operatorCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((l) => l.startsWith('orbit_backoffice='));
  expect(line, 'the operator cookie').toBeDefined();
  return line!.split(';')[0]!;
}

async function signInAdmin(ahead = 0): Promise<string> {
  clock.advance(31_000 * (ahead + 1));
  const res = await call(t, 'POST', '/api/backoffice/sign_in', {
    payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, otp: codeOf(DEMO_ADMIN.otpSecret) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return operatorCookieOf(res);
}

const auditRows = async () =>
  (await t.database.db.execute(sql`select seq, action, actor, target_id from audit_log order by seq`)).rows as Array<{
    seq: number;
    action: string;
    actor: string;
    target_id: string | null;
  }>;

describe('operator sign-in', () => {
  it('signs the demo admin in with password and code, in a strict, HttpOnly cookie of its own', async () => {
    clock.advance(31_000);
    const res = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: 'Admin@Orbit.Example', password: DEMO_ADMIN.password, otp: codeOf(DEMO_ADMIN.otpSecret) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ operator: { email: DEMO_ADMIN.email, role: 'admin' }, two_factor: true });
    expect(res.json().permissions).toContain('operators.manage');
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^orbit_backoffice=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const me = await call(t, 'GET', '/api/backoffice/me', { cookie: operatorCookieOf(res) });
    expect(me.json().operator.email).toBe(DEMO_ADMIN.email);
    // The same code again (replay within its step) is refused.
    const replay = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, otp: codeOf(DEMO_ADMIN.otpSecret) },
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ otp: ['invalid'] });
  });

  it('refuses a wrong password, a missing code and a wrong code, and locks the address after five failures', async () => {
    const email = DEMO_ADMIN.email;
    clock.advance(16 * 60_000);
    const noCode = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email, password: DEMO_ADMIN.password },
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors).toEqual({ otp: ['required'] });
    for (let i = 0; i < 4; i++) {
      const wrong = await call(t, 'POST', '/api/backoffice/sign_in', {
        payload: { email, password: 'Wrong-Password-1', otp: '000000' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ email: ['invalid_credentials'] });
    }
    const wrongCode = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email, password: DEMO_ADMIN.password, otp: codeOf(DEMO_ADMIN.otpSecret, 5) },
    });
    expect(wrongCode.json().errors).toEqual({ otp: ['invalid'] });
    clock.advance(31_000);
    const locked = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email, password: DEMO_ADMIN.password, otp: codeOf(DEMO_ADMIN.otpSecret) },
    });
    expect(locked.statusCode).toBe(429);
    // An unknown address answers as a wrong password does, and is audited without an operator.
    const unknown = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: 'nobody@orbit.example', password: 'x' },
    });
    expect(unknown.json().errors).toEqual({ email: ['invalid_credentials'] });
    const failed = (await auditRows()).filter((r) => r.action === 'sign_in.failed');
    expect(failed.map((r) => r.actor)).toContain('nobody@orbit.example');
    // The lock lets go after 15 minutes.
    clock.advance(15 * 60_000);
    await signInAdmin();
  });

  it("never lets a player's session in, nor a call without a session or the CSRF header", async () => {
    const { cookie } = await register(t);
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/backoffice/audit_log', { cookie })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/backoffice/operators')).statusCode).toBe(401);
    const admin = await signInAdmin();
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/operators',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: { email: 'x@orbit.example', name: 'X', role: 'support', password: 'Long-Enough-Pass-9' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errors).toEqual({ base: ['csrf_failed'] });
  });

  it('ends a session at sign-out, after 30 idle minutes and after 12 hours in all', async () => {
    const cookie = await signInAdmin();
    expect((await call(t, 'POST', '/api/backoffice/sign_out', { cookie })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie })).statusCode).toBe(401);

    const idle = await signInAdmin();
    clock.advance(29 * 60_000);
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie: idle })).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    expect((await call(t, 'GET', '/api/backoffice/me', { cookie: idle })).statusCode).toBe(401);

    // Never idle (a call every 29 minutes), yet over once 12 hours have passed since the sign-in.
    const long = await signInAdmin();
    const signedInAt = clock.now().getTime();
    for (;;) {
      clock.advance(29 * 60_000);
      const status = (await call(t, 'GET', '/api/backoffice/me', { cookie: long })).statusCode;
      const over = clock.now().getTime() - signedInAt >= 12 * 3600_000;
      expect(status, `${(clock.now().getTime() - signedInAt) / 60_000} minutes after the sign-in`).toBe(
        over ? 401 : 200,
      );
      if (over) break;
    }
  });
});

describe('operators and roles', () => {
  it('an admin creates a support operator, who sets two-factor up before anything else and is kept to their role', async () => {
    const admin = await signInAdmin();
    const created = await call(t, 'POST', '/api/backoffice/operators', {
      cookie: admin,
      payload: { email: 'sam@orbit.example', name: 'Sam Support', role: 'support', password: 'Support-Pass-2026' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: 'sam@orbit.example', role: 'support', two_factor: false });
    const taken = await call(t, 'POST', '/api/backoffice/operators', {
      cookie: admin,
      payload: { email: 'SAM@orbit.example', name: 'Sam Again', role: 'finance', password: 'Support-Pass-2026' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['taken'] });
    const bad = await call(t, 'POST', '/api/backoffice/operators', {
      cookie: admin,
      payload: { email: 'nobody', name: '', role: 'owner', password: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password', 'role']);

    // First sign-in: without a code, and nothing but the two-factor setup is open.
    clock.advance(31_000);
    const first = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: 'sam@orbit.example', password: 'Support-Pass-2026' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ two_factor: false, permissions: [] });
    const sam = operatorCookieOf(first);
    const early = await call(t, 'GET', '/api/backoffice/audit_log', { cookie: sam });
    expect(early.statusCode).toBe(403);
    expect(early.json().errors).toEqual({ base: ['two_factor_setup_required'] });
    const setup = await call(t, 'POST', '/api/backoffice/two_factor/setup', { cookie: sam });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain('sam%40orbit.example');
    expect(
      (await call(t, 'POST', '/api/backoffice/two_factor/confirm', { cookie: sam, payload: { otp: '123456' } }))
        .statusCode,
    ).toBe(422);
    const confirmed = await call(t, 'POST', '/api/backoffice/two_factor/confirm', {
      cookie: sam,
      payload: { otp: codeOf(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().two_factor).toBe(true);
    expect(confirmed.json().permissions).toContain('players.read');
    expect((await call(t, 'POST', '/api/backoffice/two_factor/setup', { cookie: sam })).statusCode).toBe(409);

    // From now on the code is asked at every sign-in.
    clock.advance(31_000);
    const noCode = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: 'sam@orbit.example', password: 'Support-Pass-2026' },
    });
    expect(noCode.json().errors).toEqual({ otp: ['required'] });

    // Support is kept out of the operators and the audit log; the server says so, not only the menu.
    for (const [method, url] of [
      ['GET', '/api/backoffice/operators'],
      ['GET', '/api/backoffice/audit_log'],
    ] as const) {
      const refused = await call(t, method, url, { cookie: sam });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().errors).toEqual({ base: ['forbidden'] });
    }
    const refusedCreate = await call(t, 'POST', '/api/backoffice/operators', {
      cookie: sam,
      payload: { email: 'eve@orbit.example', name: 'Eve', role: 'admin', password: 'Support-Pass-2026' },
    });
    expect(refusedCreate.statusCode).toBe(403);
    const count = (
      await t.database.db.execute(sql`select count(*)::int as n from operators where email = 'eve@orbit.example'`)
    ).rows[0] as {
      n: number;
    };
    expect(count.n).toBe(0);
  });
});

describe('every role against every area', () => {
  it('lets each role call only what its permissions name (403 and nothing written elsewhere), and audits each setup', async () => {
    const admin = await signInAdmin();
    const areas = [
      { permission: 'operators.manage', method: 'GET', url: '/api/backoffice/operators' },
      { permission: 'audit.read', method: 'GET', url: '/api/backoffice/audit_log' },
      { permission: 'players.read', method: 'GET', url: '/api/backoffice/players' },
    ] as const;
    for (const role of ['support', 'finance', 'risk', 'marketing'] as const) {
      const email = `${role}-role@orbit.example`;
      const made = await call(t, 'POST', '/api/backoffice/operators', {
        cookie: admin,
        payload: { email, name: `A ${role}`, role, password: 'Role-Pass-2026-x' },
      });
      expect(made.statusCode, made.body).toBe(201);
      clock.advance(31_000);
      const first = await call(t, 'POST', '/api/backoffice/sign_in', {
        payload: { email, password: 'Role-Pass-2026-x' },
      });
      const cookie = operatorCookieOf(first);
      const { secret } = (await call(t, 'POST', '/api/backoffice/two_factor/setup', { cookie })).json() as {
        secret: string;
      };
      const me = await call(t, 'POST', '/api/backoffice/two_factor/confirm', {
        cookie,
        payload: { otp: codeOf(secret) },
      });
      const permissions = (me.json() as { permissions: string[] }).permissions;
      for (const area of areas) {
        const res = await call(t, area.method, area.url, { cookie });
        expect(res.statusCode, `${role} ${area.url}`).toBe(permissions.includes(area.permission) ? 200 : 403);
      }
      const refused = await call(t, 'POST', '/api/backoffice/operators', {
        cookie,
        payload: { email: `made-by-${role}@orbit.example`, name: 'X', role: 'admin', password: 'Role-Pass-2026-x' },
      });
      expect(refused.statusCode, role).toBe(403);
      const audited = await call(
        t,
        'GET',
        `/api/backoffice/audit_log?action=two_factor.enable&target_id=${made.json().id}`,
        {
          cookie: admin,
        },
      );
      expect(audited.json().data, role).toEqual([expect.objectContaining({ actor: email, role })]);
    }
    const strays = (
      await t.database.db.execute(sql`select count(*)::int as n from operators where email like 'made-by-%'`)
    ).rows[0] as { n: number };
    expect(strays.n).toBe(0);
  });
});

describe('the audit log', () => {
  it('lists every sign-in, failure, sign-out and operator change, filtered and paged, newest first', async () => {
    const admin = await signInAdmin();
    const page = await call(t, 'GET', '/api/backoffice/audit_log?per_page=5', { cookie: admin });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { data: Array<{ seq: number; action: string }>; total: number };
    expect(body.data).toHaveLength(5);
    expect(body.total).toBeGreaterThan(10);
    expect(body.data[0]!.seq).toBeGreaterThan(body.data[4]!.seq);
    const created = await call(t, 'GET', '/api/backoffice/audit_log?action=operator.create', { cookie: admin });
    expect(created.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'operator.create',
          actor: DEMO_ADMIN.email,
          role: 'admin',
          after: expect.objectContaining({ email: 'sam@orbit.example' }),
        }),
      ]),
    );
    const actions = new Set((await auditRows()).map((r) => r.action));
    for (const action of ['sign_in', 'sign_in.failed', 'sign_out', 'operator.create', 'two_factor.enable'])
      expect(actions).toContain(action);
    const badQuery = await call(t, 'GET', '/api/backoffice/audit_log?page=0&from=yesterday', { cookie: admin });
    expect(badQuery.statusCode).toBe(422);
  });

  it('keeps one unbroken chain when 20 sign-ins fail at the same moment', async () => {
    const before = (await auditRows()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t, 'POST', '/api/backoffice/sign_in', { payload: { email: `racer-${i}@orbit.example`, password: 'x' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(422));
    const rows = await auditRows();
    expect(rows.length).toBe(before + 20);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('is append-only in the database, and the chain finds an entry changed behind the trigger', async () => {
    expect(await checkAuditChain(t.database.db)).toBeNull();
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);
    const update = await t.database.db
      .execute(sql`update audit_log set reason = 'edited' where seq = 2`)
      .catch(refusal);
    expect(update).toMatch(/audit_log is append-only: UPDATE refused/);
    const remove = await t.database.db.execute(sql`delete from audit_log where seq = 2`).catch(refusal);
    expect(remove).toMatch(/audit_log is append-only: DELETE refused/);
    const truncate = await t.database.db.execute(sql`truncate audit_log`).catch(refusal);
    expect(truncate).toMatch(/audit_log is append-only: TRUNCATE refused/);
    // Someone with the database's owner rights switches the trigger off and edits an entry.
    await t.database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
    await t.database.db.execute(sql`update audit_log set actor = 'someone-else' where seq = 3`);
    await t.database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
    expect(await checkAuditChain(t.database.db)).toEqual({ seq: 3, problem: 'its content does not match its hash' });
  });
});

describe('players', () => {
  it('finds players by address, id, name, phone and a session’s IP address; a player’s session finds nothing', async () => {
    const { player } = await register(t, { email: 'ada.search@example.com' }, '10.9.8.7');
    await t.database.db.execute(
      sql`update users set first_name = 'Ada', last_name = 'Lovelace', mobile_phone = '+49 30 1234 5678', nickname = 'countess' where id = ${player.id}`,
    );
    const admin = await signInAdmin();
    const find = async (q: string) => {
      const res = await call(t, 'GET', `/api/backoffice/players?q=${encodeURIComponent(q)}`, { cookie: admin });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Array<{ id: number }>; total: number }).data.map((p) => p.id);
    };
    for (const q of [
      'ada.search',
      'ADA.SEARCH@EXAMPLE.COM',
      String(player.id),
      'Ada Love',
      'countess',
      '30 1234 5678',
      '301234',
      '10.9.8.7',
    ])
      expect(await find(q), q).toContain(player.id);
    // Wildcards typed are matched as themselves; nothing matches nonsense.
    expect(await find('%')).toEqual([]);
    expect(await find('no-such-player-anywhere')).toEqual([]);
    const all = await call(t, 'GET', '/api/backoffice/players?per_page=1', { cookie: admin });
    expect(all.json().data).toHaveLength(1);
    expect(all.json().total).toBeGreaterThan(1);
    expect((await call(t, 'GET', '/api/backoffice/players?per_page=201', { cookie: admin })).statusCode).toBe(422);
    const { cookie } = await register(t, { email: 'just.a.player@example.com' });
    expect((await call(t, 'GET', '/api/backoffice/players', { cookie })).statusCode).toBe(401);
  });
});

describe("the back office's app", () => {
  it('serves its page for every address under /backoffice, its hashed files cached, never framed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-backoffice-app-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Orbit back office</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const server = Fastify();
    try {
      await appRoutes(server, dir);
      for (const url of ['/backoffice', '/backoffice/operators', '/backoffice/two-factor']) {
        const page = await server.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('Orbit back office');
        expect(page.headers['cache-control']).toBe('no-store');
        expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
      const asset = await server.inject({ method: 'GET', url: '/backoffice/assets/index-abc123.js' });
      expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(asset.headers['cache-control']).toContain('immutable');
      // Only the files of the build: no way out of its folder.
      for (const url of [
        '/backoffice/assets/..%2Findex.html',
        '/backoffice/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
        '/backoffice/assets/nope.js',
      ])
        expect((await server.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
