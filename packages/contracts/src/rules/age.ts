import type { Licence } from '../info';

/** Minimum age to play: 18, or 21 under the Estonian licence. */
export const MINIMUM_AGE_BY_LICENCE: Readonly<Record<Licence, number>> = { CW: 18, EE: 21, GCB: 18, AU: 18 };

export function minimumAgeFor(licence: Licence): number {
  return MINIMUM_AGE_BY_LICENCE[licence];
}
