import { describe, expect, it } from 'vitest';
import { licenceForHost, MINIMUM_AGE } from '../../src/modules/cms/licence';
import { acceptLanguageTags, pickLocale } from '../../src/modules/cms/locale';
import { fillTemplate, parseFrontMatter, renderMarkdown } from '../../src/modules/cms/markdown';
import { countryOfAddress, edgeCountry, visitorCountry } from '../../src/modules/cms/geo';
import { loadPageSeeds } from '../../src/modules/cms/content';
import { BANNER_SEED, SNIPPET_SEED } from '../../src/modules/cms/data';
import { loadConfig } from '../../src/platform/config';

describe('licenceForHost', () => {
  it.each([
    ['ee.orbit.example', 'EE'],
    ['EE.orbit.example:443', 'EE'],
    ['orbit.ee', 'EE'],
    ['www.orbit.ee.', 'EE'],
    ['orbit.example', 'CW'],
    ['free.orbit.example', 'CW'],
    ['orbit.eee', 'CW'],
    ['localhost:3000', 'CW'],
    [undefined, 'CW'],
  ] as const)('%s → %s without configured hosts', (host, licence) => {
    expect(licenceForHost(host, { defaultLicence: 'CW', licenceHosts: undefined })).toBe(licence);
  });

  it('uses the configured default otherwise', () => {
    expect(licenceForHost('orbit.example', { defaultLicence: 'EE', licenceHosts: undefined })).toBe('EE');
  });

  it('takes only the configured hosts when LICENCE_HOSTS is set', () => {
    const settings = {
      defaultLicence: 'CW',
      licenceHosts: loadConfig({ LICENCE_HOSTS: 'casino.example=EE, play.example:8443=EE,Other.example=CW' })
        .licenceHosts,
    } as const;
    expect(licenceForHost('casino.example', settings)).toBe('EE');
    expect(licenceForHost('CASINO.example:443', settings)).toBe('EE');
    expect(licenceForHost('play.example:8443', settings)).toBe('EE');
    expect(licenceForHost('play.example', settings)).toBe('CW');
    expect(licenceForHost('other.example', settings)).toBe('CW');
    // A host nobody configured chooses nothing, `ee.` or not.
    expect(licenceForHost('ee.attacker.example', settings)).toBe('CW');
    expect(() => loadConfig({ LICENCE_HOSTS: 'casino.example=GB' })).toThrow(/LICENCE_HOSTS/);
  });

  it('knows the minimum ages', () => {
    expect(MINIMUM_AGE).toEqual({ CW: 18, EE: 21, GCB: 18, AU: 18 });
  });
});

describe('pickLocale', () => {
  const available = ['en', 'de', 'en-AU', 'fr-CA', 'no'];
  it('prefers an exact code, then the language, then the fallback', () => {
    expect(pickLocale(['en-au'], available, 'en')).toBe('en-AU');
    expect(pickLocale(['de-AT'], available, 'en')).toBe('de');
    expect(pickLocale(['fr-FR'], available, 'en')).toBe('en');
    expect(pickLocale([undefined, 'nb-NO,no;q=0.8'], available, 'en')).toBe('no');
    expect(pickLocale([], available, 'en')).toBe('en');
  });

  it('orders Accept-Language by weight', () => {
    expect(acceptLanguageTags('en;q=0.5, de-DE, fr;q=0.9, *;q=0.1, it;q=0')).toEqual(['de-de', 'fr', 'en']);
  });
});

describe('edgeCountry', () => {
  it('reads the edge headers and ignores unknown answers', () => {
    expect(edgeCountry({ 'cf-ipcountry': 'au' }, true)).toBe('AU');
    expect(edgeCountry({ 'x-country-code': 'NZ' }, true)).toBe('NZ');
    expect(edgeCountry({ 'cf-ipcountry': 'T1' }, true)).toBeNull();
    expect(edgeCountry({ 'cf-ipcountry': 'Germany' }, true)).toBeNull();
    expect(edgeCountry({}, true)).toBeNull();
  });

  it('believes no country header when no edge is trusted (TRUST_PROXY unset)', () => {
    expect(edgeCountry({ 'cf-ipcountry': 'AU', 'x-country-code': 'NZ' }, false)).toBeNull();
  });
});

