/**
 * The captcha in front of registration, sign-in, resend confirmation and password reset
 * (docs/identity.md "Captcha"): a self-hosted proof of work, reCAPTCHA v3, or none (CAPTCHA=off,
 * for front ends that send no captcha; the per-address limits still apply). Routes:
 * POST /api/captcha/challenge (proof of work only), GET /api/player/settings.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaChallengeSchema, playerSettingsSchema, type PlayerSettings } from '@orbit/contracts';
import { AppError } from '../../platform/errors';
import type { ModuleContext } from '../../platform/context';
import { centOf } from '../../platform/realtime/tokens';
import { currentPlayer } from './session';
import { ProofOfWorkCaptcha } from './captcha-pow';
import { RecaptchaCaptcha } from './captcha-recaptcha';

/** What a verifier may use besides the token (reCAPTCHA passes the IP on). */
export type CaptchaMeta = { ip: string };
export type CaptchaVerdict = 'valid' | 'invalid';

export interface CaptchaVerifier {
  readonly provider: 'pow' | 'recaptcha' | 'off';
  /** Judges a token once: a valid one is spent by this call. */
  verify(token: string, meta: CaptchaMeta): Promise<CaptchaVerdict>;
}

export type Captcha = { verifier: CaptchaVerifier; pow: ProofOfWorkCaptcha | null; settings: PlayerSettings };

/** CAPTCHA=off: every call passes, whatever it sends as `captcha` (the settings publish none). */
const NO_CAPTCHA: CaptchaVerifier = { provider: 'off', verify: () => Promise.resolve('valid') };

/** The verifier the configuration asks for. */
export function createCaptcha(ctx: ModuleContext, fetcher?: typeof fetch): Captcha {
  const { config } = ctx;
  if (config.captcha === 'off') {
    return {
      verifier: NO_CAPTCHA,
      pow: null,
      settings: {
        recaptcha: null,
        recaptcha_version: null,
        captcha: { provider: 'off', challenge_url: null },
        cent: null,
      },
    };
  }
  if (config.captcha === 'recaptcha' && config.recaptcha) {
    return {
      verifier: new RecaptchaCaptcha(config.recaptcha.secret, fetcher),
      pow: null,
      settings: {
        recaptcha: config.recaptcha.siteKey,
        recaptcha_version: 'v3',
        captcha: { provider: 'recaptcha', challenge_url: null },
        cent: null,
      },
    };
  }
  let secret = config.captchaSecret;
  if (!secret) {
    // Challenges signed here are refused by any other instance: fine for one process, not for several.
    if (config.env === 'production')
      ctx.log.warn('CAPTCHA_SECRET is not set: captcha challenges only work on the instance that issued them');
    secret = randomBytes(32).toString('hex');
  }
  const pow = new ProofOfWorkCaptcha(ctx.db, ctx.clock, secret, config.captchaDifficulty);
  return {
    verifier: pow,
    pow,
    settings: {
      recaptcha: null,
      recaptcha_version: null,
      captcha: { provider: 'pow', challenge_url: '/api/captcha/challenge' },
      cent: null,
    },
  };
}

/**
 * Throws 422 `captcha: ['required' | 'invalid']` unless the token passes. Called before anything
 * else of the call happens, so a refused captcha changes nothing and is no failed sign-in.
 */
export async function requireCaptcha(
  verifier: CaptchaVerifier,
  token: string | undefined,
  meta: CaptchaMeta,
): Promise<void> {
  if (verifier.provider === 'off') return;
  if (token === undefined || token.trim() === '') throw AppError.validation({ captcha: ['required'] });
  if ((await verifier.verify(token.trim(), meta)) !== 'valid') throw AppError.validation({ captcha: ['invalid'] });
}

export function captchaRoutes(captcha: Captcha, ctx: ModuleContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { pow } = captcha;
    if (pow) {
      app.post(
        '/api/captcha/challenge',
        {
          schema: {
            tags: ['auth'],
            summary: 'A proof-of-work challenge for the next captcha-protected call',
            response: { 200: captchaChallengeSchema },
          },
        },
        (_request, reply) => {
          reply.header('cache-control', 'no-store');
          return pow.challenge();
        },
      );
    }
    app.get(
      '/api/player/settings',
      {
        schema: {
          tags: ['player'],
          summary: 'Captcha settings and the realtime channel (guests too)',
          response: { 200: playerSettingsSchema },
        },
      },
      async (request, reply) => {
        // `cent` carries a per-player connection token: never cached.
        reply.header('cache-control', 'no-store');
        const player = await currentPlayer(request);
        const session = player ? { userId: player.user.id, sessionId: player.session.id } : null;
        return { ...captcha.settings, cent: await centOf(ctx.config, request, session, ctx.clock.now()) };
      },
    );
  };
}
