import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/platform/mail-schema';
import { createTestApp, type TestApp } from '../support/app';
import { register } from '../support/identity';
import { startFakeSmtp, type FakeSmtp } from '../support/smtp';

let smtp: FakeSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Orbit <mail@casino.example>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail with SMTP_URL set', () => {
  it('sends the confirmation mail after the commit and marks it sent in the outbox', async () => {
    await register(t, { email: 'smtp.player@example.com' });
    // Delivery runs after the answer; wait for it (bounded), not for a fixed time.
    const deadline = Date.now() + 10_000;
    let sentAt: Date | null = null;
    while (Date.now() < deadline) {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp.player@example.com'));
      sentAt = row?.sentAt ?? null;
      if (sentAt) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sentAt).not.toBeNull();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('To: smtp.player@example.com');
    expect(smtp.messages[0]).toContain('From: Orbit <mail@casino.example>');
    expect(smtp.messages[0]).toContain('Subject: Confirm your email address');
    expect(smtp.messages[0]).toContain('confirmation_token=');
  });
});
