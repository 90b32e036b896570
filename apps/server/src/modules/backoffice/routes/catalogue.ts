/**
 * The catalogue in the back office (docs/backoffice.md "Catalogue", permission `catalogue.manage`):
 * providers listed and switched on and off; games listed by provider, category, state and title,
 * changed and switched on and off; categories (the collections) reordered and retitled. The games
 * module keeps the catalogue (`app.orbitCatalogueDesk`) and forgets its caches after each change;
 * every write's audit entry is written here, in the write's transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeCatalogueParamsSchema,
  backofficeCategoriesQuerySchema,
  backofficeCategoriesResponseSchema,
  backofficeCategorySchema,
  backofficeCategoryUpdateRequestSchema,
  backofficeGameSchema,
  backofficeGamesQuerySchema,
  backofficeGamesResponseSchema,
  backofficeGameUpdateRequestSchema,
  backofficeProviderSchema,
  backofficeProvidersQuerySchema,
  backofficeProvidersResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { noStore } from '../../../platform/http/no-store';
import type { CatalogueAudit } from '../../games';
import { appendAudit } from '../audit';
import { requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

export function catalogueRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const guarded = { onRequest: requirePermission(guard, 'catalogue.manage') };
    const desk = () => fastify.orbitCatalogueDesk;

    /** The change's audit entry, in its write's transaction (action names: docs/backoffice.md "Catalogue"). */
    const audited =
      (request: FastifyRequest): CatalogueAudit =>
      (tx, change) =>
        appendAudit(tx, ctx.clock.now(), actingOperator(request), {
          action: change.action,
          targetType: change.targetType,
          targetId: change.targetId,
          before: change.before,
          after: change.after,
        });

    // ---- providers ----
    app.get(
      '/api/backoffice/catalogue_providers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'The game providers in catalogue order, with their games counted',
          querystring: backofficeProvidersQuerySchema,
          response: { 200: backofficeProvidersResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().providers(request.query);
      },
    );
    app.get(
      '/api/backoffice/catalogue_providers/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One game provider',
          params: backofficeCatalogueParamsSchema,
          response: { 200: backofficeProviderSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().provider(request.params.id);
      },
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `/api/backoffice/catalogue_providers/:id/${action}`,
        {
          ...guarded,
          schema: {
            tags,
            summary:
              action === 'disable'
                ? "Switches a provider off: its games leave the lobby and launches at once, its studio's bets are refused (game_disabled), open rounds still settle"
                : 'Switches a provider on again',
            params: backofficeCatalogueParamsSchema,
            response: { 200: backofficeProviderSchema },
          },
        },
        (request) => desk().setProviderEnabled(request.params.id, action === 'enable', audited(request)),
      );
    }

    // ---- games ----
    app.get(
      '/api/backoffice/catalogue_games',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'Games, every state, filtered by provider, category, enabled and title; in a category in the order players see there',
          querystring: backofficeGamesQuerySchema,
          response: { 200: backofficeGamesResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().games(request.query);
      },
    );
    app.get(
      '/api/backoffice/catalogue_games/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One game with its categories and places there, badges, devices and currencies',
          params: backofficeCatalogueParamsSchema,
          response: { 200: backofficeGameSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().game(request.params.id);
      },
    );
    app.patch(
      '/api/backoffice/catalogue_games/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'Changes a game: enabled, categories with its place in each (the whole list), badges, devices, currencies; the fields left out are kept',
          params: backofficeCatalogueParamsSchema,
          body: backofficeGameUpdateRequestSchema,
          response: { 200: backofficeGameSchema },
        },
      },
      (request) => desk().changeGame(request.params.id, request.body, audited(request)),
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `/api/backoffice/catalogue_games/:id/${action}`,
        {
          ...guarded,
          schema: {
            tags,
            summary:
              action === 'disable'
                ? 'Switches a game off: it leaves the lobby, lists and search at once and is not launched; new bets game_disabled, open rounds still settle'
                : 'Switches a game on again',
            params: backofficeCatalogueParamsSchema,
            response: { 200: backofficeGameSchema },
          },
        },
        (request) => desk().changeGame(request.params.id, { enabled: action === 'enable' }, audited(request)),
      );
    }

    // ---- categories (the collections) ----
    app.get(
      '/api/backoffice/catalogue_categories',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'The categories (collections) in order, with their games counted',
          querystring: backofficeCategoriesQuerySchema,
          response: { 200: backofficeCategoriesResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().categories(request.query);
      },
    );
    app.get(
      '/api/backoffice/catalogue_categories/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One category',
          params: backofficeCatalogueParamsSchema,
          response: { 200: backofficeCategorySchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().category(request.params.id);
      },
    );
    app.patch(
      '/api/backoffice/catalogue_categories/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: "Changes a category's title and its place among the categories",
          params: backofficeCatalogueParamsSchema,
          body: backofficeCategoryUpdateRequestSchema,
          response: { 200: backofficeCategorySchema },
        },
      },
      (request) => desk().changeCategory(request.params.id, request.body, audited(request)),
    );
  };
}
