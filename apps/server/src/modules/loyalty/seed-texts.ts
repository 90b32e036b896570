/**
 * The demo shop cards' and loyalty bonus templates' texts in the site's other languages
 * (docs/localisation.md): `fr` serves fr-CA, and the English variants read the English text.
 */
import type { LocalisedTexts } from '@orbit/contracts';

/** By bonus template key. */
export const LOYALTY_TEMPLATE_TEXTS: Readonly<Record<string, LocalisedTexts>> = {
  'comp-points-bonus': {
    de: {
      title: 'Comp-Punkte-Bonus',
      description: 'Im Shop mit Comp-Punkten gekauft. Setze ihn innerhalb von 30 Tagen 5-mal um.',
    },
    et: {
      title: 'Kompenspunktide boonus',
      description: 'Poest kompenspunktidega ostetud. Panusta see 30 päeva jooksul 5 korda läbi.',
    },
    fr: {
      title: 'Bonus de points de fidélité',
      description: 'Acheté avec des points de fidélité à la boutique. Mise-le 5 fois en 30 jours.',
    },
    it: {
      title: 'Bonus punti fedeltà',
      description: 'Acquistato con i punti fedeltà nel negozio. Giocalo 5 volte entro 30 giorni.',
    },
    no: {
      title: 'Lojalitetspoengbonus',
      description: 'Kjøpt med lojalitetspoeng i butikken. Omsett den 5 ganger innen 30 dager.',
    },
  },
  'adventure-gift': {
    de: {
      title: 'Abenteuerpreis',
      description: 'Der Preis eines Abenteuertags. Setze ihn innerhalb von 14 Tagen 10-mal um.',
    },
    et: {
      title: 'Seiklusauhind',
      description: 'Seiklusepäeva auhind. Panusta see 14 päeva jooksul 10 korda läbi.',
    },
    fr: {
      title: 'Prix d’aventure',
      description: 'Le prix d’un jour d’aventure. Mise-le 10 fois en 14 jours.',
    },
    it: {
      title: 'Premio avventura',
      description: 'Il premio di un giorno d’avventura. Giocalo 10 volte entro 14 giorni.',
    },
    no: {
      title: 'Eventyrpremie',
      description: 'Premien for en eventyrdag. Omsett den 10 ganger innen 14 dager.',
    },
  },
};

/** By shop card group. */
export const SHOP_CARD_TEXTS: Readonly<Record<string, LocalisedTexts>> = {
  'bonus-10': {
    de: { title: 'Bonusgeld', description: 'Ein Bonus, 5-mal umzusetzen.' },
    et: { title: 'Boonusraha', description: 'Boonus, mis tuleb 5 korda läbi panustada.' },
    fr: { title: 'Argent bonus', description: 'Un bonus à miser 5 fois.' },
    it: { title: 'Denaro bonus', description: 'Un bonus da giocare 5 volte.' },
    no: { title: 'Bonuspenger', description: 'En bonus som omsettes 5 ganger.' },
  },
  'cash-5': {
    de: { title: 'Echtgeld', description: 'Echtgeld, sofort zum Spielen oder Auszahlen.' },
    et: { title: 'Päris raha', description: 'Päris raha, kohe mängimiseks või väljamakseks.' },
    fr: { title: 'Argent réel', description: 'De l’argent réel, à jouer ou à retirer tout de suite.' },
    it: { title: 'Denaro reale', description: 'Denaro reale, da giocare o prelevare subito.' },
    no: { title: 'Ekte penger', description: 'Ekte penger, dine å spille for eller ta ut med en gang.' },
  },
  'cash-50': {
    de: { title: 'Echtgeld als VIP-Prämie', description: 'Für die Treuesten: Echtgeld ohne Umsatz.' },
    et: { title: 'Päris raha VIP-preemiana', description: 'Kõige truumatele: päris raha ilma läbimängunõudeta.' },
    fr: { title: 'Argent réel, prime VIP', description: 'Pour les plus fidèles : de l’argent réel sans mise.' },
    it: {
      title: 'Denaro reale, premio VIP',
      description: 'Per i più fedeli: denaro reale senza requisiti di puntata.',
    },
    no: { title: 'Ekte penger, VIP-premie', description: 'For de mest lojale: ekte penger uten omsetningskrav.' },
  },
  'spins-10': {
    de: { title: '10 Freispiele für Stellar Sevens' },
    et: { title: '10 tasuta keerutust mängus Stellar Sevens' },
    fr: { title: '10 tours gratuits sur Stellar Sevens' },
    it: { title: '10 giri gratis su Stellar Sevens' },
    no: { title: '10 gratisspinn på Stellar Sevens' },
  },
  'wheel-spin': {
    de: {
      title: 'Ein Dreh am Raketenrad',
      description: 'Eine LITE-Radbox: Dreh damit das Prämienrad für einen Bonus oder Freispiele.',
    },
    et: {
      title: 'Üks keerutus raketirattal',
      description: 'LITE-rattakast: keeruta sellega auhinnaratast boonuse või tasuta keerutuste nimel.',
    },
    fr: {
      title: 'Un tour de la roue fusée',
      description: 'Une boîte de roue LITE : fais tourner la roue des prix pour un bonus ou des tours gratuits.',
    },
    it: {
      title: 'Un giro della ruota razzo',
      description: 'Una scatola ruota LITE: gira la ruota dei premi per un bonus o giri gratis.',
    },
    no: {
      title: 'Et spinn på raketthjulet',
      description: 'En LITE-hjulboks: spinn premiehjulet for en bonus eller gratisspinn.',
    },
  },
  'lottery-tickets': {
    de: {
      title: 'Lose für die wöchentliche Ziehung',
      description: 'Lotterielose für Comp-Punkte: mehr Lose, mehr Chancen bei der Ziehung.',
    },
    et: {
      title: 'Piletid iganädalasele loosimisele',
      description: 'Loteriipiletid kompenspunktide eest: rohkem pileteid, rohkem võimalusi loosimisel.',
    },
    fr: {
      title: 'Billets pour le tirage hebdomadaire',
      description: 'Des billets de loterie contre des points de fidélité : plus de billets, plus de chances au tirage.',
    },
    it: {
      title: 'Biglietti per l’estrazione settimanale',
      description: 'Biglietti della lotteria con i punti fedeltà: più biglietti, più possibilità all’estrazione.',
    },
    no: {
      title: 'Lodd til den ukentlige trekningen',
      description: 'Lotterilodd for lojalitetspoeng: flere lodd, flere sjanser i trekningen.',
    },
  },
};
