/** The game page's texts for en-CA: English, as the casino's en-CA pages write it. */
import { en, type Catalogue } from './en';

export const enCA: Catalogue = en;
