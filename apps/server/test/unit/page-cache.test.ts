import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installPageCache } from '../../src/platform/http/page-cache';
import { notePlayerRead, renderHeaders } from '../../src/platform/http/render-reads';

let app: FastifyInstance;
let clock = 0;
let renders = 0;

beforeEach(async () => {
  clock = 1_000;
  renders = 0;
  app = Fastify({ logger: false });
  installPageCache(app, {
    ttlMs: 5_000,
    staleMs: 10_000,
    maxEntries: 2,
    sharedCookies: ['orbit_ff'],
    ignoredCookies: ['stag', 'utm_source'],
    isPage: (request) => !request.url.startsWith('/api/'),
    now: () => clock,
  });
  // Pages stream their HTML like the server renderer does; each render says which one it is.
  app.get('/*', async (request, reply) => {
    renders += 1;
    if (request.url === '/missing') reply.status(404);
    if (request.url === '/sets-cookie') reply.header('set-cookie', 'orbit_session=new');
    reply.type('text/html');
    // As the server renderer does: a HEAD request is answered with headers and no HTML.
    if (request.method === 'HEAD') return reply.send('');
    return reply.send(Readable.from([`<html>render ${renders} of ${request.url}</html>`]));
  });
  app.get('/api/thing', async () => ({ renders: ++renders }));
  await app.ready();
});
afterEach(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the page cache for guests', () => {
  it('renders a page once and serves it again until it expires', async () => {
    const first = await get('/');
    expect(first.headers['x-orbit-cache']).toBe('miss');
    const second = await get('/');
    expect(second.headers['x-orbit-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toContain('text/html');
    expect(renders).toBe(1);

    clock += 15_001;
    const third = await get('/');
    expect(third.headers['x-orbit-cache']).toBe('miss');
    expect(third.body).toContain('render 2');
  });

  it('never stores the empty answer of a HEAD request for the GETs after it (a monitor would blank the page)', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/monitored' });
    expect(head.statusCode).toBe(200);
    const page = await get('/monitored');
    expect(page.body).toContain('of /monitored');
    // A HEAD after the page is stored is answered from it.
    expect((await app.inject({ method: 'HEAD', url: '/monitored' })).headers['x-orbit-cache']).toBe('hit');
  });

  it('after expiry lets one request render the successor while others get the stale page', async () => {
    await get('/');
    clock += 6_000;
    // The first request after expiry renders; one arriving while that render is under way
    // (simulated: the flag is set, nothing stored yet) is served the old page.
    const [refresh, meanwhile] = await Promise.all([get('/'), get('/')]);
    expect(refresh.headers['x-orbit-cache']).toBe('miss');
    expect(refresh.body).toContain('render 2');
    expect(meanwhile.headers['x-orbit-cache']).toBe('stale');
    expect(meanwhile.body).toContain('render 1');
    const after = await get('/');
    expect(after.headers['x-orbit-cache']).toBe('hit');
    expect(after.body).toContain('render 2');
    expect(renders).toBe(2);
  });

  it('serves the stored page gzipped to clients that accept it', async () => {
    await get('/');
    const hit = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hit.rawPayload).toString()).toBe('<html>render 1 of /</html>');
  });

  it('renders anew for a player when players are not told apart (no player cookies given) and stores nothing', async () => {
    await get('/', { cookie: 'orbit_session=abc' });
    await get('/', { cookie: 'orbit_session=abc' });
    expect(renders).toBe(2);
    expect((await get('/')).headers['x-orbit-cache']).toBe('miss');
  });

  it('keeps one copy per feature-flag cookie', async () => {
    await get('/', { cookie: 'orbit_ff=lotteries.off' });
    const other = await get('/', { cookie: 'orbit_ff=lotteries.on' });
    expect(other.headers['x-orbit-cache']).toBe('miss');
    expect((await get('/', { cookie: 'orbit_ff=lotteries.off' })).body).toContain('render 1');
  });

  it("serves the same page whatever the visit's cookies no render reads (a partner's tag, a campaign)", async () => {
    await get('/');
    const tagged = await get('/', { cookie: 'stag=aff_1; utm_source=news; orbit_ff=x' });
    expect(tagged.headers['x-orbit-cache']).toBe('miss');
    const again = await get('/', { cookie: 'utm_source=mail; stag=aff_2' });
    expect(again.headers['x-orbit-cache']).toBe('hit');
    expect(again.body).toContain('render 1');
    // A player's cookie beside them still means the player's own page.
    expect((await get('/', { cookie: 'stag=aff_1; orbit_session=abc' })).headers['x-orbit-cache']).toBeUndefined();
    expect(renders).toBe(3);
  });

  it('never stores an answer that sets a cookie, and stores 404 pages', async () => {
    await get('/sets-cookie');
    expect((await get('/sets-cookie')).headers['x-orbit-cache']).toBe('miss');
    await get('/missing');
    const again = await get('/missing');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-orbit-cache']).toBe('hit');
  });

  it('leaves the API alone and keeps at most maxEntries pages', async () => {
    await get('/api/thing');
    expect((await get('/api/thing')).json()).toEqual({ renders: 2 });
    await get('/a');
    await get('/b');
    await get('/c');
    expect((await get('/a')).headers['x-orbit-cache']).toBe('miss');
    expect((await get('/c')).headers['x-orbit-cache']).toBe('hit');
  });
});

