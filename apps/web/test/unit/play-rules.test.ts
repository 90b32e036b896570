import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  closeTarget,
  LAUNCH_ERROR_CODES,
  launchFailure,
  modeOf,
  modeSearch,
  playGuard,
  signUpHref,
} from '../../app/features/play/play-rules';
import { ApiError, ApiNetworkError } from '../../app/lib/api';
import { translate, type Messages } from '../../app/lib/i18n';

describe('game page mode', () => {
  it('is real unless the address asks for demo', () => {
    expect(modeOf('demo')).toBe('demo');
    expect(modeOf('real')).toBe('real');
    expect(modeOf(null)).toBe('real');
    expect(modeOf('DEMO')).toBe('real');
    expect(modeOf('fun')).toBe('real');
  });

  it('writes real as no query', () => {
    expect(modeSearch('demo')).toBe('?mode=demo');
    expect(modeSearch('real')).toBe('');
  });
});

describe('game page guard', () => {
  const game = { hasDemo: true, launchable: true };

  it('sends a guest asking for real play to sign-up, once the session is known', () => {
    expect(playGuard({ ...game, status: 'unknown', mode: 'real' })).toBe('wait');
    expect(playGuard({ ...game, status: 'guest', mode: 'real' })).toBe('sign-up');
    expect(playGuard({ ...game, status: 'player', mode: 'real' })).toBe('launch');
  });

  it('opens a demo to everyone, without waiting for the session', () => {
    for (const status of ['unknown', 'guest', 'player'] as const)
      expect(playGuard({ ...game, status, mode: 'demo' })).toBe('launch');
  });

  it('turns the demo of a game without one into sign-up (guest) or real play (player)', () => {
    const noDemo = { hasDemo: false, launchable: true };
    expect(playGuard({ ...noDemo, status: 'unknown', mode: 'demo' })).toBe('wait');
    expect(playGuard({ ...noDemo, status: 'guest', mode: 'demo' })).toBe('sign-up');
    expect(playGuard({ ...noDemo, status: 'player', mode: 'demo' })).toBe('to-real');
  });

  it('opens nothing of a catalogue-only game', () => {
    for (const status of ['unknown', 'guest', 'player'] as const) {
      for (const mode of ['real', 'demo'] as const)
        expect(playGuard({ hasDemo: false, launchable: false, status, mode })).toBe('unavailable');
    }
  });

  it('carries the game as the sign-up redirect (real play for a missing demo)', () => {
    const at = { pathname: '/de/play/orbit/stellar-sevens', search: '?mode=real', hash: '' };
    expect(signUpHref('de', at, 'real')).toBe(
      '/de/sign-up?redirect=%2Fde%2Fplay%2Forbit%2Fstellar-sevens%3Fmode%3Dreal',
    );
    expect(signUpHref('en', { pathname: '/play/orbit/x', search: '?mode=demo', hash: '' }, 'demo')).toBe(
      '/sign-up?redirect=%2Fplay%2Forbit%2Fx',
    );
  });
});

describe('refused launches', () => {
  const refused = (status: number, code?: string) =>
    new ApiError(status, '/api/games/1/launch', code ? { base: [code] } : {});

  it('send a reached limit and self-exclusion to the limits page', () => {
    expect(launchFailure(refused(422, 'limit_reached'))).toEqual({ action: 'limits', code: 'limit_reached' });
    expect(launchFailure(refused(422, 'player_excluded'))).toEqual({ action: 'limits', code: 'player_excluded' });
    // A demo refused on a device that started an exclusion: said on the page.
    expect(launchFailure(refused(422, 'player_excluded'), 'demo')).toEqual({
      action: 'message',
      code: 'demo_excluded',
      retry: false,
    });
  });

  it('word the other codes, unknown ones as a general failure', () => {
    expect(launchFailure(refused(422, 'currency_not_supported'))).toEqual({
      action: 'message',
      code: 'currency_not_supported',
      retry: false,
    });
    expect(launchFailure(refused(422, 'game_not_launchable'))).toEqual({
      action: 'message',
      code: 'game_not_launchable',
      retry: false,
    });
    expect(launchFailure(refused(422, 'something_new'))).toEqual({ action: 'message', code: 'unknown', retry: false });
    expect(launchFailure(refused(404))).toEqual({ action: 'message', code: 'game_not_found', retry: false });
    expect(launchFailure(refused(503))).toEqual({ action: 'message', code: 'unknown', retry: true });
  });

  it('leave a 401 to the shell (sign-in) and offer a retry after a network failure', () => {
    expect(launchFailure(refused(401))).toEqual({ action: 'signed-out' });
    expect(launchFailure(new ApiNetworkError('/api/games/1/launch', true))).toEqual({
      action: 'message',
      code: 'network',
      retry: true,
    });
  });

  it('have messages in English and German', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
    for (const lang of ['en', 'de'] as const) {
      const messages = JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Messages;
      for (const code of [...LAUNCH_ERROR_CODES, 'unknown']) {
        const key = `play.errors.${code}`;
        expect(translate({ [lang]: messages }, lang, key), `${lang} ${key}`).not.toBe(key);
      }
    }
  });
});

describe('close target', () => {
  const origin = 'https://orbit.example';
  const base = { locale: 'en' as const, state: null, referrer: '', origin };

  it('returns to the page the player came from on this site', () => {
    expect(closeTarget({ ...base, referrer: `${origin}/pokies/slots?page=2` })).toBe('/pokies/slots?page=2');
    expect(
      closeTarget({ ...base, state: { from: '/producers/orbit-originals' }, referrer: `${origin}/pokies/all` }),
    ).toBe('/producers/orbit-originals');
  });

  it('goes to the lobby from elsewhere, a game page or an identity page', () => {
    expect(closeTarget(base)).toBe('/');
    expect(closeTarget({ ...base, locale: 'de' })).toBe('/de');
    expect(closeTarget({ ...base, referrer: 'https://search.example/?q=orbit' })).toBe('/');
    expect(closeTarget({ ...base, referrer: `${origin}/play/orbit/orbit-dice` })).toBe('/');
    expect(closeTarget({ ...base, referrer: `${origin}/de/sign-up?redirect=x` })).toBe('/');
    expect(closeTarget({ ...base, referrer: `${origin}/registration` })).toBe('/');
    expect(closeTarget({ ...base, state: { from: '//evil.example/' } })).toBe('/');
    expect(closeTarget({ ...base, referrer: 'not a url' })).toBe('/');
  });
});
