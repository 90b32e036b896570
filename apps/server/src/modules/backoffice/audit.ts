/**
 * The audit log's writer and checker. Every entry is written in the transaction of the change it
 * records (an action whose entry cannot be written does not happen), under a lock that keeps the
 * chain in one line: entry n carries the hash of entry n-1 and its own hash over both
 * (docs/backoffice.md "The audit chain"). The table refuses UPDATE, DELETE and TRUNCATE itself.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { BackofficeAuditQuery } from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { auditLog } from './schema';

export const GENESIS_HASH = '0'.repeat(64);

/** Who acted: an operator, the machines' OPERATOR_TOKEN, or someone who failed to sign in. */
export type Actor = { operatorId: number | null; actor: string; role: string | null; ip: string | null };

export type AuditAction = {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

type Entry = {
  seq: number;
  at: Date;
  operatorId: number | null;
  actor: string;
  role: string | null;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/** JSON with keys sorted at every depth: what PostgreSQL's jsonb gives back hashes the same. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function entryHash(prevHash: string, entry: Entry): string {
  const body = canonical({ ...entry, at: entry.at.toISOString() });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/** Appends one entry; call it inside the transaction of the change. */
export async function appendAudit(tx: Executor, at: Date, who: Actor, what: AuditAction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.audit_log'))`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const entry: Entry = {
    seq: (last?.seq ?? 0) + 1,
    at,
    operatorId: who.operatorId,
    actor: who.actor,
    role: who.role,
    ip: who.ip,
    action: what.action,
    targetType: what.targetType ?? null,
    targetId: what.targetId === undefined || what.targetId === null ? null : String(what.targetId),
    before: what.before ?? null,
    after: what.after ?? null,
    reason: what.reason ?? null,
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  await tx.insert(auditLog).values({ ...entry, prevHash, hash: entryHash(prevHash, entry) });
}

/** The first entry that breaks the chain (an edited row, a missing one), or null when it holds. */
export async function checkAuditChain(db: Db): Promise<{ seq: number; problem: string } | null> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  const pageSize = 1_000;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gte(auditLog.seq, expectedSeq))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);
    for (const row of rows) {
      if (row.seq !== expectedSeq) return { seq: expectedSeq, problem: `entry ${expectedSeq} is missing` };
      if (row.prevHash !== prevHash) return { seq: row.seq, problem: 'it does not follow the entry before it' };
      const { id: _id, prevHash: _prev, hash, ...entry } = row;
      if (entryHash(prevHash, entry) !== hash) return { seq: row.seq, problem: 'its content does not match its hash' };
      prevHash = hash;
      expectedSeq += 1;
    }
    if (rows.length < pageSize) return null;
  }
}

function auditWhere(query: Omit<BackofficeAuditQuery, 'page' | 'per_page'>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.operator_id !== undefined) filters.push(eq(auditLog.operatorId, query.operator_id));
  if (query.action !== undefined) filters.push(eq(auditLog.action, query.action));
  if (query.target_type !== undefined) filters.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id !== undefined) filters.push(eq(auditLog.targetId, query.target_id));
  if (query.from !== undefined) filters.push(gte(auditLog.at, new Date(query.from)));
  if (query.to !== undefined) filters.push(lte(auditLog.at, new Date(query.to)));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** A page of the log, newest first, filtered. */
export async function auditPage(db: Db, query: BackofficeAuditQuery) {
  const where = auditWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { total: Number(total?.n ?? 0), data: rows.map(presentEntry) };
}

const presentEntry = (r: typeof auditLog.$inferSelect) => ({
  id: r.id,
  seq: r.seq,
  at: r.at.toISOString(),
  operator_id: r.operatorId,
  actor: r.actor,
  role: r.role,
  ip: r.ip,
  action: r.action,
  target_type: r.targetType,
  target_id: r.targetId,
  before: r.before,
  after: r.after,
  reason: r.reason,
  hash: r.hash,
});

/** Most entries one export holds; a longer period is exported in parts. */
export const AUDIT_CSV_MAX_ROWS = 100_000;
const CSV_COLUMNS = [
  'seq',
  'at',
  'actor',
  'role',
  'ip',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'hash',
];

/** The filtered log as CSV, oldest first (the order a regulator reads a chain in), read a thousand entries at a time. */
export async function auditCsv(db: Db, query: Omit<BackofficeAuditQuery, 'page' | 'per_page'>): Promise<string> {
  const where = auditWhere(query);
  const lines: string[] = [stringify([CSV_COLUMNS])];
  let after = 0;
  for (let read = 0; read < AUDIT_CSV_MAX_ROWS;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, gt(auditLog.seq, after)))
      .orderBy(asc(auditLog.seq))
      .limit(Math.min(1_000, AUDIT_CSV_MAX_ROWS - read));
    if (rows.length === 0) break;
    const entries = rows.map(presentEntry);
    lines.push(
      stringify(
        entries.map((e) =>
          CSV_COLUMNS.map((c) => {
            const value = e[c as keyof typeof e];
            return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
          }),
        ),
      ),
    );
    read += rows.length;
    after = rows[rows.length - 1]!.seq;
  }
  return lines.join('');
}
