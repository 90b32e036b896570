/** The cms module's reference content: countries, locales, snippets, banners and fe configs. */
import type { BannerData } from './schema';

export { DEFAULT_COUNTRY } from '@orbit/contracts';
export const DEFAULT_LOCALE = 'en';
export const PROJECT_NAME = 'Orbit';

/** [code, English name, currency offered first]; the currency offered first by country, plus the euro area. */
export const COUNTRY_SEED: ReadonlyArray<readonly [string, string, string | null]> = [
  ['CA', 'Canada', 'CAD'],
  ['AU', 'Australia', 'AUD'],
  ['NZ', 'New Zealand', 'NZD'],
  ['DE', 'Germany', 'EUR'],
  ['AT', 'Austria', 'EUR'],
  ['CH', 'Switzerland', 'EUR'],
  ['IE', 'Ireland', 'EUR'],
  ['GB', 'United Kingdom', 'GBP'],
  ['US', 'United States', 'USD'],
  ['JP', 'Japan', 'JPY'],
  ['NO', 'Norway', 'NOK'],
  ['BR', 'Brazil', 'BRL'],
  ['EE', 'Estonia', 'EUR'],
  ['IT', 'Italy', 'EUR'],
  ['FI', 'Finland', 'EUR'],
  ['SE', 'Sweden', null],
  ['DK', 'Denmark', null],
  ['IS', 'Iceland', null],
  ['NL', 'Netherlands', 'EUR'],
  ['BE', 'Belgium', 'EUR'],
  ['LU', 'Luxembourg', 'EUR'],
  ['FR', 'France', 'EUR'],
  ['ES', 'Spain', 'EUR'],
  ['PT', 'Portugal', 'EUR'],
  ['GR', 'Greece', 'EUR'],
  ['CY', 'Cyprus', 'EUR'],
  ['MT', 'Malta', 'EUR'],
  ['LV', 'Latvia', 'EUR'],
  ['LT', 'Lithuania', 'EUR'],
  ['SK', 'Slovakia', 'EUR'],
  ['SI', 'Slovenia', 'EUR'],
  ['HR', 'Croatia', 'EUR'],
  ['PL', 'Poland', 'PLN'],
  ['CZ', 'Czechia', null],
  ['HU', 'Hungary', null],
  ['IN', 'India', 'INR'],
  ['KZ', 'Kazakhstan', 'KZT'],
  ['KW', 'Kuwait', null],
  ['MX', 'Mexico', null],
  ['AR', 'Argentina', null],
  ['CL', 'Chile', null],
  ['PE', 'Peru', null],
  ['ZA', 'South Africa', null],
];

/** The site's locale prefixes; every one is complete (the web's message files, apps/web/test/unit/messages.test.ts). */
export const LOCALE_SEED: ReadonlyArray<{ code: string; name: string; complete: boolean }> = [
  { code: 'en', name: 'English', complete: true },
  { code: 'de', name: 'Deutsch', complete: true },
  { code: 'en-AU', name: 'English (Australia)', complete: true },
  { code: 'en-CA', name: 'English (Canada)', complete: true },
  { code: 'fr-CA', name: 'Français (Canada)', complete: true },
  { code: 'en-NZ', name: 'English (New Zealand)', complete: true },
  { code: 'no', name: 'Norsk', complete: true },
  { code: 'it', name: 'Italiano', complete: true },
  { code: 'et', name: 'Eesti', complete: true },
  { code: 'en-KW', name: 'English (Kuwait)', complete: true },
];

/** A snippet's text in English and German, and in the other locales where it has its own (the rest fall back to English). */
export type SnippetSeed = {
  key: string;
  categories: string[];
  content: Record<'en' | 'de', string> & Partial<Record<string, string>>;
};

