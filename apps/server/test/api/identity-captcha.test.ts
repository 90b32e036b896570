import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  captchaChallengeSchema,
  captchaWorkInput,
  hasLeadingZeroBits,
  playerSettingsSchema,
  powCaptchaToken,
} from '@orbit/contracts';
import { ProofOfWorkCaptcha } from '../../src/modules/identity/captcha-pow';
import { RecaptchaCaptcha, RECAPTCHA_VERIFY_URL } from '../../src/modules/identity/captcha-recaptcha';
import { captchaSolutions, signInFailures, users } from '../../src/modules/identity/schema';
import { mailOutbox } from '../../src/platform/mail-schema';
import { FakeClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, captchaToken, register, signUpBody, solveCaptcha } from '../support/identity';

// 8 bits: a wrong nonce is easy to find (255 in 256 fail), the right one quick.
const DIFFICULTY = 8;
const MINUTE = 60_000;
const clock = new FakeClock('2026-05-01T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_DIFFICULTY: String(DIFFICULTY) }, { clock });
  await register(t, { email: 'known@example.com' });
});
afterAll(() => t.close());

const sha = (text: string) => createHash('sha256').update(text).digest();
const challenge = async () => {
  const res = await call(t, 'POST', '/api/captcha/challenge');
  expect(res.statusCode, res.body).toBe(200);
  return { res, ...captchaChallengeSchema.parse(res.json()) };
};
/** The first solution counting from `start` (base 36). */
function solveFrom(ch: string, start: number): string {
  for (let n = start; ; n++) {
    const nonce = n.toString(36);
    if (hasLeadingZeroBits(sha(captchaWorkInput(ch, nonce)), DIFFICULTY)) return powCaptchaToken(ch, nonce);
  }
}
/** A nonce whose digest misses the difficulty: a token with the wrong work. */
function wrongWork(ch: string): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (!hasLeadingZeroBits(sha(captchaWorkInput(ch, nonce)), DIFFICULTY)) return powCaptchaToken(ch, nonce);
  }
}
const count$ = async (table: typeof users | typeof signInFailures | typeof mailOutbox | typeof captchaSolutions) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** The four protected calls, each with a body that would otherwise succeed (or say nothing). */
const calls: Array<[string, string, (captcha?: string) => Record<string, unknown>]> = [
  [
    'registration',
    '/api/users',
    (captcha) => signUpBody({ email: 'new.player@example.com', ...(captcha === undefined ? {} : { captcha }) }),
  ],
  [
    'sign-in',
    '/api/users/sign_in',
    (captcha) => ({ user: { email: 'known@example.com', password: 'a wrong password', dfpc: 'fp', captcha } }),
  ],
  ['resend confirmation', '/api/users/confirmation', (captcha) => ({ user: { email: 'known@example.com', captcha } })],
  ['password reset', '/api/users/password', (captcha) => ({ user: { email: 'known@example.com', captcha } })],
];

describe('POST /api/captcha/challenge', () => {
  it('hands out a signed challenge, never cached, valid for 2 minutes', async () => {
    const { res, challenge: ch, difficulty, expires_at } = await challenge();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(difficulty).toBe(DIFFICULTY);
    expect(new Date(expires_at).getTime()).toBe(clock.now().getTime() + 2 * MINUTE);
    expect(ch).not.toContain('.');
    expect((await challenge()).challenge).not.toBe(ch);
  });

  it('needs the CSRF header like every other call', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/captcha/challenge' })).statusCode).toBe(403);
  });
});

