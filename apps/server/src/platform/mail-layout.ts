/**
 * The casino's mail layout: every mail a player gets is one branded HTML page and its plain-text
 * twin, in the player's language (docs/identity.md "Mails"). Modules write their mail's words
 * (subject, heading, paragraphs, one button); this file owns the frame, the escaping and the
 * shared sentences (greeting, link fallback, footer).
 *
 * Safety: every value that reaches the HTML goes through `html` (a tagged template that escapes
 * whatever it is given unless it is already `SafeHtml`), so a nickname cannot open a tag or an
 * attribute. The button's target must be an http(s) address; callers build it from the casino's
 * configured public address, never from a request header or from what a player typed.
 */
import type { Mail } from './mail';

/** The site's locales, which every mail is written in (the page's list: en first, the default). */
export const MAIL_LOCALES = ['en', 'de', 'en-AU', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** The languages mails are written in; the English locales share English words (dates differ). */
export type MailLanguage = 'en' | 'de' | 'et' | 'fr' | 'it' | 'no';

/** The casino's name and theme colours (as the pages' theme tokens draw them). */
export const BRAND = {
  name: 'Orbit',
  background: '#0b1020',
  surface: '#151d33',
  border: '#27324f',
  text: '#e8ecf6',
  muted: '#9aa4bf',
  accent: '#ffc24b',
  onAccent: '#1d1300',
} as const;

/**
 * The locale a player's mails are written in: their `language` as stored (case-insensitive), else
 * its language part (`de-AT` → de, `nb` → no), else English.
 */
export function mailLocale(language: string | null | undefined): MailLocale {
  const wanted = (language ?? '').trim().toLowerCase();
  const exact = MAIL_LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split(/[-_]/)[0];
  if (base === 'nb' || base === 'nn') return 'no';
  return MAIL_LOCALES.find((l) => l === base) ?? 'en';
}

/** The language of a locale's words. */
export function mailLanguage(locale: MailLocale): MailLanguage {
  if (locale.startsWith('en')) return 'en';
  if (locale === 'fr-CA') return 'fr';
  return locale as MailLanguage;
}

/** The page path of a locale: English unprefixed, every other locale under `/<code>` (as the site routes them). */
export function localePath(locale: MailLocale, path: string): string {
  return locale === 'en' ? path : `/${locale}${path}`;
}

/** A moment as the player's language writes it, in their time zone (UTC when unknown or invalid). */
export function mailDateTime(at: Date, locale: MailLocale, timeZone?: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || 'UTC' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  }
}

// ---- escaping -------------------------------------------------------------------------------------

/** HTML that is already safe: made only by `html` (or `escapeHtml`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Escapes text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): SafeHtml {
  return new SafeHtml(text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`));
}

type HtmlValue = string | number | SafeHtml | ReadonlyArray<SafeHtml>;

/** A template whose every value is escaped unless it is `SafeHtml` (lists of SafeHtml are joined). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const piece =
      value instanceof SafeHtml
        ? value.value
        : Array.isArray(value)
          ? (value as ReadonlyArray<SafeHtml>).map((v) => v.value).join('')
          : escapeHtml(String(value)).value;
    out += piece + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** An http(s) address for a link target; anything else (javascript:, data:, relative) is refused. */
export function linkTarget(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('mail links are http(s) only');
  return parsed.toString();
}

// ---- the frame ------------------------------------------------------------------------------------

/** Who a mail goes to: the address, the stored language, and a name to greet (first name, else nickname). */
export type MailRecipient = {
  email: string;
  language: string | null;
  firstName?: string | null;
  nickname?: string | null;
  timeZone?: string | null;
};

/** What a module says in a mail; the layout adds greeting, link fallback and footer. */
export type MailContent = {
  subject: string;
  heading: string;
  /** Before the button. */
  paragraphs: ReadonlyArray<string>;
  /** The one thing to do: its label and our own address (none: a mail that only tells). */
  action?: { label: string; url: string };
  /** After the button (what to do if it was not you ...). */
  after?: ReadonlyArray<string>;
  /** Instead of the footer for account holders (a mail to someone who may have no account). */
  footer?: string;
};

type Frame = {
  greeting: (name: string | null) => string;
  /** The text part's line before the address: the button's label and a colon as the language sets it. */
  lead?: (label: string) => string;
  fallback: string;
  footer: string;
};

