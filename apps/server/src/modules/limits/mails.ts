/**
 * The limits module's mail: the confirmation of a raise or removal, in the player's language
 * (docs/identity.md "Mails": the frame and the escaping are the platform's mail layout).
 */
import type { Mail } from '../../platform/mail';
import {
  mailDateTime,
  mailLanguage,
  mailLocale,
  renderMail,
  type MailLanguage,
  type MailLocale,
  type MailRecipient,
} from '../../platform/mail-layout';
import type { userLimitChanges, userLimits } from './schema';

type AmountType = 'deposit' | 'loss' | 'wager' | 'session';
type Period = 'day' | 'week' | 'month';

type Words = {
  subject: string;
  heading: string;
  /** What the player asked for: removing, or raising to `amount` (money or minutes, already written). */
  asked: (type: AmountType, period: Period, amount: string | null) => string;
  until: (until: string) => string;
  button: string;
  nothing: string;
};

const EN_PERIOD: Record<Period, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const EN_NAME: Record<AmountType, string> = {
  deposit: 'deposit limit',
  loss: 'loss limit',
  wager: 'wager limit',
  session: 'session time limit',
};
const DE_NAME: Record<AmountType, string> = {
  deposit: 'Einzahlungslimit',
  loss: 'Verlustlimit',
  wager: 'Einsatzlimit',
  session: 'Sitzungslimit',
};
const DE_PERIOD: Record<Period, string> = { day: 'pro Tag', week: 'pro Woche', month: 'pro Monat' };
const ET_NAME: Record<AmountType, string> = {
  deposit: 'Sissemakselimiit',
  loss: 'Kaotuslimiit',
  wager: 'Panuselimiit',
  session: 'Seansilimiit',
};
const ET_PERIOD: Record<Period, string> = { day: 'päevas', week: 'nädalas', month: 'kuus' };
const FR_NAME: Record<AmountType, string> = {
  deposit: 'limite de dépôt',
  loss: 'limite de perte',
  wager: 'limite de mise',
  session: 'limite de session',
};
const FR_PERIOD: Record<Period, string> = { day: 'par jour', week: 'par semaine', month: 'par mois' };
const IT_NAME: Record<AmountType, string> = {
  deposit: 'limite di deposito',
  loss: 'limite di perdita',
  wager: 'limite di puntata',
  session: 'limite di sessione',
};
const IT_PERIOD: Record<Period, string> = { day: 'al giorno', week: 'alla settimana', month: 'al mese' };
/** Norwegian names in their definite form ("innskuddsgrensen din"). */
const NO_NAME: Record<AmountType, string> = {
  deposit: 'innskuddsgrensen',
  loss: 'tapsgrensen',
  wager: 'innsatsgrensen',
  session: 'øktgrensen',
};
const NO_PERIOD: Record<Period, string> = { day: 'per dag', week: 'per uke', month: 'per måned' };

