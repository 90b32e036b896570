/**
 * Failed queries are logged without their parameters: a real unique violation on the players'
 * table (an address and a password hash among the parameters) goes through the app's logger.
 * Requests are logged without the secrets of their query: the one-time tokens of mailed links
 * (a password reset's token read from a log set a new password and signed in).
 */
import { Writable } from 'node:stream';
import { pino, symbols } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/schema';
import { MASKED, maskedUrl, serializeError, serializeRequest } from '../../src/platform/log';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, lastMailTo, register, signIn, tokenIn, withCaptcha } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('logs a failed query with its code, constraint and table, never its parameters or the database detail', async () => {
  const row = {
    email: 'secret.player@example.com',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2g',
    currency: 'EUR',
    country: 'DE',
    createdAt: new Date(),
  };
  await t.database.db.insert(users).values(row);
  const error = await t.database.db
    .insert(users)
    .values(row)
    .then(
      () => undefined,
      (e: unknown) => e as Error,
    );
  expect(error).toBeInstanceOf(Error);

  // The app's logger uses this serializer for `err`.
  const serializers = (t.app.log as unknown as Record<symbol, Record<string, unknown>>)[symbols.serializersSym];
  expect(serializers?.err).toBe(serializeError);
  const lines: string[] = [];
  const log = pino(
    { serializers: { err: serializeError } },
    new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
  );
  log.error({ err: error }, 'unhandled error');
  const logged = lines.join('');
  expect(logged).not.toContain('secret.player');
  expect(logged).not.toContain('c2VjcmV0');
  expect(logged).not.toContain('argon2id');
  const entry = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
  expect(entry.err).toMatchObject({ type: 'DatabaseError', code: '23505', table: 'users' });
  expect(String(entry.err.constraint)).toMatch(/email/);
  expect(String(entry.err.query)).toMatch(/^insert into "users"/);
  expect(String(entry.err.stack)).toMatch(/^\s+at /);
});

it('logs other errors as they are', () => {
  const logged = serializeError(new TypeError('boom'));
  expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
});

describe('request log lines', () => {
  let logged: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) },
    );
  });
  afterAll(() => logged.close());

  /** The `url` of each request line logged since `from`. */
  const urlsLogged = (from: number) =>
    lines
      .slice(from)
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it("never hold a password reset link's token, nor a confirmation's; the link still works", async () => {
    // The app's logger uses this serializer for `req`, and requests are logged.
    const serializers = (logged.app.log as unknown as Record<symbol, Record<string, unknown>>)[symbols.serializersSym];
    expect(serializers?.req).toBe(serializeRequest);
    await register(logged, { email: 'reset.me@example.com' }, '10.95.0.1');
    const confirmation = tokenIn((await lastMailTo(logged, 'reset.me@example.com')).text, 'confirmation_token');
    const ask = await call(logged, 'POST', '/api/users/password', {
      payload: await withCaptcha(logged, { user: { email: 'reset.me@example.com' } }),
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const mail = await lastMailTo(logged, 'reset.me@example.com');
    const link = new URL(/https?:\/\/\S+reset_password_token=\S+/.exec(mail.text)![0]);
    const token = tokenIn(mail.text, 'reset_password_token');
    const from = lines.length;

    // The player opens the link (the page), and the query is sent again in other spellings.
    await call(logged, 'GET', link.pathname + link.search);
    await call(logged, 'GET', `/users/password/edit?Reset%5FPassword%5FToken=${encodeURIComponent(token)}&x=1`);
    await call(
      logged,
      'GET',
      `/users/password/edit?lang=en&reset_password_token=${token}&reset_password_token=${token}`,
    );
    await call(logged, 'GET', `/users/password/edit?user%5Breset_password_token%5D=${token}`);
    await call(logged, 'GET', `/api/users/confirmation?confirmation_token=${encodeURIComponent(confirmation)}`);
    await call(logged, 'GET', `/api/cashbox/withdrawal?withdrawal_token=${encodeURIComponent(token)}`);
    await call(logged, 'GET', `/profile/limits/confirm?token=${encodeURIComponent(token)}`);

    const urls = urlsLogged(from);
    expect(urls).toHaveLength(7);
    const text = lines.slice(from).join('');
    for (const secret of [token, encodeURIComponent(token), confirmation]) expect(text).not.toContain(secret);
    expect(urls[0]).toBe(`${link.pathname}?reset_password_token=${MASKED}`);
    expect(urls[2]).toBe(`/users/password/edit?lang=en&reset_password_token=${MASKED}&reset_password_token=${MASKED}`);
    expect(urls[4]).toBe(`/api/users/confirmation?confirmation_token=${MASKED}`);

    // What the log kept opens nothing; the link itself still sets a new password.
    const fromLog = await call(logged, 'PUT', '/api/users/password', {
      payload: {
        user: {
          reset_password_token: MASKED,
          password: 'Brand-New-Secret-7',
          password_confirmation: 'Brand-New-Secret-7',
        },
      },
    });
    expect(fromLog.statusCode).toBe(422);
    const change = await call(logged, 'PUT', '/api/users/password', {
      payload: {
        user: {
          reset_password_token: token,
          password: 'Brand-New-Secret-7',
          password_confirmation: 'Brand-New-Secret-7',
        },
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await signIn(logged, 'reset.me@example.com', PASSWORD)).statusCode).toBe(422);
  });
});

it('masks secret query values by name, whatever their spelling, and nothing else', () => {
  expect(maskedUrl('/withdrawal?withdrawal_token=abc&lang=de')).toBe(`/withdrawal?withdrawal_token=${MASKED}&lang=de`);
  expect(maskedUrl('/x?TOKEN=a&%74oken=b&t%256Fken=c&launch_token=d&mode=real')).toBe(
    `/x?TOKEN=${MASKED}&%74oken=${MASKED}&t%256Fken=${MASKED}&launch_token=${MASKED}&mode=real`,
  );
  expect(maskedUrl('/cb?code=abc&country_code=DE&secret=s&otp_attempt=1')).toBe(
    `/cb?code=${MASKED}&country_code=DE&secret=${MASKED}&otp_attempt=${MASKED}`,
  );
  expect(maskedUrl('/api/tournaments/1/status')).toBe('/api/tournaments/1/status');
  expect(maskedUrl('/x?token&y=%E0%A4%A')).toBe('/x?token&y=%E0%A4%A');
});
