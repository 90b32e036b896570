/**
 * The head scripts that mark the page before its first paint (docs/page-shell.md "Room kept from
 * the first paint") make the same decisions as the page once it runs: the promo banner's
 * `promoShown`, the install notice's `installNoticeAllowed` on iOS.
 */
import { describe, expect, it } from 'vitest';
import { INSTALL_HINT_ATTRIBUTE, INSTALL_HINT_SCRIPT } from '../../app/features/pwa/install-hint';
import { INSTALL_DISMISS_MS, INSTALL_DISMISSED_KEY, installNoticeAllowed } from '../../app/features/pwa/rules';
import { PROMO_OFF_ATTRIBUTE, PROMO_OFF_SCRIPT } from '../../app/features/shell/promo-hint';
import { PROMO_CLOSED_KEY, PROMO_REOPEN_MS, promoCookie, promoShown } from '../../app/features/shell/shell-content';

type Page = {
  userAgent?: string;
  maxTouchPoints?: number;
  standalone?: boolean;
  framed?: boolean;
  cookie?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
};

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

/** Runs a head script against a stand-in page: the attributes it set on the root element. */
function run(script: string, page: Page): string[] {
  const attributes: string[] = [];
  const storage = (values: Record<string, string> = {}) => ({ getItem: (key: string) => values[key] ?? null });
  const window = { self: 1, top: page.framed ? 2 : 1 };
  const document = {
    cookie: page.cookie ?? '',
    documentElement: { setAttribute: (name: string) => attributes.push(name) },
  };
  const navigator = {
    userAgent: page.userAgent ?? IPHONE,
    maxTouchPoints: page.maxTouchPoints ?? 5,
    standalone: page.standalone,
  };
  const matchMedia = () => ({ matches: false });
  new Function('window', 'document', 'navigator', 'matchMedia', 'localStorage', 'sessionStorage', script)(
    window,
    document,
    navigator,
    matchMedia,
    storage(page.local),
    storage(page.session),
  );
  return attributes;
}

describe('the install hint', () => {
  const now = Date.now();
  it('marks an iPhone (and an iPad asking for the desktop site) that may be asked', () => {
    expect(run(INSTALL_HINT_SCRIPT, {})).toEqual([INSTALL_HINT_ATTRIBUTE]);
    expect(run(INSTALL_HINT_SCRIPT, { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)' })).toEqual([
      INSTALL_HINT_ATTRIBUTE,
    ]);
  });

  it('leaves other devices, the installed app, a frame and a recent dismissal alone, as the page does', () => {
    expect(run(INSTALL_HINT_SCRIPT, { userAgent: ANDROID })).toEqual([]);
    expect(run(INSTALL_HINT_SCRIPT, { userAgent: 'Mozilla/5.0 (Macintosh)', maxTouchPoints: 0 })).toEqual([]);
    expect(run(INSTALL_HINT_SCRIPT, { standalone: true })).toEqual([]);
    expect(run(INSTALL_HINT_SCRIPT, { framed: true })).toEqual([]);
    for (const dismissedAt of [String(now - 1000), String(now - INSTALL_DISMISS_MS - 1000), 'soon']) {
      const allowed = installNoticeAllowed({ standalone: false, framed: false, dismissedAt, now });
      expect(run(INSTALL_HINT_SCRIPT, { local: { [INSTALL_DISMISSED_KEY]: dismissedAt } }), dismissedAt).toEqual(
        allowed ? [INSTALL_HINT_ATTRIBUTE] : [],
      );
    }
  });
});

describe('the promo hint', () => {
  const now = Date.now();
  const cases: Array<[string, string, number | null]> = [
    ['no countdown yet', '', null],
    ['a countdown running', promoCookie(now - 60_000).split(';')[0]!, null],
    ['a countdown over', `a=1; ${promoCookie(now - 11 * 60_000).split(';')[0]!}`, null],
    ['closed a minute ago', promoCookie(now).split(';')[0]!, now - 60_000],
    ['closed long enough ago', promoCookie(now).split(';')[0]!, now - PROMO_REOPEN_MS - 1000],
  ];
  it.each(cases)('marks the banner off as promoShown says: %s', (_, cookie, closedAt) => {
    const end = /=(\d+)/.exec(cookie)?.[1];
    const shown = promoShown(end ? Number(end) : now + 600_000, closedAt, now);
    const session: Record<string, string> = closedAt === null ? {} : { [PROMO_CLOSED_KEY]: String(closedAt) };
    expect(run(PROMO_OFF_SCRIPT, { cookie, session })).toEqual(shown ? [] : [PROMO_OFF_ATTRIBUTE]);
  });
});
