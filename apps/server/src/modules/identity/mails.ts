/**
 * The identity module's mails, in every site language (docs/identity.md "Mails"). The frame,
 * escaping and shared sentences are the platform's (`platform/mail-layout.ts`); the English
 * subjects are the ones clients of this API family and the tests know.
 */
import type { Mail } from '../../platform/mail';
import {
  mailDateTime,
  mailLanguage,
  mailLocale,
  renderMail,
  type MailLanguage,
  type MailRecipient,
} from '../../platform/mail-layout';

type Words = {
  confirmation: { subject: string; heading: string; body: string; button: string; notYou: string };
  passwordReset: { subject: string; heading: string; body: string; button: string; notYou: string };
  passwordChanged: { subject: string; body: (when: string) => string; notYou: string; button: string };
  withdrawal: { subject: string; heading: string; closed: string; body: string; button: string; again: string };
};

const WORDS: Record<MailLanguage, Words> = {
  en: {
    confirmation: {
      subject: 'Confirm your email address',
      heading: 'Welcome to Orbit!',
      body: 'Confirm your email address by opening the link below within 24 hours.',
      button: 'Confirm my email address',
      notYou: 'If you did not register, ignore this mail.',
    },
    passwordReset: {
      subject: 'Reset your password',
      heading: 'Choose a new password',
      body: 'Someone asked to reset the password of your Orbit account. Choose a new password within one hour.',
      button: 'Choose a new password',
      notYou: 'If it was not you, ignore this mail: your password stays as it is.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      body: (when) => `The password of your Orbit account was changed on ${when}. Every other device was signed out.`,
      notYou: 'If it was not you, reset your password at once and contact support.',
      button: 'Contact support',
    },
    withdrawal: {
      subject: 'Withdraw your balance',
      heading: 'Your money is still yours',
      closed:
        'Your account is closed to play for now (cooling-off or self-exclusion), and you cannot sign in until it ends.',
      body: 'Withdraw your balance through the link below within 24 hours.',
      button: 'Withdraw my balance',
      again: 'Signing in with your password while the break lasts mails you a new link.',
    },
  },
  de: {
    confirmation: {
      subject: 'Bestätige deine E-Mail-Adresse',
      heading: 'Willkommen bei Orbit!',
      body: 'Bestätige deine E-Mail-Adresse innerhalb von 24 Stunden über den Link unten.',
      button: 'E-Mail-Adresse bestätigen',
      notYou: 'Falls du dich nicht registriert hast, ignoriere diese E-Mail.',
    },
    passwordReset: {
      subject: 'Setze dein Passwort zurück',
      heading: 'Neues Passwort wählen',
      body: 'Jemand möchte das Passwort deines Orbit-Kontos zurücksetzen. Wähle innerhalb einer Stunde ein neues Passwort.',
      button: 'Neues Passwort wählen',
      notYou: 'Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    },
    passwordChanged: {
      subject: 'Dein Passwort wurde geändert',
      body: (when) =>
        `Das Passwort deines Orbit-Kontos wurde am ${when} geändert. Alle anderen Geräte wurden abgemeldet.`,
      notYou: 'Warst du das nicht, setze dein Passwort sofort zurück und kontaktiere den Support.',
      button: 'Support kontaktieren',
    },
    withdrawal: {
      subject: 'Zahle dein Guthaben aus',
      heading: 'Dein Geld gehört weiterhin dir',
      closed:
        'Dein Konto ist zurzeit für das Spielen gesperrt (Spielpause oder Selbstsperre), und du kannst dich erst nach deren Ende wieder anmelden.',
      body: 'Zahle dein Guthaben innerhalb von 24 Stunden über den Link unten aus.',
      button: 'Guthaben auszahlen',
      again: 'Meldest du dich während der Pause mit deinem Passwort an, schicken wir dir einen neuen Link.',
    },
  },
  et: {
    confirmation: {
      subject: 'Kinnita oma e-posti aadress',
      heading: 'Tere tulemast Orbitisse!',
      body: 'Kinnita oma e-posti aadress 24 tunni jooksul alloleva lingi kaudu.',
      button: 'Kinnita e-posti aadress',
      notYou: 'Kui sa ei registreerunud, jäta see kiri tähelepanuta.',
    },
    passwordReset: {
      subject: 'Lähtesta oma parool',
      heading: 'Vali uus parool',
      body: 'Keegi soovis sinu Orbiti konto parooli lähtestada. Vali uus parool ühe tunni jooksul.',
      button: 'Vali uus parool',
      notYou: 'Kui see polnud sina, jäta see kiri tähelepanuta: sinu parool jääb samaks.',
    },
    passwordChanged: {
      subject: 'Sinu parool muudeti',
      body: (when) => `Sinu Orbiti konto parool muudeti ${when}. Kõik teised seadmed logiti välja.`,
      notYou: 'Kui see polnud sina, lähtesta kohe oma parool ja võta ühendust klienditoega.',
      button: 'Võta ühendust klienditoega',
    },
    withdrawal: {
      subject: 'Võta oma saldo välja',
      heading: 'Sinu raha on endiselt sinu oma',
      closed:
        'Sinu konto on praegu mängimiseks suletud (mängupaus või enesevälistamine) ja sa ei saa enne selle lõppu sisse logida.',
      body: 'Võta oma saldo välja alloleva lingi kaudu 24 tunni jooksul.',
      button: 'Võta saldo välja',
      again: 'Kui logid pausi ajal parooliga sisse, saadame sulle uue lingi.',
    },
  },
  fr: {
    confirmation: {
      subject: 'Confirmez votre adresse courriel',
      heading: 'Bienvenue chez Orbit!',
      body: 'Confirmez votre adresse courriel en ouvrant le lien ci-dessous dans les 24 heures.',
      button: 'Confirmer mon adresse courriel',
      notYou: 'Si vous ne vous êtes pas inscrit, ignorez ce courriel.',
    },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe',
      heading: 'Choisissez un nouveau mot de passe',
      body: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Orbit. Choisissez un nouveau mot de passe d’ici une heure.',
      button: 'Choisir un nouveau mot de passe',
      notYou: 'Si ce n’était pas vous, ignorez ce courriel\u00a0: votre mot de passe reste inchangé.',
    },
    passwordChanged: {
      subject: 'Votre mot de passe a été modifié',
      body: (when) =>
        `Le mot de passe de votre compte Orbit a été modifié le ${when}. Tous vos autres appareils ont été déconnectés.`,
      notYou: 'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez le soutien.',
      button: 'Contacter le soutien',
    },
    withdrawal: {
      subject: 'Retirez votre solde',
      heading: 'Votre argent vous appartient toujours',
      closed:
        'Votre compte est fermé au jeu pour le moment (pause de jeu ou autoexclusion), et vous ne pouvez pas vous connecter avant la fin de celle-ci.',
      body: 'Retirez votre solde au moyen du lien ci-dessous dans les 24 heures.',
      button: 'Retirer mon solde',
      again: 'Si vous vous connectez avec votre mot de passe pendant la pause, nous vous enverrons un nouveau lien.',
    },
  },
  it: {
    confirmation: {
      subject: 'Conferma il tuo indirizzo e-mail',
      heading: 'Benvenuto su Orbit!',
      body: 'Conferma il tuo indirizzo e-mail aprendo il link qui sotto entro 24 ore.',
      button: 'Conferma l’indirizzo e-mail',
      notYou: 'Se non ti sei registrato, ignora questa e-mail.',
    },
    passwordReset: {
      subject: 'Reimposta la tua password',
      heading: 'Scegli una nuova password',
      body: 'Qualcuno ha chiesto di reimpostare la password del tuo account Orbit. Scegli una nuova password entro un’ora.',
      button: 'Scegli una nuova password',
      notYou: 'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
    },
    passwordChanged: {
      subject: 'La tua password è stata modificata',
      body: (when) =>
        `La password del tuo account Orbit è stata modificata il ${when}. Tutti gli altri dispositivi sono stati disconnessi.`,
      notYou: 'Se non sei stato tu, reimposta subito la password e contatta l’assistenza.',
      button: 'Contatta l’assistenza',
    },
    withdrawal: {
      subject: 'Preleva il tuo saldo',
      heading: 'I tuoi soldi restano tuoi',
      closed:
        'Il tuo account è per ora chiuso al gioco (pausa dal gioco o autoesclusione) e non puoi accedere finché non termina.',
      body: 'Preleva il tuo saldo tramite il link qui sotto entro 24 ore.',
      button: 'Preleva il saldo',
      again: 'Se accedi con la tua password durante la pausa, ti invieremo un nuovo link.',
    },
  },
  no: {
    confirmation: {
      subject: 'Bekreft e-postadressen din',
      heading: 'Velkommen til Orbit!',
      body: 'Bekreft e-postadressen din ved å åpne lenken nedenfor innen 24 timer.',
      button: 'Bekreft e-postadressen',
      notYou: 'Hvis du ikke har registrert deg, kan du se bort fra denne e-posten.',
    },
    passwordReset: {
      subject: 'Tilbakestill passordet ditt',
      heading: 'Velg et nytt passord',
      body: 'Noen har bedt om å tilbakestille passordet til Orbit-kontoen din. Velg et nytt passord innen én time.',
      button: 'Velg et nytt passord',
      notYou: 'Hvis det ikke var deg, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
    },
    passwordChanged: {
      subject: 'Passordet ditt ble endret',
      body: (when) => `Passordet til Orbit-kontoen din ble endret ${when}. Alle andre enheter ble logget ut.`,
      notYou: 'Hvis det ikke var deg, tilbakestill passordet med en gang og kontakt kundestøtte.',
      button: 'Kontakt kundestøtte',
    },
    withdrawal: {
      subject: 'Ta ut saldoen din',
      heading: 'Pengene dine er fortsatt dine',
      closed:
        'Kontoen din er stengt for spill inntil videre (spillepause eller selvutestengelse), og du kan ikke logge inn før den er over.',
      body: 'Ta ut saldoen din via lenken nedenfor innen 24 timer.',
      button: 'Ta ut saldoen',
      again: 'Logger du inn med passordet ditt mens pausen varer, sender vi deg en ny lenke.',
    },
  },
};

