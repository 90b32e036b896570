/**
 * Failed queries are logged without their parameters: a real unique violation on the players'
 * table (an address and a password hash among the parameters) goes through the app's logger.
 */
import { Writable } from 'node:stream';
import { pino, symbols } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/schema';
import { serializeError } from '../../src/platform/log';
import { createTestApp, type TestApp } from '../support/app';

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
