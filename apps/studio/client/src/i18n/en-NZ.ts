/** The game page's texts for en-NZ: English, as the casino's en-NZ pages write it. */
import { en, type Catalogue } from './en';

export const enNZ: Catalogue = en;