const FRAME: Record<MailLanguage, Frame> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    fallback: 'If the button does not work, copy this link into your browser:',
    footer: `You receive this mail because this address belongs to an account at ${BRAND.name}. It was sent automatically; replies are not read.`,
  },
  de: {
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    footer: `Du erhältst diese E-Mail, weil diese Adresse zu einem Konto bei ${BRAND.name} gehört. Sie wurde automatisch verschickt; Antworten werden nicht gelesen.`,
  },
  et: {
    greeting: (name) => (name ? `Tere, ${name}!` : 'Tere!'),
    fallback: 'Kui nupp ei tööta, kopeeri see link oma brauserisse:',
    footer: `Saad selle kirja, sest see aadress kuulub ${BRAND.name}i kontole. Kiri saadeti automaatselt; vastuseid ei loeta.`,
  },
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    lead: (label) => `${label}\u00a0:`,
    footer: `Vous recevez ce courriel parce que cette adresse appartient à un compte ${BRAND.name}. Il a été envoyé automatiquement; les réponses ne sont pas lues.`,
  },
  it: {
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    footer: `Ricevi questa e-mail perché questo indirizzo appartiene a un account ${BRAND.name}. È stata inviata automaticamente; le risposte non vengono lette.`,
  },
  no: {
    greeting: (name) => (name ? `Hei ${name},` : 'Hei,'),
    fallback: 'Hvis knappen ikke virker, kopier denne lenken inn i nettleseren din:',
    footer: `Du får denne e-posten fordi denne adressen hører til en konto hos ${BRAND.name}. Den ble sendt automatisk; svar blir ikke lest.`,
  },
};

/**
 * The name a mail greets with, or null for the plain greeting: the first name, else the
 * nickname. One that reads like an address (`www.example.com`) is not used: mail programs turn
 * such text into a link, and a player's name must never become one.
 */
export function greetingName(recipient: Pick<MailRecipient, 'firstName' | 'nickname'>): string | null {
  for (const candidate of [recipient.firstName, recipient.nickname]) {
    const name = candidate?.replace(/\s+/g, ' ').trim();
    if (!name) continue;
    if (/[.:/@]\S/.test(name)) return null;
    return name;
  }
  return null;
}

/** One mail: the branded HTML and its plain-text part, in the recipient's locale. */
export function renderMail(recipient: MailRecipient, locale: MailLocale, content: MailContent): Mail {
  const frame = FRAME[mailLanguage(locale)];
  const greeting = frame.greeting(greetingName(recipient));
  const action = content.action ? { label: content.action.label, url: linkTarget(content.action.url) } : null;
  const after = content.after ?? [];
  const footer = content.footer ?? frame.footer;

  const text = [
    BRAND.name,
    '',
    content.heading,
    '',
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [frame.lead ? frame.lead(action.label) : `${action.label}:`, action.url, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '--',
    footer,
    '',
  ].join('\n');

  const paragraph = (p: string) =>
    html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${BRAND.text};">${p}</p>`;
  const button = ({ label, url }: { label: string; url: string }) =>
    html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
        <tr>
          <td style="border-radius:8px;background:${BRAND.accent};">
            <a
              href="${url}"
              style="display:inline-block;padding:14px 24px;font-size:16px;font-weight:700;color:${BRAND.onAccent};text-decoration:none;border-radius:8px;"
              >${label}</a
            >
          </td>
        </tr>
      </table>
      <p style="margin:0 0 6px;font-size:13px;line-height:1.5;color:${BRAND.muted};">${frame.fallback}</p>
      <p style="margin:0 0 20px;font-size:13px;line-height:1.5;word-break:break-all;">
        <a href="${url}" style="color:${BRAND.accent};">${url}</a>
      </p>`;
  const body = html`<!DOCTYPE html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <title>${content.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:${BRAND.background};">
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background:${BRAND.background};"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width:560px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;"
              >
                <tr>
                  <td
                    style="padding:8px 4px 20px;font-size:26px;font-weight:800;letter-spacing:0.5px;color:${BRAND.accent};"
                  >
                    ${BRAND.name}
                  </td>
                </tr>
                <tr>
                  <td
                    style="background:${BRAND.surface};border:1px solid ${BRAND.border};border-radius:12px;padding:28px 24px;"
                  >
                    <h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${BRAND.text};">
                      ${content.heading}
                    </h1>
                    ${paragraph(greeting)} ${content.paragraphs.map(paragraph)} ${action ? button(action) : []}
                    ${after.map(paragraph)}
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 4px;font-size:12px;line-height:1.5;color:${BRAND.muted};">${footer}</td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  return { to: recipient.email, subject: content.subject, text, html: body.value };
}
