/**
 * When the cookie question is asked (docs/page-shell.md "Cookie banner"): to a visitor or player
 * who has not answered it yet (no `orbit_consent` cookie, or one that is neither answer), never to
 * a crawler (the same list the server refuses reports by), never in a page another page frames.
 * The banner itself also gives way on the game page (it has the viewport; the question waits for
 * the next page).
 */
import { isbot } from 'isbot';
import { CONSENT_CHOICES, TELEMETRY_COOKIES } from '@orbit/contracts';
import { readCookie } from '../../lib/telemetry';

export type BannerVisit = {
  /** The page's cookies (`document.cookie`). */
  cookie: string;
  userAgent: string;
  /** The page is framed by another (a game's frame, a partner's site). */
  framed: boolean;
};

/** The visitor's answer, or null while they have not given one. */
export function consentAnswer(cookie: string): 'all' | 'necessary' | null {
  const value = readCookie(cookie, TELEMETRY_COOKIES.consent.name);
  return (CONSENT_CHOICES as readonly string[]).includes(value ?? '') ? (value as 'all' | 'necessary') : null;
}

/** Whether the cookie banner is shown. */
export function asksForConsent(visit: BannerVisit): boolean {
  if (visit.framed) return false;
  if (isbot(visit.userAgent)) return false;
  return consentAnswer(visit.cookie) === null;
}
