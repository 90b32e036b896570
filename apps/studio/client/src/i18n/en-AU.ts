/** The game page's texts for en-AU: English, as the casino's en-AU pages write it. */
import { en, type Catalogue } from './en';

export const enAU: Catalogue = en;
