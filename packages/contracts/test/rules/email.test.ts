import { describe, expect, it } from 'vitest';
import { emailAddressSchema, normalizeEmail } from '../../src';
import { codes } from './codes';

describe('emailAddressSchema', () => {
  it.each(['a@b.co', 'john.doe+casino@example.com', "o'brien@mail.example.ie", 'X_Y@sub.domain.org'])(
    'accepts %j',
    (email) => {
      expect(codes(emailAddressSchema, email)).toEqual([]);
    },
  );

  it('trims but keeps the spelling', () => {
    expect(emailAddressSchema.parse('  John@Example.COM ')).toBe('John@Example.COM');
  });

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@@b.co', '.a@b.co', 'a..b@c.co', 'a@b.c', 'a@b_c.com'])(
    'refuses %j',
    (email) => {
      expect(codes(emailAddressSchema, email)).toEqual(['invalid_email']);
    },
  );

  it('refuses addresses over 254 characters or local parts over 64', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.co`; // 246
    expect(codes(emailAddressSchema, `abcdefg@${domain}`)).toEqual([]); // 254
    expect(codes(emailAddressSchema, `abcdefgh@${domain}`)).toEqual(['invalid_email']); // 255
    expect(codes(emailAddressSchema, `${'a'.repeat(64)}@b.co`)).toEqual([]);
    expect(codes(emailAddressSchema, `${'a'.repeat(65)}@b.co`)).toEqual(['invalid_email']);
  });

  it('normalises for uniqueness: trimmed, lower-case', () => {
    expect(normalizeEmail('  John.Doe@Example.COM\n')).toBe('john.doe@example.com');
  });
});
