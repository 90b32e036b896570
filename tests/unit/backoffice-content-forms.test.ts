/**
 * The back office's content forms (apps/backoffice/src/content): a form's values become the
 * whole document the CMS's PUT takes, checked with the same contracts first; the translations'
 * catalogue tells a missing text from a translated or overridden one.
 */
import { describe, expect, it } from 'vitest';
import { catalogueRows, flatten } from '../../apps/backoffice/src/content/catalogue';
import { formErrors } from '../../apps/backoffice/src/content/dataProvider';
import { documentOfForm, formOfEntry, keyOfNew } from '../../apps/backoffice/src/content/documents';

const entry = (id: string, document: Record<string, unknown>) => ({
  id,
  version: 3,
  updated_at: null,
  operator_id: 7,
  document,
});

describe('content forms', () => {
  it('turns a page back into the document it was read from, its default browser title following the title', () => {
    const document = {
      title: 'Cookies',
      seo_title: 'Cookies | Orbit',
      description: 'd',
      keywords: 'k',
      json: { year: 2026 },
      markdown: '# Cookies',
      content: '<h1>Cookies</h1>',
      categories: ['bottom-menu', 'legal'],
      position: 50,
      enabled: true,
    };
    const form = formOfEntry('pages', entry('cookie-policy||de', document));
    expect(form).toMatchObject({ slug: 'cookie-policy', licence: '', locale: 'de', seo_title: '' });
    const check = documentOfForm('pages', { ...form, title: 'Cookie policy' });
    expect(check).toEqual({
      ok: true,
      document: {
        title: 'Cookie policy',
        description: 'd',
        keywords: 'k',
        json: { year: 2026 },
        markdown: '# Cookies',
        categories: ['bottom-menu', 'legal'],
        position: 50,
        enabled: true,
      },
    });
    expect(keyOfNew('pages', { slug: 'vip', licence: 'EE', locale: 'de' })).toBe('vip|EE|de');
    expect(keyOfNew('pages', { slug: 'vip', licence: '', locale: 'de' })).toBe('vip||de');
  });

  it("refuses JSON that is not an object, and a config value of the wrong shape, under the form's input", () => {
    const page = formOfEntry('pages', entry('a||en', { title: 'A', markdown: '', json: {} }));
    expect(documentOfForm('pages', { ...page, json_text: '{"a": ' })).toEqual({
      ok: false,
      errors: { json: ['invalid_json'] },
    });
    expect(documentOfForm('pages', { ...page, json_text: '[1]' })).toEqual({
      ok: false,
      errors: { json: ['not_an_object'] },
    });
    const wrong = documentOfForm('fe-configs', { name: 'logo-config', value_text: '{"title": 5}' });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(Object.keys(wrong.errors).every((field) => field.startsWith('value'))).toBe(true);
      expect(Object.keys(formErrors(wrong.errors))).toEqual(['value_text']);
    }
  });

  it('checks a banner as the server does: colours, safe links, an end after the start', () => {
    const banner = formOfEntry(
      'banners',
      entry('welcome|en', {
        title: 'Welcome',
        gradient: ['#000', '#111', '#222', '#333'],
        starts_at: '2026-11-01T00:00:00.000Z',
        ends_at: '2026-11-30T23:00:00.000Z',
        button: { name: 'Play', url: '/games', type: 'link', frontend_identifier: null },
      }),
    );
    const ok = documentOfForm('banners', banner);
    expect(ok.ok && ok.document).toMatchObject({
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2026-11-30T23:00:00.000Z',
      button: { name: 'Play', url: '/games', type: 'link', frontend_identifier: null },
      logged: null,
      image: null,
    });
    const bad = documentOfForm('banners', {
      ...banner,
      gradient: ['red', '#111', '#222', '#333'],
      ends_at: '2026-10-01T00:00:00.000Z',
      button: { name: 'Play', url: 'javascript:alert(1)', type: 'link' },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(formErrors(bad.errors)).toMatchObject({
        'gradient.0': 'invalid_colour',
        ends_at: 'before_start',
        'button.url': 'unsafe_url',
      });
  });

  it('lists as missing the texts a locale lacks or leaves in English, unless overridden', () => {
    const english = flatten({ header: { openMenu: 'Open menu', brand: 'Orbit' }, nav: { home: 'Home' } });
    const german = flatten({ header: { openMenu: 'Menü öffnen', brand: 'Orbit' } });
    const overrides = new Map<string, number>();
    const missing = (o: Map<string, number>, locale = 'de', local = german) =>
      catalogueRows(locale, english, local, o, { missing: true }).map((r) => r.key);
    expect(missing(overrides)).toEqual(['header.brand', 'nav.home']);
    expect(missing(new Map([['de|nav.home', 2]]))).toEqual(['header.brand']);
    // An English locale's texts are English by design: only an absent text is missing there.
    expect(missing(overrides, 'en-AU', flatten({ header: { openMenu: 'Open menu', brand: 'Orbit' } }))).toEqual([
      'nav.home',
    ]);
    const [row] = catalogueRows('de', english, german, new Map([['de|header.openMenu', 4]]), { q: 'open' });
    expect(row).toEqual({
      id: 'de|header.openMenu',
      key: 'header.openMenu',
      english: 'Open menu',
      current: 'Menü öffnen',
      overridden: true,
      version: 4,
      missing: false,
    });
  });
});
