/**
 * What the page reports and where the random-game card goes (docs/telemetry.md "The page",
 * docs/page-shell.md "Cookie banner" and "Random game"): a refused submit's reports, a first
 * deposit, the card's place and pick, when the cookie question is asked.
 */
import { describe, expect, it } from 'vitest';
import { validationErrorReportRequestSchema } from '@orbit/contracts';
import { asksForConsent, consentAnswer } from '../../app/features/consent/rules';
import {
  openableGames,
  pickGame,
  RANDOM_CARD_AT_END,
  randomCardIndex,
} from '../../app/features/games/random-game-rules';
import { isFirstDeposit, validationReports, VALIDATION_FIELDS_PER_SUBMIT } from '../../app/lib/telemetry';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('the validation reports of a refused submit', () => {
  it('are one per refused field with its first code and the side, leaving out the form’s base error', () => {
    const reports = validationReports(
      'registration',
      { email: 'invalid_format', password: undefined, base: 'network', terms_acceptance: 'must_be_accepted' },
      'client',
      '/sign-up',
    );
    expect(reports).toEqual([
      { form: 'registration', field: 'email', code: 'invalid_format', side: 'client', page: '/sign-up' },
      { form: 'registration', field: 'terms_acceptance', code: 'must_be_accepted', side: 'client', page: '/sign-up' },
    ]);
    // Each one is a body the server takes as it is.
    for (const report of reports) expect(validationErrorReportRequestSchema.safeParse(report).success).toBe(true);
    expect(validationReports('login', { email: 'taken' }, 'server')).toEqual([
      { form: 'login', field: 'email', code: 'taken', side: 'server' },
    ]);
  });

  it('send nothing for a submit the form took, and at most ten reports for one submit', () => {
    expect(validationReports('contact', { email: undefined, message: null, base: undefined }, 'client')).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field_${i}`, 'required']));
    expect(validationReports('profile_details', many, 'client')).toHaveLength(VALIDATION_FIELDS_PER_SUBMIT);
  });

  it('hold names and pages to the contract’s lengths', () => {
    const [report] = validationReports('f'.repeat(80), { ['x'.repeat(80)]: 'c'.repeat(80) }, 'client', '/'.repeat(300));
    expect(validationErrorReportRequestSchema.safeParse(report).success).toBe(true);
  });
});

describe('a first deposit', () => {
  const deposit = (id: number, success: boolean) => ({ id, action: 'deposit', success });
  it('is the only successful deposit among the player’s', () => {
    expect(isFirstDeposit([deposit(7, true), deposit(6, false), deposit(5, false)], 7, 50)).toBe(true);
    expect(isFirstDeposit([deposit(7, true), deposit(4, true)], 7, 50)).toBe(false);
    expect(isFirstDeposit([deposit(8, false), deposit(7, true)], 8, 50)).toBe(false);
    // A full page may hide an older success: never a first then.
    expect(isFirstDeposit([deposit(7, true), deposit(6, false)], 7, 2)).toBe(false);
  });
});

describe('the random-game card', () => {
  it('takes the tenth tile, or closes the list of the special, new, top and recommended categories', () => {
    expect(randomCardIndex('slots', 40)).toBe(9);
    expect(randomCardIndex('slots', 10)).toBe(9);
    expect(randomCardIndex('slots', 4)).toBe(4);
    for (const category of RANDOM_CARD_AT_END) expect(randomCardIndex(category, 40)).toBe(40);
    expect(randomCardIndex('new', 7)).toBe(7);
    expect(randomCardIndex('slots', 0)).toBeNull();
  });

  const game = (
    identifier: string,
    over: Partial<{ launchable: boolean; has_demo_mode: boolean; currencies: string[] }>,
  ) => ({
    identifier,
    launchable: over.launchable ?? true,
    has_demo_mode: over.has_demo_mode ?? true,
    currencies: Object.fromEntries((over.currencies ?? ['EUR', 'FUN']).map((c) => [c, { id: 1, jackpot: null }])),
  });

  it('opens only what the visitor can: a player’s currency, a guest’s demo, never a catalogue-only game', () => {
    const games = [
      game('a', {}),
      game('b', { currencies: ['USD', 'FUN'] }),
      game('c', { has_demo_mode: false, currencies: ['EUR'] }),
      game('d', { launchable: false }),
    ];
    expect(openableGames(games, { currency: 'EUR' }).map((g) => g.identifier)).toEqual(['a', 'c']);
    expect(openableGames(games, { currency: 'USD' }).map((g) => g.identifier)).toEqual(['b']);
    expect(openableGames(games, { currency: null }).map((g) => g.identifier)).toEqual(['a', 'b', 'c']);
    expect(openableGames(games, null).map((g) => g.identifier)).toEqual(['a', 'b']);
  });

  it('picks each game by the random number, and none from nothing', () => {
    expect(pickGame(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickGame(['a', 'b', 'c'], () => 0.5)).toBe('b');
    expect(pickGame(['a', 'b', 'c'], () => 0.9999)).toBe('c');
    expect(pickGame([], () => 0.5)).toBeNull();
  });
});

describe('the cookie question', () => {
  it('is asked of a visitor who has not answered, in the page itself, and never of a crawler', () => {
    expect(asksForConsent({ cookie: '', userAgent: BROWSER, framed: false })).toBe(true);
    expect(asksForConsent({ cookie: 'stag=1; orbit_consent=necessary', userAgent: BROWSER, framed: false })).toBe(
      false,
    );
    expect(asksForConsent({ cookie: 'orbit_consent=all', userAgent: BROWSER, framed: false })).toBe(false);
    // A value that is no answer is asked again.
    expect(asksForConsent({ cookie: 'orbit_consent=maybe', userAgent: BROWSER, framed: false })).toBe(true);
    expect(asksForConsent({ cookie: '', userAgent: BROWSER, framed: true })).toBe(false);
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(asksForConsent({ cookie: '', userAgent: googlebot, framed: false })).toBe(false);
    expect(consentAnswer('orbit_consent=necessary')).toBe('necessary');
    expect(consentAnswer('other=1')).toBeNull();
  });
});
