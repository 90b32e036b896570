/**
 * The casino's limit defaults (docs/limits.md "Defaults the operator sets"): the hours a raise or
 * removal waits, the days its mailed confirmation stays open, the reality-check interval of a
 * player who chose none. Kept as versions (`limit_default_versions`, the newest in force), read
 * through a per-process cache that a change clears here and, over the pub/sub, on every instance.
 */
import { desc, sql } from 'drizzle-orm';
import {
  LIMIT_DEFAULTS_SEED,
  limitDefaultsSchema,
  type LimitDefaults,
  type LimitDefaultsPutRequest,
  type LimitDefaultsResponse,
  type LimitDefaultsVersion,
} from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { limitDefaultVersions } from './schema';

export const LIMIT_DEFAULTS_CHANGED_TOPIC = 'limits:defaults-changed';

type VersionRow = typeof limitDefaultVersions.$inferSelect;

/** Version 0: the code's defaults, until an operator stores one. */
const CODE_VERSION: LimitDefaultsVersion = {
  version: 0,
  settings: LIMIT_DEFAULTS_SEED,
  changed_by: null,
  reason: null,
  created_at: null,
};

function present(row: VersionRow): LimitDefaultsVersion {
  // A stored version the schema no longer accepts (a bound tightened later) falls back field by field.
  const parsed = limitDefaultsSchema.safeParse(row.settings);
  return {
    version: row.version,
    settings: parsed.success ? parsed.data : { ...LIMIT_DEFAULTS_SEED },
    changed_by: row.changedBy,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

export class LimitDefaultsStore {
  private cached: Promise<LimitDefaults> | undefined;

  constructor(
    private readonly db: Db,
    private readonly told: () => void = () => undefined,
  ) {}

  /**
   * The defaults in force (cached until a change). Inside a transaction pass it: a single-connection
   * database (PGlite) cannot answer another query while the transaction holds it.
   */
  current(executor: Executor = this.db): Promise<LimitDefaults> {
    this.cached ??= this.newest(executor)
      .then((v) => v.settings)
      .catch((error: unknown) => {
        this.cached = undefined;
        throw error;
      });
    return this.cached;
  }

  forget(): void {
    this.cached = undefined;
  }

  /** The defaults in force and every stored version, newest first. */
  async versions(): Promise<LimitDefaultsResponse> {
    const rows = await this.db.select().from(limitDefaultVersions).orderBy(desc(limitDefaultVersions.version));
    const versions = rows.map(present);
    return { current: versions[0] ?? CODE_VERSION, versions };
  }

  /**
   * Stores a new version (the next number, under a lock: parallel changes each get their own, in
   * order); `audit` runs in its transaction with the versions before and after. The cache is
   * cleared here and on the other instances after the commit.
   */
  async change(
    input: LimitDefaultsPutRequest,
    changedBy: string,
    at: Date,
    audit: (tx: Executor, before: LimitDefaultsVersion, after: LimitDefaultsVersion) => Promise<void>,
  ): Promise<LimitDefaultsVersion> {
    const { reason, ...settings } = input;
    const after = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.limit_defaults'))`);
      const before = await this.newest(tx);
      const [row] = await tx
        .insert(limitDefaultVersions)
        .values({ version: before.version + 1, settings, changedBy, reason: reason || null, createdAt: at })
        .returning();
      const stored = present(row!);
      await audit(tx, before, stored);
      return stored;
    });
    this.forget();
    this.told();
    return after;
  }

  private async newest(executor: Executor): Promise<LimitDefaultsVersion> {
    const [row] = await executor
      .select()
      .from(limitDefaultVersions)
      .orderBy(desc(limitDefaultVersions.version))
      .limit(1);
    return row ? present(row) : CODE_VERSION;
  }
}
