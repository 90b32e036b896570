import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  integerSchema,
  issuesToErrors,
  maxValueSchema,
  minLengthSchema,
  minValueSchema,
  multipleOfSchema,
  mustBeAcceptedSchema,
  onlyEnglishLettersSchema,
  requiredStringSchema,
  withinBalanceSchema,
} from '../../src';
import { codes } from './codes';

describe('generic rules', () => {
  it('balance check: not above the limit', () => {
    const schema = withinBalanceSchema(10_000);
    expect(codes(schema, 10_000)).toEqual([]);
    expect(codes(schema, 0)).toEqual([]);
    expect(codes(schema, 10_001)).toEqual(['exceeds_balance']);
  });

  it('multiple-of rule', () => {
    expect(codes(multipleOfSchema(500), 1500)).toEqual([]);
    expect(codes(multipleOfSchema(500), 0)).toEqual([]);
    expect(codes(multipleOfSchema(500), 1501)).toEqual(['not_multiple_of']);
    expect(codes(multipleOfSchema(0.1), 0.3)).toEqual([]);
    expect(codes(multipleOfSchema(0.1), 0.35)).toEqual(['not_multiple_of']);
  });

  it('must be checked', () => {
    expect(codes(mustBeAcceptedSchema, true)).toEqual([]);
    expect(codes(mustBeAcceptedSchema, false)).toEqual(['must_be_accepted']);
    expect(codes(mustBeAcceptedSchema, 'true')).toEqual(['must_be_accepted']);
    const form = z.object({ terms_acceptance: mustBeAcceptedSchema });
    expect(issuesToErrors(form.safeParse({}).error!.issues)).toEqual({ terms_acceptance: ['must_be_accepted'] });
  });

  it('only English letters', () => {
    expect(codes(onlyEnglishLettersSchema, 'HelloWorld')).toEqual([]);
    for (const value of ['Hello World', 'Jüri', 'abc1', 'Иван', '']) {
      expect(codes(onlyEnglishLettersSchema, value)).toEqual(['only_english_letters']);
    }
  });

  it('integer', () => {
    expect(codes(integerSchema, 42)).toEqual([]);
    expect(codes(integerSchema, -3)).toEqual([]);
    expect(codes(integerSchema, 1.5)).toEqual(['not_integer']);
    expect(codes(integerSchema, '42')).toEqual(['invalid_type']);
  });

  it('min and max value', () => {
    expect(codes(minValueSchema(10), 10)).toEqual([]);
    expect(codes(minValueSchema(10), 9)).toEqual(['too_small']);
    expect(codes(maxValueSchema(10), 10)).toEqual([]);
    expect(codes(maxValueSchema(10), 11)).toEqual(['too_big']);
  });

  it('min length', () => {
    expect(codes(minLengthSchema(3), 'abc')).toEqual([]);
    expect(codes(minLengthSchema(3), 'ab')).toEqual(['too_short']);
  });

  it('required', () => {
    expect(requiredStringSchema.parse(' x ')).toBe('x');
    expect(codes(requiredStringSchema, '')).toEqual(['required']);
    expect(codes(requiredStringSchema, '   ')).toEqual(['required']);
    const form = z.object({ city: requiredStringSchema });
    expect(issuesToErrors(form.safeParse({}).error!.issues)).toEqual({ city: ['required'] });
  });
});