const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: 'Confirm the change of your limit',
    heading: 'Confirm the change of your limit',
    asked: (type, period, amount) =>
      amount === null
        ? `You asked 24 hours ago to remove your ${EN_PERIOD[period]} ${EN_NAME[type]}.`
        : `You asked 24 hours ago to raise your ${EN_PERIOD[period]} ${EN_NAME[type]} to ${amount}.`,
    until: (until) => `It applies only once you confirm it, by ${until}.`,
    button: 'Confirm the change',
    nothing: 'If you changed your mind, do nothing: your limit stays as it is.',
  },
  de: {
    subject: 'Bestätige die Änderung deines Limits',
    heading: 'Bestätige die Änderung deines Limits',
    asked: (type, period, amount) =>
      amount === null
        ? `Du hast vor 24 Stunden angefragt, dein ${DE_NAME[type]} (${DE_PERIOD[period]}) zu entfernen.`
        : `Du hast vor 24 Stunden angefragt, dein ${DE_NAME[type]} (${DE_PERIOD[period]}) auf ${amount} zu erhöhen.`,
    until: (until) => `Die Änderung gilt erst, wenn du sie bis ${until} bestätigst.`,
    button: 'Änderung bestätigen',
    nothing: 'Hast du es dir anders überlegt, tu nichts: Dein Limit bleibt, wie es ist.',
  },
  et: {
    subject: 'Kinnita oma limiidi muudatus',
    heading: 'Kinnita oma limiidi muudatus',
    // A label and its value keep the limit's name in its base form, whatever the sentence.
    asked: (type, period, amount) =>
      `Taotlesid 24 tundi tagasi limiidi muudatust: ${ET_NAME[type]} (${ET_PERIOD[period]}), ${
        amount === null ? 'eemaldamine' : `uus väärtus ${amount}`
      }.`,
    until: (until) => `Muudatus jõustub alles siis, kui kinnitad selle hiljemalt ${until}.`,
    button: 'Kinnita muudatus',
    nothing: 'Kui sa meelt muutsid, ära tee midagi: sinu limiit jääb samaks.',
  },
  fr: {
    subject: 'Confirmez la modification de votre limite',
    heading: 'Confirmez la modification de votre limite',
    asked: (type, period, amount) =>
      amount === null
        ? `Il y a 24 heures, vous avez demandé de supprimer votre ${FR_NAME[type]} (${FR_PERIOD[period]}).`
        : `Il y a 24 heures, vous avez demandé de hausser votre ${FR_NAME[type]} (${FR_PERIOD[period]}) à ${amount}.`,
    until: (until) => `La modification ne s’applique qu’une fois confirmée, au plus tard le ${until}.`,
    button: 'Confirmer la modification',
    nothing: 'Si vous avez changé d’avis, ne faites rien\u00a0: votre limite reste telle quelle.',
  },
  it: {
    subject: 'Conferma la modifica del tuo limite',
    heading: 'Conferma la modifica del tuo limite',
    asked: (type, period, amount) =>
      amount === null
        ? `24 ore fa hai chiesto di rimuovere il tuo ${IT_NAME[type]} (${IT_PERIOD[period]}).`
        : `24 ore fa hai chiesto di aumentare il tuo ${IT_NAME[type]} (${IT_PERIOD[period]}) a ${amount}.`,
    until: (until) => `La modifica vale solo dopo la tua conferma, entro il ${until}.`,
    button: 'Conferma la modifica',
    nothing: 'Se hai cambiato idea, non fare nulla: il tuo limite resta com’è.',
  },
  no: {
    subject: 'Bekreft endringen av grensen din',
    heading: 'Bekreft endringen av grensen din',
    asked: (type, period, amount) =>
      amount === null
        ? `For 24 timer siden ba du om å fjerne ${NO_NAME[type]} din (${NO_PERIOD[period]}).`
        : `For 24 timer siden ba du om å øke ${NO_NAME[type]} din (${NO_PERIOD[period]}) til ${amount}.`,
    until: (until) => `Endringen gjelder først når du bekrefter den, senest ${until}.`,
    button: 'Bekreft endringen',
    nothing: 'Har du ombestemt deg, trenger du ikke gjøre noe: grensen din forblir som den er.',
  },
};

/** An amount in minor units as the player's language writes it, with its currency (`500,00 €`, `0.001 BTC`). */
function moneyIn(locale: MailLocale, cents: number, currency: string, subunitsToUnit: number): string {
  const digits = Math.round(Math.log10(subunitsToUnit));
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: Math.min(digits, 2),
      maximumFractionDigits: digits,
    }).format(cents / subunitsToUnit);
  } catch {
    // Not an ISO currency (crypto): the number and the code.
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(cents / subunitsToUnit);
    return `${number} ${currency}`;
  }
}

/** The confirmation of a raise or removal, mailed once its 24 hours have passed. */
export function limitChangeMail(
  recipient: MailRecipient,
  limit: typeof userLimits.$inferSelect,
  change: typeof userLimitChanges.$inferSelect,
  link: (token: string, locale: MailLocale) => string,
  token: string,
  subunitsToUnit: (currency: string) => number,
): Mail {
  const locale = mailLocale(recipient.language);
  const w = WORDS[mailLanguage(locale)];
  const type = limit.type as AmountType;
  const period = limit.period as Period;
  const amount =
    change.action === 'remove' || change.amount === null
      ? null
      : change.currency
        ? moneyIn(locale, change.amount, change.currency, subunitsToUnit(change.currency))
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(change.amount);
  const until = change.confirmUntil ? mailDateTime(change.confirmUntil, locale, recipient.timeZone) : '';
  return renderMail(recipient, locale, {
    subject: w.subject,
    heading: w.heading,
    paragraphs: [w.asked(type, period, amount), w.until(until)],
    action: { label: w.button, url: link(token, locale) },
    after: [w.nothing],
  });
}
