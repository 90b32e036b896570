import { describe, expect, it } from 'vitest';
import { playerNicknameSchema } from '../../src';
import { codes } from './codes';

describe('playerNicknameSchema', () => {
  it.each(['abc', 'John Doe', 'j.doe-99', 'Jüri', 'Ólafur', 'Дмитрий', '山田太郎', 'a'.repeat(15), '123'])(
    'accepts %j',
    (nick) => {
      expect(codes(playerNicknameSchema, nick)).toEqual([]);
    },
  );

  it('trims and composes before counting', () => {
    expect(playerNicknameSchema.parse('  abc  ')).toBe('abc');
    expect(playerNicknameSchema.parse('Jos\u0065\u0301')).toBe('José');
  });

  it('refuses other characters', () => {
    for (const nick of ['john_doe', 'john@doe', 'joe!', 'tab\there', 'emoji😀', 'a,b,c']) {
      expect(codes(playerNicknameSchema, nick)).toEqual(['invalid_nickname']);
    }
  });

  it('refuses lengths outside 3–15', () => {
    expect(codes(playerNicknameSchema, 'ab')).toEqual(['too_short']);
    expect(codes(playerNicknameSchema, '   ab   ')).toEqual(['too_short']);
    expect(codes(playerNicknameSchema, 'a'.repeat(16))).toEqual(['too_long']);
  });
});
