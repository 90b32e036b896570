/**
 * The server's starts and graceful stops in the audit log (actor `system`), for the significant
 * events log (docs/reports.md "Significant events"). A start with no stop before it tells of a
 * stop that was not graceful (a crash, a killed process).
 */
import os from 'node:os';
import type { Db } from '../../platform/db/client';
import { appendAudit } from './audit';

export type SystemEvent = 'start' | 'stop';

export async function recordSystemEvent(
  db: Db,
  at: Date,
  event: SystemEvent,
  detail: { version?: string; signal?: string; database?: string } = {},
): Promise<void> {
  await db.transaction((tx) =>
    appendAudit(
      tx,
      at,
      { operatorId: null, actor: 'system', role: null, ip: null },
      {
        action: `system.${event}`,
        targetType: 'server',
        targetId: os.hostname(),
        after: { pid: process.pid, node: process.version, ...detail },
      },
    ),
  );
}
