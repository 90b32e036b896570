/** Routes and rules of the shell (docs/rules/routes-and-guards.md, docs/rules/page-shell.md "Timed rules"). */
import { describe, expect, it } from 'vitest';
import {
  aliasTarget,
  categoryById,
  categoryPagePath,
  escapePopupDue,
  hashTargetId,
  IOS_ESCAPE_DELAY_MS,
  isIosInAppBrowser,
  promotionPageOf,
  promotionPagesOff,
  SURVEY_DELAY_MS,
  surveyDue,
  surveyOf,
} from '../../app/lib/route-rules';

describe('named and older addresses', () => {
  it('leads each alias to its page and leaves other paths alone', () => {
    expect(aliasTarget('/santa-vegas')).toBe('/promotions');
    expect(aliasTarget('/accounts/history')).toBe('/');
    expect(aliasTarget('/arena')).toBe('/tournaments');
    expect(aliasTarget('/leaderboard/')).toBe('/tournaments');
    expect(aliasTarget('/adventures')).toBe('/vip-club#adventure');
    expect(aliasTarget('/slots')).toBe('/pokies/all');
    expect(aliasTarget('/slots/all')).toBe('/pokies/all');
    expect(aliasTarget('/slots/new')).toBe('/pokies/new');
    expect(aliasTarget('/slots/new/2')).toBeNull();
    expect(aliasTarget('/promotions')).toBeNull();
  });

  it('finds a category by numeric id or identifier and sends live ones under /live', () => {
    const categories = [
      { id: 3, identifier: 'new', kind: 'pokies' },
      { id: 7, identifier: 'roulette', kind: 'live' },
    ];
    expect(categoryById(categories, '7')?.identifier).toBe('roulette');
    expect(categoryById(categories, 'new')?.id).toBe(3);
    expect(categoryById(categories, '99')).toBeNull();
    expect(categoryPagePath(categories[1]!)).toBe('/live/roulette');
    expect(categoryPagePath(categories[0]!)).toBe('/pokies/new');
  });
});

describe('promotion pages switched off', () => {
  it('names the page an address belongs to', () => {
    expect(promotionPageOf('/promotions')).toBe('promotions');
    expect(promotionPageOf('/tournaments/all')).toBe('tournaments');
    expect(promotionPageOf('/action/x')).toBe('tournaments');
    expect(promotionPageOf('/tournaments/lotteries')).toBe('lotteries');
    expect(promotionPageOf('/lottery/weekly')).toBe('lotteries');
    expect(promotionPageOf('/rocket-mart/money')).toBe('rocket-mart');
    expect(promotionPageOf('/rocket-chance')).toBe('rocket-chance');
    expect(promotionPageOf('/vip-club')).toBeNull();
    expect(promotionPageOf('/promotions-old')).toBeNull();
  });

  it('switches off only pages set to false; a broken config switches nothing off', () => {
    expect(promotionPagesOff({ pages: { promotions: false, tournaments: true, 'rocket-chance': false } })).toEqual([
      'promotions',
      'rocket-chance',
    ]);
    expect(promotionPagesOff({ pages: {} })).toEqual([]);
    expect(promotionPagesOff(null)).toEqual([]);
    expect(promotionPagesOff({ pages: 'off' })).toEqual([]);
  });
});

describe('deep-link hash', () => {
  it('is a place on the page, not a command', () => {
    expect(hashTargetId('#adventure')).toBe('adventure');
    expect(hashTargetId('#caf%C3%A9')).toBe('café');
    expect(hashTargetId('')).toBeNull();
    expect(hashTargetId('#sign-in')).toBeNull();
    expect(hashTargetId('#chat')).toBeNull();
    expect(hashTargetId('#sport_live')).toBeNull();
    expect(hashTargetId('#%E0%A4%A')).toBeNull();
  });
});

describe('iOS in-app escape popup', () => {
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const instagram =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 320.0.2';
  const webview =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  it('knows in-app browsers from real ones', () => {
    expect(isIosInAppBrowser(safari)).toBe(false);
    expect(isIosInAppBrowser(safari.replace('Version/17.4', 'CriOS/124.0'))).toBe(false);
    expect(isIosInAppBrowser(instagram)).toBe(true);
    expect(isIosInAppBrowser(webview)).toBe(true);
    expect(isIosInAppBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Instagram')).toBe(false);
  });

  it('waits 5 minutes, is postponed by a modal or the game page, comes at once on sign-out, once', () => {
    const base = { shown: false, firstVisit: 0, loggedOut: false, cashboxOpen: false, onGamePage: false };
    expect(escapePopupDue({ ...base, now: IOS_ESCAPE_DELAY_MS - 1 })).toBe('wait');
    expect(escapePopupDue({ ...base, now: IOS_ESCAPE_DELAY_MS })).toBe('show');
    expect(escapePopupDue({ ...base, now: IOS_ESCAPE_DELAY_MS, cashboxOpen: true })).toBe('wait');
    expect(escapePopupDue({ ...base, now: IOS_ESCAPE_DELAY_MS, onGamePage: true })).toBe('wait');
    expect(escapePopupDue({ ...base, now: 1, loggedOut: true })).toBe('show');
    expect(escapePopupDue({ ...base, now: IOS_ESCAPE_DELAY_MS, shown: true, loggedOut: true })).toBe('never');
  });
});

describe('survey', () => {
  it('reads the config: widget on and a survey named', () => {
    expect(surveyOf({ survey_id: 's1', survey_collector_id: 'c1', is_enable_widget: true })).toEqual({
      surveyId: 's1',
      collectorId: 'c1',
    });
    expect(surveyOf({ survey_id: 's1', survey_collector_id: null, is_enable_widget: false })).toBeNull();
    expect(surveyOf({ survey_id: null, survey_collector_id: null, is_enable_widget: true })).toBeNull();
    expect(surveyOf(null)).toBeNull();
  });

  it('opens for a signed-in player 5 minutes in, off the game page, with no modal open', () => {
    const base = { enabled: true, done: false, signedIn: true, startedAt: 0, onGamePage: false, modalOpen: false };
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS })).toBe(true);
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS - 1 })).toBe(false);
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS, signedIn: false })).toBe(false);
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS, onGamePage: true })).toBe(false);
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS, modalOpen: true })).toBe(false);
    expect(surveyDue({ ...base, now: SURVEY_DELAY_MS, done: true })).toBe(false);
  });
});

describe('disabled-bonuses', () => {
  it('hides a gift of a listed group only at the listed stage', async () => {
    const { isDisabledBonus } = await import('../../app/features/gifts/rules');
    const groups = [{ group_key: 'welcome', stage: 'issued' }];
    expect(isDisabledBonus({ group_key: 'welcome', stage: 'issued' }, groups)).toBe(true);
    expect(isDisabledBonus({ group_key: 'welcome', stage: 'handle_bets' }, groups)).toBe(false);
    expect(isDisabledBonus({ group_key: 'reload', stage: 'issued' }, groups)).toBe(false);
    expect(isDisabledBonus({ group_key: 'welcome', stage: 'issued' }, [])).toBe(false);
  });
});