export const SNIPPET_SEED: ReadonlyArray<SnippetSeed> = [
  {
    key: 'footer-licence-cw',
    categories: ['footer', 'licence-CW'],
    content: {
      en: '<p>Orbit is operated by Orbit Entertainment N.V. under a gaming licence of the Curaçao Gaming Control Board. Players must be 18 or older. Play responsibly.</p>',
      de: '<p>Orbit wird von Orbit Entertainment N.V. mit einer Glücksspiellizenz des Curaçao Gaming Control Board betrieben. Spieler müssen mindestens 18 Jahre alt sein. Spiel verantwortungsvoll.</p>',
    },
  },
  {
    key: 'footer-licence-ee',
    categories: ['footer', 'licence-EE'],
    content: {
      en: '<p>Orbit is operated by Orbit Entertainment OÜ under a remote gambling licence of the Estonian Tax and Customs Board. Players must be 21 or older. Play responsibly.</p>',
      de: '<p>Orbit wird von Orbit Entertainment OÜ mit einer Lizenz für Fernglücksspiele der estnischen Steuer- und Zollbehörde betrieben. Spieler müssen mindestens 21 Jahre alt sein. Spiel verantwortungsvoll.</p>',
    },
  },
  {
    key: 'footer-licence-gcb',
    categories: ['footer', 'licence-GCB'],
    content: {
      en: '<p>Orbit is operated by Orbit Entertainment N.V., licensed and supervised by the Curaçao Gaming Control Board (GCB). Players must be 18 or older. Play responsibly.</p>',
      de: '<p>Orbit wird von Orbit Entertainment N.V. betrieben, lizenziert und beaufsichtigt vom Curaçao Gaming Control Board (GCB). Spieler müssen mindestens 18 Jahre alt sein. Spiel verantwortungsvoll.</p>',
    },
  },
  {
    key: 'footer-licence-au',
    categories: ['footer', 'licence-AU'],
    content: {
      en: '<p>Orbit Australia is operated by Orbit Entertainment Pty Ltd. Players must be 18 or older. Gambling problem? Call Gambling Help Online on 1800 858 858.</p>',
      de: '<p>Orbit Australia wird von Orbit Entertainment Pty Ltd betrieben. Spieler müssen mindestens 18 Jahre alt sein. Probleme mit dem Glücksspiel? Gambling Help Online: 1800 858 858.</p>',
    },
  },
  {
    key: 'cookie-banner',
    categories: ['banner'],
    // The banner draws the link to the cookie policy itself, under the page's locale prefix.
    content: {
      en: '<p>We use cookies to keep you signed in and, with your consent, to understand how the site is used.</p>',
      de: '<p>Wir verwenden Cookies, um dich angemeldet zu halten und, mit deiner Einwilligung, um zu verstehen, wie die Website genutzt wird.</p>',
      'fr-CA':
        '<p>Nous utilisons des témoins pour garder votre session ouverte et, avec votre consentement, pour comprendre comment le site est utilisé.</p>',
      it: '<p>Usiamo i cookie per mantenere l’accesso e, con il tuo consenso, per capire come viene usato il sito.</p>',
      no: '<p>Vi bruker informasjonskapsler for å holde deg innlogget og, med ditt samtykke, for å forstå hvordan nettstedet brukes.</p>',
      et: '<p>Kasutame küpsiseid, et hoida teid sisselogituna ja teie nõusolekul mõista, kuidas saiti kasutatakse.</p>',
    },
  },
  // The header's notice strip (docs/page-shell.md "Header"): one line over the header, closable.
  {
    key: 'header-notice',
    categories: ['header'],
    content: {
      en: '<p>Set deposit, loss and session limits in your profile whenever you like.</p>',
      de: '<p>Lege Einzahlungs-, Verlust- und Sitzungslimits jederzeit in deinem Profil fest.</p>',
      'fr-CA': '<p>Fixez des limites de dépôt, de perte et de session dans votre profil quand vous le voulez.</p>',
      it: '<p>Imposta limiti di deposito, di perdita e di sessione nel tuo profilo quando vuoi.</p>',
      no: '<p>Sett grenser for innskudd, tap og økter i profilen din når du vil.</p>',
      et: '<p>Sea sissemakse-, kaotuse- ja seansilimiidid oma profiilis millal iganes soovid.</p>',
    },
  },
  // The header's promo banner for guests (docs/page-shell.md "Header"): its text; the countdown is the page's.
  {
    key: 'header-promo',
    categories: ['header'],
    content: {
      en: '<p>Sign up now and collect your welcome gift</p>',
      de: '<p>Jetzt registrieren und dein Willkommensgeschenk abholen</p>',
      'fr-CA': '<p>Inscrivez-vous maintenant et recevez votre cadeau de bienvenue</p>',
      it: '<p>Registrati ora e ricevi il tuo regalo di benvenuto</p>',
      no: '<p>Registrer deg nå og hent velkomstgaven din</p>',
      et: '<p>Registreeru kohe ja võta oma tervituskingitus</p>',
    },
  },
  {
    key: 'search-empty',
    categories: ['games'],
    content: {
      en: '<p>No games found. Try a more specific title.</p>',
      de: '<p>Keine Spiele gefunden. Versuch es mit einem genaueren Titel.</p>',
    },
  },
];

