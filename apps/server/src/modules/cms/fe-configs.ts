import type {
  CurrencyConfig,
  CurrencyConfigBackForFront,
  FeConfigName,
  FeConfigs,
  MenuCategoriesGamesConfig,
  MenuCategoriesGamesMap,
} from '@orbit/contracts';
import { DEFAULT_CURRENCY } from '../wallet';
import { COUNTRY_SEED, MAIN_WIDGET_ROWS, MENU_CATEGORIES, PROJECT_NAME } from './data';
import { DEMO_ADVENTURE_TEXTS, demoPrizeTexts, WHEEL_SEGMENTS_SEED, WHEEL_TIERS_SEED } from './fe-config-texts';

/** Country → currency offered first (only countries that have one). */
export function currenciesByCountry(): Record<string, string> {
  return Object.fromEntries(
    COUNTRY_SEED.filter(([, , currency]) => currency).map(([code, , currency]) => [code, currency!]),
  );
}

const dayPrize = (eur: number) => ({
  type: 'bonus' as const,
  title: `${eur} bonus`,
  translations: demoPrizeTexts(`${eur} bonus`),
  template_key: 'adventure-gift',
  amount_cents: { EUR: eur * 100, USD: eur * 100, CAD: eur * 150, AUD: eur * 150, NZD: eur * 150, NOK: eur * 1000 },
});
const dayCondition = (minDepEur: number, wagerEur: number) => ({
  minDep: { EUR: minDepEur * 100 },
  wager: { EUR: wagerEur * 100 },
  periodActivationDays: 3,
});
/**
 * The demo's adventure (docs/loyalty.md "Adventure calendar"): a weekly run from Monday, six days
 * each won by a deposit of at least the day's minimum played through that day (and bets on the later days), a super prize
 * on Sunday for a complete week. Prizes are bonuses from the loyalty module's `adventure-gift` template.
 */
const DEMO_ADVENTURE = {
  identifier: 'orbit-week',
  name: 'Orbit week',
  // The name in the other languages (under `title`, docs/localisation.md "Config documents").
  translations: DEMO_ADVENTURE_TEXTS,
  start_date: null,
  group_ids: [],
  days: [
    { prize: dayPrize(5), condition: dayCondition(20, 0) },
    { prize: dayPrize(5), condition: dayCondition(20, 0) },
    { prize: dayPrize(10), condition: dayCondition(25, 0) },
    { prize: dayPrize(10), condition: dayCondition(25, 20) },
    { prize: dayPrize(15), condition: dayCondition(30, 30) },
    { prize: dayPrize(20), condition: dayCondition(40, 40) },
  ],
  super_prize: {
    type: 'bonus' as const,
    title: '50 super prize',
    translations: demoPrizeTexts('50 super prize'),
    template_key: 'adventure-gift',
    amount_cents: { EUR: 5_000, USD: 5_000, CAD: 7_500, AUD: 7_500, NZD: 7_500, NOK: 50_000 },
  },
};

/**
 * What each config answers: the seeded value, and the answer when the operator has stored none
 * (the page then behaves as with the feature switched off). `banners-config` is not stored: it is
 * built from the banners table for the request's locale.
 */
export function feConfigValues(): Omit<FeConfigs, 'banners-config'> {
  return {
    'menu-categories-games': {
      items: MENU_CATEGORIES.map((c) => ({
        identifier: c.identifier,
        title: c.title,
        icon: c.icon,
        kind: c.kind,
        path: c.kind === 'live' ? `/live/${c.identifier}` : `/pokies/${c.identifier}`,
        login_only: c.login_only ?? false,
      })),
    },
    'logo-config': { title: PROJECT_NAME, alt: `${PROJECT_NAME} casino`, href: '/', desktop: null, mobile: null },
    'main-widget-config': {
      rows: MAIN_WIDGET_ROWS.map((r) => ({ ...r })),
      show_banners: true,
      show_jackpots: true,
      show_winners: true,
      show_providers: true,
    },
    'currency-config': {
      default_currency: DEFAULT_CURRENCY,
      currencies_by_country: currenciesByCountry(),
      display_units: {
        BTC: { per_unit: 1_000_000, label: 'μBTC' },
        ETH: { per_unit: 1_000, label: 'mETH' },
        LTC: { per_unit: 1_000, label: 'mLTC' },
      },
      max_fraction_digits: 8,
      crypto_deposit_currencies: ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'],
      first_deposit_suggestion: 50,
    },
    'stag-by-referrer-name': {},
    'survey-config': { survey_id: null, survey_collector_id: null, is_enable_widget: false },
    'betting-config': { enabled: false, url: null },
    'vip-adventures': { enabled: true, adventures: [DEMO_ADVENTURE] },
    'disabled-bonuses': { groups: [] },
    'modify-gifts-config': {},
    'excluded-promo-stags': { stags: [] },
    'additional-gifts': { gifts: [] },
    'manage-promotion-pages': {
      // The chance page is on here: its feature flag decides whether it is shown (docs/rules/promotions.md).
      pages: { promotions: true, tournaments: true, lotteries: true, 'rocket-mart': true, 'rocket-chance': true },
    },
    // The promotions' wheel: tiers with their deposit cost, segment sets by player group (spec
    // samples), the boxes' and segments' titles in every language.
    'wheel-config': WHEEL_TIERS_SEED,
    'wheel-config-segments': WHEEL_SEGMENTS_SEED,
    // The page's feature flags: none named, the page's code defaults apply (docs/rules/page-shell.md).
    'feature-flags': {},
  };
}

export const STORED_FE_CONFIGS = Object.keys(feConfigValues()) as Array<Exclude<FeConfigName, 'banners-config'>>;

/**
 * Two documents as existing sites' back-for-front (`/api-fe/config/<name>`) answers them, made
 * from the same stored value (docs/compatibility.md "Front-end configuration"): the menu as
 * menu name → category slugs, and the currency config with a `default` display beside one per
 * currency shown in other units. Every other document is the same on both paths.
 */
export function backForFrontView(name: string, value: unknown): unknown {
  if (name === 'menu-categories-games') {
    const menus: MenuCategoriesGamesMap = {};
    for (const item of (value as MenuCategoriesGamesConfig).items ?? [])
      (menus[item.kind] ??= []).push(item.identifier);
    return menus;
  }
  if (name === 'currency-config') {
    const config = value as CurrencyConfig;
    const view: CurrencyConfigBackForFront = {
      ...config,
      default: { per_unit: 1, label: null, max_fraction_digits: 2 },
    };
    for (const [code, unit] of Object.entries(config.display_units ?? {}))
      view[code] = { per_unit: unit.per_unit, label: unit.label, max_fraction_digits: config.max_fraction_digits };
    return view;
  }
  return value;
}
