import { describe, expect, it } from 'vitest';
import { personalIdSchema } from '../../src';
import { codes } from './codes';

describe('personalIdSchema', () => {
  it.each(['38001085718', '12345678901', 'AB123456789', ' 38001085718 '])('accepts %j', (id) => {
    expect(codes(personalIdSchema, id)).toEqual([]);
  });

  it.each(['3800108571', '380010857189', '', '380 0108571', '3800108571-', '3800108571Ä'])('refuses %j', (id) => {
    expect(codes(personalIdSchema, id)).toEqual(['invalid_personal_id']);
  });
});