describe('the page cache for signed-in players', () => {
  let players: FastifyInstance;
  /** Each render says whether it asked who the player is (as the tester check of a switched-off page does). */
  beforeEach(async () => {
    players = Fastify({ logger: false });
    installPageCache(players, {
      ttlMs: 5_000,
      staleMs: 10_000,
      sharedCookies: ['orbit_ff'],
      ignoredCookies: ['stag'],
      playerCookies: ['orbit_session'],
      // A player from Estonia is served under the EE licence; every other visitor under CW.
      variantOf: () => 'CW',
      playerVariantOf: async (request) => (String(request.headers.cookie).includes('orbit_session=ee') ? 'EE' : 'CW'),
      isPage: (request) => !request.url.startsWith('/api/'),
      now: () => clock,
    });
    players.get('/api/player', async (request) => {
      notePlayerRead(request);
      return { player: String(request.headers.cookie) };
    });
    players.get('/*', async (request, reply) => {
      renders += 1;
      let who = 'nobody';
      // The page's loaders reach the API in-process, carrying the render's mark (web.ts injectFetch).
      // As the tester check: a visitor without cookies is nobody, without asking.
      if (request.url === '/tester-page' && request.headers.cookie) {
        const answer = await players.inject({
          method: 'GET',
          url: '/api/player',
          headers: { cookie: request.headers.cookie ?? '', ...renderHeaders(request) },
        });
        who = answer.json<{ player: string }>().player;
      }
      reply.type('text/html');
      return reply.send(Readable.from([`<html>render ${renders} of ${request.url} for ${who}</html>`]));
    });
    await players.ready();
  });
  afterEach(() => players.close());
  const visit = (url: string, cookie?: string) =>
    players.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("serves a player the guests' copy once a signed-in render read nothing of the player", async () => {
    const first = await visit('/', 'orbit_session=abc; orbit_ff=x');
    expect(first.headers['x-orbit-cache']).toBe('miss');
    // The flag cookie keys the copy as for guests; the session's does not.
    const again = await visit('/', 'orbit_session=other; orbit_ff=x');
    expect(again.headers['x-orbit-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const guest = await visit('/', 'orbit_ff=x; stag=aff');
    expect(guest.headers['x-orbit-cache']).toBe('hit');
    expect(guest.body).toBe(first.body);
    expect(renders).toBe(1);
  });

  it("never serves a page whose render read the player to anybody else, nor a guest's copy to that player", async () => {
    const guest = await visit('/tester-page');
    expect(guest.body).toContain('for nobody');
    const tester = await visit('/tester-page', 'orbit_session=tester');
    expect(tester.headers['x-orbit-cache']).toBe('miss');
    expect(tester.body).toContain('for orbit_session=tester');
    const next = await visit('/tester-page', 'orbit_session=someone');
    expect(next.headers['x-orbit-cache']).toBe('miss');
    expect(next.body).toContain('for orbit_session=someone');
    const laterGuest = await visit('/tester-page');
    expect(laterGuest.headers['x-orbit-cache']).toBe('hit');
    expect(laterGuest.body).toContain('render 1 of /tester-page for nobody');
    expect(renders).toBe(3);
  });

  it("does not take a guest's copy as the player's until a signed-in render of that page showed it the same", async () => {
    await visit('/');
    expect((await visit('/', 'orbit_session=abc')).headers['x-orbit-cache']).toBe('miss');
    expect((await visit('/', 'orbit_session=abc')).headers['x-orbit-cache']).toBe('hit');
    expect(renders).toBe(2);
  });

  it("keeps a copy per licence: a player served under another licence than the guest's gets that licence's page", async () => {
    await visit('/', 'orbit_session=abc');
    const estonian = await visit('/', 'orbit_session=ee');
    expect(estonian.headers['x-orbit-cache']).toBe('miss');
    expect(estonian.body).toContain('render 2');
    expect((await visit('/', 'orbit_session=ee')).body).toContain('render 2');
    expect((await visit('/')).body).toContain('render 1');
  });

  it('renders anew, and stores nothing, for a request with any other cookie beside the session (a sign-in half done)', async () => {
    await visit('/', 'orbit_session=abc; orbit_pending_2fa=t');
    const again = await visit('/', 'orbit_session=abc; orbit_pending_2fa=t');
    expect(again.headers['x-orbit-cache']).toBeUndefined();
    expect((await visit('/')).headers['x-orbit-cache']).toBe('miss');
    expect(renders).toBe(3);
  });

  it('renews the verdict with one render after it expires while the other players get the copy', async () => {
    await visit('/', 'orbit_session=abc');
    clock += 6_000;
    const [renewing, meanwhile] = await Promise.all([visit('/', 'orbit_session=abc'), visit('/', 'orbit_session=def')]);
    expect(renewing.headers['x-orbit-cache']).toBe('miss');
    expect(renewing.body).toContain('render 2');
    expect(meanwhile.headers['x-orbit-cache']).toBe('stale');
    expect(meanwhile.body).toContain('render 1');
    expect((await visit('/', 'orbit_session=x')).headers['x-orbit-cache']).toBe('hit');
    expect(renders).toBe(2);
  });
});