/** Licence and age seals, drawn here so that the footer needs no remote image. */
function seal(label: string, sub: string, colour: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48" width="120" height="48" role="img" aria-label="' +
      `${label} ${sub}` +
      '">',
    `<rect x="1" y="1" width="118" height="46" rx="10" fill="none" stroke="${colour}" stroke-width="2"/>`,
    `<text x="60" y="24" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" font-weight="700" fill="${colour}">${label}</text>`,
    `<text x="60" y="38" text-anchor="middle" font-family="system-ui, sans-serif" font-size="9" fill="${colour}">${sub}</text>`,
    '</svg>',
  ].join('');
}

export const FILE_SEED: ReadonlyArray<{ name: string; categories: string[]; body: string }> = [
  {
    name: 'licence-cw.svg',
    categories: ['footer', 'licence-CW'],
    body: seal('CURAÇAO', 'Gaming Control Board', '#9aa4c7'),
  },
  { name: 'licence-ee.svg', categories: ['footer', 'licence-EE'], body: seal('EMTA', 'Estonian licence', '#9aa4c7') },
  { name: 'licence-gcb.svg', categories: ['footer', 'licence-GCB'], body: seal('GCB', 'Curaçao licensed', '#9aa4c7') },
  {
    name: 'licence-au.svg',
    categories: ['footer', 'licence-AU'],
    body: seal('18+ AU', 'Gamble responsibly', '#9aa4c7'),
  },
  { name: 'age-18.svg', categories: ['footer', 'licence-CW'], body: seal('18+', 'Play responsibly', '#f2c14e') },
  { name: 'age-21.svg', categories: ['footer', 'licence-EE'], body: seal('21+', 'Play responsibly', '#f2c14e') },
];

type BannerText = { title: string; description: string; button: string };

/**
 * A banner's texts: English and every other language of the site; an English variant (en-AU ...)
 * only where its text differs (the banners of a locale without a row are English's).
 */
export type BannerSeed = {
  identifier: string;
  categories: string[];
  logged: boolean | null;
  /** Player groups the banner is limited to (none: everyone `logged` allows). */
  groups?: number[];
  position: number;
  text: Record<'en' | 'de' | 'fr-CA' | 'no' | 'it' | 'et', BannerText> &
    Partial<Record<'en-AU' | 'en-CA' | 'en-NZ' | 'en-KW', BannerText>>;
  data: Omit<BannerData, 'title' | 'description' | 'button'> & {
    button: Omit<NonNullable<BannerData['button']>, 'name'> | null;
  };
};

