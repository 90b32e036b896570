/**
 * Every call of the back office, as the OpenAPI document publishes it, refuses a caller without an
 * operator's session: none at all, or a player's (docs/backoffice.md "Operators"). A new route that
 * forgets its guard fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount } from '../support/backoffice';
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
