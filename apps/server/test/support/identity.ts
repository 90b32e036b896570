/** Helpers for the identity API tests: requests as the page sends them, cookies, a registered player. */
import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { captchaChallengeSchema, captchaWorkInput, hasLeadingZeroBits, powCaptchaToken } from '@orbit/contracts';
import type { TestApp } from './app';

export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;
export const PASSWORD = 'Correct-Horse-42';

type Call = {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
  payload?: unknown;
};

/** A request as the page makes it: X-Requested-With on every call, the session cookie if given. */
export function call(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  c: Call = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: c.ip ?? '127.0.0.1',
    headers: { ...XHR, ...(c.cookie ? { cookie: c.cookie } : {}), ...c.headers },
    ...(c.payload !== undefined ? { payload: c.payload as InjectOptions['payload'] } : {}),
  } as InjectOptions);
}

/** The `orbit_session=...` pair a response set, to send back as the Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((l) => l.startsWith('orbit_session='));
  expect(line, 'a session cookie').toBeDefined();
  return line!.split(';')[0]!;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    user: {
      email: 'Player.One@Example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      currency: 'EUR',
      country: 'DE',
      terms_acceptance: true,
      receive_promos: true,
      receive_sms_promos: false,
      nickname: 'Lucky Ace',
      dfpc: 'fp-1',
      ...overrides,
    },
  };
}

/** Finds the nonce for a proof-of-work challenge, as the page's solver does (base-36 counter). */
export function solveCaptcha(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (hasLeadingZeroBits(createHash('sha256').update(captchaWorkInput(challenge, nonce)).digest(), difficulty))
      return powCaptchaToken(challenge, nonce);
  }
}

/** A fresh captcha token: a challenge from the server, solved (tests run with a low difficulty). */
export async function captchaToken(t: TestApp): Promise<string> {
  const res = await call(t, 'POST', '/api/captcha/challenge');
  expect(res.statusCode, res.body).toBe(200);
  const { challenge, difficulty } = captchaChallengeSchema.parse(res.json());
  return solveCaptcha(challenge, difficulty);
}

/** A `{user: {...}}` body with a fresh captcha token added, as the page sends it. */
export async function withCaptcha<T extends { user: Record<string, unknown> }>(t: TestApp, body: T): Promise<T> {
  return { ...body, user: { ...body.user, captcha: await captchaToken(t) } };
}

/** Registers a player; answers the cookie and the player. */
export async function register(t: TestApp, overrides: Record<string, unknown> = {}, ip = '10.0.0.1') {
  const res = await call(t, 'POST', '/api/users', { payload: await withCaptcha(t, signUpBody(overrides)), ip });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie: sessionCookieOf(res), player: res.json() as { id: number; email: string } };
}

export async function signIn(t: TestApp, email: string, password: string, ip = '10.0.0.2') {
  return call(t, 'POST', '/api/users/sign_in', {
    payload: { user: { email, password, dfpc: 'fp', captcha: await captchaToken(t) } },
    ip,
  });
}

/** The newest mail to an address, through the development mailbox. */
export async function lastMailTo(t: TestApp, to: string): Promise<{ subject: string; text: string; html: string }> {
  // Mails asked for by address (reset, confirmation resend) are made by outbox handlers.
  await t.app.orbitOutbox.drain();
  const res = await call(t, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.statusCode).toBe(200);
  const mails = res.json() as Array<{ subject: string; text: string; html: string }>;
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

export function tokenIn(text: string, param: string): string {
  const m = new RegExp(`[?&]${param}=([A-Za-z0-9_%-]+)`).exec(text);
  expect(m, `${param} in the mail`).not.toBeNull();
  return decodeURIComponent(m![1]!);
}
