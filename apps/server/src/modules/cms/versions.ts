/**
 * The CMS's versions (docs/cms.md "Versions"): every change of an entity is a new numbered row
 * of `cms_versions`, written in one transaction with the live row and the caller's audit entry.
 * History is never rewritten: a revert writes the old document as the next version, a delete
 * writes a version whose document is null. Writers of one entity take its lock first, so their
 * numbers follow one another; the unique (kind, key, version) is the backstop.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { subjectLock, type Executor, type Tx } from '../../platform/db/executor';
import { conflict, notFound } from '../../platform/errors';
import type { Document, KeyParts, KindSpec } from './content-kinds';
import { cmsVersions, type CmsVersionKind } from './schema';

export type VersionRow = {
  version: number;
  document: Document | null;
  operatorId: number | null;
  createdAt: Date;
};

/** What one write changed, for the caller's audit entry (written in the same transaction). */
export type ContentChange = {
  kind: CmsVersionKind;
  id: string;
  version: number;
  before: Document | null;
  after: Document | null;
  /** The version a revert brought back. */
  revertedFrom?: number;
};

export type ContentWriter = {
  operatorId: number;
  at: Date;
  /** The version the writer's document was made from; another one current answers 409 `version_conflict`. */
  baseVersion?: number | undefined;
  audit(tx: Tx, change: ContentChange): Promise<void>;
};

const columns = {
  version: cmsVersions.version,
  document: cmsVersions.document,
  operatorId: cmsVersions.operatorId,
  createdAt: cmsVersions.createdAt,
};

export async function latestVersion(db: Executor, kind: CmsVersionKind, id: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(cmsVersions)
    .where(and(eq(cmsVersions.kind, kind), eq(cmsVersions.entityKey, id)))
    .orderBy(desc(cmsVersions.version))
    .limit(1);
  return row as VersionRow | undefined;
}

export async function oneVersion(
  db: Executor,
  kind: CmsVersionKind,
  id: string,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(cmsVersions)
    .where(and(eq(cmsVersions.kind, kind), eq(cmsVersions.entityKey, id), eq(cmsVersions.version, version)))
    .limit(1);
  return row as VersionRow | undefined;
}

/** A page of an entity's versions, newest first. */
export async function versionsPage(
  db: Db,
  kind: CmsVersionKind,
  id: string,
  page: number,
  perPage: number,
): Promise<{ total: number; rows: VersionRow[] }> {
  const where = and(eq(cmsVersions.kind, kind), eq(cmsVersions.entityKey, id));
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(cmsVersions)
      .where(where)
      .orderBy(desc(cmsVersions.version))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(cmsVersions).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows: rows as VersionRow[] };
}

/** The current version number and time of every entity of a kind that has versions. */
export async function currentVersions(
  db: Executor,
  kind: CmsVersionKind,
): Promise<Map<string, { version: number; createdAt: Date }>> {
  const rows = await db
    .selectDistinctOn([cmsVersions.entityKey], {
      id: cmsVersions.entityKey,
      version: cmsVersions.version,
      createdAt: cmsVersions.createdAt,
    })
    .from(cmsVersions)
    .where(eq(cmsVersions.kind, kind))
    .orderBy(cmsVersions.entityKey, desc(cmsVersions.version));
  return new Map(rows.map((r) => [r.id, { version: r.version, createdAt: r.createdAt }]));
}

/**
 * Writes `document` (null: deletes) as the entity's next version and its live row, with the
 * writer's audit entry, in one transaction. An entity that has a live row but no version yet (a
 * database from before versions, not seeded since) gets its live row recorded as version 1 first,
 * so a revert to it is always possible. Deleting what has no live row is 404.
 */
export async function commitVersion(
  db: Db,
  spec: KindSpec,
  key: KeyParts,
  document: Document | null,
  writer: ContentWriter,
  revertedFrom?: number,
): Promise<{ version: number; createdAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.execute(subjectLock('cms.entity', `${spec.kind}|${key.id}`));
    const latest = await latestVersion(tx, spec.kind, key.id);
    const current = latest?.version ?? 0;
    if (writer.baseVersion !== undefined && writer.baseVersion !== current)
      throw conflict('version_conflict', 'base_version');
    const before = await spec.read(tx, key);
    if (document === null && before === null) throw notFound();
    let next = current + 1;
    if (!latest && before !== null) {
      await tx
        .insert(cmsVersions)
        .values({ kind: spec.kind, entityKey: key.id, version: 1, document: before, operatorId: null });
      next = 2;
    }
    await tx.insert(cmsVersions).values({
      kind: spec.kind,
      entityKey: key.id,
      version: next,
      document,
      operatorId: writer.operatorId,
      createdAt: writer.at,
    });
    await spec.write(tx, key, document);
    await writer.audit(tx, {
      kind: spec.kind,
      id: key.id,
      version: next,
      before,
      after: document,
      ...(revertedFrom !== undefined ? { revertedFrom } : {}),
    });
    return { version: next, createdAt: writer.at };
  });
}

// ---- the seed's versions --------------------------------------------------------------------------

/** JSON with keys sorted at every depth: a document read back from jsonb compares equal to the one written. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .filter((k) => object[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export type SeedEntity = { kind: CmsVersionKind; id: string; document: Document };
type Latest = { version: number; operatorId: number | null; document: unknown };

/** The newest version of every entity, by `kind|id` (the seed reads them once). */
export async function latestOfAll(db: Executor): Promise<Map<string, Latest>> {
  const rows = await db
    .selectDistinctOn([cmsVersions.kind, cmsVersions.entityKey], {
      kind: cmsVersions.kind,
      id: cmsVersions.entityKey,
      version: cmsVersions.version,
      operatorId: cmsVersions.operatorId,
      document: cmsVersions.document,
    })
    .from(cmsVersions)
    .orderBy(cmsVersions.kind, cmsVersions.entityKey, desc(cmsVersions.version));
  return new Map(rows.map((r) => [`${r.kind}|${r.id}`, r]));
}

/**
 * Whether the seed may (re)write an entity: one an operator has written (changed, deleted,
 * reverted) stays as the operator left it, whatever the seed files say now.
 */
export const seedOwns = (latest: Map<string, Latest>, kind: CmsVersionKind, id: string): boolean =>
  latest.get(`${kind}|${id}`)?.operatorId == null;

/**
 * The seed's documents as versions: version 1 for an entity without any, and a new seed version
 * where the seed's document changed since its last one (a new release's text), so that the live
 * row is always its entity's newest version. Two instances seeding at once write one row each.
 */
export async function recordSeedVersions(
  db: Executor,
  entities: SeedEntity[],
  latest: Map<string, Latest>,
): Promise<void> {
  const rows = entities.flatMap((e) => {
    const last = latest.get(`${e.kind}|${e.id}`);
    if (last && (last.operatorId !== null || canonicalJson(last.document) === canonicalJson(e.document))) return [];
    return [
      { kind: e.kind, entityKey: e.id, version: (last?.version ?? 0) + 1, document: e.document, operatorId: null },
    ];
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(cmsVersions)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
