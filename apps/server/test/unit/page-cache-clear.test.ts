/**
 * The page cache's `clear()` (what a catalogue change calls, docs/catalogue.md "Managed in the
 * back office"): every stored page is rendered anew, and a page whose render began before the
 * clear is not stored (it may show what was cleared).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installPageCache, type PageCache } from '../../src/platform/http/page-cache';

let app: FastifyInstance;
let cache: PageCache;
let renders = 0;
/** Set by a test: the render waits for it (a change lands while a page is being rendered). */
let during: (() => void) | undefined;

beforeEach(async () => {
  renders = 0;
  during = undefined;
  app = Fastify({ logger: false });
  cache = installPageCache(app, { ttlMs: 60_000, isPage: () => true });
  app.get('/*', async (request, reply) => {
    renders += 1;
    const mine = renders;
    during?.();
    return reply.type('text/html').send(`<html>render ${mine} of ${request.url}</html>`);
  });
  await app.ready();
});
afterEach(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('clearing the page cache', () => {
  it('renders every stored page anew after a clear', async () => {
    await get('/');
    await get('/pokies/slots');
    expect((await get('/')).headers['x-orbit-cache']).toBe('hit');
    cache.clear();
    const lobby = await get('/');
    expect(lobby.headers['x-orbit-cache']).toBe('miss');
    expect(lobby.body).toContain('render 3');
    expect((await get('/pokies/slots')).body).toContain('render 4');
    expect((await get('/')).headers['x-orbit-cache']).toBe('hit');
  });

  it('does not store a page whose render began before the clear', async () => {
    during = () => cache.clear();
    expect((await get('/')).body).toContain('render 1');
    during = undefined;
    const next = await get('/');
    expect(next.headers['x-orbit-cache']).toBe('miss');
    expect(next.body).toContain('render 2');
    expect((await get('/')).headers['x-orbit-cache']).toBe('hit');
  });
});
