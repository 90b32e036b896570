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
    expect(here).toEqual({ ip: '10.60.0.3', country_code: 'CA', located: false, sign_up_country: 'CA' });
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
    expect(viaProxy).toEqual({ ip: '203.0.113.5', country_code: 'DE', located: true, sign_up_country: 'DE' });
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

describe('with TRUST_PROXY a hop count (a CDN, then a load balancer) and LICENCE_HOSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '2', LICENCE_HOSTS: 'casino.example=CW,ee.casino.example=EE' });
  });
  afterAll(() => t.close());
  // The load balancer (the socket) appends the CDN's address; the CDN appended the visitor's; what
  // stands left of those is the visitor's own say, and means nothing.
  const LB = '10.62.0.2';
  const CDN = '10.62.0.1';

  it('takes the address two hops back, never an entry the visitor wrote left of it', async () => {
    const here = await seen(t, LB, {
      'x-forwarded-for': `198.51.100.66, 203.0.113.7, ${CDN}`,
      'cf-ipcountry': 'DE',
    });
    expect(here).toEqual({ ip: '203.0.113.7', country_code: 'DE', located: true, sign_up_country: 'DE' });
    // A hop count trusts the nearest hops whoever they are: a visitor reaching the balancer past the
    // CDN is taken for the CDN, so one entry of its own counts (docs/security.md: name the proxies'
    // addresses unless the casino is reachable only through them).
    expect((await seen(t, LB, { 'x-forwarded-for': '198.51.100.66, 203.0.113.8' })).ip).toBe('198.51.100.66');
  });

  it("chooses the licence from the proxies' X-Forwarded-Host (the last entry), never one the visitor added", async () => {
    expect(await licence(t, LB, { host: 'internal:3000', 'x-forwarded-host': 'ee.casino.example' })).toBe('EE');
    expect(
      await licence(t, LB, { host: 'internal:3000', 'x-forwarded-host': 'ee.casino.example, casino.example' }),
    ).toBe('CW');
    expect(await licence(t, LB, { host: 'internal:3000', 'x-forwarded-host': 'ee.attacker.example' })).toBe('CW');
  });

  it('locks the address the proxies report, however the visitor rotates the entries it writes', async () => {
    for (let i = 0; i < 20; i++)
      expect(
        (await signInWithCaptcha(t, `hop${i}@example.com`, LB, `198.51.100.${i}, 203.0.113.30, ${CDN}`)).statusCode,
      ).toBe(422);
    expect(
      (await signInWithCaptcha(t, 'nobody@example.com', LB, `198.51.100.99, 203.0.113.30, ${CDN}`)).statusCode,
    ).toBe(429);
    expect((await signInWithCaptcha(t, 'nobody@example.com', LB, `203.0.113.31, ${CDN}`)).statusCode).toBe(422);
  });
});

describe('with TRUST_PROXY as CIDRs and LICENCE_HOSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '10.63.0.0/16, 192.168.7.0/24, fd00:63::/32',
      LICENCE_HOSTS: 'casino.example=CW,ee.casino.example=EE',
    });
  });
  afterAll(() => t.close());

  it('believes a proxy in the ranges: the address, the host and the country it reports', async () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.66, 203.0.113.8', 'cf-ipcountry': 'DE' };
    expect(await seen(t, '10.63.4.5', forwarded)).toEqual({
      ip: '203.0.113.8',
      country_code: 'DE',
      located: true,
      sign_up_country: 'DE',
    });
    expect(await seen(t, 'fd00:63::5', forwarded)).toEqual({
      ip: '203.0.113.8',
      country_code: 'DE',
      located: true,
      sign_up_country: 'DE',
    });
    // A dual-stack socket reports an IPv4 proxy as an IPv4-mapped IPv6 address.
    expect(await seen(t, '::ffff:10.63.0.9', forwarded)).toEqual({
      ip: '203.0.113.8',
      country_code: 'DE',
      located: true,
      sign_up_country: 'DE',
    });
    expect(await licence(t, '10.63.4.5', { host: 'internal:3000', 'x-forwarded-host': 'ee.casino.example' })).toBe(
      'EE',
    );
  });

  it('walks a chain of trusted proxies back to the first address outside the ranges', async () => {
    const chain = { 'x-forwarded-for': '198.51.100.66, 203.0.113.9, 10.63.0.5' };
    expect((await seen(t, '192.168.7.9', chain)).ip).toBe('203.0.113.9');
    // An untrusted hop in the chain: it is the visitor, whatever it says came before it.
    expect((await seen(t, '10.63.0.1', { 'x-forwarded-for': '203.0.113.10, 198.51.100.20' })).ip).toBe('198.51.100.20');
  });

  it('ignores every forwarded header from an address outside the ranges', async () => {
    const forged = {
      host: 'casino.example',
      'x-forwarded-for': '10.63.0.7, 203.0.113.12',
      'x-forwarded-host': 'ee.casino.example',
      'cf-ipcountry': 'DE',
      'x-country-code': 'EE',
    };
    for (const socket of ['203.0.113.50', '10.64.0.1', '192.168.8.1', 'fd01::1']) {
      const here = await seen(t, socket, forged);
      expect(here.ip, socket).toBe(socket);
      // Not the forged country: the offline table's (none for these addresses), else the licence's default.
      expect(here.country_code, socket).toBe('CA');
      expect(await licence(t, socket, forged), socket).toBe('CW');
    }
  });
});

describe('with TRUST_PROXY=0 (no hop trusted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '0', LICENCE_HOSTS: 'casino.example=CW,ee.casino.example=EE' });
  });
  afterAll(() => t.close());

  it('believes no forwarded header, the country included', async () => {
    const forged = {
      host: 'casino.example',
      'x-forwarded-for': '203.0.113.13',
      'x-forwarded-host': 'ee.casino.example',
      'cf-ipcountry': 'DE',
    };
    expect(await seen(t, '10.65.0.1', forged)).toEqual({
      ip: '10.65.0.1',
      country_code: 'CA',
      located: false,
      sign_up_country: 'CA',
    });
    expect(await licence(t, '10.65.0.1', forged)).toBe('CW');
  });
});

/** The address and country `/api/current_ip` answers a request from `socket` with these headers. */
async function seen(t: TestApp, socket: string, headers: Record<string, string>) {
  return currentIpResponseSchema.parse((await call(t, 'GET', '/api/current_ip', { ip: socket, headers })).json());
}

/** The licence `/api/info/project` answers a request from `socket` with these headers. */
async function licence(t: TestApp, socket: string, headers: Record<string, string>) {
  return projectInfoSchema.parse((await call(t, 'GET', '/api/info/project', { ip: socket, headers })).json()).licence;
}

/** A failed sign-in (wrong password) sent from `socket`, saying it forwards for `forwardedFor`. */
async function signInWithCaptcha(t: TestApp, email: string, socket: string, forwardedFor: string) {
  return call(t, 'POST', '/api/users/sign_in', {
    ip: socket,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: await withCaptcha(t, { user: { email, password: 'Wrong-password-1' } }),
  });
}
