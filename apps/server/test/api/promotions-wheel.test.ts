/**
 * The wheel's terms from its static page (docs/promotions.md "The wheel's page"): the page
 * `rocket-chance`'s json decides the tier a deposit reaches for the player's group, what
 * `GET /api/wheel` answers, the cap on a bonus prize's winnings (granted with the bonus and
 * listed in the box's `result_bonus`), and a bad json is left out for the fe config. The box
 * answers its `activated_at`. The clock is a fake one; the ledger audit runs after each test.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  lootboxesResponseSchema,
  lootboxSchema,
  playerBonusesResponseSchema,
  wheelTermsResponseSchema,
  type WheelPageJson,
  type WheelSegment,
} from '@orbit/contracts';
import { playerBonuses, playerFreespins } from '../../src/modules/bonuses/schema';
import { feConfigs, staticPages } from '../../src/modules/cms/schema';
import { userGroups, users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register, XHR } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const psp = new ScriptedPsp();
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ...psp.env, CASHOUT_AUTO_APPROVE_UNITS: '0', OPERATOR_TOKEN: OPERATOR },
    { clock, fetch: psp.fetch },
  );
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

/** The wheel's page json (the English page every licence sees), as an operator would change it. */
async function setPageJson(json: Record<string, unknown>) {
  await t.database.db
    .update(staticPages)
    .set({ blocks: sql`jsonb_set(${staticPages.blocks}, '{json}', ${JSON.stringify(json)}::jsonb)` })
    .where(and(eq(staticPages.slug, 'rocket-chance'), eq(staticPages.locale, 'en')));
}
async function setSegments(segments: WheelSegment[] | null) {
  if (!segments) return void (await t.database.db.delete(feConfigs).where(eq(feConfigs.name, 'wheel-config-segments')));
  const value = { segments_by_group: { default: segments } };
  await t.database.db
    .insert(feConfigs)
    .values({ name: 'wheel-config-segments', value })
    .onConflictDoUpdate({ target: feConfigs.name, set: { value } });
}

