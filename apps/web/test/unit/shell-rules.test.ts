import { describe, expect, it } from 'vitest';
import type { Banner, CmsPage } from '@orbit/contracts';
import { bannerView, forViewer, internalPath, visitorBanners } from '../../app/features/banners/banners';
import { playerDisplayName } from '../../app/lib/player-name';
import { findCmsPage, isCmsSlug } from '../../app/features/cms/lookup';
import { activeNavHref, isLinkShown, promotionsMenu, tournamentsItem, visitorMenu } from '../../app/features/shell/nav';
import { flagsCookie, parseFlagOverrides, resolveFlags, FLAG_DEFAULTS } from '../../app/features/feature-flags/flags';
import { messagesUrl, translate } from '../../app/features/i18n/i18n';

describe('navigation highlight', () => {
  const top = ['/', '/pokies/top', '/pokies/new', '/pokies/slots', '/pokies/jackpot', '/pokies/instant', '/live/live'];
  it('marks the lobby for /, /categories and /games paths', () => {
    expect(activeNavHref(top, '/')).toBe('/');
    expect(activeNavHref(top, '/categories/top')).toBe('/');
    expect(activeNavHref(['/de', '/de/pokies/top'], '/de/games/12')).toBe('/de');
    expect(activeNavHref(top, '/pokies/top')).not.toBe('/');
  });
  it('marks one category item: its own, else the first of its section', () => {
    for (const path of ['/pokies/top', '/pokies/new', '/pokies/slots', '/pokies/instant'])
      expect(activeNavHref(top, path), path).toBe(path);
    expect(activeNavHref(top, '/pokies/top/2')).toBe('/pokies/top');
    expect(activeNavHref(top, '/pokies/all')).toBe('/pokies/top');
    expect(activeNavHref(['/de/live/live', '/de/pokies/top'], '/de/live/game-shows')).toBe('/de/live/live');
    expect(activeNavHref(top, '/profile')).toBeNull();
    // The bottom bar's sections.
    expect(activeNavHref(['/', '/pokies/all', '/live/all'], '/pokies/new')).toBe('/pokies/all');
  });
  it('hides login-only categories from visitors and localizes paths', () => {
    const items = [
      { identifier: 'top', title: 'Top', icon: 'star', kind: 'pokies', path: '/pokies/top', login_only: false },
      {
        identifier: 'fav',
        title: 'Favourites',
        icon: 'star',
        kind: 'pokies',
        path: '/favorite-games',
        login_only: true,
      },
    ];
    expect(visitorMenu(items, 'de')).toEqual([{ key: 'top', href: '/de/pokies/top', label: 'Top', icon: 'star' }]);
  });
});

describe('licence links', () => {
  it('hides the crypto-benefits and sportsbook-terms links under EE only', () => {
    expect(isLinkShown('benefits-of-crypto', 'EE')).toBe(false);
    expect(isLinkShown('sportsbook-terms', 'EE')).toBe(false);
    expect(isLinkShown('benefits-of-crypto', 'CW')).toBe(true);
    expect(isLinkShown('terms-and-conditions', 'EE')).toBe(true);
  });
});

describe('CMS lookup', () => {
  const page = (slug: string) => ({ slug }) as unknown as CmsPage;
  it('asks for the licence variant first, then the plain slug', async () => {
    const asked: string[] = [];
    const found = await findCmsPage('terms-and-conditions', 'EE', async (path) => {
      asked.push(path);
      return path === 'terms-and-conditions' ? page(path) : null;
    });
    expect(asked).toEqual(['terms-and-conditions/EE', 'terms-and-conditions']);
    expect(found).toEqual(page('terms-and-conditions'));
  });
  it('never asks for something that is not a slug', async () => {
    expect(isCmsSlug('a/b')).toBe(false);
    expect(isCmsSlug('Privacy')).toBe(false);
    expect(await findCmsPage('../x', 'CW', async () => page('x'))).toBeNull();
  });
});

describe('banners for visitors', () => {
  const banner = (over: Partial<Banner>): Banner => ({
    id: 1,
    identifier: 'b',
    title: { text: '' },
    description: { text: '' },
    categories: ['main'],
    groups: [],
    logged: null,
    gradient: [],
    labels: [],
    button: null,
    image: null,
    start_at: null,
    end_at: null,
    position: 0,
    size: 'large',
    ...over,
  });
  it('keeps lobby banners for everyone, in position order, within their live time', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const list = visitorBanners(
      [
        banner({ id: 1, position: 2 }),
        banner({ id: 2, position: 1 }),
        banner({ id: 3, logged: true }),
        banner({ id: 4, groups: [21] }),
        banner({ id: 5, categories: ['live'] }),
        banner({ id: 6, end_at: '2025-05-01T00:00:00Z' }),
        banner({ id: 7, start_at: '2025-07-01T00:00:00Z' }),
      ],
      'main',
      now,
    );
    expect(list.map((b) => b.id)).toEqual([2, 1]);
  });
  it("leaves the guests' banners (a sign-up invitation) out once a player is signed in", () => {
    const views = [banner({ id: 1, logged: false }), banner({ id: 2, logged: null })].map((b) =>
      bannerView(b, 'https://orbit.example', 'en'),
    );
    expect(forViewer(views, false).map((b) => b.id)).toEqual([1, 2]);
    expect(forViewer(views, true).map((b) => b.id)).toEqual([2]);
  });
  it('routes same-host links inside the page', () => {
    expect(internalPath('/promotions', 'https://orbit.example')).toBe('/promotions');
    expect(internalPath('https://orbit.example/live/all?x=1', 'https://orbit.example')).toBe('/live/all?x=1');
    expect(internalPath('https://elsewhere.example/', 'https://orbit.example')).toBeNull();
    expect(internalPath('//elsewhere.example/', 'https://orbit.example')).toBeNull();
  });
  it('hands the carousel only what it draws, with the button link resolved for the locale', () => {
    const button = (url: string) => ({ name: 'Go', url, type: 'link' as const, frontend_identifier: null });
    const view = bannerView(
      banner({ title: { text: 'T' }, gradient: ['#000', '#fff'], button: button('https://orbit.example/live/all') }),
      'https://orbit.example',
      'de',
    );
    expect(view).toEqual({
      id: 1,
      identifier: 'b',
      size: 'large',
      title: 'T',
      description: '',
      labels: [],
      image: null,
      background: 'linear-gradient(135deg, #000, #fff)',
      button: { name: 'Go', href: '/de/live/all', internal: true },
      guestOnly: false,
    });
    expect(bannerView(banner({ button: button('/it/promotions') }), 'https://orbit.example', 'de').button?.href).toBe(
      '/it/promotions',
    );
    expect(
      bannerView(banner({ button: button('https://elsewhere.example/x') }), 'https://orbit.example', 'de').button,
    ).toEqual({
      name: 'Go',
      href: 'https://elsewhere.example/x',
      internal: false,
    });
    expect(bannerView(banner({}), 'https://orbit.example', 'en').background).toContain('#2a1f5c');
  });
});