describe.each(calls)('the captcha on %s', (_name, url, body) => {
  const refused = async (captcha: string | undefined, code: 'required' | 'invalid') => {
    const before = [await count$(users), await count$(signInFailures), await count$(mailOutbox)];
    const res = await call(t, 'POST', url, { payload: body(captcha), ip: '10.7.0.1' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ errors: { captcha: [code] } });
    expect(res.headers['set-cookie']).toBeUndefined();
    // Nothing happened: no player, no mail, and no failed sign-in counted.
    expect([await count$(users), await count$(signInFailures), await count$(mailOutbox)]).toEqual(before);
  };

  it('refuses a missing or empty token', async () => {
    await refused(undefined, 'required');
    await refused('', 'required');
  });

  it('refuses a malformed token and a forged challenge', async () => {
    await refused('ok', 'invalid');
    await refused('not-a-challenge.0', 'invalid');
    const { challenge: ch } = await challenge();
    const forged = ch.replace(/^\d+-/, '0-'); // claims difficulty 0; the signature no longer fits
    await refused(powCaptchaToken(forged, '0'), 'invalid');
    await refused(`${solveCaptcha(ch, DIFFICULTY)}!`, 'invalid');
  });

  it('refuses a token without the work', async () => {
    const { challenge: ch } = await challenge();
    await refused(wrongWork(ch), 'invalid');
  });

  it('refuses an expired token', async () => {
    const { challenge: ch, difficulty } = await challenge();
    const token = solveCaptcha(ch, difficulty);
    clock.advance(2 * MINUTE);
    await refused(token, 'invalid');
  });

  it('accepts a valid token once, and refuses it replayed', async () => {
    const token = await captchaToken(t);
    const first = await call(t, 'POST', url, { payload: body(token), ip: '10.7.0.2' });
    expect(first.json()).not.toHaveProperty('errors.captcha');
    expect([200, 201, 422]).toContain(first.statusCode); // sign-in: the wrong password is judged now
    await refused(token, 'invalid');
    // Another solution of the same challenge is a replay too.
    const ch = token.slice(0, token.lastIndexOf('.'));
    const other = solveFrom(ch, Number.parseInt(token.slice(ch.length + 1), 36) + 1);
    expect(other).not.toBe(token);
    await refused(other, 'invalid');
  });
});

