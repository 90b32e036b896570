/**
 * The prize wheel in the back office (docs/backoffice.md "Promotions"), permission
 * `promotions.manage`: its two fe configs (the tiers, and the segment sets per player group) read,
 * written whole and restored through the CMS's versioned write path, each write audited in the
 * version's transaction (`wheel.update`, `wheel.restore`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeListQuerySchema,
  backofficeWheelPartParamsSchema,
  backofficeWheelSchema,
  backofficeWheelSegmentsRequestSchema,
  backofficeWheelTiersRequestSchema,
  backofficeWheelVersionParamsSchema,
  contentBaseVersionRequestSchema,
  contentVersionsResponseSchema,
  WHEEL_GROUP_IDS,
  type BackofficeWheelPart,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { noStore } from '../../../platform/http/no-store';
import { cmsWriter } from './cms-writer';
import { requirePermission, type BackofficeGuard } from './guard';

const WHEEL_CONFIGS: Record<BackofficeWheelPart, string> = {
  tiers: 'wheel-config',
  segments: 'wheel-config-segments',
};

export function wheelRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const manage = { onRequest: requirePermission(guard, 'promotions.manage') };
    const cms = () => fastify.orbitCmsDesk;
    /** The CMS's writer for a wheel change: `wheel.update` or `wheel.restore`, in the version's transaction. */
    const wheelWriter = (request: FastifyRequest, baseVersion: number | undefined) =>
      cmsWriter(ctx.clock, request, baseVersion, (change) =>
        change.revertedFrom === undefined
          ? { action: 'wheel.update' }
          : { action: 'wheel.restore', reason: `restored version ${change.revertedFrom}` },
      );
    const wheelNow = async () => {
      const [tiers, segments] = await Promise.all(
        [WHEEL_CONFIGS.tiers, WHEEL_CONFIGS.segments].map(async (name) => {
          const entry = await cms().entry('fe-configs', name);
          return { version: entry.version, updated_at: entry.updated_at, document: entry.document.value };
        }),
      );
      return backofficeWheelSchema.parse({ tiers, segments, groups: WHEEL_GROUP_IDS.map(String) });
    };

    app.get(
      '/api/backoffice/wheel',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The prize wheel: its tiers and its segment sets per player group, with their versions',
          response: { 200: backofficeWheelSchema },
        },
      },
      async (_request, reply) => {
        reply.headers(noStore);
        return wheelNow();
      },
    );
    app.put(
      '/api/backoffice/wheel/tiers',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The wheel’s tiers (deposit per currency, prize scale, texts) written whole: a new version',
          body: backofficeWheelTiersRequestSchema,
          response: { 200: backofficeWheelSchema },
        },
      },
      async (request) => {
        const { base_version, ...value } = request.body;
        await cms().put('fe-configs', WHEEL_CONFIGS.tiers, { value }, wheelWriter(request, base_version));
        return wheelNow();
      },
    );
    app.put(
      '/api/backoffice/wheel/segments',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The wheel’s segment sets per player group written whole: a new version; the next boxes carry them',
          body: backofficeWheelSegmentsRequestSchema,
          response: { 200: backofficeWheelSchema },
        },
      },
      async (request) => {
        const { base_version, ...value } = request.body;
        await cms().put('fe-configs', WHEEL_CONFIGS.segments, { value }, wheelWriter(request, base_version));
        return wheelNow();
      },
    );
    app.get(
      '/api/backoffice/wheel/:part/versions',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The versions of the wheel’s tiers or segment sets, newest first',
          params: backofficeWheelPartParamsSchema,
          querystring: backofficeListQuerySchema,
          response: { 200: contentVersionsResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        const { page, per_page } = request.query;
        return cms().versions('fe-configs', WHEEL_CONFIGS[request.params.part], page, per_page);
      },
    );
    app.post(
      '/api/backoffice/wheel/:part/versions/:n/restore',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Brings a version of the wheel’s tiers or segment sets back as a new version',
          params: backofficeWheelVersionParamsSchema,
          body: contentBaseVersionRequestSchema,
          response: { 200: backofficeWheelSchema },
        },
      },
      async (request) => {
        const { part, n } = request.params;
        await cms().revert('fe-configs', WHEEL_CONFIGS[part], n, wheelWriter(request, request.body.base_version));
        return wheelNow();
      },
    );
  };
}
