/**
 * reCAPTCHA v3 (README "Captcha"), used instead of the proof of work when RECAPTCHA_SITE_KEY and
 * RECAPTCHA_SECRET are configured: the token is checked with Google's siteverify endpoint.
 */
import type { CaptchaMeta, CaptchaVerdict, CaptchaVerifier } from './captcha';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** v3 scores run from 0 (a bot) to 1 (a person); Google's suggested threshold. */
export const RECAPTCHA_MIN_SCORE = 0.5;
/** A slow siteverify must not hold a sign-in for the page's whole timeout. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;

type SiteVerifyAnswer = { success?: unknown; score?: unknown };

export class RecaptchaCaptcha implements CaptchaVerifier {
  readonly provider = 'recaptcha' as const;

  constructor(
    private readonly secret: string,
    /** Injectable for tests; looked up at call time so a stubbed global fetch is seen too. */
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  async verify(token: string, meta: CaptchaMeta): Promise<CaptchaVerdict> {
    try {
      const res = await this.fetcher(RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: meta.ip }).toString(),
        signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
      });
      if (!res.ok) return 'invalid';
      const answer = (await res.json()) as SiteVerifyAnswer;
      if (answer.success !== true) return 'invalid';
      // v3 answers a score; a v2 key (no score) passes on success alone.
      return typeof answer.score === 'number' && answer.score < RECAPTCHA_MIN_SCORE ? 'invalid' : 'valid';
    } catch {
      // Google unreachable: refusing is the safe side; the page asks for a new token and retries.
      return 'invalid';
    }
  }
}
