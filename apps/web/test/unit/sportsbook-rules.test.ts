import { describe, expect, it } from 'vitest';
import {
  acceptsOrigin,
  bettingPageUrl,
  bettingSite,
  closeTarget,
  parseFrameMessage,
  safeInternalPath,
  sportDecision,
  sportHashTarget,
  sportKindOf,
} from '../../app/features/sportsbook/rules';

const site = bettingSite({ enabled: true, url: 'https://bet.casino.example/sb/' })!;

describe('the betting site of betting-config', () => {
  it('is an absolute http(s) address while enabled, else none', () => {
    expect(site).toEqual({ url: 'https://bet.casino.example/sb', origin: 'https://bet.casino.example' });
    expect(bettingSite({ enabled: false, url: 'https://bet.casino.example' })).toBeNull();
    expect(bettingSite({ enabled: true, url: null })).toBeNull();
    expect(bettingSite(null)).toBeNull();
    for (const url of ['/bet', 'javascript:alert(1)', 'data:text/html,x', 'not a url', 'https://u:p@bet.example']) {
      expect(bettingSite({ enabled: true, url }), url).toBeNull();
    }
  });

  it('opens a section as one path segment of the site, nothing else', () => {
    expect(bettingPageUrl(site, null)).toBe('https://bet.casino.example/sb');
    expect(bettingPageUrl(site, 'live')).toBe('https://bet.casino.example/sb/live');
    expect(bettingPageUrl(site, '../admin')).toBe('https://bet.casino.example/sb');
    expect(bettingPageUrl(site, 'a/b')).toBe('https://bet.casino.example/sb');
  });
});

describe('what a sport address shows', () => {
  it('is the lobby while no betting site is configured, whatever the address', () => {
    for (const kind of ['page', 'login', 'registration'] as const) {
      for (const session of ['unknown', 'guest', 'player'] as const) {
        expect(sportDecision({ kind, site: null, session })).toBe('lobby');
      }
    }
  });

  it('frames the betting site; sign-in and sign-up over it for guests, the lobby for a signed-in player', () => {
    expect(sportDecision({ kind: 'page', site, session: 'player' })).toBe('frame');
    expect(sportDecision({ kind: 'page', site, session: 'guest' })).toBe('frame');
    expect(sportDecision({ kind: 'login', site, session: 'guest' })).toBe('sign-in');
    expect(sportDecision({ kind: 'login', site, session: 'unknown' })).toBe('sign-in');
    expect(sportDecision({ kind: 'registration', site, session: 'guest' })).toBe('sign-up');
    expect(sportDecision({ kind: 'login', site, session: 'player' })).toBe('lobby');
    expect(sportDecision({ kind: 'registration', site, session: 'player' })).toBe('lobby');
  });

  it('knows the address by its path', () => {
    expect(sportKindOf('/sport/login')).toBe('login');
    expect(sportKindOf('/sport/registration')).toBe('registration');
    expect(sportKindOf('/sport')).toBe('page');
    expect(sportKindOf('/sport/football')).toBe('page');
  });

  it('closes to the `path` of this site, else to the betting site', () => {
    expect(closeTarget('?path=%2Fpokies%2Fall%3Fpage%3D2', site, null)).toEqual({
      kind: 'inside',
      path: '/pokies/all?page=2',
    });
    expect(closeTarget('', site, 'live')).toEqual({ kind: 'outside', url: 'https://bet.casino.example/sb/live' });
    for (const path of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(closeTarget(`?path=${encodeURIComponent(path)}`, site, null), path).toEqual({
        kind: 'outside',
        url: 'https://bet.casino.example/sb',
      });
    }
  });
});

describe('#sport hash links', () => {
  it('stand for the sport address, with the page they were on as path', () => {
    expect(sportHashTarget('#sport', '/pokies/all')).toBe('/sport?path=%2Fpokies%2Fall');
    expect(sportHashTarget('#sport_live', '/')).toBe('/sport/live?path=%2F');
    expect(sportHashTarget('#sport_', '/')).toBeNull();
    expect(sportHashTarget('#sport_a/b', '/')).toBeNull();
    expect(sportHashTarget('#sports', '/')).toBeNull();
    expect(sportHashTarget('#sign-in', '/')).toBeNull();
  });
});

describe('paths of this site', () => {
  it('keep a path with its query and hash', () => {
    expect(safeInternalPath('/')).toBe('/');
    expect(safeInternalPath('/de/pokies/all?page=2#top')).toBe('/de/pokies/all?page=2#top');
  });

  it('refuse anything that could lead off-site', () => {
    const refused = [
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      ' /x',
      '/x\n',
      '/\t/evil.example',
      'javascript:alert(1)',
      'pokies/all',
      '',
      null,
      42,
      { path: '/' },
    ];
    for (const value of refused) expect(safeInternalPath(value), String(value)).toBeNull();
  });
});

describe('frame messages', () => {
  it('are close, redirect to a path of this site and refresh_user, as objects or JSON', () => {
    expect(parseFrameMessage({ type: 'close' })).toEqual({ type: 'close' });
    expect(parseFrameMessage({ type: 'refresh_user' })).toEqual({ type: 'refresh_user' });
    expect(parseFrameMessage({ type: 'redirect', path: '/support' })).toEqual({ type: 'redirect', path: '/support' });
    expect(parseFrameMessage('{"type":"redirect","path":"/pokies/all"}')).toEqual({
      type: 'redirect',
      path: '/pokies/all',
    });
  });

  it('refuse a redirect elsewhere and anything of another shape', () => {
    for (const path of ['https://evil.example/', '//evil.example', '/\\evil.example', undefined, 7]) {
      expect(parseFrameMessage({ type: 'redirect', path }), String(path)).toBeNull();
    }
    for (const data of [null, 'close', '{bad json', [], ['close'], { type: 'logout' }, { kind: 'close' }, 5]) {
      expect(parseFrameMessage(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('count only from the sibling sites of FRAME_ANCESTORS', () => {
    const allowed = ['https://Bet.Casino.example', 'http://127.0.0.1:4100'];
    expect(acceptsOrigin('https://bet.casino.example', allowed)).toBe(true);
    expect(acceptsOrigin('http://127.0.0.1:4100', allowed)).toBe(true);
    expect(acceptsOrigin('http://127.0.0.1:4101', allowed)).toBe(false);
    expect(acceptsOrigin('https://evil.example', allowed)).toBe(false);
    expect(acceptsOrigin('https://bet.casino.example.evil.example', allowed)).toBe(false);
    expect(acceptsOrigin('null', allowed)).toBe(false);
    expect(acceptsOrigin('https://bet.casino.example', [])).toBe(false);
  });
});
