import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COUNTRY_BY_LICENCE, DEMO_FOR_EXCLUDED_BY_LICENCE, licenceOfCountry } from '@orbit/contracts';
import { chooseLicence, hostLicence, licenceForHost, type LicenceSettings } from '../../src/modules/cms/licence';
import { offeredLocales } from '../../src/modules/cms/offered-locales';
import { countryOfAddress, countryOfRecord, openCountryTable, shippedTableFile } from '../../src/modules/cms/geo';
import { providerLicence } from '../../src/modules/games/play';
import { wagerMultiplierFor } from '../../src/modules/bonuses/rules';
import { loadConfig } from '../../src/platform/config';

const SITE_LOCALES = ['en', 'de', 'en-AU', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW'];

describe('the choice of a request’s licence', () => {
  const located = (country: string | null) => vi.fn(() => country);

  it('takes a listed host first, whoever the player and wherever the visitor', () => {
    const where = located('AU');
    expect(chooseLicence({ host: 'GCB', playerCountry: 'EE', located: where }, 'CW')).toBe('GCB');
    expect(where).not.toHaveBeenCalled();
  });

  it('then a signed-in player by their country: EE, AU, else the default; geography is not asked', () => {
    const where = located('EE');
    expect(chooseLicence({ host: null, playerCountry: 'AU', located: where }, 'CW')).toBe('AU');
    expect(chooseLicence({ host: null, playerCountry: 'EE', located: where }, 'GCB')).toBe('EE');
    // A Canadian player in Estonia stays under the default, and so does one without a country.
    expect(chooseLicence({ host: null, playerCountry: 'CA', located: where }, 'GCB')).toBe('GCB');
    expect(chooseLicence({ host: null, playerCountry: null, located: where }, 'CW')).toBe('CW');
    expect(where).not.toHaveBeenCalled();
  });

  it('then a guest by where they are, else the default', () => {
    expect(chooseLicence({ host: null, playerCountry: undefined, located: located('AU') }, 'CW')).toBe('AU');
    expect(chooseLicence({ host: null, playerCountry: undefined, located: located('EE') }, 'CW')).toBe('EE');
    expect(chooseLicence({ host: null, playerCountry: undefined, located: located('CA') }, 'GCB')).toBe('GCB');
    expect(chooseLicence({ host: null, playerCountry: undefined, located: located(null) }, 'CW')).toBe('CW');
  });

  it('lists hosts of all four licences; without LICENCE_HOSTS only the `ee.` rule chooses', () => {
    const listed: LicenceSettings = {
      defaultLicence: 'CW',
      licenceHosts: loadConfig({
        LICENCE_HOSTS: 'gcb.localhost=GCB, au.localhost:3000=AU,ee.localhost=EE,orbit.example=cw',
      }).licenceHosts,
    };
    expect(hostLicence('gcb.localhost:3000', listed)).toBe('GCB');
    expect(hostLicence('AU.localhost:3000', listed)).toBe('AU');
    expect(hostLicence('au.localhost', listed)).toBeNull(); // listed with its port only
    expect(hostLicence('orbit.example', listed)).toBe('CW');
    expect(hostLicence('other.example', listed)).toBeNull();
    const dev: LicenceSettings = { defaultLicence: 'GCB', licenceHosts: undefined };
    expect(hostLicence('ee.localhost:3000', dev)).toBe('EE');
    expect(hostLicence('au.localhost:3000', dev)).toBeNull();
    expect(licenceForHost('au.localhost:3000', dev)).toBe('GCB');
  });

  it('accepts the four licences in the settings and refuses others', () => {
    expect(loadConfig({ DEFAULT_LICENCE: 'GCB' }).defaultLicence).toBe('GCB');
    expect(loadConfig({ DEFAULT_LICENCE: 'AU' }).defaultLicence).toBe('AU');
    expect(() => loadConfig({ DEFAULT_LICENCE: 'MT' })).toThrow(/DEFAULT_LICENCE/);
    expect(() => loadConfig({ LICENCE_HOSTS: 'a.example=GCB,b.example=MT' })).toThrow(/LICENCE_HOSTS/);
  });
});

describe('the per-licence tables', () => {
  it('give GCB the Curaçao rules and AU its own default country', () => {
    expect(DEFAULT_COUNTRY_BY_LICENCE).toEqual({ CW: 'CA', EE: 'EE', GCB: 'CA', AU: 'AU' });
    expect(DEMO_FOR_EXCLUDED_BY_LICENCE).toEqual({ CW: true, EE: false, GCB: true, AU: true });
    expect(licenceOfCountry('AU', 'CW')).toBe('AU');
    expect(licenceOfCountry('NZ', 'GCB')).toBe('GCB');
  });

  it('cap a bonus’s wagering at x10 for Estonian players only', () => {
    expect(wagerMultiplierFor(35, 'EE')).toBe(10);
    expect(wagerMultiplierFor(35, 'AU')).toBe(35);
    expect(wagerMultiplierFor(35, 'CA')).toBe(35);
  });

  it('tell a game provider CW or EE only: the EE game rules stay Estonia’s', () => {
    expect(providerLicence('EE')).toBe('EE');
    expect(providerLicence('GCB')).toBe('CW');
    expect(providerLicence('AU')).toBe('CW');
    expect(providerLicence('CW')).toBe('CW');
  });
});

describe('the languages a host offers', () => {
  const none = new Map<string, string[]>();

  it('follow the licence: AU leads with Australian English, EE with Estonian, the Curaçao ones hide en-AU', () => {
    expect(offeredLocales(SITE_LOCALES, 'AU', 'au.localhost', none)).toEqual(['en-AU', 'en']);
    expect(offeredLocales(SITE_LOCALES, 'EE', 'ee.localhost', none)).toEqual(['et', 'en']);
    for (const licence of ['CW', 'GCB'] as const) {
      const list = offeredLocales(SITE_LOCALES, licence, 'orbit.example', none);
      expect(list).not.toContain('en-AU');
      expect(list).toHaveLength(SITE_LOCALES.length - 1);
    }
  });

  it('follow HOST_LOCALES for a listed host, in its order, without codes the site does not have', () => {
    const hostLocales = loadConfig({ HOST_LOCALES: 'orbit.com.au=en-AU,en; orbit.ee:8443=et,en,de,xx;' }).hostLocales;
    expect(offeredLocales(SITE_LOCALES, 'CW', 'orbit.com.au', hostLocales)).toEqual(['en-AU', 'en']);
    expect(offeredLocales(SITE_LOCALES, 'EE', 'ORBIT.ee:8443', hostLocales)).toEqual(['et', 'en', 'de']);
    expect(offeredLocales(SITE_LOCALES, 'AU', 'other.example', hostLocales)).toEqual(['en-AU', 'en']);
    expect(() => loadConfig({ HOST_LOCALES: 'orbit.ee=english' })).toThrow(/HOST_LOCALES/);
  });
});

describe('the GeoIP database', () => {
  it('reads MaxMind records (country, else registered country) and the shipped table’s', () => {
    expect(countryOfRecord({ country: { iso_code: 'AU' }, registered_country: { iso_code: 'US' } })).toBe('AU');
    expect(countryOfRecord({ registered_country: { iso_code: 'ee' } })).toBe('EE');
    expect(countryOfRecord({ country_code: 'CA' })).toBe('CA');
    expect(countryOfRecord({ country_code: 'ZZ' })).toBeNull();
    expect(countryOfRecord({ continent: { code: 'EU' } })).toBeNull();
    expect(countryOfRecord(null)).toBeNull();
  });

  it('opens an operator’s file, and a missing one is an error naming GEOIP_DATABASE', () => {
    const table = openCountryTable(shippedTableFile());
    expect(countryOfAddress('203.2.218.214', table)).toBe('AU');
    expect(countryOfAddress('90.190.0.1', table)).toBe('EE');
    expect(() => openCountryTable('/nonexistent/GeoLite2-Country.mmdb')).toThrow(/GEOIP_DATABASE/);
    expect(loadConfig({ GEOIP_DATABASE: '/srv/geo.mmdb' }).geoipDatabase).toBe('/srv/geo.mmdb');
  });
});
