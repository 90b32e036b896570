/**
 * The levels' names, texts and gifts in the site's other languages (docs/localisation.md). The
 * English texts are the identity module's level names and levels.ts's own; a locale is looked
 * up through its fallback chain (fr-CA → fr → English).
 */
import { localeFallbacks } from '@orbit/contracts';

type LevelTexts = {
  /** By rank, 1 … 12. */
  names: readonly string[];
  /** `{points}`: the level's first threshold, formatted in the locale. */
  from: string;
  top: string;
  /** By the English gift text. */
  gifts: Readonly<Record<string, string>>;
};

const TEXTS: Readonly<Record<string, LevelTexts>> = {
  de: {
    names: [
      'Startrampe',
      'Abheben',
      'Stratosphäre',
      'Niedriger Orbit',
      'Hoher Orbit',
      'Mondspaziergänger',
      'Mars-Pionier',
      'Asteroidenschürfer',
      'Ringreiter',
      'Tiefer Weltraum',
      'Interstellar',
      'Galaktische Legende',
    ],
    from: 'Ab {points} gesammelten Comp-Punkten.',
    top: 'Die Spitze des Orbits: {points} Comp-Punkte und mehr.',
    gifts: {
      'Comp points on every bet': 'Comp-Punkte auf jeden Einsatz',
    },
  },
  et: {
    names: [
      'Stardiplatvorm',
      'Õhkutõus',
      'Stratosfäär',
      'Madal orbiit',
      'Kõrge orbiit',
      'Kuukõndija',
      'Marsi pioneer',
      'Asteroidikaevur',
      'Rõngasõitja',
      'Süvakosmos',
      'Tähtedevaheline',
      'Galaktiline legend',
    ],
    from: 'Alates {points} kogutud kompenspunktist.',
    top: 'Orbiidi tipp: {points} kompenspunkti ja rohkem.',
    gifts: {
      'Comp points on every bet': 'Kompenspunktid iga panuse eest',
    },
  },
  fr: {
    names: [
      'Pas de tir',
      'Décollage',
      'Stratosphère',
      'Orbite basse',
      'Orbite haute',
      'Marcheur lunaire',
      'Pionnier de Mars',
      'Mineur d’astéroïdes',
      'Cavalier des anneaux',
      'Espace lointain',
      'Interstellaire',
      'Légende galactique',
    ],
    from: 'À partir de {points} points de fidélité gagnés.',
    top: 'Le sommet de l’orbite : {points} points de fidélité et plus.',
    gifts: {
      'Comp points on every bet': 'Des points de fidélité sur chaque mise',
    },
  },
  it: {
    names: [
      'Rampa di lancio',
      'Decollo',
      'Stratosfera',
      'Orbita bassa',
      'Orbita alta',
      'Camminatore lunare',
      'Pioniere di Marte',
      'Minatore di asteroidi',
      'Cavaliere degli anelli',
      'Spazio profondo',
      'Interstellare',
      'Leggenda galattica',
    ],
    from: 'Da {points} punti fedeltà guadagnati.',
    top: 'La vetta dell’orbita: {points} punti fedeltà e oltre.',
    gifts: {
      'Comp points on every bet': 'Punti fedeltà su ogni puntata',
    },
  },
  no: {
    names: [
      'Utskytningsrampe',
      'Avgang',
      'Stratosfæren',
      'Lav bane',
      'Høy bane',
      'Månevandrer',
      'Marspioner',
      'Asteroidegraver',
      'Ringrytter',
      'Det dype rom',
      'Interstellar',
      'Galaktisk legende',
    ],
    from: 'Fra {points} opptjente lojalitetspoeng.',
    top: 'Toppen av banen: {points} lojalitetspoeng og mer.',
    gifts: {
      'Comp points on every bet': 'Lojalitetspoeng på hver innsats',
    },
  },
};

/** The level texts of `locale`'s language, or undefined for English (the texts' own language). */
export function levelTexts(locale: string): LevelTexts | undefined {
  for (const code of localeFallbacks(locale)) if (TEXTS[code]) return TEXTS[code];
  return undefined;
}
