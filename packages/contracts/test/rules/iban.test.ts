import { describe, expect, it } from 'vitest';
import { ibanSchema, isLithuanianIban, isValidIban, LITHUANIAN_IBAN_GROUP_ID, normalizeIban } from '../../src';
import { codes } from './codes';

describe('ibanSchema', () => {
  it.each([
    'GB82 WEST 1234 5698 7654 32',
    'GB82WEST12345698765432',
    'DE89 3704 0044 0532 0130 00',
    'LT12 1000 0111 0100 1000',
    'EE38 2200 2210 2014 5685',
    'FR14 2004 1010 0505 0001 3M02 606',
    'NO93 8601 1117 947',
    'NL91 ABNA 0417 1643 00',
    'gb82 west 1234 5698 7654 32',
  ])('accepts %j', (iban) => {
    expect(codes(ibanSchema, iban)).toEqual([]);
  });

  it('outputs the electronic form', () => {
    expect(ibanSchema.parse(' gb82 west 1234 5698 7654 32 ')).toBe('GB82WEST12345698765432');
    expect(normalizeIban('de89 3704\t0044')).toBe('DE8937040044');
  });

  it.each([
    'GB83 WEST 1234 5698 7654 32', // check digits
    'GB82 WEST 1234 5698 7654 33', // a digit changed
    'GB82 WEST 1234 5698 7654 3', // too short for GB
    'DE89 3704 0044 0532 0130 000', // too long for DE
    'LT12 1000 0111 0100 100',
    'GB82-WEST-1234-5698-7654-32',
    'XX82',
    '',
    '1234567890123456',
  ])('refuses %j', (iban) => {
    expect(codes(ibanSchema, iban)).toEqual(['invalid_iban']);
  });

  it('needs only the checksum and 15–34 characters for a country missing from the table', () => {
    // Russia's IBAN (33 characters) is newer than the table.
    expect(isValidIban('RU02 0445 2560 0407 0281 0412 3456 7890 1')).toBe(true);
    expect(isValidIban('RU03 0445 2560 0407 0281 0412 3456 7890 1')).toBe(false);
  });
});

describe('isLithuanianIban', () => {
  it('is true for a valid IBAN starting LT', () => {
    expect(LITHUANIAN_IBAN_GROUP_ID).toBe(1101);
    expect(isLithuanianIban('LT12 1000 0111 0100 1000')).toBe(true);
    expect(isLithuanianIban('lt121000011101001000')).toBe(true);
    expect(isLithuanianIban('LT13 1000 0111 0100 1000')).toBe(false);
    expect(isLithuanianIban('GB82 WEST 1234 5698 7654 32')).toBe(false);
  });
});