async function newPlayer(group?: number): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `wheel${seq}@example.com` }, `10.71.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  if (group !== undefined)
    await t.database.db.insert(userGroups).values({ userId: player.id, groupId: group, addedAt: clock.now() });
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}
/** A card deposit settled by the PSP and played through (a real-money bet of its amount), all delivered. */
async function deposit(p: Player, cents: number) {
  const res = await call(t, 'POST', '/api/cashbox/deposits', {
    cookie: p.cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency: 'EUR' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '4242', token: `tok_${++seq}_wheel` };
  const { body, headers } = psp.webhook(settled, clock.now());
  await t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
  await t.app.orbitOutbox.drain();
  // Its box comes once it is played through (docs/promotions.md "Deposits played through").
  const token = await client.session(p, 'orbit/european-roulette');
  const placed = await client.bet(token, client.uid('round'), client.uid('bet'), cents);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await t.app.orbitOutbox.drain();
  await t.app.orbitOutbox.drain();
}
const boxesOf = async (p: Player) =>
  lootboxesResponseSchema.parse((await call(t, 'GET', '/api/player/lootboxes', { cookie: p.cookie })).json());
const terms = async (p?: Player) =>
  wheelTermsResponseSchema.parse((await call(t, 'GET', '/api/wheel', p ? { cookie: p.cookie } : {})).json());
async function issue(p: Player, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/operator/players/${p.id}/lootboxes`,
    headers: { authorization: `Bearer ${OPERATOR}`, ...XHR },
    payload: { tier: 'rocket_lite', currency: 'EUR', idempotency_key: `wheel-box-${key}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return lootboxSchema.parse(res.json());
}

const PAGE: WheelPageJson = {
  deposit: {
    default: { rocket_lite: { EUR: { pay: 2_000, get: 10_000 } }, rocket_pro: { EUR: { pay: 10_000, get: 30_000 } } },
    '1308': { rocket_lite: { EUR: { pay: 1_000, get: 20_000 } }, rocket_pro: { EUR: { pay: 5_000, get: 60_000 } } },
  },
  maxWin: { EUR: 50_000 },
  freeSpinsWager: 3,
};

describe("the wheel's page", () => {
  it('its deposit table decides the tier a deposit reaches for the player group; GET /api/wheel shows it', async () => {
    await setPageJson({ promo: true, ...PAGE });
    const plain = await newPlayer();
    const vip = await newPlayer(1308);
    await deposit(plain, 6_000);
    await deposit(vip, 6_000);
    expect((await boxesOf(plain)).map((b) => b.group_key)).toEqual(['wheel_rocket_lite']);
    expect((await boxesOf(vip)).map((b) => b.group_key)).toEqual(['wheel_rocket_pro']);
    // The PRO box of a 1308 player: its largest bonus is the page's top prize, each capped.
    const [pro] = await boxesOf(vip);
    const amounts = pro!.items.flatMap((i) =>
      i.bonuses[0]!.type === 'bonus'
        ? [(i.bonuses[0]!.attributes[0]!.value as Array<{ amount_cents: number }>)[0]!.amount_cents]
        : [],
    );
    expect(Math.max(...amounts)).toBe(60_000);

    expect(await terms(vip)).toMatchObject({
      source: 'page',
      currency: 'EUR',
      tiers: [
        { tier: 'rocket_lite', label: 'LITE', currency: 'EUR', pay_cents: 1_000, top_prize_cents: 20_000 },
        { tier: 'rocket_pro', label: 'PRO', currency: 'EUR', pay_cents: 5_000, top_prize_cents: 60_000 },
      ],
      max_win: { currency: 'EUR', amount_cents: 50_000 },
      bonus_wager: 30,
      free_spins_wager: 3,
    });
    expect((await terms()).tiers.map((x) => x.pay_cents)).toEqual([2_000, 10_000]);

    // A json that does not read as the wheel's terms is left out: the fe config's tiers again.
    await setPageJson({ promo: true, deposit: { default: { rocket_lite: { EUR: { pay: 'twenty' } } } } });
    expect(await terms()).toMatchObject({ source: 'config', max_win: null });
    expect((await terms()).tiers.map((x) => x.pay_cents)).toEqual([2_000, 10_000, 50_000]);
    await deposit(vip, 6_000);
    expect((await boxesOf(vip)).map((b) => b.group_key)).toEqual(['wheel_rocket_lite', 'wheel_rocket_pro']);
    await setPageJson({ promo: true });
  });

  it("a bonus prize carries the page's max win: listed in result_bonus, and its wagering pays out no more", async () => {
    await setPageJson({
      promo: true,
      deposit: { default: { rocket_lite: { EUR: { pay: 2_000, get: 100 } } } },
      maxWin: { EUR: 150 },
    });
    await setSegments([
      { weight: 1, type: 'bonus', freespins_count: 0, bonus_amount_cents: 100, wager: 30, title: '1 bonus' },
    ]);
    try {
      const p = await newPlayer();
      await client.fund(p, 0);
      const box = await issue(p, `cap-${p.id}`);
      expect(box.activated_at).toBeNull();
      expect(box.items[0]!.bonuses[0]!.result_bonus).toEqual([
        { field: 'wager', value: 30 },
        { field: 'max_win', value: [{ currency: 'EUR', amount_cents: 150 }] },
      ]);
      const res = await call(t, 'POST', `/api/player/lootboxes/${box.id}/activation`, { cookie: p.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const opened = lootboxSchema.parse(res.json());
      expect(opened.activated_at).toBe(clock.now().toISOString());
      expect((await boxesOf(p))[0]).toMatchObject({ id: box.id, activated_at: clock.now().toISOString() });

      const bonuses = playerBonusesResponseSchema.parse(
        (await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json(),
      );
      const prize = bonuses.find((b) => b.group_key === 'wheel-bonus')!;
      expect(prize).toMatchObject({ amount_cents: 100, wager_multiplier: 30, max_win_cents: 150 });
      const activated = await call(t, 'POST', `/api/player/bonuses/${prize.id}/activation`, { cookie: p.cookie });
      expect(activated.statusCode, activated.body).toBe(200);
      // 3,000 to wager; a big win lifts the bonus money to 20.00, far above the cap of 1.50.
      const slot = await client.session(p, 'orbit/stellar-sevens');
      for (const [bet, win] of [
        [100, 2_000],
        [2_000, 2_000],
        [900, 900],
      ] as const) {
        const round = client.uid('round');
        const base = { session_token: slot, game: 'stellar-sevens', round_id: round, currency: 'EUR' };
        const placed = await client.wallet('bet', { ...base, transaction_id: `${round}:bet`, amount_cents: bet });
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const won = await client.wallet('win', { ...base, transaction_id: `${round}:win`, amount_cents: win });
        expect(won.status, JSON.stringify(won.body)).toBe(200);
        await t.app.orbitOutbox.drain();
      }
      const done = playerBonusesResponseSchema
        .parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json())
        .find((b) => b.id === prize.id)!;
      expect(done).toMatchObject({ stage: 'wager_done', converted_cents: 150, forfeited_cents: 1_850 });
      expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 150, bonus: 0 });
    } finally {
      await setSegments(null);
      await setPageJson({ promo: true });
    }
  });

  it("free spins from a wheel carry the page's max win to the bonus their winnings become", async () => {
    await setPageJson({
      promo: true,
      deposit: { default: { rocket_lite: { EUR: { pay: 2_000, get: 100 } } } },
      maxWin: { EUR: 250 },
    });
    await setSegments([
      { weight: 1, type: 'freespins', freespins_count: 10, bonus_amount_cents: 0, wager: 3, title: '10 spins' },
    ]);
    try {
      const p = await newPlayer();
      const box = await issue(p, `spins-cap-${p.id}`);
      expect(box.items[0]!.bonuses[0]!.result_bonus).toEqual([
        { field: 'wager', value: 3 },
        { field: 'max_win', value: [{ currency: 'EUR', amount_cents: 250 }] },
      ]);
      const res = await call(t, 'POST', `/api/player/lootboxes/${box.id}/activation`, { cookie: p.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const [spins] = await t.database.db.select().from(playerFreespins).where(eq(playerFreespins.userId, p.id));
      expect(spins).toMatchObject({ groupKey: 'wheel-spins', maxWinCents: 250 });
      // The spins' winnings, as their end turns them into a bonus (FreespinsService's last spin).
      const bonus = await t.database.db.transaction((tx) =>
        t.app.orbitBonuses.issueWinnings(tx, { ...spins!, winCents: 1_000 }),
      );
      const [row] = await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, bonus.id));
      expect(row).toMatchObject({ amountCents: 1_000, maxWinCents: 250 });
    } finally {
      await setSegments(null);
      await setPageJson({ promo: true });
    }
  });
});
