/**
 * What the page shell reads from the CMS and how the guest's promo banner counts down
 * (docs/page-shell.md "Header", "Footer"; docs/rules/page-shell.md "Banners").
 */
import { describe, expect, it } from 'vitest';
import type { Banner, CmsSnippet } from '@orbit/contracts';
import {
  awardsOf,
  contactsOf,
  countdownText,
  logoOf,
  PROMO_REOPEN_MS,
  promoCookie,
  promoEndOf,
  promoShown,
  snippetLine,
  snippetText,
  socialLinksOf,
  textKey,
} from '../../app/features/shell/shell-content';
import { playerBanners } from '../../app/features/banners/banners';

const snippet = (id: string, content: string): CmsSnippet => ({ id, content, categories: [] });

describe('the shell’s snippets', () => {
  it('reads a snippet as one line of text, and none when it is missing or empty', () => {
    expect(snippetText('<p>Set <b>limits</b> &amp; play</p>\n')).toBe('Set limits & play');
    expect(snippetLine([snippet('header-notice', '<p>Hello</p>')], 'header-notice')).toBe('Hello');
    expect(snippetLine([snippet('header-notice', '<p> </p>')], 'header-notice')).toBeNull();
    expect(snippetLine([], 'header-notice')).toBeNull();
  });

  it('keys a notice by its text, so that a new text shows again after one was closed', () => {
    expect(textKey('a')).toBe(textKey('a'));
    expect(textKey('a')).not.toBe(textKey('b'));
  });

  it('keeps only social links with a name and an https address', () => {
    const list = socialLinksOf([
      snippet(
        'social-links',
        '<p>[{"name":"Forum","url":"https://forum.example.org/orbit","icon":"chat"},{"name":"Bad","url":"javascript:alert(1)"},{"url":"https://x.example"},{"name":"Plain","url":"http://insecure.example"}]</p>',
      ),
    ]);
    expect(list).toEqual([{ name: 'Forum', url: 'https://forum.example.org/orbit', icon: 'chat' }]);
    expect(socialLinksOf([snippet('social-links', 'not json')])).toEqual([]);
    expect(socialLinksOf([])).toEqual([]);
  });

  it('takes a phone and a mail address for the links only when they are well formed', () => {
    expect(
      contactsOf([snippet('footer-contacts', '{"phone":"+372 (5) 123-4567","email":"help@orbit.example"}')]),
    ).toEqual({
      phone: '+37251234567',
      email: 'help@orbit.example',
    });
    expect(contactsOf([snippet('footer-contacts', '{"phone":"call me","email":"nobody"}')])).toEqual({
      phone: null,
      email: null,
    });
    expect(contactsOf([])).toEqual({ phone: null, email: null });
  });
});

describe('the footer’s awards', () => {
  it('lists the awards page’s awards newest first, leaving out entries without a name or year and foreign images', () => {
    const json = JSON.stringify({
      awards: [
        { name: 'Fair play', nomination: 'Best RNG', prize: 'Winner', year: 2024, imgUrl: '/cms/files/a.svg' },
        { name: 'Newcomer', nomination: '', prize: '', year: 2026, imgUrl: 'https://tracker.example/a.png' },
        { nomination: 'no name', year: 2025 },
        { name: 'No year' },
      ],
    });
    expect(awardsOf(json)).toEqual([
      { name: 'Newcomer', nomination: '', prize: '', year: 2026, image: null },
      { name: 'Fair play', nomination: 'Best RNG', prize: 'Winner', year: 2024, image: '/cms/files/a.svg' },
    ]);
    expect(awardsOf('{}')).toEqual([]);
    expect(awardsOf(null)).toEqual([]);
  });
});

describe('the header’s logo (logo-config)', () => {
  it('draws the configured title, alt, link and images, same-site ones only', () => {
    expect(
      logoOf({ title: 'Orbit', alt: 'Orbit casino', href: '/promotions', desktop: '/logo.svg', mobile: null }, 'X'),
    ).toEqual({ title: 'Orbit', alt: 'Orbit casino', href: '/promotions', desktop: '/logo.svg', mobile: '/logo.svg' });
    expect(
      logoOf(
        { title: '', alt: '', href: 'https://elsewhere.example', desktop: '//cdn.example/l.png', mobile: null },
        'Orbit',
      ),
    ).toEqual({ title: 'Orbit', alt: 'Orbit', href: '/', desktop: null, mobile: null });
    expect(logoOf(null, 'Orbit').href).toBe('/');
  });
});

describe('the guest’s promo banner', () => {
  const now = 1_800_000_000_000;

  it('starts a ten-minute countdown kept for a day in the promo_tooltip_timer cookie', () => {
    const cookie = promoCookie(now);
    expect(cookie).toContain('promo_tooltip_timer=');
    expect(cookie).toContain('Max-Age=86400');
    expect(promoEndOf(`a=1; ${cookie.split(';')[0]}; b=2`)).toBe(now + 10 * 60_000);
    expect(promoEndOf('promo_tooltip_timer=soon')).toBeNull();
    expect(promoEndOf('')).toBeNull();
  });

  it('counts down in mm:ss and stops at 00:00', () => {
    expect(countdownText(now + 10 * 60_000, now)).toBe('10:00');
    expect(countdownText(now + 61_500, now)).toBe('01:02');
    expect(countdownText(now - 5_000, now)).toBe('00:00');
  });

  it('comes back two minutes after it was closed, and not once the countdown has ended', () => {
    const end = now + 5 * 60_000;
    expect(promoShown(end, null, now)).toBe(true);
    expect(promoShown(end, now, now + PROMO_REOPEN_MS - 1)).toBe(false);
    expect(promoShown(end, now, now + PROMO_REOPEN_MS)).toBe(true);
    expect(promoShown(now, null, now)).toBe(false);
  });
});

describe('banners for signed-in players', () => {
  const banner = (identifier: string, logged: boolean | null, groups: number[], position: number): Banner => ({
    id: position,
    identifier,
    title: { text: identifier },
    description: { text: '' },
    categories: ['main'],
    groups,
    logged,
    gradient: [],
    labels: [],
    button: null,
    image: null,
    start_at: null,
    end_at: null,
    position,
    size: 'small',
  });
  const all = [
    banner('welcome', false, [], 0),
    banner('everyone', null, [], 1),
    banner('players', true, [], 2),
    banner('rising-star', true, [1117], 3),
    banner('vip-gold', null, [259], 4),
  ];

  it('shows a player the banners for everyone and for players, not the guests’ ones', () => {
    expect(playerBanners(all, 'main', []).map((b) => b.identifier)).toEqual(['everyone', 'players']);
  });

  it('shows a group’s banner only to the players in that group', () => {
    expect(playerBanners(all, 'main', [1117]).map((b) => b.identifier)).toEqual(['everyone', 'players', 'rising-star']);
    expect(playerBanners(all, 'main', ['259']).map((b) => b.identifier)).toEqual(['everyone', 'players', 'vip-gold']);
    expect(playerBanners(all, 'pokies', [1117])).toEqual([]);
  });
});
