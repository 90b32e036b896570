/** The game page's texts for en-KW: English, as the casino's en-KW pages write it. */
import { en, type Catalogue } from './en';

export const enKW: Catalogue = en;
