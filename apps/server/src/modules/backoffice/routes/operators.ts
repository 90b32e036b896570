/** The operators (admin) and the audit log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeAuditQuerySchema,
  backofficeAuditResponseSchema,
  backofficeListQuerySchema,
  backofficeOperatorCreateRequestSchema,
  backofficeOperatorSchema,
  backofficeOperatorsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { auditPage } from '../audit';
import { actorOf, type Operators } from '../operators';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

export function operatorRoutes(operators: Operators, guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];

    app.get(
      '/api/backoffice/operators',
      {
        onRequest: requirePermission(guard, 'operators.manage'),
        schema: {
          tags,
          summary: 'The operators',
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeOperatorsResponseSchema },
        },
      },
      async (request) => operators.list(request.query.page, request.query.per_page),
    );

    app.post(
      '/api/backoffice/operators',
      {
        onRequest: requirePermission(guard, 'operators.manage'),
        schema: {
          tags,
          summary: 'A new operator with a role; they set up two-factor at their first sign-in',
          body: backofficeOperatorCreateRequestSchema,
          response: { 201: backofficeOperatorSchema },
        },
      },
      async (request, reply) => {
        const created = await operators.create(actorOf(operatorOf(request).operator, request.ip), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/backoffice/audit_log',
      {
        onRequest: requirePermission(guard, 'audit.read'),
        schema: {
          tags,
          summary: 'The audit log, newest first (filters: operator, action, target, period)',
          querystring: backofficeAuditQuerySchema,
          response: { 200: backofficeAuditResponseSchema },
        },
      },
      async (request) => auditPage(ctx.db, request.query),
    );
  };
}
