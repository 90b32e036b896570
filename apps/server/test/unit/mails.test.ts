import { describe, expect, it } from 'vitest';
import {
  confirmationMail,
  passwordChangedMail,
  passwordResetMail,
  withdrawalMail,
} from '../../src/modules/identity/mails';
import { limitChangeMail } from '../../src/modules/limits/mails';
import type { Mail } from '../../src/platform/mail';
import {
  MAIL_LOCALES,
  html,
  localePath,
  mailLocale,
  renderMail,
  type MailLocale,
  type MailRecipient,
} from '../../src/platform/mail-layout';

const HOSTILE = 'Eve"><img src=x onerror=alert(1)>';
const BASE = 'https://casino.example';
const link = (path: string) => (token: string, locale: MailLocale) =>
  `${BASE}${localePath(locale, path)}?token=${encodeURIComponent(token)}`;
const at = new Date('2026-11-29T14:05:00Z');

const limit = {
  id: 1,
  userId: 1,
  type: 'deposit' as const,
  period: 'day',
  minutes: null,
  createdAt: at,
  endsAt: null,
  removedAt: null,
};
const raise = {
  id: 1,
  limitId: 1,
  userId: 1,
  action: 'raise' as const,
  currency: 'EUR',
  amount: 50_000,
  requestedAt: at,
  confirmableAt: at,
  tokenHash: null,
  mailedAt: at,
  confirmUntil: new Date('2026-12-06T14:05:00Z'),
  confirmedAt: null,
  canceledAt: null,
  expiredAt: null,
};

/** Every kind of mail the casino sends, for one recipient. */
const KINDS: Record<string, (r: MailRecipient) => Mail> = {
  confirmation: (r) => confirmationMail(r, link('/confirmation'), 'tok-1'),
  'password reset': (r) => passwordResetMail(r, link('/users/password/edit'), 'tok-1'),
  'password changed': (r) => passwordChangedMail(r, at, `${BASE}/support`),
  withdrawal: (r) => withdrawalMail(r, link('/withdrawal'), 'tok-1'),
  'limit change': (r) => limitChangeMail(r, limit, raise, link('/profile/limits/confirm'), 'tok-1', () => 100),
};

describe.each(Object.entries(KINDS))('the %s mail', (_kind, make) => {
  it('escapes a hostile name in its HTML and has a plain-text part with the link', () => {
    const mail = make({ email: 'eve@example.com', language: 'en', firstName: HOSTILE, nickname: null });
    expect(mail.to).toBe('eve@example.com');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Eve&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
    // The text part is plain text: the name as written, no markup, and the link on its own line.
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text.replace(HOSTILE, '')).not.toMatch(/<[a-z]/i);
    const url = /https:\/\/casino\.example\/\S+/.exec(mail.text)?.[0];
    expect(url).toBeDefined();
    expect(mail.html).toContain(`href="${url!.replace(/&/g, '&#38;')}"`);
    expect(mail.html).toContain('Orbit');
    expect(mail.html).toContain('#ffc24b');
  });

  it('is written in the player’s language, with links to that language’s pages', () => {
    const english = make({ email: 'a@example.com', language: 'en', nickname: 'Ann' });
    for (const language of ['de', 'et', 'fr-CA', 'it', 'no'] as const) {
      const mail = make({ email: 'a@example.com', language, nickname: 'Ann' });
      expect(mail.subject, language).not.toBe(english.subject);
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (!mail.text.includes('/support')) expect(mail.text).toContain(`${BASE}/${language}/`);
    }
    for (const language of ['en-AU', 'en-CA', 'en-KW', 'en-NZ'] as const) {
      expect(make({ email: 'a@example.com', language, nickname: 'Ann' }).subject).toBe(english.subject);
    }
  });
});

describe('the mail layout', () => {
  it('greets without a name that reads like an address, which mail programs would turn into a link', () => {
    const mail = confirmationMail(
      { email: 'a@example.com', language: 'en', firstName: null, nickname: 'www.evil.com' },
      link('/confirmation'),
      't',
    );
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
    expect(mail.text).toContain('Hello,');
  });

  it('links only to http(s) addresses', () => {
    const content = { subject: 's', heading: 'h', paragraphs: [], action: { label: 'go', url: 'javascript:alert(1)' } };
    expect(() => renderMail({ email: 'a@example.com', language: 'en' }, 'en', content)).toThrow();
  });

  it('escapes every value of its template, and keeps what it made itself', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${'&'}${"'"}</p>`.value).toBe('<p><b>&#60;i&#62;</b>&#38;&#39;</p>');
  });

  it('picks the player’s locale, else its language, else English', () => {
    expect(mailLocale('de')).toBe('de');
    expect(mailLocale('FR-ca')).toBe('fr-CA');
    expect(mailLocale('de-AT')).toBe('de');
    expect(mailLocale('nb')).toBe('no');
    expect(mailLocale('pt-BR')).toBe('en');
    expect(mailLocale(null)).toBe('en');
    expect(MAIL_LOCALES).toHaveLength(10);
  });

  it('writes money and dates the player’s way in the limit mail', () => {
    const de = limitChangeMail(
      { email: 'a@example.com', language: 'de', timeZone: 'Europe/Berlin' },
      limit,
      raise,
      link('/profile/limits/confirm'),
      't',
      () => 100,
    );
    expect(de.text).toContain('Einzahlungslimit (pro Tag) auf 500,00\u00a0€ zu erhöhen');
    expect(de.text).toContain('6. Dezember 2026');
    expect(de.text).toContain('15:05');
  });
});
