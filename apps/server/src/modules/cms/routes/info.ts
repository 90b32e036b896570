import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cmsLocaleQuerySchema,
  countriesResponseSchema,
  currentIpResponseSchema,
  feConfigParamsSchema,
  feConfigResponseSchema,
  localesResponseSchema,
  playerFieldsResponseSchema,
  projectInfoSchema,
  type Licence,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { signUpCountryOf, visitorCountry } from '../geo';
import { fromTrustedProxy } from '../../../platform/http/proxy';
import { defaultCountryFor, licenceForHost } from '../licence';
import type { CmsService } from '../service';

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The site's facts: countries, locales, the project, the player fields, the visitor's address. */
export function infoRoutes(service: CmsService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const licenceOf = (request: FastifyRequest): Licence => licenceForHost(request.host, ctx.config);
    const info = { tags: ['info'] };
    app.get(
      '/api/info/countries',
      { schema: { ...info, summary: 'Countries', response: { 200: countriesResponseSchema } } },
      () => service.countries(),
    );
    app.get(
      '/api/info/locales',
      { schema: { ...info, summary: 'Site languages', response: { 200: localesResponseSchema } } },
      () => service.locales(),
    );
    app.get(
      '/api/info/project',
      {
        schema: {
          ...info,
          summary: 'Project settings for this host (licence, defaults)',
          response: { 200: projectInfoSchema },
        },
      },
      (request) => service.projectInfo(licenceOf(request)),
    );
    app.get(
      '/api/info/player_fields',
      { schema: { ...info, summary: 'Player fields per form', response: { 200: playerFieldsResponseSchema } } },
      (request) => service.playerFields(licenceOf(request)),
    );
    app.get(
      '/api/current_ip',
      { schema: { ...info, summary: "The visitor's address and country", response: { 200: currentIpResponseSchema } } },
      async (request) => {
        const located = visitorCountry(request, fromTrustedProxy(request));
        const licenceDefault = defaultCountryFor(licenceOf(request));
        const served = new Set((await service.countries()).map((c) => c.code));
        return {
          ip: request.ip,
          country_code: located ?? licenceDefault,
          located: located !== null,
          sign_up_country: signUpCountryOf(located, served, licenceDefault),
        };
      },
    );
  };
}

/** The front-end configuration documents. */
export function feConfigRoutes(service: CmsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Existing sites ask their own back-for-front at /api-fe/config/<name>: both paths answer the same.
    for (const path of ['/api/fe/config/:name', '/api-fe/config/:name']) {
      app.get(
        path,
        {
          schema: {
            tags: ['fe config'],
            summary: 'A front-end configuration document (banners-config honours the locale header)',
            params: feConfigParamsSchema,
            querystring: cmsLocaleQuerySchema,
            response: { 200: feConfigResponseSchema },
          },
        },
        async (request) => {
          const locale = await service.resolveLocale(
            request.query.l,
            headerValue(request, 'locale'),
            headerValue(request, 'accept-language'),
          );
          return (await service.feConfig(request.params.name, locale)) as z.infer<typeof feConfigResponseSchema>;
        },
      );
    }
  };
}