export const BANNER_SEED: ReadonlyArray<BannerSeed> = [
  {
    identifier: 'welcome',
    categories: ['main'],
    logged: false,
    position: 0,
    text: {
      en: {
        title: 'Welcome to Orbit',
        description: 'Provably fair slots, roulette, dice and crash — try every Orbit Original for free.',
        button: 'Sign up',
      },
      de: {
        title: 'Willkommen bei Orbit',
        description: 'Nachweislich faire Slots, Roulette, Würfel und Crash — alle Orbit Originals kostenlos testen.',
        button: 'Registrieren',
      },
      'en-AU': {
        title: 'Welcome to Orbit',
        description: 'Provably fair pokies, roulette, dice and crash — try every Orbit Original for free.',
        button: 'Sign up',
      },
      'en-NZ': {
        title: 'Welcome to Orbit',
        description: 'Provably fair pokies, roulette, dice and crash — try every Orbit Original for free.',
        button: 'Sign up',
      },
      'fr-CA': {
        title: 'Bienvenue chez Orbit',
        description:
          'Machines à sous, roulette, dés et crash à l’équité vérifiable — essayez gratuitement tous les Orbit Originals.',
        button: 'Inscription',
      },
      no: {
        title: 'Velkommen til Orbit',
        description:
          'Bevisbart rettferdige spilleautomater, rulett, terninger og crash — prøv alle Orbit Originals gratis.',
        button: 'Registrer deg',
      },
      it: {
        title: 'Benvenuto su Orbit',
        description: 'Slot, roulette, dadi e crash con equità verificabile: prova gratis tutti gli Orbit Originals.',
        button: 'Registrati',
      },
      et: {
        title: 'Tere tulemast Orbitisse',
        description:
          'Tõestatavalt ausad slotid, rulett, täringud ja crash — proovi kõiki Orbit Originalsi mänge tasuta.',
        button: 'Registreeru',
      },
    },
    data: {
      gradient: ['#1b1464', '#3a1c71', '#7b2ff7', '#f107a3'],
      labels: ['welcome'],
      button: { url: '/sign-up', type: 'popup', frontend_identifier: 'sign-up' },
      image: null,
      size: 'large',
    },
  },
  {
    identifier: 'stellar-sevens',
    categories: ['main', 'slots'],
    logged: null,
    position: 1,
    text: {
      en: {
        title: 'Stellar Sevens',
        description: '20 lines, expanding wilds and up to 15 free spins among the stars.',
        button: 'Play now',
      },
      de: {
        title: 'Stellar Sevens',
        description: '20 Linien, expandierende Wilds und bis zu 15 Freispiele zwischen den Sternen.',
        button: 'Jetzt spielen',
      },
      'fr-CA': {
        title: 'Stellar Sevens',
        description: '20 lignes, jokers extensibles et jusqu’à 15 tours gratuits parmi les étoiles.',
        button: 'Jouer maintenant',
      },
      no: {
        title: 'Stellar Sevens',
        description: '20 linjer, ekspanderende wilds og opptil 15 gratisspinn blant stjernene.',
        button: 'Spill nå',
      },
      it: {
        title: 'Stellar Sevens',
        description: '20 linee, wild espandibili e fino a 15 giri gratuiti tra le stelle.',
        button: 'Gioca ora',
      },
      et: {
        title: 'Stellar Sevens',
        description: '20 liini, laienevad wildid ja kuni 15 tasuta keerutust tähtede vahel.',
        button: 'Mängi kohe',
      },
    },
    data: {
      gradient: ['#0f2027', '#203a43', '#2c5364', '#00b4db'],
      labels: ['new'],
      button: { url: '/play/orbit/stellar-sevens', type: 'link', frontend_identifier: null },
      image: '/covers/orbit/stellar-sevens.svg',
      size: 'large',
    },
  },
  {
    identifier: 'rocket-crash',
    categories: ['main', 'instant'],
    logged: null,
    position: 2,
    text: {
      en: {
        title: 'Rocket Crash',
        description: 'Cash out before the rocket leaves orbit. Every round provably fair.',
        button: 'Launch',
      },
      de: {
        title: 'Rocket Crash',
        description: 'Steig aus, bevor die Rakete den Orbit verlässt. Jede Runde nachweislich fair.',
        button: 'Starten',
      },
      'fr-CA': {
        title: 'Rocket Crash',
        description: 'Encaissez avant que la fusée quitte l’orbite. Chaque partie à l’équité vérifiable.',
        button: 'Décoller',
      },
      no: {
        title: 'Rocket Crash',
        description: 'Ta ut gevinsten før raketten forlater bane. Hver runde bevisbart rettferdig.',
        button: 'Skyt opp',
      },
      it: {
        title: 'Rocket Crash',
        description: 'Incassa prima che il razzo lasci l’orbita. Ogni partita con equità verificabile.',
        button: 'Decolla',
      },
      et: {
        title: 'Rocket Crash',
        description: 'Võta võit välja enne, kui rakett orbiidilt lahkub. Iga voor tõestatavalt aus.',
        button: 'Stardi',
      },
    },
    data: {
      gradient: ['#200122', '#6f0000', '#c31432', '#ff8008'],
      labels: ['instant'],
      button: { url: '/play/orbit/rocket-crash', type: 'link', frontend_identifier: null },
      image: '/covers/orbit/rocket-crash.svg',
      size: 'large',
    },
  },
  {
    identifier: 'responsible-gaming',
    categories: ['main'],
    logged: null,
    position: 3,
    text: {
      en: {
        title: 'Play on your terms',
        description: 'Set deposit, loss, wager and session limits whenever you like.',
        button: 'Learn more',
      },
      de: {
        title: 'Spielen nach deinen Regeln',
        description: 'Lege Einzahlungs-, Verlust-, Einsatz- und Sitzungslimits fest, wann immer du willst.',
        button: 'Mehr erfahren',
      },
      'fr-CA': {
        title: 'Jouez selon vos règles',
        description: 'Fixez des limites de dépôt, de perte, de mise et de session quand vous le voulez.',
        button: 'En savoir plus',
      },
      no: {
        title: 'Spill på dine premisser',
        description: 'Sett grenser for innskudd, tap, innsats og økter når du vil.',
        button: 'Les mer',
      },
      it: {
        title: 'Gioca alle tue condizioni',
        description: 'Imposta limiti di deposito, di perdita, di puntata e di sessione quando vuoi.',
        button: 'Scopri di più',
      },
      et: {
        title: 'Mängi oma tingimustel',
        description: 'Sea sissemakse-, kaotus-, panuse- ja seansilimiite millal iganes soovid.',
        button: 'Loe lähemalt',
      },
    },
    data: {
      gradient: ['#134e5e', '#1d6b5f', '#3b9c6e', '#71b280'],
      labels: [],
      button: { url: '/responsible-gaming', type: 'link', frontend_identifier: null },
      image: null,
      size: 'small',
    },
  },
  // Signed-in players only (docs/rules/page-shell.md "Banners"): drawn by the page once a player is signed in.
  {
    identifier: 'players-vip-club',
    categories: ['main'],
    logged: true,
    position: 4,
    text: {
      en: {
        title: 'Your VIP club',
        description: 'Every bet brings you closer to the next level.',
        button: 'See levels',
      },
      de: {
        title: 'Dein VIP-Club',
        description: 'Jeder Einsatz bringt dich der nächsten Stufe näher.',
        button: 'Stufen ansehen',
      },
      'fr-CA': {
        title: 'Votre club VIP',
        description: 'Chaque mise vous rapproche du niveau suivant.',
        button: 'Voir les niveaux',
      },
      no: { title: 'Din VIP-klubb', description: 'Hver innsats bringer deg nærmere neste nivå.', button: 'Se nivåer' },
      it: {
        title: 'Il tuo club VIP',
        description: 'Ogni puntata ti avvicina al livello successivo.',
        button: 'Vedi i livelli',
      },
      et: {
        title: 'Sinu VIP-klubi',
        description: 'Iga panus viib sind järgmisele tasemele lähemale.',
        button: 'Vaata tasemeid',
      },
    },
    data: {
      gradient: ['#3a1c71', '#6d2d8c', '#b84592', '#ffaf7b'],
      labels: [],
      button: { url: '/vip-club', type: 'link', frontend_identifier: null },
      image: null,
      size: 'small',
    },
  },
  // Limited to the group every new player starts in (Rising star, 1117): only its members see it.
  {
    identifier: 'rising-star',
    categories: ['main'],
    logged: true,
    groups: [1117],
    position: 5,
    text: {
      en: {
        title: 'Rising star',
        description: 'You have started your climb: see what the first levels bring.',
        button: 'Open profile',
      },
      de: {
        title: 'Aufsteigender Stern',
        description: 'Dein Aufstieg hat begonnen: sieh dir an, was die ersten Stufen bringen.',
        button: 'Profil öffnen',
      },
      'fr-CA': {
        title: 'Étoile montante',
        description: 'Votre ascension a commencé : découvrez ce que vous offrent les premiers niveaux.',
        button: 'Ouvrir le profil',
      },
      no: {
        title: 'Stigende stjerne',
        description: 'Klatringen har begynt: se hva de første nivåene gir deg.',
        button: 'Åpne profilen',
      },
      it: {
        title: 'Stella nascente',
        description: 'La tua scalata è iniziata: scopri cosa offrono i primi livelli.',
        button: 'Apri il profilo',
      },
      et: {
        title: 'Tõusev täht',
        description: 'Sinu tõus on alanud: vaata, mida esimesed tasemed pakuvad.',
        button: 'Ava profiil',
      },
    },
    data: {
      gradient: ['#0f2027', '#203a43', '#2c5364', '#4ca1af'],
      labels: [],
      button: { url: '/profile/level', type: 'link', frontend_identifier: null },
      image: null,
      size: 'small',
    },
  },
];

