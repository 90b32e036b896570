/**
 * Every locale's catalogue at once, for the pages the studio's server writes itself (the rules
 * page) and the catalogues' tests. Never imported by the game page, which loads one locale on
 * demand (index.ts).
 */
import { de } from './de';
import { en, type Catalogue } from './en';
import { enAU } from './en-AU';
import { enCA } from './en-CA';
import { enKW } from './en-KW';
import { enNZ } from './en-NZ';
import { et } from './et';
import { frCA } from './fr-CA';
import type { Locale } from './index';
import { it } from './it';
import { no } from './no';

export const ALL_CATALOGUES: Record<Locale, Catalogue> = {
  en,
  'en-AU': enAU,
  'en-CA': enCA,
  'en-KW': enKW,
  'en-NZ': enNZ,
  de,
  et,
  'fr-CA': frCA,
  it,
  no,
};
