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
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { signUpCountryOf, visitorCountry } from '../geo';
import { fromTrustedProxy } from '../../../platform/http/proxy';
import { defaultCountryFor, licenceOf } from '../licence';
import { offeredLocales } from '../offered-locales';
import type { CmsService } from '../service';
import { backForFrontView } from '../fe-configs';

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The site's facts: countries, locales, the project, the player fields, the visitor's address. */
export function infoRoutes(service: CmsService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const info = { tags: ['info'] };
    app.get(
      '/api/info/countries',
      { schema: { ...info, summary: 'Countries', response: { 200: countriesResponseSchema } } },
      () => service.countries(),
    );
    app.get(
      '/api/info/locales',
      { schema: { ...info, summary: 'Site languages', response: { 200: localesResponseSchema } } },
      async (request) => {
        // The languages this host offers, in its order (docs/licences.md "Languages per host").
        const all = await service.locales();
        const offered = offeredLocales(
          all.map((l) => l.code),
          await licenceOf(request, ctx.config),
          request.host,
          ctx.config.hostLocales,
        );
        return offered.map((code) => all.find((l) => l.code === code)!);
      },
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
      async (request) => {
        const project = await service.projectInfo(await licenceOf(request, ctx.config));
        return {
          ...project,
          locales: offeredLocales(project.locales, project.licence, request.host, ctx.config.hostLocales),
        };
      },
    );
    app.get(
      '/api/info/player_fields',
      { schema: { ...info, summary: 'Player fields per form', response: { 200: playerFieldsResponseSchema } } },
      async (request) => {
        const answer = await service.playerFields(await licenceOf(request, ctx.config));
        // Each game provider's fields before real play, as this instance configures them (docs/rules/fields.md).
        const providers = Object.fromEntries(
          Object.entries(ctx.config.providerPlayerFields).map(([provider, fields]) => [provider, [...fields]]),
        );
        return { ...answer, contexts: { ...answer.contexts, ...providers } };
      },
    );
    app.get(
      '/api/current_ip',
      { schema: { ...info, summary: "The visitor's address and country", response: { 200: currentIpResponseSchema } } },
      async (request) => {
        const located = visitorCountry(request, fromTrustedProxy(request));
        const licenceDefault = defaultCountryFor(await licenceOf(request, ctx.config));
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
          const value = await service.feConfig(request.params.name, locale);
          return (path.startsWith('/api-fe/') ? backForFrontView(request.params.name, value) : value) as z.infer<
            typeof feConfigResponseSchema
          >;
        },
      );
    }
  };
}
