import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { SeedOptions } from '../../platform/module';
import { Ledger, openAccount } from '../wallet';
import { joinEntryTier, seedGroups } from './groups';
import { hashPassword } from './passwords';
import { users } from './schema';

/** The demo player of the demo content (README "Demo content"); the password is public on purpose. */
export const DEMO_PLAYER = {
  email: 'demo@orbit.example',
  password: 'Orbit-Demo-2026',
  nickname: 'Demo Ace',
  currency: 'EUR',
  country: 'DE',
  /** 500.00 EUR to try the games with. */
  welcomeCreditCents: 50_000,
} as const;

/**
 * The groups and tiers catalogue (upserted), and the demo player: created once, confirmed, with
 * an EUR account and the entry tier. An existing demo player is left exactly as it is (a changed
 * password, nickname or opt-in survives the next seed); only a missing EUR account is added.
 */
export async function seedIdentity(db: Db, options: SeedOptions): Promise<void> {
  await seedGroups(db);
  if (!options.demoPlayer) return;
  const now = new Date();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, DEMO_PLAYER.email));
  // Hashing costs ~50 ms: only when the player must be created.
  const passwordHash = existing ? null : await hashPassword(DEMO_PLAYER.password);
  await db.transaction(async (tx) => {
    let id = existing?.id;
    if (id === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          email: DEMO_PLAYER.email,
          passwordHash: passwordHash!,
          nickname: DEMO_PLAYER.nickname,
          currency: DEMO_PLAYER.currency,
          country: DEMO_PLAYER.country,
          termsAcceptedAt: now,
          confirmedAt: now,
          createdAt: now,
        })
        // Two seeds at once: the unique address index lets one win, the other adds nothing.
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!created) return;
      id = created.id;
      await joinEntryTier(tx, id, now);
    }
    await openAccount(tx, id, DEMO_PLAYER.currency, now);
    // Play money for trying the casino out: a promotional credit from the house, through the
    // ledger like any other movement (its key makes a second seed a no-op).
    await new Ledger(systemClock).transfer(tx, {
      idempotencyKey: 'seed:demo-player:welcome-credit',
      kind: 'adjustment',
      reference: 'seed:demo-player',
      currency: DEMO_PLAYER.currency,
      amount: DEMO_PLAYER.welcomeCreditCents,
      from: { house: 'promotions' },
      to: { player: id, kind: 'real' },
    });
  });
}

/** The demo player's id, when the demo content is seeded (other modules give it their demo content). */
export async function demoPlayerId(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, DEMO_PLAYER.email));
  return row?.id;
}
