import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannersConfigSchema,
  cmsFilesResponseSchema,
  cmsPageSchema,
  cmsPagesResponseSchema,
  cmsSnippetsResponseSchema,
  errorBodySchema,
  feConfigNames,
  feConfigSchemas,
  currencyConfigSchema,
  menuCategoriesGamesConfigSchema,
} from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/fe/config/:name', () => {
  it('answers every config the page asks for in its contract shape', async () => {
    for (const name of feConfigNames) {
      const res = await get(`/api/fe/config/${name}`);
      expect(res.statusCode, name).toBe(200);
      feConfigSchemas[name].parse(res.json());
    }
  });

  it('orders the games menu with paths by kind', async () => {
    const menu = menuCategoriesGamesConfigSchema.parse((await get('/api/fe/config/menu-categories-games')).json());
    expect(menu.items[0]).toMatchObject({ identifier: 'top', path: '/pokies/top' });
    expect(menu.items.find((i) => i.identifier === 'live')?.path).toBe('/live/live');
  });

  it('carries the currency display rules', async () => {
    const config = currencyConfigSchema.parse((await get('/api/fe/config/currency-config')).json());
    expect(config.default_currency).toBe('EUR');
    expect(config.display_units.BTC?.per_unit).toBe(1_000_000);
    expect(config.first_deposit_suggestion).toBe(50);
  });

  it('answers the banners in the locale of the header, English for an English variant without its own', async () => {
    const de = bannersConfigSchema.parse((await get('/api/fe/config/banners-config', { locale: 'de' })).json());
    expect(de.banners.length).toBeGreaterThanOrEqual(3);
    expect(de.banners[0]?.title.text).toBe('Willkommen bei Orbit');
    const acceptLanguage = bannersConfigSchema.parse(
      (await get('/api/fe/config/banners-config', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).json(),
    );
    expect(acceptLanguage.banners[0]?.title.text).toBe('Willkommen bei Orbit');
    const it_ = bannersConfigSchema.parse((await get('/api/fe/config/banners-config', { locale: 'it' })).json());
    expect(it_.banners[0]?.title.text).toBe('Benvenuto su Orbit');
    const au = bannersConfigSchema.parse((await get('/api/fe/config/banners-config', { locale: 'en-AU' })).json());
    expect(au.banners[0]?.description.text).toContain('pokies');
    const kw = bannersConfigSchema.parse((await get('/api/fe/config/banners-config', { locale: 'en-KW' })).json());
    expect(kw.banners.map((b) => b.title.text)).toEqual(
      bannersConfigSchema.parse((await get('/api/fe/config/banners-config')).json()).banners.map((b) => b.title.text),
    );
    for (const b of de.banners) {
      expect(b.gradient).toHaveLength(4);
      if (b.image) expect(b.image.startsWith('/')).toBe(true);
    }
  });

  it('refuses an unknown name with 404', async () => {
    const res = await get('/api/fe/config/no-such-config');
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toEqual({ errors: { base: ['not_found'] } });
  });
});

