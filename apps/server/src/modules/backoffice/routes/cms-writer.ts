/**
 * The operator's side of a CMS write (docs/cms.md): who writes, when, from which version, and the
 * audit entry the CMS writes into the version's transaction. Every back-office screen that saves a
 * CMS document (content, the wheel, the adventure calendar) names its audit action and nothing else.
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../platform/clock';
import type { ContentChange, ContentWriter } from '../../cms';
import { appendAudit } from '../audit';
import { operatorOf } from './guard';
import { actingOperator } from './player-actions';

/** What the log says of a change: its action and, where useful, why. */
export type CmsAuditOf = (change: ContentChange) => { action: string; reason?: string | null };

export function cmsWriter(
  clock: Clock,
  request: FastifyRequest,
  baseVersion: number | undefined,
  auditOf: CmsAuditOf,
): ContentWriter {
  const at = clock.now();
  const who = actingOperator(request);
  return {
    operatorId: operatorOf(request).operator.id,
    at,
    baseVersion,
    audit: (tx, change) => {
      const { action, reason = null } = auditOf(change);
      return appendAudit(tx, at, who, {
        action,
        targetType: `cms_${change.kind}`,
        targetId: change.id,
        before: change.before,
        after: { version: change.version, document: change.after },
        reason,
      });
    },
  };
}
