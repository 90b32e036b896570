import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkEmailRequestSchema,
  checkEmailResponseSchema,
  confirmationQuerySchema,
  devMailboxQuerySchema,
  devMailboxResponseSchema,
  emptyResponseSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  playerSchema,
  playerSessionsResponseSchema,
  resendConfirmationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorRecoveryCodesLeftResponseSchema,
  twoFactorRecoveryCodesRequestSchema,
  twoFactorRecoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
} from '@orbit/contracts';
import { z } from 'zod';
import { AppError, unprocessable } from '../../platform/errors';
import type { ModuleContext } from '../../platform/context';
import { fromTrustedProxy } from '../../platform/http/proxy';
import {
  clearedPendingTwoFactorCookie,
  clearedSessionCookie,
  pendingTwoFactorCookie,
  pendingTwoFactorTokenOf,
  sessionCookie,
} from './cookies';
import { CmsService, defaultCountryFor, licenceForHost, signUpCountryOf, visitorCountry } from '../cms';
import { requireCaptcha, type CaptchaVerifier } from './captcha';
import { presentPlayer } from './profile';
import { TWO_FACTOR_SIGN_IN_TTL_MS } from './rules';
import { currentPlayer, installSessionResolver, requirePlayer } from './session';
import type { IdentityService, RequestMeta, SignedIn } from './service';

/** A header's first value. */
const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Where the request comes from; the country from a trusted edge's header or the address (cms/geo.ts). */
function metaOf(request: FastifyRequest): RequestMeta {
  const country = visitorCountry(request, fromTrustedProxy(request));
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, country };
}

