/**
 * A player's bonuses and free spins as the back office's card lists them (docs/backoffice.md "The
 * player's card"): every one ever given, newest first, with its stage, wagering and deadline.
 */
import { desc, eq } from 'drizzle-orm';
import type { BackofficePlayerBonuses } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { playerBonuses, playerFreespins } from './schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Until it is activated the activation deadline binds, afterwards the wagering (or playing) one. */
const deadline = (notYetActive: boolean, activatableUntil: Date | null, validUntil: Date | null) =>
  iso(notYetActive ? (activatableUntil ?? validUntil) : validUntil);

export async function bonusesOfPlayer(db: Executor, userId: number): Promise<BackofficePlayerBonuses> {
  const [bonuses, freespins] = await Promise.all([
    db
      .select()
      .from(playerBonuses)
      .where(eq(playerBonuses.userId, userId))
      .orderBy(desc(playerBonuses.createdAt), desc(playerBonuses.id)),
    db
      .select()
      .from(playerFreespins)
      .where(eq(playerFreespins.userId, userId))
      .orderBy(desc(playerFreespins.createdAt), desc(playerFreespins.id)),
  ]);
  return {
    bonuses: bonuses.map((b) => ({
      id: b.id,
      kind: b.kind,
      title: b.title,
      currency: b.currency,
      state: b.stage,
      amount_cents: b.amountCents,
      wagered_cents: b.wageredCents,
      wager_requirement_cents: b.wagerRequirementCents,
      created_at: b.createdAt.toISOString(),
      expires_at: deadline(b.stage === 'issued' || b.stage === 'wait', b.activatableUntil, b.validUntil),
      finished_at: iso(b.finishedAt),
    })),
    freespins: freespins.map((f) => ({
      id: f.id,
      title: f.title,
      currency: f.currency,
      state: f.stage,
      games: f.games,
      count: f.count,
      performed: f.performed,
      bet_level_cents: f.betLevelCents,
      win_cents: f.winCents,
      created_at: f.createdAt.toISOString(),
      expires_at: deadline(f.stage === 'issued', f.activatableUntil, f.validUntil),
      finished_at: iso(f.finishedAt),
    })),
  };
}
