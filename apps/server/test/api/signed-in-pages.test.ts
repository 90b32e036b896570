/**
 * A signed-in player's pages and the page cache (docs/architecture.md "Page cache"): a page whose
 * render reads nothing of the player but their licence and groups is one copy for every player of
 * that audience (a player in no group shares the guests'); a page whose
 * render asks who the player is (a tester on a switched-off promotion page) is that player's
 * alone; a phone's copy is kept apart from a desktop's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { feConfigs } from '../../src/modules/cms/schema';
import { createTestApp, type TestApp } from '../support/app';
import { register } from '../support/identity';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';

describe('signed-in pages and the page cache', () => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof buildApp>>;
  let player: string;
  let other: string;
  let tester: string;
  beforeAll(async () => {
    t = await createTestApp();
    player = (await register(t, { email: 'player@example.com' })).cookie;
    other = (await register(t, { email: 'other@example.com', nickname: 'Other' }, '10.0.0.4')).cookie;
    const signedUp = await register(t, { email: 'tester@example.com', nickname: 'Tester' }, '10.0.0.3');
    tester = signedUp.cookie;
    await t.database.db.execute(
      sql`insert into user_groups (user_id, group_id, added_at) values (${signedUp.player.id}, 21, now())`,
    );
    // The tournaments page switched off: everyone but a tester is sent to the lobby.
    const value = { pages: { promotions: true, tournaments: false, lotteries: true } };
    await t.database.db
      .insert(feConfigs)
      .values({ name: 'manage-promotion-pages', value })
      .onConflictDoUpdate({ target: feConfigs.name, set: { value } });
    // The pages need the web build (npm run build); the cache is on (PAGE_CACHE_SECONDS 5).
    web = await buildApp({ config: t.config, database: t.database, web: true, workers: false });
    await web.ready();
  }, 60_000);
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const page = async (url: string, cookie?: string, userAgent = DESKTOP) => {
    const res = await web.inject({
      method: 'GET',
      url,
      headers: { host: 'orbit.example', 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
    });
    return {
      status: res.statusCode,
      cache: res.headers['x-orbit-cache'],
      body: res.body,
      location: res.headers.location,
    };
  };

  it("serves signed-in players one copy of the lobby per audience once a player's render showed it the same", async () => {
    const first = await page('/', player);
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    // Another player of the same groups (a new player's) gets the same HTML without a render.
    const again = await page('/', other);
    expect(again).toMatchObject({ status: 200, cache: 'hit' });
    expect(again.body).toBe(first.body);
    // A player of other groups (the tester's 21 besides) is another audience: a copy of its own.
    expect(await page('/', tester)).toMatchObject({ status: 200, cache: 'miss' });
    expect(await page('/', tester)).toMatchObject({ status: 200, cache: 'hit' });
    // A guest is an audience of no groups; the promo's countdown cookie is the browser's alone.
    expect(await page('/')).toMatchObject({ status: 200, cache: 'miss' });
    expect(await page('/', `promo_tooltip_timer=${Date.now() + 600_000}`)).toMatchObject({ status: 200, cache: 'hit' });
  }, 60_000);

  it("keeps a tester's page of a switched-off promotion to the tester, and sends the others to the lobby", async () => {
    for (let i = 0; i < 2; i += 1) {
      const own = await page('/tournaments', tester);
      expect(own).toMatchObject({ status: 200, cache: 'miss' });
      expect(await page('/tournaments', player)).toMatchObject({ status: 302, location: '/' });
      expect(await page('/tournaments')).toMatchObject({ status: 302, location: '/' });
    }
  }, 60_000);

  it("keeps a phone's copy of a page apart from a desktop's (the games listed follow the device)", async () => {
    await page('/providers');
    expect((await page('/providers', undefined, PHONE)).cache).toBe('miss');
    expect((await page('/providers', undefined, PHONE)).cache).toBe('hit');
    expect((await page('/providers')).cache).toBe('hit');
  }, 60_000);
});
