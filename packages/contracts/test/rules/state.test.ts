import { describe, expect, it } from 'vitest';
import { stateForPostalCode } from '../../src';

const au = (code: string) => stateForPostalCode('AU', code)?.code;

describe('stateForPostalCode (Australia)', () => {
  it.each([
    ['0199', undefined],
    ['0200', 'ACT'],
    ['200', 'ACT'],
    ['0299', 'ACT'],
    ['0300', undefined],
    ['0799', undefined],
    ['0800', 'NT'],
    ['800', 'NT'],
    ['0999', 'NT'],
    ['999', 'NT'],
    ['0999', 'NT'],
    ['1000', 'NSW'],
    ['2000', 'NSW'],
    ['2599', 'NSW'],
    ['2600', 'ACT'],
    ['2618', 'ACT'],
    ['2619', 'NSW'],
    ['2899', 'NSW'],
    ['2900', 'ACT'],
    ['2920', 'ACT'],
    ['2921', 'NSW'],
    ['2999', 'NSW'],
    ['3000', 'VIC'],
    ['3999', 'VIC'],
    ['4000', 'QLD'],
    ['4999', 'QLD'],
    ['5000', 'SA'],
    ['5999', 'SA'],
    ['6000', 'WA'],
    ['6797', 'WA'],
    ['6798', undefined],
    ['6799', undefined],
    ['6800', 'WA'],
    ['6999', 'WA'],
    ['7000', 'TAS'],
    ['7999', 'TAS'],
    ['8000', 'VIC'],
    ['8999', 'VIC'],
    ['9000', 'QLD'],
    ['9999', 'QLD'],
  ])('%s → %s', (code, state) => {
    expect(au(code)).toBe(state);
  });

  it('names the state', () => {
    expect(stateForPostalCode('AU', '2600')).toEqual({ code: 'ACT', name: 'Australian Capital Territory' });
    expect(stateForPostalCode('au', ' 0800 ')).toEqual({ code: 'NT', name: 'Northern Territory' });
  });

  it.each(['', '80', '10000', '2OOO', '2000A', '-200', '20 00'])('finds nothing for %j', (code) => {
    expect(au(code)).toBeUndefined();
  });
});

describe('stateForPostalCode (Canada)', () => {
  it.each([
    ['A1A 1A1', 'NL', 'Newfoundland and Labrador'],
    ['B3H 4R2', 'NS', 'Nova Scotia'],
    ['C1A 4P3', 'PE', 'Prince Edward Island'],
    ['E1C 4M3', 'NB', 'New Brunswick'],
    ['G1R 4P5', 'QC', 'Quebec'],
    ['H3Z 2Y7', 'QC', 'Quebec'],
    ['J8X 3X7', 'QC', 'Quebec'],
    ['K1A 0B1', 'ON', 'Ontario'],
    ['L5B 1M2', 'ON', 'Ontario'],
    ['M5V 3L9', 'ON', 'Ontario'],
    ['N2L 3G1', 'ON', 'Ontario'],
    ['P3E 2C6', 'ON', 'Ontario'],
    ['R3C 4T3', 'MB', 'Manitoba'],
    ['S4P 3V7', 'SK', 'Saskatchewan'],
    ['T2P 1J9', 'AB', 'Alberta'],
    ['V6B 4Y8', 'BC', 'British Columbia'],
    ['X1A 2L9', 'NT', 'Northwest Territories'],
    ['Y1A 1C2', 'YT', 'Yukon'],
  ])('%s → %s', (postalCode, code, name) => {
    expect(stateForPostalCode('CA', postalCode)).toEqual({ code, name });
  });

  it('takes lower case and no space', () => {
    expect(stateForPostalCode('CA', 'k1a0b1')?.code).toBe('ON');
  });

  it.each(['D1A 1A1', 'W1A 1A1', 'Z1A 1A1', 'K', 'K1A', '12345', ''])('finds nothing for %j', (code) => {
    expect(stateForPostalCode('CA', code)).toBeUndefined();
  });
});

describe('stateForPostalCode (other countries)', () => {
  it('finds nothing', () => {
    expect(stateForPostalCode('US', '90210')).toBeUndefined();
    expect(stateForPostalCode('NZ', '2000')).toBeUndefined();
    expect(stateForPostalCode(undefined, '2000')).toBeUndefined();
  });
});
