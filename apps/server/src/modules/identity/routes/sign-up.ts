import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkEmailRequestSchema, checkEmailResponseSchema, playerSchema, signUpRequestSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { fromTrustedProxy } from '../../../platform/http/proxy';
import {
  CmsService,
  defaultCountryFor,
  licenceOf,
  refuseBlockedCountry,
  signUpCountryOf,
  visitorCountry,
} from '../../cms';
import { requireCaptcha, type CaptchaVerifier } from '../captcha';
import type { IdentityService } from '../service';
import { firstHeader, metaOf, signedInAnswer } from './request';

/** Registration, and the address check of the sign-up form. */
export function signUpRoutes(service: IdentityService, captcha: CaptchaVerifier) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = signedInAnswer(ctx);
    const auth = { tags: ['auth'] };
    // The site's countries, as the profile checks them (profile-rules.ts).
    const cms = new CmsService(ctx.db);
    /** A sign-up without `country`: where the visitor is, if the site serves it, else the licence's default. */
    const countryOfVisitor = async (request: FastifyRequest, countries: ReadonlySet<string>): Promise<string> =>
      signUpCountryOf(
        visitorCountry(request, fromTrustedProxy(request)),
        countries,
        defaultCountryFor(await licenceOf(request, ctx.config)),
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
        // The legal block first: a visitor from a blocked country registers nothing (451).
        refuseBlockedCountry(request, ctx.config);
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        const countries = new Set((await cms.countries()).map((c) => c.code));
        const country = request.body.user.country ?? (await countryOfVisitor(request, countries));
        // The page's locale, else what the request's headers ask for, among the site's locales.
        const language = await cms.resolveLocale(
          request.body.user.locale,
          firstHeader(request.headers.locale),
          firstHeader(request.headers['accept-language']),
        );
        const result = await service.register(
          { ...request.body.user, country, language },
          metaOf(request),
          countries,
          request.headers,
        );
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
  };
}