describe('GET /api/cms/pages', () => {
  it('lists every static page of the site, once each', async () => {
    const pages = cmsPagesResponseSchema.parse((await get('/api/cms/pages')).json());
    const slugs = pages.map((p) => p.slug);
    for (const slug of [
      'privacy-policy',
      'cookie-policy',
      'terms-and-conditions',
      'general-rules',
      'promotions',
      'awards',
      'responsible-gaming',
    ]) {
      expect(slugs).toContain(slug);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(pages.find((p) => p.slug === 'terms-and-conditions')).toMatchObject({
      licence: 'CW',
      path: '/terms-and-conditions',
      locale: 'en',
    });
  });

  it('lists German titles with ?l=de and the EE variants on an Estonian host', async () => {
    const pages = cmsPagesResponseSchema.parse((await get('/api/cms/pages?l=de', { host: 'ee.orbit.example' })).json());
    const terms = pages.find((p) => p.slug === 'terms-and-conditions');
    expect(terms).toMatchObject({ licence: 'EE', locale: 'de', title: 'Allgemeine Geschäftsbedingungen' });
  });

  it('answers one page with its blocks', async () => {
    const res = await get('/api/cms/pages/privacy-policy');
    expect(res.statusCode).toBe(200);
    const page = cmsPageSchema.parse(res.json());
    expect(page).toMatchObject({
      slug: 'privacy-policy',
      path: '/privacy-policy',
      title: 'Privacy policy',
      licence: null,
      locale: 'en',
    });
    expect(page.content).toContain('<h2>');
    expect(page.blocks.title).toBe('Privacy policy | Orbit');
    expect(page.blocks.description.length).toBeGreaterThan(10);
  });

  it('answers the licence variant asked for: EE mentions Estonia and 21+, CW Curaçao and 18+', async () => {
    const ee = cmsPageSchema.parse((await get('/api/cms/pages/terms-and-conditions/EE')).json());
    expect(ee.licence).toBe('EE');
    expect(ee.content).toContain('Estonian Tax and Customs Board');
    expect(ee.content).toContain('21 years old');
    expect(ee.content).not.toContain('Curaçao');
    const cw = cmsPageSchema.parse((await get('/api/cms/pages/terms-and-conditions/CW')).json());
    expect(cw.licence).toBe('CW');
    expect(cw.content).toContain('Curaçao');
    expect(cw.content).toContain('18 years old');
    // A bare slug follows the request's licence.
    expect(
      cmsPageSchema.parse((await get('/api/cms/pages/responsible-gaming', { host: 'ee.orbit.example' })).json())
        .licence,
    ).toBe('EE');
    expect(cmsPageSchema.parse((await get('/api/cms/pages/general-rules')).json()).licence).toBe('CW');
  });

  it('falls back to the page every licence sees when a page has no variant', async () => {
    const page = cmsPageSchema.parse((await get('/api/cms/pages/privacy-policy/EE')).json());
    expect(page.licence).toBeNull();
  });

  it('answers German with ?l=de and English where a locale has no version', async () => {
    const de = cmsPageSchema.parse((await get('/api/cms/pages/responsible-gaming/EE?l=de')).json());
    expect(de).toMatchObject({ locale: 'de', title: 'Verantwortungsvolles Spielen', licence: 'EE' });
    expect(de.content).toContain('21 Jahren');
    const et = cmsPageSchema.parse((await get('/api/cms/pages/cookie-policy?l=et')).json());
    expect(et).toMatchObject({ locale: 'en', title: 'Cookie policy' });
  });

  it('answers 404 for an unknown page or a malformed slug', async () => {
    for (const url of [
      '/api/cms/pages/no-such-page',
      '/api/cms/pages/terms-and-conditions/EE/extra',
      '/api/cms/pages/..%2Fsecret',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    }
  });

  it('refuses a malformed locale with 422', async () => {
    const res = await get('/api/cms/pages?l=not-a-locale');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { l: ['invalid_locale'] } });
  });
});

describe('GET /api/cms/snippets and /api/cms/files', () => {
  it('answers the snippets per locale', async () => {
    const en = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=en')).json());
    const de = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=de')).json());
    // `id` is the key front ends look snippets up by.
    expect(en.find((s) => s.id === 'footer-licence-ee')?.content).toContain('21');
    const cookieBanner = (list: typeof en) => list.find((s) => s.id === 'cookie-banner')?.content;
    expect(cookieBanner(de)).toBeTruthy();
    expect(cookieBanner(de)).not.toBe(cookieBanner(en));
  });

  it('answers the files with same-origin urls that serve them', async () => {
    const files = cmsFilesResponseSchema.parse((await get('/api/cms/files')).json());
    const seal = files.find((f) => f.name === 'licence-ee.svg');
    expect(seal?.url).toBe('/cms/files/licence-ee.svg');
    const res = await get(seal!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await get('/cms/files/nope.svg')).statusCode).toBe(404);
  });
});
