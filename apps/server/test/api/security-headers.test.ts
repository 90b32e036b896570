/**
 * The security headers every answer carries: nosniff, who may frame the casino, scripts from the
 * site's own files only, no Referer for addresses with a token, HSTS on https, and no storing of
 * a signed-in player's or operator's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

describe('on the demo (http, no sibling sites)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends nosniff, frame-ancestors of the site itself and a referrer policy on every answer, and no HSTS on http', async () => {
    for (const url of ['/api/info/currencies', '/api/no/such/thing', '/sandbox-psp/vouchers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(
        "frame-ancestors 'self'; base-uri 'self'; object-src 'none'; script-src 'self'",
      );
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends no Referer from an address that carries a token (reset, withdrawal link, confirmations)', async () => {
    for (const url of [
      '/users/password/edit?reset_password_token=abc',
      '/withdrawal?withdrawal_token=abc',
      '/profile/limits/confirm?token=abc',
      '/api/users/confirmation?confirmation_token=abc',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('marks every answer to a signed-in request no-store, and leaves guests alone', async () => {
    const { cookie } = await register(t, { email: 'headers@example.com' });
    for (const url of ['/api/player', '/api/info/currencies', '/api/player/accounts']) {
      const res = await call(t, 'GET', url, { cookie });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await call(t, 'GET', '/api/info/currencies')).headers['cache-control']).toBeUndefined();
  });

  it("marks every answer to a request with an operator's back-office cookie no-store", async () => {
    for (const url of ['/api/backoffice/session', '/api/backoffice/players', '/api/info/currencies']) {
      const res = await call(t, 'GET', url, { cookie: 'orbit_backoffice=some-token' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('on a real deployment (https, a sibling betting site)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DEMO: '0',
      PUBLIC_URL: 'https://casino.example',
      FRAME_ANCESTORS: 'https://bet.casino.example https://sports.casino.example:8443',
    });
  });
  afterAll(() => t.close());

  it('lets the configured siblings frame it, and sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/info/currencies' });
    expect(res.headers['content-security-policy']).toBe(
      "frame-ancestors 'self' https://bet.casino.example https://sports.casino.example:8443; base-uri 'self'; object-src 'none'; script-src 'self'",
    );
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
