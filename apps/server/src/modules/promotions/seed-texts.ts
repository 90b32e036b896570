/**
 * The demo promotions' and their bonus templates' texts in the site's other languages
 * (docs/localisation.md): `fr` serves fr-CA, and the English variants read the English text.
 */
import type { LocalisedTexts } from '@orbit/contracts';

export const WHEEL_BONUS_TEXTS: LocalisedTexts = {
  de: { title: 'Radbonus', description: 'Ein Preis des Raketenrads. Setze ihn innerhalb von 14 Tagen 30-mal um.' },
  et: { title: 'Rattaboonus', description: 'Raketiratta auhind. Panusta see 14 päeva jooksul 30 korda läbi.' },
  fr: { title: 'Bonus de la roue', description: 'Un prix de la roue fusée. Mise-le 30 fois en 14 jours.' },
  it: { title: 'Bonus della ruota', description: 'Un premio della ruota razzo. Giocalo 30 volte entro 14 giorni.' },
  no: { title: 'Hjulbonus', description: 'En premie fra raketthjulet. Omsett den 30 ganger innen 14 dager.' },
};

export const PRIZE_BONUS_TEXTS: LocalisedTexts = {
  de: {
    title: 'Aktionspreis',
    description: 'Ein Turnier- oder Lotteriepreis. Setze ihn innerhalb von 14 Tagen 10-mal um.',
  },
  et: {
    title: 'Kampaaniaauhind',
    description: 'Turniiri või loterii auhind. Panusta see 14 päeva jooksul 10 korda läbi.',
  },
  fr: { title: 'Prix de promotion', description: 'Un prix de tournoi ou de loterie. Mise-le 10 fois en 14 jours.' },
  it: {
    title: 'Premio promozionale',
    description: 'Un premio di torneo o lotteria. Giocalo 10 volte entro 14 giorni.',
  },
  no: {
    title: 'Kampanjepremie',
    description: 'En turnerings- eller lotteripremie. Omsett den 10 ganger innen 14 dager.',
  },
};

export const WHEEL_SPINS_TEXTS: LocalisedTexts = {
  de: {
    title: 'Rad-Freispiele',
    description: 'Freispiele vom Raketenrad. Die Gewinne daraus werden ein Bonus: Setze ihn 3-mal um.',
  },
  et: {
    title: 'Ratta tasuta keerutused',
    description: 'Tasuta keerutused raketirattalt. Nende võidud muutuvad boonuseks: panusta see 3 korda läbi.',
  },
  fr: {
    title: 'Tours gratuits de la roue',
    description: 'Des tours gratuits de la roue fusée. Leurs gains deviennent un bonus : mise-le 3 fois.',
  },
  it: {
    title: 'Giri gratis della ruota',
    description: 'Giri gratis dalla ruota razzo. Le loro vincite diventano un bonus: giocalo 3 volte.',
  },
  no: {
    title: 'Gratisspinn fra hjulet',
    description: 'Gratisspinn fra raketthjulet. Gevinstene blir en bonus: omsett den 3 ganger.',
  },
};

export const SLOTS_RACE_TEXTS: LocalisedTexts = {
  de: {
    title: 'Orbit Slots-Rennen',
    description:
      'Jeder Einsatz auf Slots zählt: Je mehr du setzt, desto höher steigst du. Die besten zehn teilen sich die Preise, wenn das Rennen endet.',
  },
  et: {
    title: 'Orbiti slotivõidusõit',
    description:
      'Iga panus slotimängudes loeb: mida rohkem panustad, seda kõrgemale tõused. Kümme parimat jagavad võidusõidu lõppedes auhindu.',
  },
  fr: {
    title: 'Course aux machines à sous Orbit',
    description:
      'Chaque mise sur les machines à sous compte : plus tu mises, plus tu grimpes. Les dix premiers se partagent les prix à la fin de la course.',
  },
  it: {
    title: 'Corsa delle slot Orbit',
    description:
      'Ogni puntata sulle slot conta: più scommetti, più sali. I primi dieci si dividono i premi alla fine della corsa.',
  },
  no: {
    title: 'Orbit spilleautomatløp',
    description:
      'Hver innsats på spilleautomater teller: jo mer du satser, jo høyere klatrer du. De ti beste deler premiene når løpet er over.',
  },
};

export const EXPLORER_QUEST_TEXTS: LocalisedTexts = {
  de: {
    title: 'Orbit-Entdecker-Quest',
    description: 'Spiele ein beliebiges Spiel und steige die Stufen hinauf: Jede Stufe ist eine Einsatzsumme.',
  },
  et: {
    title: 'Orbiti avastaja ülesanne',
    description: 'Mängi ükskõik millist mängu ja tõuse tasemetel: iga tase on panuste summa, mille pead saavutama.',
  },
  fr: {
    title: 'Quête de l’explorateur Orbit',
    description: 'Joue à n’importe quel jeu et grimpe les niveaux : chaque niveau est un total de mises à atteindre.',
  },
  it: {
    title: 'Missione Esploratore Orbit',
    description: 'Gioca a qualsiasi gioco e sali di livello: ogni livello è un totale di puntate da raggiungere.',
  },
  no: {
    title: 'Orbit utforskeroppdrag',
    description: 'Spill hvilket som helst spill og klatre i nivåene: hvert nivå er en innsatssum å nå.',
  },
};

export const WEEKLY_DRAW_TEXTS: LocalisedTexts = {
  de: {
    title: 'Orbit Wochenziehung',
    description:
      'Ein Los für je 20 eingezahlt (je 10 ab 100), sobald die Einzahlung umgesetzt ist, oder für je 50 Comp-Punkte; bis zu 50 Lose. Die Gewinner werden am Ende der Woche gezogen.',
  },
  et: {
    title: 'Orbiti nädala loosimine',
    description:
      'Pilet iga 20 sissemakstu eest (alates 100-st iga 10 eest), kui sissemakse on läbi mängitud, või 50 kompenspunkti eest; kuni 50 piletit. Võitjad loositakse nädala lõpus.',
  },
  fr: {
    title: 'Tirage hebdomadaire Orbit',
    description:
      'Un billet par tranche de 20 déposés (par tranche de 10 dès 100) une fois le dépôt misé, ou 50 points de fidélité chacun; jusqu’à 50 billets. Les gagnants sont tirés à la fin de la semaine.',
  },
  it: {
    title: 'Estrazione settimanale Orbit',
    description:
      'Un biglietto ogni 20 depositati (ogni 10 da 100 in su) una volta giocato il deposito, oppure 50 punti fedeltà ciascuno; fino a 50 biglietti. I vincitori sono estratti a fine settimana.',
  },
  no: {
    title: 'Orbit ukestrekning',
    description:
      'Ett lodd for hver 20 satt inn (hver 10 fra 100 og opp) når innskuddet er omsatt, eller 50 lojalitetspoeng per lodd; opptil 50 lodd. Vinnerne trekkes når uken er over.',
  },
};
