/** Guest mode's paths in the page (docs/licences.md "The legal block and guest mode"). */
import { describe, expect, it } from 'vitest';
import { refusedInGuestMode } from '../../app/lib/legal-block';
import { parseLocalePath, withoutGuestBase } from '../../app/lib/locale';

describe('guest mode paths', () => {
  it('reads the locale past the guest base, as loaders see the URL', () => {
    expect(parseLocalePath('/guest/de/pokies/all')).toEqual({ locale: 'de', path: '/pokies/all' });
    expect(parseLocalePath('/guest')).toEqual({ locale: 'en', path: '/' });
    expect(withoutGuestBase('/guestbook')).toBe('/guestbook');
    expect(parseLocalePath('/guestbook').path).toBe('/guestbook');
  });

  it('refuses the ways to a session, in every locale, and nothing else', () => {
    for (const path of [
      '/sign-in',
      '/de/sign-up',
      '/guest/remind',
      '/guest/it/new-password',
      '/login',
      '/registration',
    ])
      expect(refusedInGuestMode(path), path).toBe(true);
    expect(refusedInGuestMode('/sport/login')).toBe(true);
    expect(refusedInGuestMode('/guest/de/sport/registration')).toBe(true);
    for (const path of ['/', '/guest/promotions', '/sport', '/support', '/confirmation', '/play/orbit/stellar-sevens'])
      expect(refusedInGuestMode(path), path).toBe(false);
  });
});
