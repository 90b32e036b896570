import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nulPath } from '../../src/platform/http/nul-guard';

describe('nulPath', () => {
  it('finds a NUL in a string, a key or deep in arrays and plain objects', () => {
    expect(nulPath({ user: { email: 'a\u0000b' } })).toEqual(['user', 'email']);
    expect(nulPath({ list: ['ok', { ['k\u0000']: 1 }] })).toEqual(['list', '1', 'k\u0000']);
    expect(nulPath(Object.assign(Object.create(null) as object, { q: '\u0000' }))).toEqual(['q']);
    expect(nulPath({ fine: 'text', n: 1, b: true, none: null })).toBeUndefined();
  });

  it('looks only into parsed data: not into a class instance such as a stream (whose object graph, walked, never ended in CI)', () => {
    class Kept {
      note = 'a\u0000b';
    }
    expect(nulPath({ kept: new Kept() })).toBeUndefined();
    expect(nulPath(new PassThrough())).toBeUndefined();
    expect(nulPath({ raw: Buffer.from('a\u0000b') })).toBeUndefined();
  });

  it('visits each object once, so a cyclic graph ends', () => {
    const cyclic: Record<string, unknown> = { a: {}, b: {} };
    (cyclic.a as Record<string, unknown>).up = cyclic;
    (cyclic.b as Record<string, unknown>).up = cyclic;
    expect(nulPath(cyclic)).toBeUndefined();
  });
});