/** A mailed link of the player's locale: `link(token, locale)` points at that locale's page. */
export type LocalLink = (token: string, locale: ReturnType<typeof mailLocale>) => string;

function wordsFor(recipient: MailRecipient) {
  const locale = mailLocale(recipient.language);
  return { locale, words: WORDS[mailLanguage(locale)] };
}

/** The confirmation mail: a link to the page's /confirmation popup (token valid 24 hours, once). */
export const confirmationMail = (recipient: MailRecipient, link: LocalLink, token: string): Mail =>
  oneTimeLinkMail('confirmation', recipient, link, token);

/** The password reset mail: a link to the new-password popup (token valid 1 hour, once). */
export const passwordResetMail = (recipient: MailRecipient, link: LocalLink, token: string): Mail =>
  oneTimeLinkMail('passwordReset', recipient, link, token);

/** A mail whose one button follows a one-time token link (the two above share their words' shape). */
function oneTimeLinkMail(
  kind: 'confirmation' | 'passwordReset',
  recipient: MailRecipient,
  link: LocalLink,
  token: string,
): Mail {
  const { locale, words } = wordsFor(recipient);
  const w = words[kind];
  return renderMail(recipient, locale, {
    subject: w.subject,
    heading: w.heading,
    paragraphs: [w.body],
    action: { label: w.button, url: link(token, locale) },
    after: [w.notYou],
  });
}

/** Told after every password change, so that a player who did not change it can react. */
export function passwordChangedMail(recipient: MailRecipient, at: Date, supportUrl: string): Mail {
  const { locale, words } = wordsFor(recipient);
  const w = words.passwordChanged;
  return renderMail(recipient, locale, {
    subject: w.subject,
    heading: w.subject,
    paragraphs: [w.body(mailDateTime(at, locale, recipient.timeZone)), w.notYou],
    action: { label: w.button, url: supportUrl },
  });
}

/** The withdrawal link of a player who may not sign in (cooling-off, self-exclusion): their money stays theirs. */
export function withdrawalMail(recipient: MailRecipient, link: LocalLink, token: string): Mail {
  const { locale, words } = wordsFor(recipient);
  const w = words.withdrawal;
  return renderMail(recipient, locale, {
    subject: w.subject,
    heading: w.heading,
    paragraphs: [w.closed, w.body],
    action: { label: w.button, url: link(token, locale) },
    after: [w.again],
  });
}
