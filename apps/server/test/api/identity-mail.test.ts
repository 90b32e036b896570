import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailboxResponseSchema, playerSchema } from '@orbit/contracts';
import { mailOutbox } from '../../src/platform/mail-schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, lastMailTo, register, signIn, tokenIn, withCaptcha } from '../support/identity';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = new FakeClock('2026-04-01T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // Mailed links carry the public address; the mails are read through the demo's mailbox (a public demo).
  t = await createTestApp({ PUBLIC_URL: 'https://casino.example', DEMO_FORCE: '1' }, { clock });
});
afterAll(() => t.close());

const me = async (cookie: string) => call(t, 'GET', '/api/player', { cookie });
const confirm = (token: string) =>
  call(t, 'GET', `/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`);
/** The mails made so far: the ones asked for by address are made by outbox handlers, delivered first. */
const mails = async () => {
  await t.app.orbitOutbox.drain();
  return (await t.database.db.select({ n: count() }).from(mailOutbox))[0]!.n;
};

describe('GET /api/dev/mailbox', () => {
  it('lists the latest mails, filtered by recipient, with the confirmation link on the public address', async () => {
    await register(t, { email: 'carol@example.com' });
    await register(t, { email: 'dave@example.com' });
    const all = devMailboxResponseSchema.parse((await call(t, 'GET', '/api/dev/mailbox')).json());
    expect(all.map((m) => m.to).slice(0, 2)).toEqual(['dave@example.com', 'carol@example.com']);
    const carol = devMailboxResponseSchema.parse(
      (await call(t, 'GET', '/api/dev/mailbox?to=Carol@Example.com')).json(),
    );
    expect(carol).toHaveLength(1);
    expect(carol[0]!.text).toMatch(/https:\/\/casino\.example\/confirmation\?confirmation_token=[A-Za-z0-9_-]{43}/);
    expect(carol[0]!.created_at).toBe(clock.now().toISOString());
  });
});

describe('GET /api/users/confirmation', () => {
  it('confirms once; the same token is refused afterwards', async () => {
    const { cookie } = await register(t, { email: 'erin@example.com' });
    const token = tokenIn((await lastMailTo(t, 'erin@example.com')).text, 'confirmation_token');
    clock.advance(10 * MINUTE);
    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(playerSchema.parse((await me(cookie)).json()).confirmed_at).toBe(clock.now().toISOString());
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { confirmation_token: ['invalid'] } });
  });

  it('refuses an expired token (24 hours), an unknown one and none', async () => {
    await register(t, { email: 'frank@example.com' });
    const token = tokenIn((await lastMailTo(t, 'frank@example.com')).text, 'confirmation_token');
    clock.advance(24 * HOUR);
    for (const res of [
      await confirm(token),
      await confirm('not-a-token'),
      await call(t, 'GET', '/api/users/confirmation'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { confirmation_token: ['invalid'] } });
    }
  });
});

