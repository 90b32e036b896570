/**
 * The licence a request is served under (docs/licences.md): a listed host, else the signed-in
 * player's country, else where the visitor is (the trusted edge's header, the GeoIP table), else
 * the default; what it decides (age, default country, languages, static page variants); and that
 * a guest's cached page never goes to a visitor of another licence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsPageSchema,
  cmsPagesResponseSchema,
  currentIpResponseSchema,
  localesResponseSchema,
  playerSchema,
  projectInfoSchema,
} from '@orbit/contracts';
import { buildApp } from '../../src/app';
import { shippedTableFile } from '../../src/modules/cms/geo';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const HOSTS = 'cw.example=CW,ee.example=EE,gcb.example=GCB,au.example=AU';

describe('with a trusted edge (TRUST_PROXY=loopback) and LICENCE_HOSTS for the four licences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback', LICENCE_HOSTS: HOSTS, HOST_LOCALES: 'ee.example=et,en,de' });
  });
  afterAll(() => t.close());

  const project = async (
    host: string,
    headers: Record<string, string> = {},
    extra: { cookie?: string; ip?: string } = {},
  ) => {
    const res = await call(t, 'GET', '/api/info/project', { headers: { host, ...headers }, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return projectInfoSchema.parse(res.json());
  };

  it('serves an unlisted host by the edge country: AU, EE, else the default', async () => {
    const au = await project('orbit.example', { 'cf-ipcountry': 'AU' });
    expect(au).toMatchObject({ licence: 'AU', license: 'AU', minimum_age: 18, default_country: 'AU' });
    expect(au.locales).toEqual(['en-AU', 'en']);
    const ee = await project('orbit.example', { 'cf-ipcountry': 'EE' });
    expect(ee).toMatchObject({ licence: 'EE', minimum_age: 21, default_country: 'EE' });
    expect(ee.locales).toEqual(['et', 'en']);
    const ca = await project('orbit.example', { 'cf-ipcountry': 'CA' });
    expect(ca).toMatchObject({ licence: 'CW', minimum_age: 18, default_country: 'CA' });
    expect(ca.locales).not.toContain('en-AU');
    expect(ca.locales).toContain('fr-CA');
  });

  it('believes the country header only from the trusted edge', async () => {
    const direct = await project('orbit.example', { 'cf-ipcountry': 'AU' }, { ip: '10.77.0.1' });
    expect(direct.licence).toBe('CW');
    // An address the offline table places in Australia, reached directly: the table decides.
    const located = await project('orbit.example', { 'cf-ipcountry': 'EE' }, { ip: '203.2.218.214' });
    expect(located.licence).toBe('AU');
  });

  it.each([
    ['cw.example', 'CW', 18],
    ['ee.example', 'EE', 21],
    ['gcb.example', 'GCB', 18],
    ['au.example', 'AU', 18],
  ] as const)('a listed host %s is %s (age %i), wherever the visitor is', async (host, licence, age) => {
    for (const country of ['AU', 'EE', 'CA']) {
      const info = await project(host, { 'cf-ipcountry': country });
      expect(info, `${host} from ${country}`).toMatchObject({ licence, minimum_age: age });
    }
  });

  it('lists the languages of the host: HOST_LOCALES first, else the licence’s', async () => {
    const locales = async (host: string) =>
      localesResponseSchema
        .parse((await call(t, 'GET', '/api/info/locales', { headers: { host } })).json())
        .map((l) => l.code);
    expect(await locales('au.example')).toEqual(['en-AU', 'en']);
    expect(await locales('ee.example')).toEqual(['et', 'en', 'de']);
    expect(await locales('gcb.example')).not.toContain('en-AU');
    expect((await project('ee.example')).locales).toEqual(['et', 'en', 'de']);
    // A language the host does not offer still answers.
    const page = await call(t, 'GET', '/api/cms/pages/terms-and-conditions?l=de', { headers: { host: 'au.example' } });
    expect(page.statusCode).toBe(200);
  });

  it('answers the static page variant of the licence, and a variant asked for by name', async () => {
    const page = async (path: string, host: string) => {
      const res = await call(t, 'GET', `/api/cms/pages/${path}`, { headers: { host } });
      expect(res.statusCode, res.body).toBe(200);
      return cmsPageSchema.parse(res.json());
    };
    const au = await page('terms-and-conditions', 'au.example');
    expect(au.licence).toBe('AU');
    expect(au.content).toContain('Gambling Help Online');
    expect(au.content).not.toContain('Estonia');
    const gcb = await page('terms-and-conditions', 'gcb.example');
    expect(gcb.licence).toBe('GCB');
    expect(gcb.content).toContain('Curaçao Gaming Control Board (GCB)');
    expect(gcb.content).not.toContain('Gambling Help Online');
    expect((await page('terms-and-conditions/GCB', 'cw.example')).licence).toBe('GCB');
    expect((await page('responsible-gaming', 'orbit.example')).licence).toBe('CW');
    // The footer's list has the licence's own variants (none is left out for GCB or AU).
    const list = cmsPagesResponseSchema.parse(
      (await call(t, 'GET', '/api/cms/pages', { headers: { host: 'gcb.example' } })).json(),
    );
    for (const slug of ['terms-and-conditions', 'general-rules', 'responsible-gaming'])
      expect(list.find((p) => p.slug === slug)?.licence, slug).toBe('GCB');
  });

  it('serves a signed-in player by their country on an unlisted host, before the geography; a listed host still wins', async () => {
    const { cookie } = await register(t, { email: 'aussie@example.com', country: 'AU' });
    expect((await project('orbit.example', {}, { cookie })).licence).toBe('AU');
    expect((await project('orbit.example', { 'cf-ipcountry': 'EE' }, { cookie })).licence).toBe('AU');
    expect((await project('gcb.example', { 'cf-ipcountry': 'AU' }, { cookie })).licence).toBe('GCB');
    const player = playerSchema.parse((await call(t, 'GET', '/api/player', { cookie })).json());
    expect(player.license_name).toBe('AU');

    const canadian = await register(t, { email: 'canuck@example.com', country: 'CA' });
    // A Canadian player in Australia stays under the default licence.
    expect((await project('orbit.example', { 'cf-ipcountry': 'AU' }, { cookie: canadian.cookie })).licence).toBe('CW');
    expect(
      playerSchema.parse((await call(t, 'GET', '/api/player', { cookie: canadian.cookie })).json()).license_name,
    ).toBe('CW');
  });

  it('gives an unplaced visitor the licence’s default country', async () => {
    const here = currentIpResponseSchema.parse(
      (await call(t, 'GET', '/api/current_ip', { headers: { host: 'au.example' }, ip: '10.77.0.2' })).json(),
    );
    expect(here).toMatchObject({ country_code: 'AU', located: false, sign_up_country: 'AU' });
  });
});

describe('GEOIP_DATABASE', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The shipped table, named as an operator's file: it is the one asked.
    t = await createTestApp({ GEOIP_DATABASE: shippedTableFile() });
  });
  afterAll(() => t.close());

  it('locates visitors with the operator’s database', async () => {
    const here = currentIpResponseSchema.parse((await call(t, 'GET', '/api/current_ip', { ip: '90.190.0.1' })).json());
    expect(here).toMatchObject({ country_code: 'EE', located: true });
    const info = projectInfoSchema.parse(
      (await call(t, 'GET', '/api/info/project', { ip: '203.2.218.214', headers: { host: 'orbit.example' } })).json(),
    );
    expect(info.licence).toBe('AU');
  });

  it('stops the start when the file cannot be read', async () => {
    await expect(
      buildApp({
        config: { ...t.config, geoipDatabase: '/nonexistent/GeoLite2-Country.mmdb' },
        database: t.database,
        web: false,
        workers: false,
      }),
    ).rejects.toThrow(/GEOIP_DATABASE: cannot read \/nonexistent\/GeoLite2-Country\.mmdb/);
  });
});

describe('the guests’ page cache', () => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    // The pages need the web build (npm run build); the cache is on (PAGE_CACHE_SECONDS 5).
    web = await buildApp({ config: t.config, database: t.database, web: true, workers: false });
    await web.ready();
  }, 60_000);
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const lobby = async (country: string) => {
    const res = await web.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { host: 'orbit.example', 'cf-ipcountry': country },
    });
    expect(res.statusCode).toBe(200);
    return {
      licence: /<footer class="footer" data-licence="([A-Z]+)"/.exec(res.body)?.[1],
      cache: res.headers['x-orbit-cache'],
    };
  };

  it('keeps one licence’s page from the visitors of another', async () => {
    expect(await lobby('AU')).toEqual({ licence: 'AU', cache: 'miss' });
    expect(await lobby('CA')).toEqual({ licence: 'CW', cache: 'miss' });
    expect(await lobby('AU')).toEqual({ licence: 'AU', cache: 'hit' });
    expect(await lobby('EE')).toEqual({ licence: 'EE', cache: 'miss' });
    expect(await lobby('NZ')).toEqual({ licence: 'CW', cache: 'hit' });
  }, 60_000);

  it('answers the route manifest a page asks for its links, the same again from memory', async () => {
    const page = await web.inject({ method: 'GET', url: '/', headers: { host: 'orbit.example' } });
    const version = /assets\/manifest-(\w+)\.js/.exec(page.body)?.[1];
    expect(version).toBeTruthy();
    // A path of its own: another file's app in this worker shares the build's answers.
    const own = `/pokies/${Math.random().toString(36).slice(2)}`;
    const manifest = () =>
      web.inject({ method: 'GET', url: `/__manifest?paths=/,/de/pokies/all,${own}&version=${version}` });
    const [first, again] = [await manifest(), await manifest()];
    expect(first.statusCode).toBe(200);
    // The routes the links need, with their parents (the locale's layout and the shell).
    expect(Object.keys(first.json())).toEqual(
      expect.arrayContaining(['lobby@en', 'pokies-all@de', 'shell@de', 'pokies@en']),
    );
    expect([first.headers['x-orbit-cache'], again.headers['x-orbit-cache']]).toEqual(['miss', 'hit']);
    expect(again.body).toBe(first.body);
    const old = await web.inject({ method: 'GET', url: '/__manifest?paths=/&version=old' });
    expect(old.statusCode).toBe(204);
  }, 60_000);
});
