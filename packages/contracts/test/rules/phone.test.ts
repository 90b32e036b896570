import { describe, expect, it } from 'vitest';
import { phoneSchema } from '../../src';
import { codes } from './codes';

describe('phoneSchema', () => {
  it.each(['12345678', '+3725123456', '+1 (555) 123-4567', '(02) 9876 5432', '+44 20 7946 0958', '1'.repeat(20)])(
    'accepts %j',
    (phone) => {
      expect(codes(phoneSchema, phone)).toEqual([]);
    },
  );

  it.each([
    '1234567', // 7 characters
    '+1 (555)', // 8 characters but 4 digits
    '123-45-67', // 9 characters but 7 digits
    '1'.repeat(21),
    '12345678a',
    '+372.5123456',
    '372+5123456',
    '++3725123456',
    '',
  ])('refuses %j', (phone) => {
    expect(codes(phoneSchema, phone)).toEqual(['invalid_phone']);
  });
});
