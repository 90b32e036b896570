/**
 * `GET /batch` (docs/promotions.md, docs/security.md "The batch call"): each url is resolved
 * fully before it is checked, so that no spelling reaches `/batch` again (the recursion: one 13 KB
 * guest request made 216 internal calls) or a path outside `/api/` (the studio's API); more than
 * 12 urls, counting `url[]` and `url` together, are refused; a refusal makes no call at all.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  batchResponseSchema,
  BATCH_MAX_URLS,
  currentIpResponseSchema,
  projectInfoSchema,
  tournamentsResponseSchema,
} from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '10.90.0.1', LICENCE_HOSTS: 'casino.example=CW,ee.casino.example=EE' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** `/batch` with this query string as sent, and the internal calls it made. */
async function batch(query: string, options: Parameters<typeof call>[3] = {}) {
  const inject = vi.spyOn(t.app, 'inject');
  const res = await call(t, 'GET', `/batch?${query}`, options);
  // The spy saw the test's own request first; the rest are the batch's calls.
  const calls = inject.mock.calls as unknown as Array<[{ url: string }]>;
  const internal = calls.slice(1).map(([opts]) => opts.url);
  inject.mockRestore();
  return { res, internal };
}

const NOT_BATCHABLE = { errors: { 'url[]': ['url_not_batchable'] } };

describe('/batch refuses what it may not call, before calling anything', () => {
  it('the recursion of the finding: `..` encoded twice back into /batch', async () => {
    // Decoded once by the query parser, the url is `api/%2e%2e/batch?url[]=…`: no `..` to see, and
    // the inner request normalised `api/%2e%2e/batch` to `/batch`.
    const inner = Array.from({ length: 6 }, () => 'url%5B%5D%3Dapi%252F%252e%252e%252Fbatch').join('%26');
    const query = Array.from({ length: BATCH_MAX_URLS }, () => `url[]=api%2F%252e%252e%2Fbatch%3F${inner}`).join('&');
    const { res, internal } = await batch(query);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(NOT_BATCHABLE);
    expect(internal).toEqual([]);
  });

  it('the way out of /api/ of the finding: the studio API', async () => {
    const { res, internal } = await batch('url[]=api%2F%252e%252e%2Fstudio%2Fapi%2Fgames');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(NOT_BATCHABLE);
    expect(internal).toEqual([]);
  });

  it.each([
    ['/batch itself', 'batch?url[]=api/tournaments'],
    ['/batch with a slash', '/batch'],
    ['plain dot segments', 'api/../batch'],
    ['encoded dots', 'api/%2e%2e/batch'],
    ['dots encoded twice', 'api/%252e%252e/batch'],
    ['dots encoded three times', 'api/%25252e%25252e/batch'],
    ['dots encoded five times', 'api/%252525252e%252525252e/batch'],
    ['mixed dots', 'api/.%2E/studio/api/games'],
    ['encoded slashes and dots', 'api%2F..%2Fbatch'],
    ['dots and slashes encoded twice inside a segment', 'api/tournaments%252F..%252F..%252Fbatch'],
    ['backslashes', 'api\\..\\batch'],
    ['encoded backslashes', 'api/%5C..%5Cbatch'],
    ['an empty segment', 'api//tournaments'],
    ['outside /api/', 'studio/api/games'],
    ['outside /api/ once resolved', 'api/tournaments/../../studio/api/games'],
    ['another host, protocol-relative', '//evil.example/api/tournaments'],
    ['another host, absolute', 'https://evil.example/api/tournaments'],
    ['the API docs (no call, and large)', 'api/docs/json'],
    ['a malformed escape', 'api/%E0%A4%A/tournaments'],
  ])('%s', async (_what, url) => {
    const { res, internal } = await batch(`url[]=${encodeURIComponent(url)}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(NOT_BATCHABLE);
    expect(internal).toEqual([]);
  });

  it('one bad url among good ones refuses the batch', async () => {
    const { res, internal } = await batch('url[]=api/tournaments&url[]=api%2F%252e%252e%2Fbatch');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(NOT_BATCHABLE);
    expect(internal).toEqual([]);
  });
});

describe('/batch caps the urls at 12, url[] and url together', () => {
  const urls = (key: string, n: number) => Array.from({ length: n }, (_, i) => `${key}=api/tournaments/${i + 1}`);

  it('refuses 13 as url[], and 7 url[] with 6 url', async () => {
    for (const query of [urls('url[]', 13), [...urls('url[]', 7), ...urls('url', 6)]]) {
      const { res, internal } = await batch(query.join('&'));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ errors: { 'url[]': ['too_many_urls'] } });
      expect(internal).toEqual([]);
    }
  });

  it('answers 12, each its own call', async () => {
    const { res, internal } = await batch(urls('url[]', 12).join('&'));
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(batchResponseSchema.parse(res.json()))).toHaveLength(12);
    expect(internal).toHaveLength(12);
  });
});

describe('/batch still answers what the front ends send', () => {
  it('calls the resolved path (encoded letters, dot segments inside /api/), keyed by the url as sent, a failed one {}', async () => {
    const { res, internal } = await batch(
      [
        `url[]=${encodeURIComponent('api/tournaments')}`,
        'url[]=%2561pi%2Ftournaments%2Frecent',
        'url[]=api/./tournaments/../lotteries',
        'url[]=api/tournaments/999999/status',
      ].join('&'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = batchResponseSchema.parse(res.json());
    expect(tournamentsResponseSchema.parse(body['api/tournaments'])).toBeInstanceOf(Array);
    expect(tournamentsResponseSchema.parse(body['%61pi/tournaments/recent'])).toBeInstanceOf(Array);
    expect(body['api/./tournaments/../lotteries']).toBeInstanceOf(Array);
    expect(body['api/tournaments/999999/status']).toEqual({});
    expect(internal.sort()).toEqual([
      '/api/lotteries',
      '/api/tournaments',
      '/api/tournaments/999999/status',
      '/api/tournaments/recent',
    ]);
  });

  it("carries the visitor's address and host as this request resolved them, never forwarded headers", async () => {
    const seen = async (ip: string, headers: Record<string, string>) => {
      const { res } = await batch('url[]=api/current_ip&url[]=api/info/project', { ip, headers });
      const body = batchResponseSchema.parse(res.json());
      return {
        ip: currentIpResponseSchema.parse(body['api/current_ip']).ip,
        licence: projectInfoSchema.parse(body['api/info/project']).licence,
      };
    };
    const forwarded = { 'x-forwarded-for': '203.0.113.40', 'x-forwarded-host': 'ee.casino.example' };
    // Through the trusted proxy: its word counts, for the batch's calls too.
    expect(await seen('10.90.0.1', { host: 'internal:3000', ...forwarded })).toEqual({
      ip: '203.0.113.40',
      licence: 'EE',
    });
    // Straight from a visitor: the socket and the Host header, whatever the forwarded headers say.
    expect(await seen('10.90.0.9', { host: 'casino.example', ...forwarded })).toEqual({
      ip: '10.90.0.9',
      licence: 'CW',
    });
  });
});