describe('POST /api/users/confirmation', () => {
  it('mails a new link to an unconfirmed player, and answers the same for anyone else', async () => {
    const { cookie } = await register(t, { email: 'gina@example.com' });
    const first = tokenIn((await lastMailTo(t, 'gina@example.com')).text, 'confirmation_token');
    clock.advance(MINUTE);
    const resend = await call(t, 'POST', '/api/users/confirmation', {
      payload: await withCaptcha(t, { user: { email: 'GINA@example.com' } }),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({});
    const second = tokenIn((await lastMailTo(t, 'gina@example.com')).text, 'confirmation_token');
    expect(second).not.toBe(first);
    expect((await confirm(second)).statusCode).toBe(200);
    expect(playerSchema.parse((await me(cookie)).json()).confirmed_at).not.toBeNull();

    const before = await mails();
    for (const email of ['gina@example.com', 'unknown@example.com']) {
      const res = await call(t, 'POST', '/api/users/confirmation', {
        payload: await withCaptcha(t, { user: { email } }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
    expect(await mails()).toBe(before); // confirmed already / not registered: no mail
  });
});

describe('password reset', () => {
  it('mails a link, sets the new password, ends every session', async () => {
    const { cookie } = await register(t, { email: 'hank@example.com' });
    const other = await signIn(t, 'hank@example.com', PASSWORD);
    expect(other.statusCode).toBe(200);

    const ask = await call(t, 'POST', '/api/users/password', {
      payload: await withCaptcha(t, { user: { email: 'Hank@example.com' } }),
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toEqual({});
    const mail = await lastMailTo(t, 'hank@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('https://casino.example/users/password/edit?reset_password_token=');
    const token = tokenIn(mail.text, 'reset_password_token');

    const change = await call(t, 'PUT', '/api/users/password', {
      payload: {
        user: {
          reset_password_token: token,
          password: 'Brand-New-Secret-7',
          password_confirmation: 'Brand-New-Secret-7',
        },
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.headers['set-cookie']!.toString().split(';')[0]!)).statusCode).toBe(401);
    expect((await signIn(t, 'hank@example.com', PASSWORD)).statusCode).toBe(422);
    expect((await signIn(t, 'hank@example.com', 'Brand-New-Secret-7')).statusCode).toBe(200);

    // Single use.
    const reuse = await call(t, 'PUT', '/api/users/password', {
      payload: { user: { reset_password_token: token, password: 'Yet-Another-Secret-9' } },
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
  });

  it('mails one link per minute however often asked, answering the same', async () => {
    await register(t, { email: 'kate@example.com' });
    const before = await mails();
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'POST', '/api/users/password', {
        payload: await withCaptcha(t, { user: { email: 'kate@example.com' } }),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mails()).toBe(before + 1);
    clock.advance(MINUTE);
    await call(t, 'POST', '/api/users/password', {
      payload: await withCaptcha(t, { user: { email: 'kate@example.com' } }),
    });
    expect(await mails()).toBe(before + 2);
    // The same for confirmation links: the registration mail was sent a minute ago.
    await call(t, 'POST', '/api/users/confirmation', {
      payload: await withCaptcha(t, { user: { email: 'kate@example.com' } }),
    });
    await call(t, 'POST', '/api/users/confirmation', {
      payload: await withCaptcha(t, { user: { email: 'kate@example.com' } }),
    });
    expect(await mails()).toBe(before + 3);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const before = await mails();
    const res = await call(t, 'POST', '/api/users/password', {
      payload: await withCaptcha(t, { user: { email: 'nobody@example.com' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await mails()).toBe(before);
  });

  it('refuses an expired token (1 hour) and a weak or mismatched password', async () => {
    await register(t, { email: 'iris@example.com' });
    await call(t, 'POST', '/api/users/password', {
      payload: await withCaptcha(t, { user: { email: 'iris@example.com' } }),
    });
    const token = tokenIn((await lastMailTo(t, 'iris@example.com')).text, 'reset_password_token');

    const weak = await call(t, 'PUT', '/api/users/password', {
      payload: { user: { reset_password_token: token, password: 'password1' } },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({ errors: { password: ['too_common'] } });
    const mismatch = await call(t, 'PUT', '/api/users/password', {
      payload: { user: { reset_password_token: token, password: 'Good-Long-One-8', password_confirmation: 'another' } },
    });
    expect(mismatch.json()).toEqual({ errors: { password_confirmation: ['does_not_match'] } });

    clock.advance(HOUR);
    const expired = await call(t, 'PUT', '/api/users/password', {
      payload: { user: { reset_password_token: token, password: 'Good-Long-One-8' } },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
    expect((await signIn(t, 'iris@example.com', PASSWORD)).statusCode).toBe(200); // unchanged
  });

  it('does not accept a confirmation token as a reset token', async () => {
    await register(t, { email: 'jack@example.com' });
    const token = tokenIn((await lastMailTo(t, 'jack@example.com')).text, 'confirmation_token');
    const res = await call(t, 'PUT', '/api/users/password', {
      payload: { user: { reset_password_token: token, password: 'Good-Long-One-8' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
  });
});
