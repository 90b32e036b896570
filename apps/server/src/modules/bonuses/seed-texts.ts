/**
 * The demo bonus templates' titles and descriptions in the site's other languages
 * (docs/localisation.md): `fr` serves fr-CA, and the English variants read the English text.
 */
import type { LocalisedTexts } from '@orbit/contracts';

export const BONUS_TEMPLATE_TEXTS: Readonly<Record<string, LocalisedTexts>> = {
  'welcome-gift': {
    de: {
      title: 'Willkommensgeschenk',
      description:
        'Ein Bonus für deine Anmeldung. Aktiviere ihn bei deinen Geschenken, setze ihn 20-mal um; seine Gewinne gehören dir bis zum Höchstgewinn.',
    },
    et: {
      title: 'Tervituskingitus',
      description:
        'Boonus registreerumise eest. Aktiveeri see oma kingituste all, panusta see 20 korda läbi; selle võidud on sinu kuni maksimaalse võiduni.',
    },
    fr: {
      title: 'Cadeau de bienvenue',
      description:
        'Un bonus pour ton inscription. Active-le dans tes cadeaux, mise-le 20 fois ; ses gains sont à toi jusqu’au gain maximal.',
    },
    it: {
      title: 'Regalo di benvenuto',
      description:
        'Un bonus per la tua registrazione. Attivalo tra i tuoi regali, giocalo 20 volte; le sue vincite sono tue fino alla vincita massima.',
    },
    no: {
      title: 'Velkomstgave',
      description:
        'En bonus for at du registrerte deg. Aktiver den under gavene dine, omsett den 20 ganger; gevinstene er dine opptil maksgevinsten.',
    },
  },
  'first-deposit-100': {
    de: {
      title: '100 % Bonus auf die erste Einzahlung',
      description:
        'Deine erste Einzahlung verdoppelt, bis zur angegebenen Obergrenze. Setze den Bonus innerhalb von 30 Tagen 35-mal um, mit dem angegebenen Höchsteinsatz.',
    },
    et: {
      title: '100 % esimese sissemakse boonus',
      description:
        'Sinu esimene sissemakse kahekordistatud, kuni näidatud piirini. Panusta boonus 30 päeva jooksul 35 korda läbi, järgides maksimaalset panust.',
    },
    fr: {
      title: 'Bonus de 100 % sur le premier dépôt',
      description:
        'Ton premier dépôt doublé, jusqu’au plafond indiqué. Mise le bonus 35 fois en 30 jours, en respectant la mise maximale.',
    },
    it: {
      title: 'Bonus del 100 % sul primo deposito',
      description:
        'Il tuo primo deposito raddoppiato, fino al tetto indicato. Gioca il bonus 35 volte entro 30 giorni, rispettando la puntata massima.',
    },
    no: {
      title: '100 % bonus på første innskudd',
      description:
        'Ditt første innskudd doblet, opptil taket som vises. Omsett bonusen 35 ganger innen 30 dager, innenfor maksinnsatsen.',
    },
  },
  'reload-50': {
    de: {
      title: '50 % Reload-Bonus',
      description:
        'Die Hälfte deiner Einzahlung obendrauf, bis zur angegebenen Obergrenze, bei deiner zweiten bis fünften Einzahlung. Setze ihn innerhalb von 30 Tagen 35-mal um.',
    },
    et: {
      title: '50 % taaslaadimise boonus',
      description:
        'Pool sinu sissemaksest lisaks, kuni näidatud piirini, teisest viienda sissemakseni. Panusta see 30 päeva jooksul 35 korda läbi.',
    },
    fr: {
      title: 'Bonus de recharge de 50 %',
      description:
        'La moitié de ton dépôt en plus, jusqu’au plafond indiqué, de ton deuxième à ton cinquième dépôt. Mise-le 35 fois en 30 jours.',
    },
    it: {
      title: 'Bonus di ricarica del 50 %',
      description:
        'Metà del tuo deposito in più, fino al tetto indicato, dal secondo al quinto deposito. Giocalo 35 volte entro 30 giorni.',
    },
    no: {
      title: '50 % påfyllingsbonus',
      description:
        'Halvparten av innskuddet ditt i tillegg, opptil taket som vises, på andre til femte innskudd. Omsett den 35 ganger innen 30 dager.',
    },
  },
  'stellar-spins': {
    de: {
      title: '10 Freispiele für Stellar Sevens',
      description:
        'Zehn Drehungen auf Stellar Sevens. Die Gewinne daraus werden ein Bonus: Setze ihn innerhalb von 7 Tagen 10-mal um, ausgezahlt bis zum Höchstgewinn.',
    },
    et: {
      title: '10 tasuta keerutust mängus Stellar Sevens',
      description:
        'Kümme keerutust mängus Stellar Sevens. Nende võidud muutuvad boonuseks: panusta see 7 päeva jooksul 10 korda läbi; välja makstakse kuni maksimaalse võiduni.',
    },
    fr: {
      title: '10 tours gratuits sur Stellar Sevens',
      description:
        'Dix tours sur Stellar Sevens. Leurs gains deviennent un bonus : mise-le 10 fois en 7 jours, payé jusqu’au gain maximal.',
    },
    it: {
      title: '10 giri gratis su Stellar Sevens',
      description:
        'Dieci giri su Stellar Sevens. Le loro vincite diventano un bonus: giocalo 10 volte entro 7 giorni, pagato fino alla vincita massima.',
    },
    no: {
      title: '10 gratisspinn på Stellar Sevens',
      description:
        'Ti spinn på Stellar Sevens. Gevinstene blir en bonus: omsett den 10 ganger innen 7 dager, utbetalt opptil maksgevinsten.',
    },
  },
  'orbit-coupon': {
    de: {
      title: 'Gutschein ORBIT10',
      description:
        'Gib den Gutschein ORBIT10 bei deinen Geschenken ein. Setze ihn innerhalb von 7 Tagen 10-mal um, ausgezahlt bis zum Höchstgewinn.',
    },
    et: {
      title: 'Kupong ORBIT10',
      description:
        'Sisesta kupong ORBIT10 oma kingituste all. Panusta see 7 päeva jooksul 10 korda läbi; välja makstakse kuni maksimaalse võiduni.',
    },
    fr: {
      title: 'Coupon ORBIT10',
      description: 'Entre le coupon ORBIT10 dans tes cadeaux. Mise-le 10 fois en 7 jours, payé jusqu’au gain maximal.',
    },
    it: {
      title: 'Coupon ORBIT10',
      description:
        'Inserisci il coupon ORBIT10 tra i tuoi regali. Giocalo 10 volte entro 7 giorni, pagato fino alla vincita massima.',
    },
    no: {
      title: 'Kupong ORBIT10',
      description:
        'Skriv inn kupongen ORBIT10 under gavene dine. Omsett den 10 ganger innen 7 dager, utbetalt opptil maksgevinsten.',
    },
  },
};
