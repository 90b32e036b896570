/**
 * The loyalty programme under races (docs/loyalty.md): an adventure day completed by twenty
 * handlers at once gives one gift; the VIP quarter sweep run by three instances at once while the
 * player's bets are counted leaves one status and one VIP group; twenty assignments of a personal
 * manager at once leave one. On PGlite and, with DATABASE_URL, on PostgreSQL (real concurrency).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { managersResponseSchema, playerBonusesResponseSchema } from '@orbit/contracts';
import { buildApp } from '../../src/app';
import { CmsService } from '../../src/modules/cms';
import { userGroups, users } from '../../src/modules/identity/schema';
import { AdventureService } from '../../src/modules/loyalty/adventures';
import { loyaltyDailyActivity, vipQuarterSums, vipStatuses } from '../../src/modules/loyalty/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { MemoryPubSub } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const OPERATOR = 'operator-token-operator-token-operator-token';
// Minutes before a quarter ends (the sweep's race), on a Tuesday of the weekly adventure.
const clock = new FakeClock('2026-06-30T23:55:00Z');
const bus = new MemoryPubSub();
/** The VIP statuses' groups (regular, bronze, silver, gold, platinum, diamond). */
const VIP_GROUPS = [1117, 257, 258, 259, 255, 759];
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, pubsub: bus });
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `race${seq}@example.com` }, `10.61.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

const operator = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPERATOR}` }, payload });

describe('loyalty under races', () => {
  it('completes an adventure day once when twenty handlers try it at once: one gift', async () => {
    const p = await newPlayer();
    const db = t.database.db;
    // Today's deposit and bets as the handlers count them: the day's conditions met.
    await db
      .insert(loyaltyDailyActivity)
      .values({ userId: p.id, day: '2026-06-30', currency: 'EUR', betCents: 1_000_000, maxDepositCents: 100_000 });
    const adventures = new AdventureService(db, clock, new CmsService(db), t.app.orbitBonuses, t.app.log);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => adventures.tryComplete(tx, p.id, [1001, 1117], 'EUR', clock.now())),
      ),
    );
    const completed = results.filter((r) => r.status === 'fulfilled' && r.value === true);
    // A loser of the race either finds the day done or fails on its key (never a second gift).
    expect(completed).toHaveLength(1);
    const gifts = playerBonusesResponseSchema
      .parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json())
      .filter((b) => b.group_key === 'adventure-gift');
    expect(gifts).toHaveLength(1);
  });

  it('the quarter sweep by three instances at once, while bets are counted, leaves one status and one VIP group', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const db = t.database.db;
    const ids = players.map((p) => p.id);
    // Gold last quarter; this quarter's sums reach bronze.
    await db
      .insert(vipStatuses)
      .values(ids.map((userId) => ({ userId, status: 'gold' as const, quarter: '2026-Q2', changedAt: clock.now() })));
    await db.delete(userGroups).where(and(inArray(userGroups.userId, ids), inArray(userGroups.groupId, VIP_GROUPS)));
    await db.insert(userGroups).values(ids.map((userId) => ({ userId, groupId: 259, addedAt: clock.now() })));
    await db.insert(vipQuarterSums).values(
      ids.map((userId) => ({
        userId,
        quarter: '2026-Q3',
        currency: 'EUR',
        depositCents: 600_000,
        betCents: 5_990_000,
      })),
    );
    const tokens = [];
    for (const p of players) {
      await client.fund(p, 100_000);
      tokens.push(await client.session(p, 'orbit/stellar-sevens'));
    }
    await t.app.orbitOutbox.drain();
    clock.set(new Date('2026-07-01T00:00:30Z'));
    const others = await Promise.all(
      [1, 2].map(() =>
        buildApp({ config: t.config, database: t.database, web: false, workers: false, clock, pubsub: bus }),
      ),
    );
    try {
      await Promise.all(others.map((o) => o.ready()));
      // Each player's 100 EUR bet takes them over bronze's bets while three sweeps run.
      await Promise.all([
        ...others.map((o) => o.orbitSweeps.runAll()),
        t.app.orbitSweeps.runAll(),
        ...tokens.map(async (token, i) => {
          const round = client.uid(`vip-${i}`);
          const placed = await client.wallet('bet', {
            session_token: token,
            game: 'stellar-sevens',
            round_id: round,
            transaction_id: `${round}:bet`,
            amount_cents: 10_000,
            currency: 'EUR',
          });
          expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        }),
      ]);
      await Promise.all([t.app.orbitOutbox.drain(), ...others.map((o) => o.orbitOutbox.drain())]);
      await Promise.all([t.app.orbitSweeps.runAll(), ...others.map((o) => o.orbitSweeps.runAll())]);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    const statuses = await db.select().from(vipStatuses).where(inArray(vipStatuses.userId, ids));
    expect(statuses.map((s) => [s.status, s.quarter])).toEqual(ids.map(() => ['bronze', '2026-Q3']));
    const groups = await db
      .select()
      .from(userGroups)
      .where(and(inArray(userGroups.userId, ids), inArray(userGroups.groupId, VIP_GROUPS)));
    expect(groups.map((g) => [g.userId, g.groupId]).sort()).toEqual(ids.map((id) => [id, 257]).sort());
  });

  it('twenty assignments of a personal manager at once leave exactly one, the one the player is answered', async () => {
    const p = await newPlayer();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await operator('POST', '/api/operator/managers', { name: `Race Manager ${i}`, hours: '9-17' });
      expect(created.statusCode, created.body).toBe(200);
      ids.push((created.json() as { id: number }).id);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        operator('PUT', `/api/operator/players/${p.id}/manager`, { manager_id: ids[i % ids.length] }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 204));
    const mine = managersResponseSchema.parse(
      (await call(t, 'POST', '/api/fe/config/managers', { cookie: p.cookie, payload: { userGroups: [] } })).json(),
    );
    expect(mine.manager?.managerName).toMatch(/^Race Manager [0-3]$/);
  });
});
