import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gamesFilterRequestSchema, issueCode, issueField, issuesToErrors } from '../src';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return issuesToErrors(result.error.issues);
};

describe('issueCode', () => {
  it('uses a snake_case message as the code', () => {
    expect(issueCode({ code: 'custom', path: [], message: 'invalid_nickname' })).toBe('invalid_nickname');
  });

  it('derives the code from the kind of issue otherwise', () => {
    const schema = z.object({
      a: z.string(),
      b: z.number().max(3),
      c: z.string().min(2),
      d: z.enum(['x']),
      e: z.array(z.number()).max(1),
    });
    expect(errorsOf(schema, { b: 9, c: 'x', d: 'y', e: [1, 2] })).toEqual({
      a: ['required'],
      b: ['too_big'],
      c: ['too_short'],
      d: ['not_allowed'],
      e: ['too_long'],
    });
  });

  it('tells a wrong type from a missing value even when zod leaves the input out', () => {
    expect(errorsOf(z.object({ a: z.string() }), { a: 1 })).toEqual({ a: ['invalid_type'] });
    expect(issueCode({ code: 'invalid_type', path: ['a'], message: 'Invalid input', input: undefined })).toBe(
      'required',
    );
    expect(
      issueCode({ code: 'invalid_type', path: ['a'], message: 'Invalid input: expected string, received number' }),
    ).toBe('invalid_type');
  });

  it('names the field inside the request wrappers', () => {
    expect(issueField(['user', 'email'])).toBe('email');
    expect(issueField(['filter', 'categories', 'strategy'])).toBe('filter.categories.strategy');
    expect(issueField([])).toBe('base');
  });
});

describe('gamesFilterRequestSchema', () => {
  it('defaults page 1 and page size 40, and strips unknown keys', () => {
    expect(gamesFilterRequestSchema.parse({ x: 1 })).toEqual({ page: 1, page_size: 40 });
    expect(
      gamesFilterRequestSchema.parse({ filter: { categories: { identifiers: ['top'] } } }).filter?.categories?.strategy,
    ).toBe('OR');
  });

  it('states its own codes', () => {
    expect(errorsOf(gamesFilterRequestSchema, { page: 0, page_size: 101, sort: { type: 'x' } })).toEqual({
      page: ['too_small'],
      page_size: ['too_big'],
      'sort.type': ['unsupported_sort'],
    });
  });
});
