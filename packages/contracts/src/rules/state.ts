import { isValidPostalCode } from './postal-code';

export type StateInfo = { code: string; name: string };

const AU = {
  NSW: { code: 'NSW', name: 'New South Wales' },
  ACT: { code: 'ACT', name: 'Australian Capital Territory' },
  VIC: { code: 'VIC', name: 'Victoria' },
  QLD: { code: 'QLD', name: 'Queensland' },
  SA: { code: 'SA', name: 'South Australia' },
  WA: { code: 'WA', name: 'Western Australia' },
  TAS: { code: 'TAS', name: 'Tasmania' },
  NT: { code: 'NT', name: 'Northern Territory' },
} satisfies Record<string, StateInfo>;

/** Australian postcode ranges, inclusive, as the field rules list them (docs/rules/fields.md). 6798–6799 (Christmas and Cocos Islands) are no state. */
export const AU_POSTCODE_RANGES: ReadonlyArray<readonly [number, number, StateInfo]> = [
  [200, 299, AU.ACT],
  [800, 999, AU.NT],
  [1000, 2599, AU.NSW],
  [2600, 2618, AU.ACT],
  [2619, 2899, AU.NSW],
  [2900, 2920, AU.ACT],
  [2921, 2999, AU.NSW],
  [3000, 3999, AU.VIC],
  [4000, 4999, AU.QLD],
  [5000, 5999, AU.SA],
  [6000, 6797, AU.WA],
  [6800, 6999, AU.WA],
  [7000, 7999, AU.TAS],
  [8000, 8999, AU.VIC],
  [9000, 9999, AU.QLD],
];

const province = (code: string, name: string): StateInfo => ({ code, name });
const QC = province('QC', 'Quebec');
const ON = province('ON', 'Ontario');

/** Canadian provinces by the postal code's first letter (X is given to NT, Nunavut included). */
export const CA_PROVINCE_BY_LETTER: Readonly<Record<string, StateInfo>> = {
  A: province('NL', 'Newfoundland and Labrador'),
  B: province('NS', 'Nova Scotia'),
  C: province('PE', 'Prince Edward Island'),
  E: province('NB', 'New Brunswick'),
  G: QC,
  H: QC,
  J: QC,
  K: ON,
  L: ON,
  M: ON,
  N: ON,
  P: ON,
  R: province('MB', 'Manitoba'),
  S: province('SK', 'Saskatchewan'),
  T: province('AB', 'Alberta'),
  V: province('BC', 'British Columbia'),
  X: province('NT', 'Northwest Territories'),
  Y: province('YT', 'Yukon'),
};

/**
 * The state to fill in for a postal code (AU, CA), or undefined. Australian codes may be written
 * with or without the leading zero ("0800" or "800"); a Canadian code must be a valid one.
 */
export function stateForPostalCode(country: string | null | undefined, postalCode: string): StateInfo | undefined {
  const code = postalCode.trim().toUpperCase();
  switch (country?.trim().toUpperCase()) {
    case 'AU': {
      if (!/^\d{3,4}$/.test(code)) return undefined;
      const n = Number(code);
      return AU_POSTCODE_RANGES.find(([from, to]) => n >= from && n <= to)?.[2];
    }
    case 'CA':
      return isValidPostalCode('CA', code) ? CA_PROVINCE_BY_LETTER[code[0]!] : undefined;
    default:
      return undefined;
  }
}
