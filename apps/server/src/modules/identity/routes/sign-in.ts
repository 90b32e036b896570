import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyResponseSchema, playerSchema, signInRequestSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { AppError, unprocessable } from '../../../platform/errors';
import { refuseBlockedCountry } from '../../cms';
import { requireCaptcha, type CaptchaVerifier } from '../captcha';
import { clearedSessionCookie, pendingTwoFactorCookie, pendingTwoFactorTokenOf } from '../cookies';
import { TWO_FACTOR_SIGN_IN_TTL_MS } from '../rules';
import type { IdentityService } from '../service';
import { currentPlayer } from '../session';
import { metaOf, signedInAnswer } from './request';

/** Signing in (with two-factor, in one step or two) and out. */
export function signInRoutes(service: IdentityService, captcha: CaptchaVerifier) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const secure = ctx.config.env === 'production';
    const signedIn = signedInAnswer(ctx);
    const auth = { tags: ['auth'] };

    app.post(
      '/api/users/sign_in',
      {
        schema: {
          ...auth,
          summary:
            'Sign in with email and password; with two-factor on, then with `otp_attempt` alone (or all three at once)',
          body: signInRequestSchema,
          response: { 200: playerSchema },
        },
      },
      async (request, reply) => {
        // The legal block first, for both steps: no session starts in a blocked country (451).
        refuseBlockedCountry(request, ctx.config);
        const { email, password, otp_attempt } = request.body.user;
        const meta = metaOf(request);
        // The second step of a two-factor sign-in: the code alone, the rest is in the pending cookie.
        if (otp_attempt !== undefined && email === undefined && password === undefined) {
          return signedIn(
            reply,
            await service.completeTwoFactorSignIn(pendingTwoFactorTokenOf(request), otp_attempt, meta),
            true,
          );
        }
        if (email === undefined || password === undefined) {
          throw AppError.validation({
            ...(email === undefined ? { email: ['required'] } : {}),
            ...(password === undefined ? { password: ['required'] } : {}),
          });
        }
        // Before the password is judged: a refused captcha is no failed sign-in.
        await requireCaptcha(captcha, request.body.user.captcha, meta);
        const outcome = await service.signIn(email, password, otp_attempt, meta);
        if (outcome.kind === 'otp_required') {
          // The cookie travels with the 422 (the error handler keeps headers already set).
          reply.header(
            'set-cookie',
            pendingTwoFactorCookie(outcome.pendingToken, secure, TWO_FACTOR_SIGN_IN_TTL_MS / 1000),
          );
          throw unprocessable('required', 'otp_attempt');
        }
        return signedIn(reply, outcome, otp_attempt !== undefined);
      },
    );

    app.delete(
      '/api/users/sign_out',
      {
        schema: {
          ...auth,
          summary: 'End this session (answers 200 without one too)',
          response: { 200: emptyResponseSchema },
        },
      },
      async (request, reply) => {
        const current = await currentPlayer(request);
        if (current) await service.signOut(current.session.id);
        reply.header('set-cookie', clearedSessionCookie(secure));
        return {};
      },
    );
  };
}
