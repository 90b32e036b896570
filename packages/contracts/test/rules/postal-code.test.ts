import { describe, expect, it } from 'vitest';
import { postalCodeSchema } from '../../src';
import { codes } from './codes';

const valid: Record<string, string[]> = {
  AU: ['2000', '0800', '0200'],
  CA: ['K1A 0B1', 'k1a0b1', 'H3Z 2Y7', 'T2P 1J9'],
  US: ['90210', '90210-1234', '902101234'],
  GB: ['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'sw1a1aa', 'GIR 0AA'],
  DE: ['10115', '01067'],
  NZ: ['6011'],
  NO: ['0150'],
  IE: ['D02 X285', 'A65 F4E2', 'D6W 1234', 'T12X70A'],
  JP: ['100-0001', '1000001'],
  BR: ['01310-100', '01310100'],
  EE: ['10111'],
  IT: ['00184'],
  FI: ['00100'],
  SE: ['123 45', '12345'],
  NL: ['1012 AB', '1012AB'],
  PL: ['00-950'],
  LT: ['LT-01100', '01100'],
};

const invalid: Record<string, string[]> = {
  AU: ['200', '20000', 'ABCD'],
  CA: ['K1A 0B', 'D1A 0B1', 'W1A 0B1', 'K1A 0O1', '123456', 'K1A-0B1'],
  US: ['9021', '90210-123', '90210 1234', 'ABCDE'],
  GB: ['SW1A', '1AA SW1', 'SW1A 1A', 'QV1 1AA', 'SW1A  1AA', 'SW1A 1AC', 'SJ1 1AA'],
  DE: ['1011', '101155'],
  NZ: ['601'],
  NO: ['01500'],
  IE: ['B02 X285', 'D02 X28', 'D02 XO85', 'T12 AB34'],
  JP: ['100-001', '10-00001'],
  BR: ['01310-10', '1310-100'],
  EE: ['1011'],
  IT: ['0018'],
  FI: ['001000'],
  SE: ['1234 5', '1234'],
};

describe('postalCodeSchema', () => {
  for (const [country, list] of Object.entries(valid)) {
    it.each(list)(`accepts %j in ${country}`, (code) => {
      expect(codes(postalCodeSchema(country), code)).toEqual([]);
    });
  }

  for (const [country, list] of Object.entries(invalid)) {
    it.each(list)(`refuses %j in ${country}`, (code) => {
      expect(codes(postalCodeSchema(country), code)).toEqual(['invalid_postal_code']);
    });
  }

  it('trims and upper-cases; takes a lower-case country', () => {
    expect(postalCodeSchema('ca').parse(' k1a 0b1 ')).toBe('K1A 0B1');
  });

  it('takes letters and digits with inner spaces or hyphens, 2–10, for other countries', () => {
    for (const code of ['12', 'AB-123', '1234 567', 'ab12cd', '1234567890']) {
      expect(codes(postalCodeSchema('AR'), code)).toEqual([]);
    }
    for (const code of ['1', '12345678901', '-123', '123-', '12_34', '12.34', '12/34', 'ÄB12', '']) {
      expect(codes(postalCodeSchema('AR'), code)).toEqual(['invalid_postal_code']);
    }
    expect(codes(postalCodeSchema(undefined), 'AB 12')).toEqual([]);
    expect(codes(postalCodeSchema(null), '!')).toEqual(['invalid_postal_code']);
  });
});
