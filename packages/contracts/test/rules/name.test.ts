import { describe, expect, it } from 'vitest';
import { firstNameSchema, lastNameSchema, personNameSchema } from '../../src';
import { codes } from './codes';

describe('personNameSchema', () => {
  it.each([
    'A',
    'Anne-Marie',
    "O'Brien",
    'J. R. R.',
    'Mäe',
    'Šimkus',
    'Ægir',
    'Łukasz',
    'Ñúñez',
    'Иван',
    'डॉक्टर',
    'a'.repeat(50),
  ])('accepts %j', (name) => {
    expect(codes(personNameSchema, name)).toEqual([]);
  });

  it('trims', () => {
    expect(firstNameSchema.parse('  Anne ')).toBe('Anne');
    expect(lastNameSchema).toBe(personNameSchema);
  });

  it.each(['', '   ', 'a'.repeat(51), 'John3', 'Jo_hn', 'J@ne', '-Anne', "'Anne", '.', 'Anne, Marie', 'Ann😀'])(
    'refuses %j',
    (name) => {
      expect(codes(personNameSchema, name)).toEqual(['invalid_name']);
    },
  );
});
