/**
 * The ledger audit (docs/backoffice.md "Ledger audit"), permission `ledger.audit`: the wallet's
 * proof that no money was lost or created, run on demand. Regulators ask who ran it and what it
 * found, so each run is an audit entry with its verdict.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backofficeLedgerAuditSchema, type BackofficeLedgerAudit } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { auditLedger, type LedgerAudit } from '../../wallet';
import { appendAudit } from '../audit';
import { actorOf } from '../operators';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

export function presentLedgerAudit(audit: LedgerAudit): BackofficeLedgerAudit {
  const broken = audit.firstBroken;
  return {
    ok: audit.ok,
    transfers: audit.transfers,
    accounts: audit.accounts,
    problems: audit.problems,
    broken_accounts: broken
      ? [
          {
            account_id: broken.accountId,
            user_id: broken.userId,
            currency: broken.currency,
            kind: broken.kind,
            balance: broken.balance,
            sum_of_legs: broken.sumOfLegs,
          },
        ]
      : [],
  };
}

export function ledgerAuditRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/backoffice/ledger_audit',
      {
        onRequest: requirePermission(guard, 'ledger.audit'),
        schema: {
          tags: ['backoffice'],
          summary: "Checks the ledger's invariants over the whole history (audited with its verdict)",
          response: { 200: backofficeLedgerAuditSchema },
        },
      },
      async (request) => {
        const verdict = presentLedgerAudit(await auditLedger(ctx.db));
        const who = actorOf(operatorOf(request).operator, request.ip);
        await ctx.db.transaction((tx) =>
          appendAudit(tx, ctx.clock.now(), who, {
            action: 'ledger.audit',
            targetType: 'ledger',
            after: verdict,
          }),
        );
        return verdict;
      },
    );
  };
}
