import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awardsJsonSchema,
  bonusOfferSchema,
  cmsPageSchema,
  cmsPagesResponseSchema,
  errorBodySchema,
  NEWS_PAGE_SIZE,
  newsResponseSchema,
  paymentMethodsInfoResponseSchema,
} from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';

/** The CMS content pages (docs/rules/content-pages.md): news, awards, payments, bonus page, crypto page. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/cms/news', () => {
  it('pages the articles six at a time, newest first, with their page paths', async () => {
    const first = newsResponseSchema.parse((await get('/api/cms/news')).json());
    expect(first.data).toHaveLength(NEWS_PAGE_SIZE);
    expect(first.pagination).toMatchObject({ current_page: 1, next_page: 2, prev_page: null });
    expect(first.pagination.total_count).toBeGreaterThan(NEWS_PAGE_SIZE);
    const dates = first.data.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.data[0]).toMatchObject({
      slug: 'orbit-jackpot-three-levels',
      path: '/blog/orbit-jackpot-three-levels',
    });

    const second = newsResponseSchema.parse((await get('/api/cms/news?page=2')).json());
    expect(second.pagination).toMatchObject({ current_page: 2, next_page: null, prev_page: 1 });
    expect(second.data.map((a) => a.slug)).not.toContain(first.data[0]!.slug);
    expect(first.data.length + second.data.length).toBe(first.pagination.total_count);
  });

  it('answers in the asked locale, English for a locale without the article', async () => {
    const de = newsResponseSchema.parse((await get('/api/cms/news?l=de')).json());
    expect(de.data[0]).toMatchObject({ locale: 'de', title: 'Drei Stufen für den Orbit-Jackpot' });
    const it_ = newsResponseSchema.parse((await get('/api/cms/news?l=it')).json());
    expect(it_.data[0]).toMatchObject({ locale: 'en', title: 'Three levels for the Orbit jackpot' });
  });

  it('refuses a page size above six and a page that is not a number, with a stable code', async () => {
    for (const query of ['page_size=7', 'page=0', 'page=abc']) {
      const res = await get(`/api/cms/news?${query}`);
      expect(res.statusCode, query).toBe(422);
      const field = query.split('=')[0]!;
      expect(errorBodySchema.parse(res.json()).errors[field]?.length, query).toBeGreaterThan(0);
    }
    // Past the end: an empty page, not an error.
    const far = newsResponseSchema.parse((await get('/api/cms/news?page=50')).json());
    expect(far.data).toEqual([]);
  });

  it('serves an article as a static page of category news', async () => {
    const page = cmsPageSchema.parse((await get('/api/cms/pages/check-every-round?l=de')).json());
    expect(page.categories).toContain('news');
    expect(JSON.parse(page.blocks.json)).toMatchObject({ date: '2026-11-06' });
    expect(page.blocks.description).not.toBe('');
  });
});

describe('awards and the crypto page', () => {
  it('lists awards of more than one year in the awards page json, translated', async () => {
    const en = awardsJsonSchema.parse(
      JSON.parse(cmsPageSchema.parse((await get('/api/cms/pages/awards')).json()).blocks.json),
    );
    expect(new Set(en.awards.map((a) => a.year)).size).toBeGreaterThan(1);
    const de = awardsJsonSchema.parse(
      JSON.parse(cmsPageSchema.parse((await get('/api/cms/pages/awards?l=de')).json()).blocks.json),
    );
    expect(de.awards[0]?.nomination).not.toBe(en.awards[0]?.nomination);
  });

  it('serves /benefits-of-crypto to every licence but EE, and lists it in EE nowhere', async () => {
    expect((await get('/api/cms/pages/benefits-of-crypto')).statusCode).toBe(200);
    expect((await get('/api/cms/pages/benefits-of-crypto', { host: 'ee.orbit.example' })).statusCode).toBe(404);
    const ee = cmsPagesResponseSchema.parse((await get('/api/cms/pages', { host: 'ee.orbit.example' })).json());
    expect(ee.map((p) => p.slug)).not.toContain('benefits-of-crypto');
    const cw = cmsPagesResponseSchema.parse((await get('/api/cms/pages')).json());
    expect(cw.find((p) => p.slug === 'benefits-of-crypto')?.categories).toContain('bottom-menu');
  });
});

describe('GET /api/cashbox/methods/info', () => {
  it('answers the cards without a session: fiat methods in the currency, crypto in their own', async () => {
    const info = paymentMethodsInfoResponseSchema.parse((await get('/api/cashbox/methods/info')).json());
    expect(info.currency).toBe('EUR');
    const visa = info.methods.find((m) => m.id === 'card_visa');
    expect(visa).toMatchObject({
      currency: 'EUR',
      processing_time: 'instant',
      fee_percent: 0,
      deposit: { min_cents: 1_000, max_cents: 500_000 },
      withdrawal: { min_cents: 2_000, max_cents: 500_000 },
      min_dep_cents: 1_000,
    });
    const btc = info.methods.find((m) => m.id === 'crypto_btc');
    expect(btc).toMatchObject({ currency: 'BTC', network: 'bitcoin', min_dep_cents: 10_000 });
    expect(btc?.withdrawal).toEqual({ min_cents: 10_000, max_cents: 40_000_000 });
    // Dogecoin's deposit maximum in its 10^8 subunits passes the safe integers: the largest amount a request carries.
    expect(info.methods.find((m) => m.id === 'crypto_dog')?.deposit?.max_cents).toBe(Number.MAX_SAFE_INTEGER);
    // A deposit-only method has no withdrawal limits.
    expect(info.methods.find((m) => m.id === 'voucher_sandbox')?.withdrawal).toBeNull();
    const usd = paymentMethodsInfoResponseSchema.parse((await get('/api/cashbox/methods/info?currency=USD')).json());
    expect(usd.methods.find((m) => m.id === 'card_visa')?.currency).toBe('USD');
  });

  it('refuses a crypto or unknown currency with a stable code', async () => {
    for (const currency of ['BTC', 'XXX', 'eur']) {
      const res = await get(`/api/cashbox/methods/info?currency=${currency}`);
      expect(res.statusCode, currency).toBe(422);
      expect(errorBodySchema.parse(res.json()).errors.currency).toEqual(['invalid']);
    }
  });

  it('lists only methods the cashbox really takes: the same limits as a deposit', async () => {
    const info = paymentMethodsInfoResponseSchema.parse((await get('/api/cashbox/methods/info')).json());
    expect(info.methods.map((m) => m.id)).toEqual(
      expect.arrayContaining(['card_visa', 'card_mastercard', 'ewallet_ecopayz', 'bank_sofort', 'crypto_usdt']),
    );
  });
});

describe('GET /api/bonuses/offers/:key', () => {
  it('answers an offer open to everyone, in the asked currency and locale', async () => {
    const offer = bonusOfferSchema.parse((await get('/api/bonuses/offers/first-deposit-100')).json());
    expect(offer).toMatchObject({ kind: 'deposit', code: 'WELCOME100', percent: 100, currency: 'EUR' });
    expect(offer.bonuses.length).toBeGreaterThan(0);
    const de = bonusOfferSchema.parse((await get('/api/bonuses/offers/first-deposit-100', { locale: 'de' })).json());
    expect(de.title).not.toBe(offer.title);
  });

  it('answers 404 for an unknown key and 422 for a malformed one', async () => {
    const missing = await get('/api/bonuses/offers/no-such-offer');
    expect(missing.statusCode).toBe(404);
    expect(errorBodySchema.parse(missing.json()).errors.base).toEqual(['not_found']);
    expect((await get('/api/bonuses/offers/BAD_KEY!')).statusCode).toBe(422);
  });
});
