import { z } from 'zod';
/*
 * Captcha (docs/identity.md): a self-hosted proof of work by default, reCAPTCHA v3 where a
 * key is configured. The page learns which from GET /api/player/settings.
 *
 * Proof of work: POST /api/captcha/challenge hands out a signed `challenge` and a `difficulty` in
 * bits; the page finds a `nonce` such that sha256(`<challenge>:<nonce>`) (hex digest, i.e. the
 * 32 digest bytes) begins with `difficulty` zero bits, and sends `<challenge>.<nonce>` as the
 * `captcha` field. The check below is the one rule both sides share.
 */

/** Characters a nonce may use: the page counts in base 36. */
export const CAPTCHA_NONCE_PATTERN = /^[0-9a-z]{1,32}$/;
/** The text whose sha256 is judged. */
export const captchaWorkInput = (challenge: string, nonce: string): string => `${challenge}:${nonce}`;
/** The token the page sends as `captcha`: the challenge, a dot, the nonce (a challenge holds no dot). */
export const powCaptchaToken = (challenge: string, nonce: string): string => `${challenge}.${nonce}`;

/** Whether a digest begins with at least `bits` zero bits (0 bits: any digest). */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  if (bits <= 0) return true;
  if (bits > digest.length * 8) return false;
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i++) if (digest[i] !== 0) return false;
  const rest = bits % 8;
  // The top `rest` bits of the next byte must be zero.
  return rest === 0 || digest[whole]! >> (8 - rest) === 0;
}

// ---- POST /api/captcha/challenge ------------------------------------------------------------------

export const captchaChallengeSchema = z.object({
  /** Opaque, signed by the server; contains no dot. */
  challenge: z.string(),
  /** Leading zero bits the digest must have. */
  difficulty: z.number().int().min(0).max(32),
  /** ISO time after which the challenge is refused. */
  expires_at: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

// ---- GET /api/player/settings ----------------------------------------------------------------------

export const playerSettingsSchema = z.object({
  /** The reCAPTCHA site key when reCAPTCHA is in force, else null (proof of work, or no captcha). */
  recaptcha: z.string().nullable(),
  recaptcha_version: z.literal('v3').nullable(),
  captcha: z.object({
    /** `off`: the operator runs without a captcha; calls need no `captcha` field. */
    provider: z.enum(['pow', 'recaptcha', 'off']),
    /** Where the page asks for a proof-of-work challenge (null with reCAPTCHA). */
    challenge_url: z.string().nullable(),
  }),
  /**
   * The realtime gateway (modules/realtime/README.md): `url` the whole WebSocket address
   * (`ws(s)://<host>/connection/websocket`), `user` the player's channel id, `token` a connection
   * token (JWT), `timestamp` its issue time (unix seconds). A guest gets `user` and `token` empty
   * (an anonymous connection: public channels only). Never null from this server.
   */
  cent: z.object({ url: z.string(), user: z.string(), token: z.string(), timestamp: z.string() }).nullable(),
});
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;
