/**
 * The machines' bearer-token API (`/api/operator/*`, OPERATOR_TOKEN) in the audit log, as actor
 * `token` (docs/backoffice.md "The audit log"): every write it answered with success gets one
 * entry naming the route, its target, what was asked and what was answered. Those routes belong
 * to the modules below, which cannot write the back office's log; the entry is appended when the
 * answer is ready, after the change committed, and an answer is sent only once its entry is
 * written (a failure to write answers 500 and is logged; the change stands).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../../platform/context';
import { appendAudit } from '../audit';

const TOKEN_PREFIX = '/api/operator/';
/** The path parameter that names what a token route acts on, by precedence. */
const TARGET_PARAMS = ['id', 'key', 'identifier', 'group', 'currency'] as const;

function targetOf(request: FastifyRequest): { targetType: string; targetId: string | null } {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const name = TARGET_PARAMS.find((p) => params[p] !== undefined);
  return { targetType: request.routeOptions.url ?? request.url, targetId: name ? String(params[name]) : null };
}

const parsed = (payload: unknown): unknown => {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
};

export function tokenAudit(app: FastifyInstance, ctx: ModuleContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(TOKEN_PREFIX) || request.method === 'GET' || request.method === 'HEAD') return payload;
    if (reply.statusCode >= 400) return payload;
    const body = (request.body ?? null) as Record<string, unknown> | null;
    const at = ctx.clock.now();
    await ctx.db.transaction((tx) =>
      appendAudit(
        tx,
        at,
        { operatorId: null, actor: 'token', role: null, ip: request.ip },
        {
          action: `token:${request.method} ${request.routeOptions.url ?? request.url}`,
          ...targetOf(request),
          after: { request: body, response: parsed(payload) },
          reason: typeof body?.reason === 'string' ? body.reason : null,
        },
      ),
    );
    return payload;
  });
}
