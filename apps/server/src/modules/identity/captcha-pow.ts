/**
 * The self-hosted proof-of-work captcha (README "Captcha"). A challenge is
 * `<difficulty>-<expires ms>-<random hex>-<HMAC-SHA256 hex>`, signed with the configured secret, so
 * any instance sharing the secret accepts it and nothing is stored until it is spent. Spending
 * inserts the challenge's hash into `captcha_solutions`: a second insert of the same hash is a replay.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { CAPTCHA_NONCE_PATTERN, captchaWorkInput, hasLeadingZeroBits, type CaptchaChallenge } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { CaptchaMeta, CaptchaVerdict, CaptchaVerifier } from './captcha';
import { captchaSolutions } from './schema';

/** How long a challenge may be worked on and sent (a client fetches a token right before the call). */
export const CAPTCHA_CHALLENGE_TTL_MS = 2 * 60 * 1000;

const CHALLENGE_PATTERN = /^(\d{1,2})-(\d{1,15})-([0-9a-f]{32})-([0-9a-f]{64})$/;

export class ProofOfWorkCaptcha implements CaptchaVerifier {
  readonly provider = 'pow' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
    readonly difficulty: number,
  ) {}

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('hex');
  }

  /** A new challenge; stores nothing. */
  challenge(): CaptchaChallenge {
    const expiresAt = this.clock.now().getTime() + CAPTCHA_CHALLENGE_TTL_MS;
    const body = `${this.difficulty}-${expiresAt}-${randomBytes(16).toString('hex')}`;
    return {
      challenge: `${body}-${this.sign(body)}`,
      difficulty: this.difficulty,
      expires_at: new Date(expiresAt).toISOString(),
    };
  }

  async verify(token: string, _meta: CaptchaMeta): Promise<CaptchaVerdict> {
    const dot = token.lastIndexOf('.');
    if (dot < 0) return 'invalid';
    const challenge = token.slice(0, dot);
    const nonce = token.slice(dot + 1);
    const m = CHALLENGE_PATTERN.exec(challenge);
    if (!m || !CAPTCHA_NONCE_PATTERN.test(nonce)) return 'invalid';
    const [, bits, expires, random, signature] = m as unknown as [string, string, string, string, string];
    const expected = Buffer.from(this.sign(`${bits}-${expires}-${random}`), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    const expiresAt = Number(expires);
    const now = this.clock.now();
    if (expiresAt <= now.getTime()) return 'invalid';
    // The difficulty the challenge was issued with (signed), so a change of configuration does
    // not refuse work already under way.
    const digest = createHash('sha256').update(captchaWorkInput(challenge, nonce)).digest();
    if (!hasLeadingZeroBits(digest, Number(bits))) return 'invalid';
    return (await this.spend(challenge, new Date(expiresAt), now)) ? 'valid' : 'invalid';
  }

  /** Records the challenge as used; false when it already was (a replay). */
  private async spend(challenge: string, expiresAt: Date, now: Date): Promise<boolean> {
    const challengeHash = createHash('sha256').update(challenge).digest('base64url');
    const inserted = await this.db
      .insert(captchaSolutions)
      .values({ challengeHash, expiresAt })
      .onConflictDoNothing({ target: captchaSolutions.challengeHash })
      .returning({ challengeHash: captchaSolutions.challengeHash });
    // A row past its challenge's expiry can no longer stop a replay (the expiry does): sweep them
    // here, which the expiry index keeps cheap, instead of running a job.
    await this.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
    return inserted.length === 1;
  }
}