describe('feature flags cookie', () => {
  it('round-trips choices and keeps only the ones that differ from defaults', () => {
    const cookie = flagsCookie({ tester: true, lotteries: true });
    expect(cookie).toMatch(/^orbit_ff=/);
    const value = cookie.split(';')[0]!;
    expect(parseFlagOverrides(`a=1; ${value}`)).toEqual({ tester: true });
    expect(resolveFlags(parseFlagOverrides(value))).toEqual({ ...FLAG_DEFAULTS, tester: true });
  });
  it('ignores junk and unknown flags', () => {
    expect(parseFlagOverrides('orbit_ff=%7Bnope')).toEqual({});
    expect(parseFlagOverrides(`orbit_ff=${encodeURIComponent('{"unknown":true,"tester":"yes"}')}`)).toEqual({});
    expect(parseFlagOverrides(undefined)).toEqual({});
  });
  it('clears the cookie when everything is back to default', () => {
    expect(flagsCookie({ lotteries: true })).toContain('Max-Age=0');
  });
});

describe('translations', () => {
  it('bucket the cache-busting parameter in five minutes', () => {
    expect(messagesUrl('de', 1_700_000_123_456)).toBe(
      `/messages/de.json?t=${1_700_000_123_456 - (1_700_000_123_456 % 300_000)}`,
    );
    expect(messagesUrl('de', 1_700_000_100_000)).toBe(messagesUrl('de', 1_700_000_100_000 + 1_000));
  });
  it('fall back to English per key', () => {
    const bundle = {
      'fr-CA': { nav: { menu: 'Menu FR' } },
      en: { nav: { menu: 'Menu', live: 'Live' }, hi: 'Hi {{name}}' },
    };
    expect(translate(bundle, 'fr-CA', 'nav.menu')).toBe('Menu FR');
    expect(translate(bundle, 'fr-CA', 'nav.live')).toBe('Live');
    expect(translate(bundle, 'fr-CA', 'hi', { name: 'Ada' })).toBe('Hi Ada');
    expect(translate(bundle, 'fr-CA', 'missing.key')).toBe('missing.key');
  });
});

describe("a player's name on screen", () => {
  it('is the nickname, else the address masked, never the whole address', () => {
    expect(playerDisplayName({ nickname: 'Lucky Ace', email: 'ada@example.com' })).toBe('Lucky Ace');
    expect(playerDisplayName({ nickname: null, email: 'ada.lovelace@example.com' })).toBe('ad***@example.com');
    expect(playerDisplayName({ nickname: null, email: 'a@example.com' })).toBe('a***@example.com');
  });
});

describe('the promotions in the menus (docs/page-shell.md "Menus")', () => {
  it('lists the promotions, lotteries, VIP club and shop, each only where it leads somewhere', () => {
    const all = promotionsMenu('de', { promotions: true, lotteries: true, shop: true });
    expect(all.map((item) => item.href)).toEqual([
      '/de/promotions',
      '/de/tournaments/lotteries',
      '/de/vip-club',
      '/de/rocket-mart',
    ]);
    // No promotions page, no lottery listed, no shop page: only the VIP club (a guest sees its prompt).
    expect(promotionsMenu('en', { promotions: false, lotteries: false, shop: false }).map((i) => i.href)).toEqual([
      '/vip-club',
    ]);
  });
  it('marks the lotteries on their tab, the tournaments on theirs, never both', () => {
    const hrefs = [
      tournamentsItem('en').href,
      ...promotionsMenu('en', { promotions: true, lotteries: true, shop: true }).map((i) => i.href),
    ];
    expect(activeNavHref(hrefs, '/tournaments/lotteries')).toBe('/tournaments/lotteries');
    expect(activeNavHref(hrefs, '/tournaments/all')).toBe('/tournaments');
    expect(activeNavHref(hrefs, '/promotions')).toBe('/promotions');
    expect(activeNavHref(hrefs, '/rocket-mart/money')).toBe('/rocket-mart');
  });
});
