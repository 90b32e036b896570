import { describe, expect, it } from 'vitest';
import { cardExpirySchema, cardNumberSchema, isLuhnValid } from '../../src';
import { codes } from './codes';

describe('cardNumberSchema', () => {
  const schema = cardNumberSchema();

  it.each([
    '4111111111111111',
    '4111 1111 1111 1111',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
    '4242424242424242',
    '4222222222222',
    '000000',
    '6703444444444449',
  ])('accepts %j', (number) => {
    expect(codes(schema, number)).toEqual([]);
  });

  it('outputs the digits', () => {
    expect(schema.parse(' 4111 1111 1111 1111 ')).toBe('4111111111111111');
  });

  it.each([
    '4111111111111112',
    '4111-1111-1111-1111',
    '4111.1111.1111.1111',
    '41111',
    '00000',
    '1'.repeat(19) + '9',
    '4111111111111111a',
    '',
    '   ',
  ])('refuses %j', (number) => {
    expect(codes(schema, number)).toEqual(['invalid_card_number']);
  });

  it('takes 6 to 19 digits', () => {
    expect(codes(schema, '000000')).toEqual([]);
    expect(codes(schema, '0'.repeat(19))).toEqual([]);
    expect(codes(schema, '0'.repeat(20))).toEqual(['invalid_card_number']);
  });

  it('refuses blocked prefixes, none by default', () => {
    const blocking = cardNumberSchema(['4111 11', '5555']);
    expect(codes(blocking, '4111111111111111')).toEqual(['blocked_card']);
    expect(codes(blocking, '5555555555554444')).toEqual(['blocked_card']);
    expect(codes(blocking, '4242424242424242')).toEqual([]);
    // An invalid number is reported as invalid, not blocked.
    expect(codes(blocking, '4111111111111112')).toEqual(['invalid_card_number']);
    expect(codes(cardNumberSchema(['']), '4242424242424242')).toEqual([]);
  });

  it('runs the Luhn check', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
});

describe('cardExpirySchema', () => {
  const schema = cardExpirySchema(new Date('2026-11-23T12:00:00Z'));

  it.each(['11/26', '12/26', '01/27', '12/46'])('accepts %j', (expiry) => {
    expect(codes(schema, expiry)).toEqual([]);
  });

  it.each(['10/26', '12/25', '01/00'])('refuses %j as expired', (expiry) => {
    expect(codes(schema, expiry)).toEqual(['card_expired']);
  });

  it.each(['00/27', '13/27', '1/27', '01/2027', '0127', '01-27', 'ab/cd', '', '01/47', '01/99'])(
    'refuses %j as malformed',
    (expiry) => {
      expect(codes(schema, expiry)).toEqual(['invalid_expiry']);
    },
  );

  it('trims', () => {
    expect(schema.parse(' 01/27 ')).toBe('01/27');
  });

  it('reads a today function at parse time', () => {
    let now = new Date('2026-11-30T23:59:59Z');
    const lazy = cardExpirySchema(() => now);
    expect(codes(lazy, '11/26')).toEqual([]);
    now = new Date('2026-12-01T00:00:00Z');
    expect(codes(lazy, '11/26')).toEqual(['card_expired']);
  });
});
