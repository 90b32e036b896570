import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaWorkInput, hasLeadingZeroBits, type CaptchaChallenge, type PlayerSettings } from '@orbit/contracts';
import {
  CAPTCHA_MAX_ATTEMPTS,
  CAPTCHA_RETRY_MS,
  createCaptcha,
  solveChallenge,
  type CaptchaDeps,
} from '../../app/lib/captcha';

/** The server's check (identity/captcha-pow.ts): node's sha256 of `<challenge>:<nonce>`, leading zero bits. */
function serverAccepts(token: string, difficulty: number): boolean {
  const dot = token.lastIndexOf('.');
  const digest = createHash('sha256')
    .update(captchaWorkInput(token.slice(0, dot), token.slice(dot + 1)))
    .digest();
  return /^[0-9a-z]{1,32}$/.test(token.slice(dot + 1)) && hasLeadingZeroBits(digest, difficulty);
}

const CHALLENGE = '12-1790000000000-0123456789abcdef0123456789abcdef-' + 'ab'.repeat(32);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const powSettings: PlayerSettings = {
  recaptcha: null,
  recaptcha_version: null,
  captcha: { provider: 'pow', challenge_url: '/api/captcha/challenge' },
  cent: null,
};
const challengeAnswer = (difficulty = 8): CaptchaChallenge => ({
  challenge: CHALLENGE,
  difficulty,
  expires_at: '2999-01-01T00:00:00Z',
});

describe('leading zero bits (the shared rule)', () => {
  it('counts whole bytes and the top bits of the next', () => {
    expect(hasLeadingZeroBits(new Uint8Array([0, 0, 0x0f]), 20)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0, 0x1f]), 20)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x80]), 8)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x80]), 9)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0xff]), 0)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0]), 9)).toBe(false);
  });
});

describe('solveChallenge', () => {
  it('finds a nonce the server accepts, at the asked difficulty and not by luck', async () => {
    const token = await solveChallenge(CHALLENGE, 12);
    expect(token.startsWith(`${CHALLENGE}.`)).toBe(true);
    expect(serverAccepts(token, 12)).toBe(true);
    // The first nonce that passes: every smaller one fails.
    const found = Number.parseInt(token.slice(CHALLENGE.length + 1), 36);
    for (let n = 0; n < found; n++) expect(serverAccepts(`${CHALLENGE}.${n.toString(36)}`, 12)).toBe(false);
  });

  it('yields to the page between slices and gives up once the challenge has expired', async () => {
    const yieldToPage = vi.fn(() => Promise.resolve());
    await solveChallenge(CHALLENGE, 16, { yieldToPage });
    expect(yieldToPage).toHaveBeenCalled();
    await expect(solveChallenge(CHALLENGE, 30, { yieldToPage, deadline: 1000, now: () => 2000 })).rejects.toThrow(
      /expired/,
    );
  });
});

describe('captchaToken', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const deps = (fetch: CaptchaDeps['fetch'], extra: Partial<CaptchaDeps> = {}): CaptchaDeps => ({
    fetch,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    yieldToPage: () => Promise.resolve(),
    loadRecaptcha: () => Promise.reject(new Error('not here')),
    now: () => 0,
    ...extra,
  });

  it('reads the settings once per page, asks a new challenge for every token, and solves it', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) =>
      String(input) === '/api/player/settings' ? json(powSettings) : json(challengeAnswer(8)),
    );
    const token = createCaptcha(deps(fetch));
    const first = await token();
    expect(first && serverAccepts(first, 8)).toBe(true);
    await token();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/player/settings',
      '/api/captcha/challenge',
      '/api/captcha/challenge',
    ]);
    const init = fetch.mock.calls[1]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('retries every 500 ms while it has no token, and succeeds when the server comes back', async () => {
    let failures = 3;
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      if (String(input) === '/api/player/settings') return failures-- > 0 ? json({}, 503) : json(powSettings);
      return json(challengeAnswer(4));
    });
    const pending = createCaptcha(deps(fetch))();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CAPTCHA_RETRY_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1); // not before 500 ms
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * CAPTCHA_RETRY_MS);
    const token = await pending;
    expect(token && serverAccepts(token, 4)).toBe(true);
  });

  it('answers undefined after 5 attempts', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('offline');
    });
    const pending = createCaptcha(deps(fetch))();
    await vi.advanceTimersByTimeAsync(10 * CAPTCHA_RETRY_MS);
    await expect(pending).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(CAPTCHA_MAX_ATTEMPTS);
  });

  it('uses reCAPTCHA v3 with the site key when the settings carry one', async () => {
    const settings: PlayerSettings = {
      recaptcha: 'site-key',
      recaptcha_version: 'v3',
      captcha: { provider: 'recaptcha', challenge_url: null },
      cent: null,
    };
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(settings));
    const execute = vi.fn(async () => 'google-token');
    const loadRecaptcha = vi.fn(async () => ({ ready: (cb: () => void) => cb(), execute }));
    await expect(createCaptcha(deps(fetch, { loadRecaptcha }))()).resolves.toBe('google-token');
    expect(loadRecaptcha).toHaveBeenCalledWith('site-key');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'auth' });
    expect(fetch).toHaveBeenCalledTimes(1); // no proof-of-work challenge
  });

  it('sends no captcha, at once and without retrying, when the operator runs without one', async () => {
    const settings: PlayerSettings = {
      recaptcha: null,
      recaptcha_version: null,
      captcha: { provider: 'off', challenge_url: null },
      cent: null,
    };
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(settings));
    const sleep = vi.fn(async () => undefined);
    await expect(createCaptcha(deps(fetch, { sleep }))()).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});
