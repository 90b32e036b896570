/** The operators (admin) and the audit log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backofficeAuditCsvQuerySchema,
  backofficeAuditQuerySchema,
  backofficeAuditResponseSchema,
  backofficeOperatorsQuerySchema,
  backofficeIdParamsSchema,
  backofficeOperatorCreateRequestSchema,
  backofficeOperatorUpdateRequestSchema,
  backofficeOperatorSchema,
  backofficeOperatorsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { auditCsv, auditPage } from '../audit';
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
          querystring: backofficeOperatorsQuerySchema,
          response: { 200: backofficeOperatorsResponseSchema },
        },
      },
      async (request) => operators.list(request.query),
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
      '/api/backoffice/operators/:id',
      {
        onRequest: requirePermission(guard, 'operators.manage'),
        schema: {
          tags,
          summary: 'One operator',
          params: backofficeIdParamsSchema,
          response: { 200: backofficeOperatorSchema },
        },
      },
      (request) => operators.one(request.params.id),
    );

    app.patch(
      '/api/backoffice/operators/:id',
      {
        onRequest: requirePermission(guard, 'operators.manage'),
        schema: {
          tags,
          summary:
            "Changes an operator's role, or switches the account off (their sessions end) or on; never one's own",
          params: backofficeIdParamsSchema,
          body: backofficeOperatorUpdateRequestSchema,
          response: { 200: backofficeOperatorSchema },
        },
      },
      (request) => operators.update(actorOf(operatorOf(request).operator, request.ip), request.params.id, request.body),
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

    app.get(
      '/api/backoffice/audit_log.csv',
      {
        onRequest: requirePermission(guard, 'audit.read'),
        schema: {
          tags,
          summary: 'The audit log as CSV, oldest first, with the same filters (at most 100,000 entries)',
          querystring: backofficeAuditCsvQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const csv = await auditCsv(ctx.db, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="audit-log-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