export function identityRoutes(service: IdentityService, captcha: CaptchaVerifier) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const secure = ctx.config.env === 'production';
    installSessionResolver(fastify, service);
    const signedIn = (reply: FastifyReply, result: SignedIn, clearPending = false) => {
      reply.header(
        'set-cookie',
        clearPending
          ? [sessionCookie(result.token, secure), clearedPendingTwoFactorCookie(secure)]
          : sessionCookie(result.token, secure),
      );
      // With groups, tier and the terms rule (profile.ts).
      return presentPlayer(ctx.db, result.user, ctx.config.termsUpdatedAt);
    };
    const auth = { tags: ['auth'] };
    const player = { tags: ['player'] };
    // The site's countries, as the profile checks them (profile-rules.ts).
    const cms = new CmsService(ctx.db);
    /** A sign-up without `country`: where the visitor is, if the site serves it, else the licence's default. */
    const countryOfVisitor = (request: FastifyRequest, countries: ReadonlySet<string>): string =>
      signUpCountryOf(
        visitorCountry(request, fromTrustedProxy(request)),
        countries,
        defaultCountryFor(licenceForHost(request.host, ctx.config)),
      );

    app.post(
      '/api/users',
      {
        schema: {
          ...auth,
          summary: 'Register, open the first account, mail the confirmation link, sign in',
          body: signUpRequestSchema,
          response: { 201: playerSchema },
        },
      },
      async (request, reply) => {
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        const countries = new Set((await cms.countries()).map((c) => c.code));
        const country = request.body.user.country ?? countryOfVisitor(request, countries);
        // The page's locale, else what the request's headers ask for, among the site's locales.
        const language = await cms.resolveLocale(
          request.body.user.locale,
          firstHeader(request.headers.locale),
          firstHeader(request.headers['accept-language']),
        );
        const result = await service.register({ ...request.body.user, country, language }, metaOf(request), countries);
        return reply.status(201).send(await signedIn(reply, result));
      },
    );

    // Outside /api, where this API family's clients call it; it changes nothing, so no CSRF check applies.
    app.post(
      '/check-email',
      {
        schema: {
          ...auth,
          summary: 'Whether an address is acceptable (never whether it is registered)',
          body: checkEmailRequestSchema,
          response: { 200: checkEmailResponseSchema },
        },
      },
      (request) => service.checkEmail(request.body.email),
    );

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

    app.get(
      '/api/users/confirmation',
      {
        schema: {
          ...auth,
          summary: 'Confirm the email address with the mailed token',
          querystring: confirmationQuerySchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await service.confirm(request.query.confirmation_token);
        return {};
      },
    );

    app.post(
      '/api/users/confirmation',
      {
        schema: {
          ...auth,
          summary: 'Mail a new confirmation link (answers the same whether or not the address is registered)',
          body: resendConfirmationRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        await service.resendConfirmation(request.body.user.email, request.ip);
        return {};
      },
    );

    app.post(
      '/api/users/password',
      {
        schema: {
          ...auth,
          summary: 'Mail a password reset link (answers the same whether or not the address is registered)',
          body: passwordResetRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        await service.requestPasswordReset(request.body.user.email, request.ip);
        return {};
      },
    );

    app.put(
      '/api/users/password',
      {
        schema: {
          ...auth,
          summary: 'Set a new password with the mailed token; ends every session',
          body: passwordChangeRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request, reply) => {
        const { reset_password_token, password } = request.body.user;
        await service.resetPassword(reset_password_token, password);
        reply.header('set-cookie', clearedSessionCookie(secure));
        return {};
      },
    );

    app.get(
      '/api/player',
      { schema: { ...player, summary: 'The signed-in player', response: { 200: playerSchema } } },
      async (request) => {
        const { user, groupIds } = await requirePlayer(request);
        return presentPlayer(ctx.db, user, ctx.config.termsUpdatedAt, groupIds);
      },
    );

    app.get(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary: 'A new TOTP secret and its QR code (PNG data URL); 204 when two-factor is already on',
          response: { 200: twoFactorSetupResponseSchema, 204: z.null().describe('two-factor is already on') },
        },
      },
      async (request, reply) => {
        const setup = await service.twoFactorSetup((await requirePlayer(request)).user);
        // The secret must not linger in any cache.
        reply.header('cache-control', 'no-store');
        if (!setup) return reply.status(204).send(null);
        return setup;
      },
    );

    app.post(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary:
            'Turn two-factor on: the secret from the GET and a code from it; answers the 10 recovery codes, once',
          body: twoFactorEnableRequestSchema,
          response: { 200: twoFactorEnableResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        const { otp_secret, authentication_code } = request.body.two_factor;
        const recoveryCodes = await service.enableTwoFactor(user, otp_secret, authentication_code);
        // The codes are shown once and must not linger in any cache.
        reply.header('cache-control', 'no-store');
        return { recovery_codes: recoveryCodes };
      },
    );

    app.get(
      '/api/v2/player/two_factor/recovery_codes',
      {
        schema: {
          ...player,
          summary: 'How many recovery codes are still unused (never the codes)',
          response: { 200: twoFactorRecoveryCodesLeftResponseSchema },
        },
      },
      async (request, reply) => {
        const left = await service.recoveryCodesLeft((await requirePlayer(request)).user);
        reply.header('cache-control', 'no-store');
        return { left };
      },
    );

    app.post(
      '/api/v2/player/two_factor/recovery_codes',
      {
        schema: {
          ...player,
          summary:
            'Replace all recovery codes with 10 new ones (a current code or a recovery code); answers them, once',
          body: twoFactorRecoveryCodesRequestSchema,
          response: { 200: twoFactorRecoveryCodesResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        const recoveryCodes = await service.renewRecoveryCodes(
          user,
          request.body.two_factor.authentication_code,
          metaOf(request),
        );
        reply.header('cache-control', 'no-store');
        return { recovery_codes: recoveryCodes };
      },
    );

    app.delete(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary: 'Turn two-factor off with a current code or a recovery code; deletes the recovery codes',
          body: twoFactorDisableRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        await service.disableTwoFactor(user, request.body.two_factor.authentication_code, metaOf(request));
        return {};
      },
    );

    app.get(
      '/api/player/sessions',
      {
        schema: { ...player, summary: "The player's active sessions", response: { 200: playerSessionsResponseSchema } },
      },
      async (request) => {
        const { user, session } = await requirePlayer(request);
        return (await service.sessionsOf(user.id)).map((s) => ({
          id: s.id,
          ip: s.ip,
          country: s.country,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          current: s.id === session.id,
        }));
      },
    );

    app.delete(
      '/api/player/sessions',
      { schema: { ...player, summary: 'Sign out everywhere else', response: { 200: emptyResponseSchema } } },
      async (request) => {
        const { user, session } = await requirePlayer(request);
        await service.endOtherSessions(user.id, session.id);
        return {};
      },
    );

    // The development mailbox: what SMTP would have sent. A demo feature (DEMO=1): it shows
    // every player's mail, so a real deployment never mounts it.
    if (ctx.config.devMailbox) {
      app.get(
        '/api/dev/mailbox',
        {
          schema: {
            tags: ['development'],
            summary: 'Latest mails (demo casino only: DEMO=1)',
            querystring: devMailboxQuerySchema,
            response: { 200: devMailboxResponseSchema },
          },
        },
        async (request) =>
          (await ctx.mailer.latest(request.query.to)).map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            created_at: m.createdAt.toISOString(),
          })),
      );
    }
  };
}
