/**
 * The mail that carries an operator's answer to a contact-form message (docs/support.md "The
 * contact form"), in the language the form was sent in (English when unknown): a greeting, the
 * answer, the casino's name. The frame and the escaping are the platform's (`platform/mail-layout.ts`).
 */
import type { Mail } from '../../platform/mail';
import { BRAND, mailLanguage, mailLocale, renderMail, type MailLanguage } from '../../platform/mail-layout';

type Words = { subject: string; heading: string; intro: string; signature: string; footer: string };

const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: 'Our answer to your message',
    heading: 'Support has answered',
    intro: 'Thank you for writing to us. Here is our answer:',
    signature: `The ${BRAND.name} support team`,
    footer: `You receive this mail because you wrote to ${BRAND.name} through the contact form. It was sent automatically; replies are not read: to write again, use the contact form on our site.`,
  },
  de: {
    subject: 'Unsere Antwort auf deine Nachricht',
    heading: 'Antwort vom Support',
    intro: 'Danke für deine Nachricht. Hier ist unsere Antwort:',
    signature: `Dein ${BRAND.name}-Supportteam`,
    footer: `Du erhältst diese E-Mail, weil du ${BRAND.name} über das Kontaktformular geschrieben hast. Sie wurde automatisch verschickt; Antworten werden nicht gelesen: Um uns erneut zu schreiben, nutze das Kontaktformular auf unserer Website.`,
  },
  et: {
    subject: 'Meie vastus sinu kirjale',
    heading: 'Klienditoe vastus',
    intro: 'Täname sind kirja eest. Siin on meie vastus:',
    signature: `${BRAND.name}i klienditugi`,
    footer: `Saad selle kirja, sest kirjutasid ${BRAND.name}ile kontaktvormi kaudu. Kiri saadeti automaatselt; vastuseid ei loeta: uuesti kirjutamiseks kasuta meie veebilehe kontaktvormi.`,
  },
  fr: {
    subject: 'Notre réponse à votre message',
    heading: 'Le service client vous répond',
    intro: 'Merci de nous avoir écrit. Voici notre réponse\u00a0:',
    signature: `L’équipe du service client ${BRAND.name}`,
    footer: `Vous recevez ce courriel parce que vous avez écrit à ${BRAND.name} au moyen du formulaire de contact. Il a été envoyé automatiquement; les réponses ne sont pas lues\u00a0: pour nous écrire de nouveau, utilisez le formulaire de contact de notre site.`,
  },
  it: {
    subject: 'La nostra risposta al tuo messaggio',
    heading: 'L’assistenza ti ha risposto',
    intro: 'Grazie per averci scritto. Ecco la nostra risposta:',
    signature: `Il team di assistenza ${BRAND.name}`,
    footer: `Ricevi questa e-mail perché hai scritto a ${BRAND.name} tramite il modulo di contatto. È stata inviata automaticamente; le risposte non vengono lette: per scriverci di nuovo, usa il modulo di contatto sul nostro sito.`,
  },
  no: {
    subject: 'Vårt svar på meldingen din',
    heading: 'Kundeservice har svart',
    intro: 'Takk for at du skrev til oss. Her er svaret vårt:',
    signature: `Kundeservice hos ${BRAND.name}`,
    footer: `Du får denne e-posten fordi du skrev til ${BRAND.name} via kontaktskjemaet. Den ble sendt automatisk; svar blir ikke lest: for å skrive til oss igjen, bruk kontaktskjemaet på nettstedet vårt.`,
  },
};

export type ContactAnswer = {
  email: string;
  name: string | null;
  /** The subject the contact gave (the mail's subject answers it), or null. */
  subject: string | null;
  /** The site locale the form was sent in. */
  locale: string | null;
  answer: string;
};

/** The answer's lines become paragraphs: the operator's line breaks survive in both parts. */
export function contactAnswerMail(contact: ContactAnswer): Mail {
  const locale = mailLocale(contact.locale);
  const words = WORDS[mailLanguage(locale)];
  const lines = contact.answer
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // A subject is one line, whatever the form held.
  const subject = contact.subject?.replace(/\s+/g, ' ').trim();
  return renderMail({ email: contact.email, language: locale, firstName: contact.name }, locale, {
    subject: subject ? `Re: ${subject}` : words.subject,
    heading: words.heading,
    paragraphs: [words.intro, ...lines],
    after: [words.signature],
    footer: words.footer,
  });
}
