import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authProviderDetailsRequestSchema,
  emptyResponseSchema,
  playerGroupsRequestSchema,
  playerPasswordChangeRequestSchema,
  playerSchema,
  playerStatsSchema,
  playerStatusesResponseSchema,
  playerUpdateRequestSchema,
  subscriptionsSchema,
  subscriptionsUpdateRequestSchema,
  updateLocaleRequestSchema,
} from '@orbit/contracts';
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { users } from '../schema';
import { CmsService, licenceOf } from '../../cms';
import type { ProfileService } from '../profile';
import { requirePlayer } from '../session';

const player = { tags: ['player'] };

/** The player's own profile: details, password, language (docs/identity.md; README "Calls"). */
export function profileRoutes(profile: ProfileService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The site's countries and locales as the info calls serve them: one list, in the database.
    const cms = new CmsService(ctx.db);
    app.patch(
      '/api/player',
      {
        schema: {
          ...player,
          summary: 'Change profile details of one form context (edition, deposit, cashout) or accept the terms',
          body: playerUpdateRequestSchema,
          response: { 200: playerSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        const countries = new Set((await cms.countries()).map((c) => c.code));
        const licence = await licenceOf(request, ctx.config);
        return profile.update(user, request.body, { licence, countries });
      },
    );

    // The details left to complete after sign-up (docs/compatibility.md "Registration and sign-in"):
    // the terms (checked first: a refusal changes nothing), then any edit-form fields.
    app.post(
      '/api/auth_providers/update_details',
      {
        schema: {
          ...player,
          summary: 'Completes the details missed at sign-up (terms acceptance, profile fields)',
          body: authProviderDetailsRequestSchema,
          response: { 200: playerSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        const { terms_acceptance: terms, ...fields } = request.body.user;
        if (terms !== undefined && terms !== true)
          throw AppError.validation({ terms_acceptance: ['must_be_accepted'] });
        if (terms === undefined && Object.keys(fields).length === 0) throw AppError.validation({ base: ['required'] });
        const countries = new Set((await cms.countries()).map((c) => c.code));
        const licence = await licenceOf(request, ctx.config);
        let answer =
          Object.keys(fields).length > 0
            ? await profile.update(user, { context: 'edition', user: fields }, { licence, countries })
            : null;
        if (terms === true) {
          const [current] = await ctx.db.select().from(users).where(eq(users.id, user.id));
          answer = await profile.update(
            current ?? user,
            { context: 'terms_acceptance', user: { terms_acceptance: true } },
            { licence, countries },
          );
        }
        return answer!;
      },
    );

    app.put(
      '/api/player/password',
      {
        schema: {
          ...player,
          summary: 'Change the password with the current one; ends every other session and mails a notice',
          body: playerPasswordChangeRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        const current = await requirePlayer(request);
        const ua = request.headers['user-agent'];
        await profile.changePassword(current, request.body.user, {
          ip: request.ip,
          userAgent: typeof ua === 'string' ? ua : null,
          country: null,
        });
        return {};
      },
    );

    app.patch(
      '/api/player/update_locale',
      {
        schema: {
          ...player,
          summary: 'The language the player reads',
          body: updateLocaleRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        await profile.updateLocale(
          user,
          request.body.locale,
          (await cms.locales()).map((l) => l.code),
        );
        return {};
      },
    );
  };
}

/** The player's promo subscriptions. */
export function subscriptionRoutes(profile: ProfileService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/subscriptions',
      { schema: { ...player, summary: 'Promo opt-ins', response: { 200: subscriptionsSchema } } },
      async (request) => profile.subscriptions((await requirePlayer(request)).user),
    );

    app.put(
      '/api/subscriptions',
      {
        schema: {
          ...player,
          summary: 'Change either or both promo opt-ins',
          body: subscriptionsUpdateRequestSchema,
          response: { 200: subscriptionsSchema },
        },
      },
      async (request) => profile.updateSubscriptions((await requirePlayer(request)).user, request.body),
    );
  };
}

/** The VIP tiers and groups, the player's groups, and their sign-in figures. */
export function groupRoutes(profile: ProfileService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/info/statuses',
      {
        schema: {
          tags: ['info'],
          summary: 'VIP tiers (status level) and player groups (status group)',
          response: { 200: playerStatusesResponseSchema },
        },
      },
      () => profile.statuses(),
    );

    app.post(
      '/api/player/groups',
      {
        schema: {
          ...player,
          summary: 'Join or leave writable groups',
          body: playerGroupsRequestSchema,
          response: { 200: playerSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        return profile.changeGroups(user, request.body.groups.add, request.body.groups.remove ?? []);
      },
    );

    app.get(
      '/api/player/stats',
      { schema: { ...player, summary: 'Sign-in figures', response: { 200: playerStatsSchema } } },
      async (request) => profile.stats((await requirePlayer(request)).user),
    );
  };
}
