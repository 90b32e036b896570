import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countriesResponseSchema,
  currenciesResponseSchema,
  currentIpResponseSchema,
  localesResponseSchema,
  playerFieldOf,
  playerFieldsResponseSchema,
  projectInfoSchema,
} from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  // The country tests send the edge's header as the trusted proxy on this machine would.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};

describe('GET /api/info/*', () => {
  it('lists the currencies with their minor units, EUR as default, FUN left out', async () => {
    const currencies = currenciesResponseSchema.parse(await get('/api/info/currencies'));
    const by = Object.fromEntries(currencies.map((c) => [c.code, c]));
    expect(by.EUR).toEqual({ code: 'EUR', symbol: '€', subunits_to_unit: 100, fiat: true, default: true });
    expect(by.JPY?.subunits_to_unit).toBe(1);
    expect(by.BTC).toMatchObject({ subunits_to_unit: 100_000_000, fiat: false, default: false });
    expect(by.USDT?.subunits_to_unit).toBe(1_000_000);
    expect(by.FUN).toBeUndefined();
    expect(currencies.filter((c) => c.default)).toHaveLength(1);
  });

  it('lists countries with the currency offered first', async () => {
    const countries = countriesResponseSchema.parse(await get('/api/info/countries'));
    const by = Object.fromEntries(countries.map((c) => [c.code, c]));
    expect(countries.length).toBeGreaterThanOrEqual(40);
    expect(by.CA).toEqual({ code: 'CA', name: 'Canada', default_currency: 'CAD' });
    expect(by.AU?.default_currency).toBe('AUD');
    expect(by.CH?.default_currency).toBe('EUR');
    expect(by.SE?.default_currency).toBeNull();
  });

  it('lists the locales the CW host offers (all but Australian English), English default, every one complete', async () => {
    const locales = localesResponseSchema.parse(await get('/api/info/locales'));
    expect(locales.map((l) => l.code)).toEqual(['en', 'de', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW']);
    expect(locales[0]).toMatchObject({ code: 'en', default: true, complete: true });
    expect(locales.every((l) => l.complete)).toBe(true);
  });

  it('answers the project settings under the CW licence by default', async () => {
    const project = projectInfoSchema.parse(await get('/api/info/project'));
    expect(project).toMatchObject({
      name: 'Orbit',
      licence: 'CW',
      default_locale: 'en',
      default_currency: 'EUR',
      default_country: 'CA',
      minimum_age: 18,
      // As front ends of this API family read the project.
      apps: { casino: true, sportsbook: false },
      license: 'CW',
      player_two_factor_auth: true,
      notification_center: { inbox: false, new_realtime_notifications_flow_enabled: true },
    });
    expect(project.signup_currencies).toEqual(['EUR', 'USD', 'AUD', 'CAD', 'NZD', 'BRL', 'NOK', 'JPY', 'KZT']);
    expect(project.currencies_by_country).toMatchObject({
      AU: 'AUD',
      GB: 'GBP',
      CA: 'CAD',
      NZ: 'NZD',
      US: 'USD',
      IE: 'EUR',
      DE: 'EUR',
      AT: 'EUR',
      CH: 'EUR',
      JP: 'JPY',
      NO: 'NOK',
      BR: 'BRL',
    });
  });

  it('chooses the EE licence from an Estonian host', async () => {
    expect(projectInfoSchema.parse(await get('/api/info/project', { host: 'ee.orbit.example' }))).toMatchObject({
      licence: 'EE',
      license: 'EE',
      default_country: 'EE',
      minimum_age: 21,
    });
    expect(projectInfoSchema.parse(await get('/api/info/project', { host: 'orbit.ee:8443' })).licence).toBe('EE');
    expect(projectInfoSchema.parse(await get('/api/info/project', { host: 'orbit.example' })).licence).toBe('CW');
  });

  it('describes the player fields per form, as a list clients search by `field`', async () => {
    const fields = playerFieldsResponseSchema.parse(await get('/api/info/player_fields'));
    const field = (name: string) => playerFieldOf(fields, name);
    expect(fields.contexts.registration).toEqual(
      expect.arrayContaining(['email', 'password', 'password_confirmation', 'currency', 'country', 'terms_acceptance']),
    );
    for (const names of Object.values(fields.contexts))
      for (const name of names) expect(field(name), name).toBeDefined();
    expect(new Set(fields.fields.map((f) => f.field)).size).toBe(fields.fields.length);
    expect(field('currency')?.inclusion?.in).toContain('EUR');
    expect(field('country')?.inclusion?.in).toContain('CA');
    expect(field('nickname')).toMatchObject({ length: { minimum: 3, maximum: 15 }, once_set: false });
    expect(field('personal_id_number')?.length).toEqual({ minimum: 11, maximum: 11 });
    expect(field('date_of_birth')?.age).toEqual({ min: { default: 18 } });
    const ee = playerFieldsResponseSchema.parse(await get('/api/info/player_fields', { host: 'ee.orbit.example' }));
    expect(playerFieldOf(ee, 'date_of_birth')?.age?.min.default).toBe(21);
  });
});

describe('GET /api/current_ip', () => {
  it('takes the country from the edge header', async () => {
    const body = currentIpResponseSchema.parse(await get('/api/current_ip', { 'cf-ipcountry': 'de' }));
    expect(body.country_code).toBe('DE');
    expect(body.ip).toBeTruthy();
    expect(currentIpResponseSchema.parse(await get('/api/current_ip', { 'x-country-code': 'AU' })).country_code).toBe(
      'AU',
    );
  });

  it("offers a sign-up the visitor's country only where the site serves it, else the licence's default", async () => {
    const ip = async (headers: Record<string, string>) =>
      currentIpResponseSchema.parse(await get('/api/current_ip', headers));
    expect(await ip({ 'cf-ipcountry': 'DE' })).toMatchObject({
      country_code: 'DE',
      located: true,
      sign_up_country: 'DE',
    });
    // A country the site does not serve is never the sign-up's first choice.
    expect(await ip({ 'cf-ipcountry': 'KP' })).toMatchObject({
      country_code: 'KP',
      located: true,
      sign_up_country: 'CA',
    });
    expect(await ip({})).toMatchObject({ country_code: 'CA', located: false, sign_up_country: 'CA' });
    expect(await ip({ host: 'ee.orbit.example' })).toMatchObject({ located: false, sign_up_country: 'EE' });
    expect(await ip({ host: 'ee.orbit.example', 'cf-ipcountry': 'KP' })).toMatchObject({ sign_up_country: 'EE' });
  });

  it('falls back to the default country', async () => {
    expect(currentIpResponseSchema.parse(await get('/api/current_ip')).country_code).toBe('CA');
    expect(currentIpResponseSchema.parse(await get('/api/current_ip', { 'cf-ipcountry': 'XX' })).country_code).toBe(
      'CA',
    );
  });
});