describe('visitorCountry', () => {
  it('finds public addresses in the offline table, IPv4 and IPv6, and knows no private ones', () => {
    expect(countryOfAddress('81.169.145.1')).toBe('DE');
    expect(countryOfAddress('195.50.209.1')).toBe('EE');
    expect(countryOfAddress('2a00:1450:4001:80b::200e')).toMatch(/^[A-Z]{2}$/);
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not an address'])
      expect(countryOfAddress(ip)).toBeNull();
  });

  it("prefers a trusted edge's header to the address", () => {
    expect(visitorCountry({ headers: { 'cf-ipcountry': 'AU' }, ip: '81.169.145.1' }, true)).toBe('AU');
    expect(visitorCountry({ headers: { 'cf-ipcountry': 'AU' }, ip: '81.169.145.1' }, false)).toBe('DE');
    expect(visitorCountry({ headers: {}, ip: '127.0.0.1' }, true)).toBeNull();
  });
});

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists and inline marks', () => {
    const html = renderMarkdown(
      '## Title\n\nOne **bold** and *soft*\nline.\n\n- a\n- b [link](/terms)\n\n1. first\n2. second',
    );
    expect(html).toBe(
      '<h2>Title</h2>\n<p>One <strong>bold</strong> and <em>soft</em> line.</p>\n<ul><li>a</li><li>b <a href="/terms">link</a></li></ul>\n<ol><li>first</li><li>second</li></ol>',
    );
  });

  it('escapes HTML and drops unsafe links', () => {
    expect(renderMarkdown('<script>x</script> [x](javascript:alert) [y](//evil.example)')).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt; x y</p>',
    );
  });

  it('reads the front matter', () => {
    expect(parseFrontMatter('---\ntitle: T: x\nposition: 3\n---\nbody')).toEqual({
      meta: { title: 'T: x', position: '3' },
      body: 'body',
    });
  });

  it('fills a template for one licence', () => {
    const src = 'Age {{age}}.{{#EE}} Estonia.{{/EE}}{{#CW}} Curaçao.{{/CW}}';
    expect(fillTemplate(src, 'EE', { age: '21' })).toBe('Age 21. Estonia.');
    expect(fillTemplate(src, 'CW', { age: '18' })).toBe('Age 18. Curaçao.');
    expect(fillTemplate(src, null, {})).toBe('Age {{age}}.');
  });
});

describe('static page content', () => {
  const pages = loadPageSeeds();
  it('has every static page in English and German', () => {
    for (const slug of [
      'privacy-policy',
      'cookie-policy',
      'terms-and-conditions',
      'general-rules',
      'promotions',
      'awards',
      'responsible-gaming',
    ]) {
      for (const locale of ['en', 'de'])
        expect(
          pages.some((p) => p.slug === slug && p.locale === locale),
          `${slug}.${locale}`,
        ).toBe(true);
    }
  });

  it('renders CW and EE variants that say the right licence and age, with no placeholder left', () => {
    for (const slug of ['terms-and-conditions', 'general-rules', 'responsible-gaming']) {
      const ee = pages.find((p) => p.slug === slug && p.locale === 'en' && p.licence === 'EE')!;
      const cw = pages.find((p) => p.slug === slug && p.locale === 'en' && p.licence === 'CW')!;
      expect(ee.content, slug).toMatch(/Estonia/);
      expect(ee.content, slug).toMatch(/21/);
      expect(ee.content, slug).not.toMatch(/Curaçao/);
      expect(cw.content, slug).toMatch(/18/);
      expect(cw.content, slug).not.toMatch(/Estonia/);
    }
    for (const page of pages) expect(page.content + page.title, `${page.slug}.${page.locale}`).not.toMatch(/\{\{|\}\}/);
  });

  it('call slot machines "pokies" in no page of international English (en-AU has its own words)', () => {
    const pokies = pages
      .filter((p) => p.locale === 'en')
      .filter((p) => /pokie/i.test(p.title + p.blocks.description + p.markdown + JSON.stringify(p.blocks.json)))
      .map((p) => p.slug);
    expect(pokies).toEqual([]);
  });

  it('speak to the player as du in German, never as Sie: pages, snippets and banners', () => {
    // As the page's own messages (apps/web/test/unit/messages.test.ts): "Ihnen", a verb with "Sie"
    // after it ("können Sie", "Spielen Sie"), "um Sie", and "Sie"/"Ihr…" inside a sentence (at a
    // sentence's start "Sie"/"Ihre" may be "they"/"their"). Checked line by line.
    const formal =
      /\bIhnen\b|\b\p{L}+en Sie\b|\bum Sie\b|[^.:!?>\s]\s+Sie\b|[^.:!?>]\s+Ihr(e|en|em|er|es)?\b|^[-#\s]+(Sie|Ihr(e|en|em|er|es)?)\b/u;
    const texts: Array<[string, string]> = [];
    for (const page of pages.filter((p) => p.locale === 'de')) {
      const name = `${page.slug}.de${page.licence ? ` (${page.licence})` : ''}`;
      texts.push([`${name} title`, page.title], [`${name} description`, page.blocks.description]);
      texts.push([`${name} json`, JSON.stringify(page.blocks.json)]);
      page.markdown.split('\n').forEach((line, i) => texts.push([`${name} line ${i + 1}`, line]));
    }
    for (const snippet of SNIPPET_SEED)
      texts.push([`snippet ${snippet.key}`, snippet.content.de.replace(/<[^>]+>/g, '')]);
    for (const banner of BANNER_SEED)
      for (const [field, text] of Object.entries(banner.text.de))
        texts.push([`banner ${banner.identifier} ${field}`, text]);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter(([, text]) => formal.test(text)).map(([name, text]) => `${name}: ${text}`)).toEqual([]);
  });
});
