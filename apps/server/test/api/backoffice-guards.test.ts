/**
 * Every call of the back office, as the OpenAPI document publishes it, refuses a caller without an
 * operator's session: none at all, or a player's; and every role is refused (403, nothing written)
 * every call its permissions do not name, and let through every one they do (docs/backoffice.md
 * "Roles"). A new route that forgets its guard fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { routePermissions } from '../../src/modules/backoffice/routes/guard';
import { auditCount, newOperator, signInAdmin } from '../support/backoffice';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-11-29T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

/** Calls open to anyone: the sign-in itself (and sign-out, which ends nothing without a session). */
const OPEN = new Set(['POST /api/backoffice/sign_in', 'POST /api/backoffice/sign_out']);

function backofficeCalls(): Array<{ method: string; url: string; name: string }> {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const calls: Array<{ method: string; url: string; name: string }> = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/backoffice/')) continue;
    for (const method of Object.keys(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (OPEN.has(name)) continue;
      const url = path.replace('{session_id}', '00000000-0000-4000-8000-000000000000').replace(/\{[a-z_]+\}/g, '1');
      calls.push({ method: method.toUpperCase(), url, name });
    }
  }
  return calls;
}

describe('the back office refuses everyone but operators', () => {
  it('publishes its calls in the OpenAPI document', () => {
    const names = backofficeCalls().map((c) => c.name);
    expect(names).toContain('GET /api/backoffice/players/{id}');
    expect(names).toContain('POST /api/backoffice/adjustments/{id}/decision');
    expect(names.length).toBeGreaterThan(25);
  });

  it('answers 401 to every call without a session and with a player’s session, writing nothing', async () => {
    const { cookie } = await register(t);
    const before = await auditCount(t);
    for (const { method, url, name } of backofficeCalls()) {
      const payload = method === 'GET' ? undefined : {};
      expect((await call(t, method as 'GET', url, { payload })).statusCode, `${name} without a session`).toBe(401);
      expect((await call(t, method as 'GET', url, { cookie, payload })).statusCode, `${name} as a player`).toBe(401);
    }
    expect(await auditCount(t)).toBe(before);
  });
});

describe('every role against every call', () => {
  it('answers 403 and writes nothing where the role lacks the permission, and lets it through where it has it', async () => {
    const admin = await signInAdmin(t, clock);
    const guarded = [...routePermissions.entries()];
    expect(guarded.length).toBeGreaterThan(30);
    // Every published call but the session's own has a permission recorded.
    const published = backofficeCalls()
      .map((c) => c.name.replace(/\{([a-z_]+)\}/g, ':$1'))
      .filter((name) => !/\/(me|two_factor\/setup|two_factor\/confirm)$/.test(name));
    expect(published.filter((name) => !routePermissions.has(name))).toEqual([]);
    for (const role of ['support', 'finance', 'risk', 'marketing'] as const) {
      const operator = await newOperator(t, clock, admin, role);
      const me = await call(t, 'GET', '/api/backoffice/me', { cookie: operator.cookie });
      const permissions = new Set((me.json() as { permissions: string[] }).permissions);
      for (const [name, permission] of guarded) {
        const [method, path] = name.split(' ') as [string, string];
        const url = path
          .replace(':session_id', '00000000-0000-4000-8000-000000000000')
          .replace(/:[a-z_]+/g, '2147483000');
        const payload = method === 'GET' ? undefined : {};
        const before = await auditCount(t);
        const res = await call(t, method as 'GET', url, { cookie: operator.cookie, payload });
        if (permissions.has(permission)) {
          expect(res.statusCode, `${role} ${name}`).not.toBe(403);
        } else {
          expect(res.statusCode, `${role} ${name}`).toBe(403);
          expect(await auditCount(t), `${role} ${name} wrote nothing`).toBe(before);
        }
      }
    }
  });
});
