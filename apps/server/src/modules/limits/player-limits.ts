/**
 * A player's limits as the back office's card shows them (docs/backoffice.md "The player's card"):
 * the limits in force exactly as the player's own page lists them (usage of this period, pending
 * changes), every cooling-off and self-exclusion the player ever took, and the reality check. Read
 * only: nothing here changes a limit or mails anything.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { EXCLUSION_LIMIT_TYPES, type BackofficePlayerLimits } from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import type { Executor } from '../../platform/db/executor';
import { userLimits } from './schema';
import { LimitsService, type LimitsLinks } from './service';

type ExclusionRow = typeof userLimits.$inferSelect & { type: 'cooling_off' | 'self_exclusion' };

/** Reading limits mails nothing: a link asked for here is a mistake. */
const NO_LINKS: LimitsLinks = {
  confirm: () => {
    throw new Error('the back office reads limits; it mails no confirmation');
  },
  withdrawal: () => {
    throw new Error('the back office reads limits; it mails no withdrawal link');
  },
};

const inForce = (row: { removedAt: Date | null; endsAt: Date | null }, at: Date) =>
  row.removedAt === null && (row.endsAt === null || row.endsAt > at);

/** Every cooling-off and self-exclusion of the player, newest first. */
async function exclusionsOf(db: Executor, userId: number): Promise<ExclusionRow[]> {
  return (await db
    .select()
    .from(userLimits)
    .where(and(eq(userLimits.userId, userId), inArray(userLimits.type, [...EXCLUSION_LIMIT_TYPES])))
    .orderBy(desc(userLimits.createdAt), desc(userLimits.id))) as ExclusionRow[];
}

/** The cooling-off and self-exclusion in force now, if any (the card's header shows them). */
export async function restrictionsOf(db: Executor, userId: number, at: Date) {
  const active = (await exclusionsOf(db, userId)).filter((row) => inForce(row, at));
  const of = (type: ExclusionRow['type']) => {
    const row = active.find((r) => r.type === type);
    return row ? { since: row.createdAt.toISOString(), until: row.endsAt?.toISOString() ?? null } : null;
  };
  return { excluded: active.length > 0, cooling_off: of('cooling_off'), self_exclusion: of('self_exclusion') };
}

/** The limits module's reading for the back office, made once when the routes are mounted. */
export class PlayerLimits {
  private readonly service: LimitsService;

  constructor(private readonly ctx: ModuleContext) {
    this.service = new LimitsService(ctx.db, ctx.clock, ctx.mailer, ctx.pubsub, NO_LINKS, ctx.log);
  }

  async of(userId: number): Promise<BackofficePlayerLimits> {
    const at = this.ctx.clock.now();
    const [inForceLimits, exclusions, realityMinutes] = await Promise.all([
      this.service.list(userId),
      exclusionsOf(this.ctx.db, userId),
      this.service.realityCheckMinutes(userId),
    ]);
    return {
      limits: inForceLimits.filter((l) => !(EXCLUSION_LIMIT_TYPES as readonly string[]).includes(l.type)),
      exclusions: exclusions.map((row) => ({
        id: row.id,
        type: row.type,
        period: row.period,
        created_at: row.createdAt.toISOString(),
        ends_at: row.endsAt?.toISOString() ?? null,
        removed_at: row.removedAt?.toISOString() ?? null,
        active: inForce(row, at),
      })),
      reality_check_minutes: realityMinutes,
    };
  }
}
