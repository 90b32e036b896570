/**
 * Forwarded headers are believed only from the proxies TRUST_PROXY names: without it a visitor's
 * changing X-Forwarded-For neither escapes the per-IP sign-in lock nor forges a session's
 * address, X-Forwarded-Host chooses no licence, and an edge country header means nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentIpResponseSchema, projectInfoSchema } from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { call, register, withCaptcha } from '../support/identity';

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks the socket address after 20 failed sign-ins, whatever X-Forwarded-For says', async () => {
    const socket = '10.60.0.1';
    for (let i = 0; i < 20; i++)
      expect((await signInWithCaptcha(t, `guess${i}@example.com`, socket, `203.0.113.${i}`)).statusCode).toBe(422);
    const locked = await signInWithCaptcha(t, 'nobody@example.com', socket, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
  });

  it('records the socket address as the session address and answers it as the current address', async () => {
    const { cookie } = await register(t, { email: 'direct@example.com' }, '10.60.0.2');
    const sessions = (
      await call(t, 'GET', '/api/player/sessions', {
        cookie,
        ip: '10.60.0.2',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
    ).json() as Array<{ ip: string }>;
    expect(sessions.map((s) => s.ip)).toEqual(['10.60.0.2']);
    const here = currentIpResponseSchema.parse(
      (
        await call(t, 'GET', '/api/current_ip', {
          ip: '10.60.0.3',
          headers: { 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'DE' },
        })
      ).json(),
    );
    expect(here).toEqual({ ip: '10.60.0.3', country_code: 'CA' });
  });

  it('chooses the licence from the Host the request was sent to, never X-Forwarded-Host', async () => {
    const licence = async (headers: Record<string, string>) =>
      projectInfoSchema.parse((await call(t, 'GET', '/api/info/project', { headers })).json()).licence;
    expect(await licence({ host: 'ee.orbit.example' })).toBe('EE');
    expect(await licence({ host: 'ee.orbit.example', 'x-forwarded-host': 'orbit.example' })).toBe('EE');
    expect(await licence({ host: 'orbit.example', 'x-forwarded-host': 'ee.orbit.example' })).toBe('CW');
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.61.0.1', LICENCE_HOSTS: 'casino.example=CW,ee.casino.example=EE' });
  });
  afterAll(() => t.close());

  it("believes the proxy's X-Forwarded-For, X-Forwarded-Host and country, and nobody else's", async () => {
    const viaProxy = currentIpResponseSchema.parse(
      (
        await call(t, 'GET', '/api/current_ip', {
          ip: '10.61.0.1',
          headers: { 'x-forwarded-for': '203.0.113.5', 'cf-ipcountry': 'de' },
        })
      ).json(),
    );
    expect(viaProxy).toEqual({ ip: '203.0.113.5', country_code: 'DE' });
    const direct = currentIpResponseSchema.parse(
      (
        await call(t, 'GET', '/api/current_ip', { ip: '10.61.0.9', headers: { 'x-forwarded-for': '203.0.113.5' } })
      ).json(),
    );
    expect(direct.ip).toBe('10.61.0.9');
    const licence = async (ip: string, headers: Record<string, string>) =>
      projectInfoSchema.parse((await call(t, 'GET', '/api/info/project', { ip, headers })).json()).licence;
    expect(await licence('10.61.0.1', { host: 'internal:3000', 'x-forwarded-host': 'ee.casino.example' })).toBe('EE');
    expect(await licence('10.61.0.9', { host: 'casino.example', 'x-forwarded-host': 'ee.casino.example' })).toBe('CW');
    // Only the configured hosts choose: an `ee.` host nobody configured is the default licence.
    expect(await licence('10.61.0.9', { host: 'ee.attacker.example' })).toBe('CW');
  });

  it('locks the address the proxy reports, so players behind one proxy are told apart', async () => {
    for (let i = 0; i < 20; i++)
      expect((await signInWithCaptcha(t, `guess${i}@example.com`, '10.61.0.1', '203.0.113.20')).statusCode).toBe(422);
    expect((await signInWithCaptcha(t, 'nobody@example.com', '10.61.0.1', '203.0.113.20')).statusCode).toBe(429);
    expect((await signInWithCaptcha(t, 'nobody@example.com', '10.61.0.1', '203.0.113.21')).statusCode).toBe(422);
  });
});

/** A failed sign-in (wrong password) sent from `socket`, saying it forwards for `forwardedFor`. */
async function signInWithCaptcha(t: TestApp, email: string, socket: string, forwardedFor: string) {
  return call(t, 'POST', '/api/users/sign_in', {
    ip: socket,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: await withCaptcha(t, { user: { email, password: 'Wrong-password-1' } }),
  });
}