describe('captcha specifics', () => {
  it('registers with a valid token', async () => {
    const res = await call(t, 'POST', '/api/users', {
      payload: signUpBody({ email: 'valid.token@example.com', captcha: await captchaToken(t) }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('signs in with a valid token; the two-factor code step needs none', async () => {
    const res = await call(t, 'POST', '/api/users/sign_in', {
      payload: { user: { email: 'known@example.com', password: PASSWORD, captcha: await captchaToken(t) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The code-only step is judged without a captcha (here: no pending sign-in).
    const otp = await call(t, 'POST', '/api/users/sign_in', { payload: { user: { otp_attempt: '123456' } } });
    expect(otp.json()).toEqual({ errors: { otp_attempt: ['expired'] } });
  });

  it('answers the same for a known and an unknown address once the captcha passes', async () => {
    for (const url of ['/api/users/confirmation', '/api/users/password']) {
      const known = await call(t, 'POST', url, {
        payload: { user: { email: 'known@example.com', captcha: await captchaToken(t) } },
      });
      const unknown = await call(t, 'POST', url, {
        payload: { user: { email: 'nobody@example.com', captcha: await captchaToken(t) } },
      });
      expect([known.statusCode, known.json()]).toEqual([200, {}]);
      expect([unknown.statusCode, unknown.json()]).toEqual([200, {}]);
    }
  });

  it('forgets spent challenges once they have expired anyway', async () => {
    await call(t, 'POST', '/api/users/password', {
      payload: { user: { email: 'sweep@example.com', captcha: await captchaToken(t) } },
    });
    expect(await count$(captchaSolutions)).toBeGreaterThan(0);
    clock.advance(3 * MINUTE);
    await call(t, 'POST', '/api/users/password', {
      payload: { user: { email: 'sweep@example.com', captcha: await captchaToken(t) } },
    });
    expect(await count$(captchaSolutions)).toBe(1); // only the one just spent
  });

  it('is accepted by every instance sharing the secret, at the difficulty it was issued with', async () => {
    const secret = 'x'.repeat(40);
    const issuer = new ProofOfWorkCaptcha(t.database.db, clock, secret, DIFFICULTY);
    const harder = new ProofOfWorkCaptcha(t.database.db, clock, secret, 20);
    const stranger = new ProofOfWorkCaptcha(t.database.db, clock, 'y'.repeat(40), DIFFICULTY);
    const meta = { ip: '10.7.0.9' };
    const first = issuer.challenge();
    expect(await harder.verify(solveCaptcha(first.challenge, first.difficulty), meta)).toBe('valid');
    const second = issuer.challenge();
    expect(await stranger.verify(solveCaptcha(second.challenge, second.difficulty), meta)).toBe('invalid');
  });
});

describe('GET /api/player/settings', () => {
  it('tells a guest to use the proof of work, and is never cached', async () => {
    const res = await call(t, 'GET', '/api/player/settings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(playerSettingsSchema.parse(res.json())).toEqual({
      recaptcha: null,
      recaptcha_version: null,
      captcha: { provider: 'pow', challenge_url: '/api/captcha/challenge' },
      // A guest's realtime block: the gateway's address, no player, no token (modules/realtime).
      cent: {
        url: expect.stringMatching(/\/connection\/websocket$/),
        user: '',
        token: '',
        timestamp: expect.any(String),
      },
    });
  });
});

describe('reCAPTCHA', () => {
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('checks the token with siteverify: success passes, failure, a low score and an error do not', async () => {
    const fetcher = vi.fn<typeof fetch>();
    const recaptcha = new RecaptchaCaptcha('the-secret', fetcher);
    fetcher.mockResolvedValueOnce(answer({ success: true, score: 0.9, action: 'auth' }));
    expect(await recaptcha.verify('tok-1', { ip: '10.1.2.3' })).toBe('valid');
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe(RECAPTCHA_VERIFY_URL);
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      secret: 'the-secret',
      response: 'tok-1',
      remoteip: '10.1.2.3',
    });

    fetcher.mockResolvedValueOnce(answer({ success: false, 'error-codes': ['invalid-input-response'] }));
    expect(await recaptcha.verify('tok-2', { ip: '10.1.2.3' })).toBe('invalid');
    fetcher.mockResolvedValueOnce(answer({ success: true, score: 0.1 }));
    expect(await recaptcha.verify('tok-3', { ip: '10.1.2.3' })).toBe('invalid');
    fetcher.mockResolvedValueOnce(answer({}, 500));
    expect(await recaptcha.verify('tok-4', { ip: '10.1.2.3' })).toBe('invalid');
    fetcher.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await recaptcha.verify('tok-5', { ip: '10.1.2.3' })).toBe('invalid');
  });

  describe('configured', () => {
    let r: TestApp;
    const fetcher = vi.fn<typeof fetch>();
    beforeAll(async () => {
      r = await createTestApp({ RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET: 'secret-456' });
      vi.stubGlobal('fetch', fetcher);
    });
    afterEach(() => fetcher.mockReset());
    afterAll(async () => {
      vi.unstubAllGlobals();
      await r.close();
    });

    it('announces the site key to guests and hands out no proof-of-work challenge', async () => {
      const res = await call(r, 'GET', '/api/player/settings');
      expect(playerSettingsSchema.parse(res.json())).toEqual({
        recaptcha: 'site-key-123',
        recaptcha_version: 'v3',
        captcha: { provider: 'recaptcha', challenge_url: null },
        cent: expect.objectContaining({ user: '', token: '' }),
      });
      expect((await call(r, 'POST', '/api/captcha/challenge')).statusCode).toBe(404);
    });

    it('lets a call through on siteverify success and refuses it on failure or a network error', async () => {
      fetcher.mockResolvedValueOnce(answer({ success: true, score: 0.7 }));
      const ok = await call(r, 'POST', '/api/users/password', {
        payload: { user: { email: 'x@example.com', captcha: 'google-token' } },
      });
      expect(ok.statusCode).toBe(200);
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(new URLSearchParams(String(fetcher.mock.calls[0]![1]?.body)).get('secret')).toBe('secret-456');

      fetcher.mockResolvedValueOnce(answer({ success: false }));
      const bad = await call(r, 'POST', '/api/users/password', {
        payload: { user: { email: 'x@example.com', captcha: 'google-token' } },
      });
      expect(bad.json()).toEqual({ errors: { captcha: ['invalid'] } });

      fetcher.mockRejectedValueOnce(new TypeError('fetch failed'));
      const down = await call(r, 'POST', '/api/users/sign_in', {
        payload: { user: { email: 'x@example.com', password: 'whatever1', captcha: 'google-token' } },
      });
      expect(down.json()).toEqual({ errors: { captcha: ['invalid'] } });

      const missing = await call(r, 'POST', '/api/users/sign_in', {
        payload: { user: { email: 'x@example.com', password: 'whatever1' } },
      });
      expect(missing.json()).toEqual({ errors: { captcha: ['required'] } });
    });
  });

  it('refuses a configuration with only one of the two keys', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'only-the-site-key' })).toThrow(
      /RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET/,
    );
  });
});
