/** The telemetry's pure rules (docs/telemetry.md): the landing page's tag, the registration's, the A/B arm, crawlers and devices. */
import { describe, expect, it } from 'vitest';
import {
  abArmOf,
  agentClassOf,
  armForecast,
  cookiesOf,
  isCrawler,
  isSearchEngine,
  landingCookies,
  refererHost,
  registrationTag,
  stagByReferrer,
  type Landing,
} from '../../src/modules/telemetry/rules';

const RULES = { 'partner.example': '777_a', 'WWW.Reviews.example': '888_b', 'empty.example': '', 'bad.example': '<x>' };
const land = (over: Partial<Landing> = {}): Landing => ({
  query: {},
  referer: undefined,
  host: 'casino.example',
  cookies: new Map(),
  ...over,
});

describe('the referrer rule', () => {
  it("finds the referrer host's entry, or its nearest parent domain's, in lower case and without www.", () => {
    expect(stagByReferrer('partner.example', RULES)).toBe('777_a');
    expect(stagByReferrer('blog.partner.example', RULES)).toBe('777_a');
    expect(stagByReferrer('reviews.example', RULES)).toBe('888_b');
    expect(stagByReferrer('empty.example', RULES)).toBe('');
    expect(stagByReferrer('example', RULES)).toBeUndefined();
    expect(stagByReferrer('other.example', RULES)).toBeUndefined();
    expect(stagByReferrer('notpartner.example', RULES)).toBeUndefined();
  });

  it('reads the host of a Referer, and nothing of what is no web address', () => {
    expect(refererHost('https://WWW.Partner.Example./x?y=1')).toBe('partner.example');
    expect(refererHost('android-app://com.google.android.gm/')).toBeUndefined();
    expect(refererHost('not a url')).toBeUndefined();
    expect(refererHost(undefined)).toBeUndefined();
  });

  it('knows the search engines by name and country domain, and not their namesakes', () => {
    for (const host of [
      'google.com',
      'google.co.uk',
      'google.com.br',
      'bing.com',
      'search.yahoo.com',
      'duckduckgo.com',
      'yandex.ru',
      'search.brave.com',
      'ecosia.org',
    ])
      expect(isSearchEngine(host), host).toBe(true);
    for (const host of ['googleusercontent.com', 'mygoogle.com', 'partner.example', 'bing.example.org.uk.x'])
      expect(isSearchEngine(host), host).toBe(false);
  });
});

describe('the landing cookies', () => {
  it("set a partner's link's tag and id, whatever the referrer and the cookie already there", () => {
    const found = landingCookies(
      land({
        query: { stag: 'aff_1', partner_id: 'p-1' },
        referer: 'https://google.com/',
        cookies: new Map([['stag', 'old_2']]),
      }),
      RULES,
    );
    expect(found).toEqual({ stag: { value: 'aff_1', source: 'link' }, partnerId: 'p-1', utm: {} });
  });

  it("apply the referrer rule, then the search id, only for another site's visitor without a tag", () => {
    const from = (referer: string, cookies = new Map<string, string>()) =>
      landingCookies(land({ referer, cookies }), RULES).stag;
    expect(from('https://partner.example/')).toEqual({ value: '777_a', source: 'referrer_rule' });
    expect(from('https://www.google.de/')).toEqual({ value: '241', source: 'search' });
    expect(from('https://elsewhere.example/')).toBeUndefined();
    expect(from('https://casino.example/lobby')).toBeUndefined();
    expect(from('https://www.casino.example/lobby')).toBeUndefined();
    expect(from('https://partner.example/', new Map([['stag', 'aff_9']]))).toBeUndefined();
    // A rule for google wins over the search id: the operator decided.
    expect(landingCookies(land({ referer: 'https://google.com/' }), { 'google.com': 'g_1' }).stag?.value).toBe('g_1');
  });

  it('report an entry without a tag (or a malformed one) and set nothing for it', () => {
    for (const referer of ['https://empty.example/', 'https://bad.example/']) {
      const found = landingCookies(land({ referer }), RULES);
      expect(found.stag).toBeUndefined();
      expect(found.emptyReferrerRule).toBe(new URL(referer).hostname);
    }
  });

  it('take the campaign parameters as they come, the first of a repeated one, none with control characters', () => {
    const found = landingCookies(
      land({
        query: { utm_source: ['news', 'other'], utm_medium: ' email ', utm_term: 'a\nb', sub_id: 'x'.repeat(257) },
      }),
      RULES,
    );
    expect(found.utm).toEqual({ utm_source: 'news', utm_medium: 'email' });
  });

  it('refuse a malformed tag or partner id', () => {
    expect(landingCookies(land({ query: { stag: '<script>', partner_id: 'a b' } }), RULES)).toEqual({ utm: {} });
    expect(landingCookies(land({ query: { stag: 'x'.repeat(65) } }), RULES).stag).toBeUndefined();
  });
});

describe('the registration tag', () => {
  it("is the cookie's, 241 a search's, else 122; the partner's id and approval beside it", () => {
    expect(registrationTag(cookiesOf('stag=aff_5; partner_id=p-1; orbit_partner_approved=1'))).toEqual({
      stag: 'aff_5',
      source: 'cookie',
      partnerId: 'p-1',
      partnerApproved: true,
    });
    expect(registrationTag(cookiesOf('stag=241'))).toMatchObject({ stag: '241', source: 'search' });
    expect(registrationTag(cookiesOf(undefined))).toEqual({
      stag: '122',
      source: 'direct',
      partnerId: null,
      partnerApproved: false,
    });
    expect(registrationTag(cookiesOf('stag=%3Cx%3E; orbit_partner_approved=yes'))).toMatchObject({
      stag: '122',
      partnerApproved: false,
    });
  });
});

describe('the A/B arm', () => {
  it("is 543 for an even player id, 544 for an odd one; split by tag, a partner tag's last hex digit decides", () => {
    expect(abArmOf(10, null, 'player_id')).toBe(543);
    expect(abArmOf(11, 'aff_2', 'player_id')).toBe(544);
    expect(abArmOf(11, 'aff_2', 'stag')).toBe(543);
    expect(abArmOf(10, 'aff_f', 'stag')).toBe(544);
    expect(abArmOf(10, 'aff_F', 'stag')).toBe(544);
    // No hex digit at the end, or the house's own ids: the parity.
    expect(abArmOf(11, 'aff_z', 'stag')).toBe(544);
    expect(abArmOf(10, '241', 'stag')).toBe(543);
    expect(abArmOf(11, '122', 'stag')).toBe(544);
    expect(armForecast('aff_b', 'stag')).toBe(544);
    expect(armForecast('aff_b', 'player_id')).toBeNull();
    expect(armForecast(null, 'stag')).toBeNull();
  });
});

describe('the visitor', () => {
  it('tells crawlers from browsers, and the device class', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isCrawler('curl/8.5.0')).toBe(true);
    expect(
      isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'),
    ).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
    expect(agentClassOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(agentClassOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile');
    expect(agentClassOf('Mozilla/5.0 (Linux; Android 13; SM-X700) Safari/537.36')).toBe('tablet');
    expect(agentClassOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)')).toBe('tablet');
    expect(agentClassOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('desktop');
    expect(agentClassOf(undefined)).toBe('unknown');
  });

  it('reads cookies by name, the first of a name, decoded when they decode', () => {
    const cookies = cookiesOf('a=1; b=x%20y; a=2; c=%E0%A4%A; =v; d');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', '%E0%A4%A'],
    ]);
  });
});
