/**
 * `/support` (route supportPage; docs/rules/page-shell.md "Support chat"): the way to the chat
 * and the contact form. The form (`POST /api/send_contact_message`) is checked with the
 * contract's rules first (the server's codes), then the server's 422 codes land on their fields;
 * a 429 says to wait (a few messages an hour per address); sent, it says the answer comes by
 * mail. Server-rendered like any public page: the form is uncontrolled (read on submit) and its
 * button waits for the page to be interactive, so the browser never sends it by itself.
 */
import { contactMessageRequestSchema, type ContactMessageRequest } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { check, Field, Notice, TextAreaField, useForm, type FieldErrors } from '../../ui/form';
import './contact.css';

type ContactValues = { name: string; email: string; subject: string; message: string };

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const rules = contactMessageRequestSchema.shape;

/** The contract's rules, field by field (the subject may stay empty). */
export function checkContact(values: ContactValues): FieldErrors {
  return {
    name: check(rules.name, values.name),
    email: check(rules.email, values.email),
    subject: check(rules.subject, values.subject, false),
    message: check(rules.message, values.message),
  };
}

export function SupportPage() {
  const { t } = useI18n();
  return (
    <div className="page support-page">
      <h1>{t('support.page.title')}</h1>
      <p className="support-page__intro">{t('support.page.intro')}</p>
      <section className="support-page__chat" aria-labelledby="support-chat-heading">
        <h2 id="support-chat-heading">{t('support.page.chatTitle')}</h2>
        <p>{t('support.page.chatText')}</p>
        {/* The chat's address (`#support`, handled by the shell's SupportHost): a link that works before the page is interactive. */}
        <Link
          to={{ hash: 'support' }}
          className="button button--primary"
          preventScrollReset
          data-testid="support-page-chat"
        >
          {t('support.page.openChat')}
        </Link>
      </section>
      <section className="support-page__contact" aria-labelledby="support-contact-heading">
        <h2 id="support-contact-heading">{t('support.page.contactTitle')}</h2>
        <p>{t('support.page.contactText')}</p>
        <ContactForm />
      </section>
    </div>
  );
}

function ContactForm() {
  const { t } = useI18n();
  const { errors, busy, submit } = useForm<ContactValues>(EMPTY, { readForm: true, report: 'contact' });
  const [sent, setSent] = useState(false);
  // Disabled until the page is interactive (see above).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (sent) {
    return (
      <div className="support-page__sent">
        <Notice kind="info">
          <span data-testid="contact-sent">{t('support.page.sent')}</span>
        </Notice>
        <button type="button" className="button button--secondary" onClick={() => setSent(false)}>
          {t('support.page.another')}
        </button>
      </div>
    );
  }
  const send = async (values: ContactValues) => {
    const request: ContactMessageRequest = values;
    await browserApi().post<unknown>('/api/send_contact_message', request);
    setSent(true);
  };
  const base = Object.entries(errors).find(([field, code]) => code && !(FIELDS as readonly string[]).includes(field));
  return (
    <form className="support-page__form" onSubmit={submit(checkContact, send)} noValidate data-testid="contact-form">
      <Field name="name" label={t('support.page.name')} autoComplete="name" error={errors.name} />
      <Field name="email" label={t('support.page.email')} type="email" autoComplete="email" error={errors.email} />
      <Field name="subject" label={t('support.page.subject')} error={errors.subject} />
      <TextAreaField name="message" label={t('support.page.message')} rows={6} error={errors.message} />
      {base ? (
        <Notice kind="error">
          {base[1] === 'too_many_requests'
            ? t('support.page.tooMany')
            : t(`errors.${base[1]}`, undefined, t('errors.unknown'))}
        </Notice>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy || !ready} aria-busy={busy}>
        {busy ? t('support.page.sending') : t('support.page.send')}
      </button>
    </form>
  );
}
