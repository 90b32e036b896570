/**
 * Routes and rules of the page shell (docs/rules/routes-and-guards.md "Named and older addresses",
 * docs/rules/page-shell.md "Timed rules"): pure decisions, the hooks that run them live in
 * `route-rules-host.tsx`.
 */

/** A deep-link hash (`#adventure`) is looked for this long, every step, while the page draws. */
export const HASH_SCROLL_RETRY_MS = 5_000;
export const HASH_SCROLL_STEP_MS = 200;
/** The iOS in-app browser's escape popup: this long after the first visit, rechecked every minute while postponed. */
export const IOS_ESCAPE_DELAY_MS = 5 * 60_000;
export const IOS_ESCAPE_RECHECK_MS = 60_000;
/** The survey: this long after the page started for a signed-in player, then drawn this much later. */
export const SURVEY_DELAY_MS = 5 * 60_000;
export const SURVEY_START_MS = 500;
/** The local time in the header is renewed this often. */
export const LOCAL_TIME_REFRESH_MS = 15_000;
/** A modal stays (fading out) this long after its close before the page under it takes over. */
export const MODAL_CLOSE_DELAY_MS = 100;

/** Session-storage keys of the timed popups (once per browser session). */
export const IOS_ESCAPE_FIRST_VISIT_KEY = 'orbit_ios_escape_first_visit';
export const IOS_ESCAPE_SHOWN_KEY = 'orbit_ios_escape_shown';
export const SURVEY_DONE_KEY = 'orbit_survey_done';
export const SURVEY_STARTED_KEY = 'orbit_survey_started';

/**
 * Older and named addresses that are another page of the site (the locale prefix not counted).
 * `/slots...` is the category family the spec calls `categorySlotsAll`: the same lists as `/pokies...`.
 */
export const ALIAS_PATHS = [
  'santa-vegas',
  'accounts/history',
  'arena',
  'leaderboard',
  'adventures',
  'slots',
  'slots/all',
  'slots/:slug',
] as const;

/** Where an alias leads (path without locale, maybe with a hash); null: not an alias. */
export function aliasTarget(path: string): string | null {
  const clean = path.replace(/\/+$/, '') || '/';
  switch (clean) {
    case '/santa-vegas':
      return '/promotions';
    case '/accounts/history':
      return '/';
    case '/arena':
    case '/leaderboard':
      return '/tournaments';
    case '/adventures':
      return '/vip-club#adventure';
    case '/slots':
    case '/slots/all':
      return '/pokies/all';
  }
  const slot = /^\/slots\/([^/]+)$/.exec(clean);
  return slot ? `/pokies/${slot[1]}` : null;
}

/** A category's own page: live categories under `/live`, every other under `/pokies`. */
export function categoryPagePath(category: { identifier: string; kind: string }): string {
  return `/${category.kind === 'live' ? 'live' : 'pokies'}/${encodeURIComponent(category.identifier)}`;
}

/** `/games/{id}`: the category with this numeric id, or (older links) this identifier. */
export function categoryById<C extends { id: number; identifier: string }>(categories: C[], id: string): C | null {
  if (/^\d+$/.test(id)) return categories.find((c) => c.id === Number(id)) ?? null;
  return categories.find((c) => c.identifier === id) ?? null;
}

/** The promotion pages `manage-promotion-pages` switches (`pages.<name>: false` = off; not named = on). */
export const PROMOTION_PAGES = ['promotions', 'tournaments', 'lotteries', 'rocket-mart', 'rocket-chance'] as const;
export type PromotionPage = (typeof PROMOTION_PAGES)[number];

/** Which promotion page an address (locale prefix removed) belongs to; null: none. */
export function promotionPageOf(path: string): PromotionPage | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/promotions') return 'promotions';
  if (clean === '/tournaments/lotteries' || clean.startsWith('/lottery/')) return 'lotteries';
  if (
    clean === '/tournaments' ||
    clean.startsWith('/tournaments/') ||
    clean === '/action' ||
    clean.startsWith('/action/')
  )
    return 'tournaments';
  if (clean === '/rocket-mart' || clean.startsWith('/rocket-mart/')) return 'rocket-mart';
  if (clean === '/rocket-chance') return 'rocket-chance';
  return null;
}

