import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installRouteManifest, keptManifests } from '../../src/platform/http/route-manifest';

let app: FastifyInstance;
let answered: string[];

beforeEach(async () => {
  answered = [];
  app = Fastify({ logger: false });
  // Stands in for the router's handler: the paths asked for, a reload answer for an old version.
  installRouteManifest(
    app,
    '/__manifest',
    async (request) => {
      const url = new URL(request.url);
      answered.push(url.pathname + url.search);
      if (url.searchParams.get('version') !== 'v1')
        return new Response(null, { status: 204, headers: { 'x-remix-reload-document': 'true' } });
      const paths = (url.searchParams.get('paths') ?? '').split(',');
      const body = Object.fromEntries(paths.map((path) => [path, 'x'.repeat(path === '/huge' ? 70_000 : 10)]));
      return Response.json(body, { headers: { 'cache-control': 'public, max-age=31536000, immutable' } });
    },
    keptManifests(),
  );
  await app.ready();
});
afterEach(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the route manifest', () => {
  it('asks the router once per URL and answers the same again from memory', async () => {
    const first = await get('/__manifest?paths=/,/pokies&version=v1');
    const again = await get('/__manifest?paths=/,/pokies&version=v1');
    const other = await get('/__manifest?paths=/de&version=v1');
    expect(answered).toEqual(['/__manifest?paths=/,/pokies&version=v1', '/__manifest?paths=/de&version=v1']);
    expect(first.json()).toEqual({ '/': 'x'.repeat(10), '/pokies': 'x'.repeat(10) });
    expect(again.body).toBe(first.body);
    expect([first.headers['x-orbit-cache'], again.headers['x-orbit-cache'], other.headers['x-orbit-cache']]).toEqual([
      'miss',
      'hit',
      'miss',
    ]);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers calls for the same URL at the same time with one answer of the router', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/__manifest?paths=/live&version=v1')));
    expect(answered).toEqual(['/__manifest?paths=/live&version=v1']);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('keeps neither an answer that is not a manifest nor one large enough to fill memory', async () => {
    const stale = await get('/__manifest?paths=/&version=v0');
    await get('/__manifest?paths=/&version=v0');
    expect(stale.statusCode).toBe(204);
    expect(stale.headers['x-remix-reload-document']).toBe('true');
    await get('/__manifest?paths=/huge&version=v1');
    await get('/__manifest?paths=/huge&version=v1');
    expect(answered).toHaveLength(4);
  });
});