/**
 * The lobby menu: category identifiers in order, with the icon the web's ui kit draws. The
 * titles are English; the page shows its own text for an identifier it knows
 * (`categories.<identifier>` in its messages, docs/rules/page-shell.md "Translations").
 */
export const MENU_CATEGORIES: ReadonlyArray<{
  identifier: string;
  title: string;
  icon: string;
  kind: 'pokies' | 'live' | 'table';
  login_only?: boolean;
}> = [
  { identifier: 'top', title: 'Top games', icon: 'star', kind: 'pokies' },
  { identifier: 'new', title: 'New', icon: 'sparkles', kind: 'pokies' },
  { identifier: 'slots', title: 'Slots', icon: 'cherry', kind: 'pokies' },
  { identifier: 'jackpot', title: 'Jackpots', icon: 'crown', kind: 'pokies' },
  { identifier: 'instant', title: 'Instant games', icon: 'rocket', kind: 'pokies' },
  { identifier: 'table', title: 'Table games', icon: 'cards', kind: 'table' },
  { identifier: 'live', title: 'Live casino', icon: 'live', kind: 'live' },
];

export const MAIN_WIDGET_ROWS: ReadonlyArray<{ category: string; title: string; limit: number }> = [
  { category: 'top', title: 'Top games', limit: 15 },
  { category: 'new', title: 'New', limit: 15 },
  { category: 'slots', title: 'Slots', limit: 15 },
  { category: 'instant', title: 'Instant games', limit: 15 },
  { category: 'table', title: 'Table games', limit: 15 },
  { category: 'live', title: 'Live casino', limit: 15 },
];