/** The pages switched off by the config; an unreadable config switches nothing off. */
export function promotionPagesOff(config: unknown): PromotionPage[] {
  const pages = (config as { pages?: unknown } | null)?.pages;
  if (!pages || typeof pages !== 'object') return [];
  return PROMOTION_PAGES.filter((name) => (pages as Record<string, unknown>)[name] === false);
}

/** The tester group (docs/rules/routes-and-guards.md): its players see every promotion page. */
export const TESTER_GROUP = 21;

/**
 * Whether this visitor sees every promotion page whatever `manage-promotion-pages` says: a
 * player in the tester group, or a browser with the `tester` feature flag on (spec: "a tester flag
 * shows all promotion pages regardless of configuration").
 */
export function seesEveryPromotionPage(groups: readonly unknown[] | null | undefined, testerFlag: boolean): boolean {
  return testerFlag || (groups ?? []).some((group) => Number(group) === TESTER_GROUP);
}

/** Hashes that are commands (popups, chat, sport), not places on the page. */
const COMMAND_HASHES = new Set(['sign-in', 'sign-up', 'remind', 'new-password', 'support', 'chat', 'sport']);

/** The element id a deep-link hash names, or null for no hash or a command hash. */
export function hashTargetId(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (COMMAND_HASHES.has(id) || id.startsWith('sport_') || id.includes('=')) return null;
  return id;
}

/**
 * An in-app browser on iOS (a social or mail app's web view): an Apple mobile device whose agent
 * lacks `Safari/` (web views) or names a known app shell. Safari, Chrome (CriOS), Firefox (FxiOS)
 * and Edge (EdgiOS) on iOS are real browsers.
 */
export function isIosInAppBrowser(userAgent: string): boolean {
  if (!/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return false;
  if (/\b(FBAN|FBAV|FB_IAB|Instagram|Line\/|Twitter|Snapchat|LinkedInApp|GSA\/|musical_ly|TikTok)/.test(userAgent))
    return true;
  if (/\b(CriOS|FxiOS|EdgiOS|OPiOS)\//.test(userAgent)) return false;
  return !/Safari\//.test(userAgent);
}

/**
 * The escape popup's decision now: `show`, `wait` (not yet, or postponed) or `never` (shown this
 * session already). A sign-out shows it at once (`loggedOut`), a cashbox modal or the game page
 * postpones it.
 */
export function escapePopupDue(s: {
  shown: boolean;
  firstVisit: number;
  now: number;
  loggedOut: boolean;
  cashboxOpen: boolean;
  onGamePage: boolean;
}): 'show' | 'wait' | 'never' {
  if (s.shown) return 'never';
  if (s.loggedOut) return 'show';
  if (s.now - s.firstVisit < IOS_ESCAPE_DELAY_MS) return 'wait';
  if (s.cashboxOpen || s.onGamePage) return 'wait';
  return 'show';
}

/** The survey config as the page reads it: a survey to show, or null (widget off, no survey). */
export function surveyOf(config: unknown): { surveyId: string; collectorId: string | null } | null {
  const c = config as { survey_id?: unknown; survey_collector_id?: unknown; is_enable_widget?: unknown } | null;
  if (!c || c.is_enable_widget !== true || typeof c.survey_id !== 'string' || !c.survey_id.trim()) return null;
  return {
    surveyId: c.survey_id,
    collectorId: typeof c.survey_collector_id === 'string' && c.survey_collector_id ? c.survey_collector_id : null,
  };
}

/** Whether the survey may open now: a signed-in player, 5 minutes in, off the game page, no listed modal open. */
export function surveyDue(s: {
  enabled: boolean;
  done: boolean;
  signedIn: boolean;
  startedAt: number;
  now: number;
  onGamePage: boolean;
  modalOpen: boolean;
}): boolean {
  return s.enabled && !s.done && s.signedIn && s.now - s.startedAt >= SURVEY_DELAY_MS && !s.onGamePage && !s.modalOpen;
}
