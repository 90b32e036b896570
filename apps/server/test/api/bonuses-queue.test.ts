/**
 * The gifts' queue (docs/bonuses.md "The queue"): one bonus wagers at a time, the others wait
 * behind it `queued`, offering only what the server will do (no Activate that would be refused),
 * their activation clocks stopped while they cannot be played and started again, with the time
 * they had left, when the running bonus ends; nothing starts by itself. A hostile player's
 * activations at once, cancels and switches make no money. The ledger audit runs after each test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  playerBonusesResponseSchema,
  playerBonusSchema,
  playerFreespinsResponseSchema,
  type PlayerBonus,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, PASSWORD, register, sessionCookieOf, signIn } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import type { Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-07-01T10:00:00Z');
const DAY = 86_400_000;
const OPERATOR = 'operator-token-operator-token-operator-token';
const bus = new MemoryPubSub();
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, pubsub: bus });
  // 10.00 EUR, x2, activation window 7 days (the default), wagering 30 days.
  const res = await operator('PUT', '/api/operator/bonus_templates/queue-gift', {
    kind: 'manual',
    title: 'Queue gift',
    money: { EUR: { amount_cents: 1_000 } },
    wager_multiplier: 2,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

function operator(method: 'PUT' | 'POST', url: string, payload: unknown) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${OPERATOR}` }, payload: payload as object });
}
async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `queue-new${seq}@example.com` }, `10.52.${seq}.1`);
  await t.database.db
    .update(users)
    .set({ email: `queue${player.id}@example.com` })
    .where(eq(users.id, player.id));
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}
async function grant(p: Player): Promise<PlayerBonus> {
  const res = await operator('POST', `/api/operator/players/${p.id}/bonuses`, {
    template_key: 'queue-gift',
    currency: 'EUR',
    idempotency_key: `queue-${p.id}-${++seq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return playerBonusSchema.parse(res.json());
}
/** Time passes; the player, whose session idled out meanwhile, signs in again. */
async function later(p: Player, ms: number): Promise<void> {
  clock.advance(ms);
  const res = await signIn(t, `queue${p.id}@example.com`, PASSWORD, `10.53.${++seq % 250}.1`);
  expect(res.statusCode, res.body).toBe(200);
  p.cookie = sessionCookieOf(res);
}
const bonusesOf = async (p: Player): Promise<PlayerBonus[]> =>
  playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json());
const find = async (p: Player, id: number) => (await bonusesOf(p)).find((b) => b.id === id)!;
const activation = (p: Player, id: number) =>
  call(t, 'POST', `/api/player/bonuses/${id}/activation`, { cookie: p.cookie });
const cancel = (p: Player, id: number) => call(t, 'DELETE', `/api/player/bonuses/${id}`, { cookie: p.cookie });

describe('the queue', () => {
  it('while a bonus runs, the others wait queued in the order given and offer only Cancel', async () => {
    const p = await newPlayer();
    const welcome = (await bonusesOf(p)).find((b) => b.group_key === 'welcome-gift')!;
    const [a, b] = [await grant(p), await grant(p)];
    // Nothing runs: every gift can be started.
    expect(await find(p, a.id)).toMatchObject({ queue: 'ready', actions: ['activate', 'cancel'], activatable: true });
    expect((await activation(p, a.id)).statusCode).toBe(200);

    const gifts = await bonusesOf(p);
    expect(gifts.find((g) => g.id === a.id)).toMatchObject({ queue: 'running', actions: ['cancel'] });
    for (const [id, position] of [
      [welcome.id, 1],
      [b.id, 2],
    ] as const)
      expect(gifts.find((g) => g.id === id)).toMatchObject({
        stage: 'issued',
        queue: 'queued',
        queue_position: position,
        waits_for_id: a.id,
        actions: ['cancel'],
        activatable: false,
        cancelable: true,
        activatable_until: null,
      });
    // What the page no longer offers is still refused when sent.
    expect((await activation(p, b.id)).json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });

    // Declining a queued gift moves no money.
    expect((await cancel(p, welcome.id)).statusCode).toBe(200);
    expect(await find(p, b.id)).toMatchObject({ queue: 'queued', queue_position: 1 });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, bonus: 1_000 });
  });

  it("a queued gift's clock stands still while it cannot be played and starts again when the running one ends", async () => {
    const p = await newPlayer();
    await cancel(p, (await bonusesOf(p))[0]!.id);
    const early = await grant(p);
    const running = await grant(p);
    await later(p, 2 * DAY);
    expect((await activation(p, running.id)).statusCode).toBe(200);
    // Given before: 5 of its 7 days left. Given while the other runs: its whole window.
    const late = await grant(p);
    expect(await find(p, early.id)).toMatchObject({ queue: 'queued', activation_seconds: 5 * 86_400 });
    expect(await find(p, late.id)).toMatchObject({ queue: 'queued', activation_seconds: 7 * 86_400 });

    // Ten days on, past both windows as they were: the sweep leaves queued gifts alone.
    await later(p, 10 * DAY);
    await t.app.orbitSweeps.runAll();
    expect((await find(p, early.id)).stage).toBe('issued');
    expect((await find(p, late.id)).stage).toBe('issued');

    expect((await cancel(p, running.id)).statusCode).toBe(200);
    await t.app.orbitOutbox.drain();
    const now = clock.now().getTime();
    const resumed = await find(p, early.id);
    expect(resumed).toMatchObject({ queue: 'ready', actions: ['activate', 'cancel'], activation_seconds: null });
    expect(Date.parse(resumed.activatable_until!) - now).toBe(5 * DAY);
    expect(Date.parse((await find(p, late.id)).activatable_until!) - now).toBe(7 * DAY);

    // Nothing started by itself; now the clocks run.
    expect((await bonusesOf(p)).some((g) => g.stage === 'handle_bets')).toBe(false);
    await later(p, 5 * DAY + 1_000);
    await t.app.orbitSweeps.runAll();
    expect((await find(p, early.id)).stage).toBe('expired');
    expect((await find(p, late.id)).stage).toBe('issued');
    expect((await activation(p, late.id)).statusCode).toBe(200);
  });

  it('a gift whose window had passed before its clock stopped stays expired', async () => {
    const p = await newPlayer();
    await cancel(p, (await bonusesOf(p))[0]!.id);
    const stale = await grant(p);
    const other = await grant(p);
    await later(p, 7 * DAY + 1_000);
    // Not yet swept: its window passed, so it offers no Activate.
    expect(await find(p, stale.id)).toMatchObject({ actions: ['cancel'] });
    const fresh = await grant(p);
    expect((await activation(p, fresh.id)).statusCode).toBe(200);
    expect((await cancel(p, fresh.id)).statusCode).toBe(200);
    expect(await find(p, stale.id)).toMatchObject({ actions: ['cancel'] });
    expect((await activation(p, stale.id)).json()).toEqual({ errors: { base: ['not_activatable'] } });
    await t.app.orbitSweeps.runAll();
    expect((await find(p, stale.id)).stage).toBe('expired');
    expect((await find(p, other.id)).stage).toBe('expired');
  });

  it('twenty activations at once start one gift; switching by cancelling makes no money', async () => {
    const p = await newPlayer();
    await cancel(p, (await bonusesOf(p))[0]!.id);
    const gifts: PlayerBonus[] = [];
    for (let i = 0; i < 20; i++) gifts.push(await grant(p));
    const answers = await Promise.all(gifts.map((g) => activation(p, g.id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });
    await t.app.orbitOutbox.drain();
    const listed = await bonusesOf(p);
    expect(listed.filter((g) => g.queue === 'running')).toHaveLength(1);
    expect(listed.filter((g) => g.queue === 'queued')).toHaveLength(19);
    expect(listed.filter((g) => g.actions.includes('activate'))).toEqual([]);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, bonus: 1_000 });

    // Back and forth: each switch forfeits the running gift; a cancelled gift never comes back.
    let running = listed.find((g) => g.queue === 'running')!;
    for (let i = 0; i < 3; i++) {
      expect((await cancel(p, running.id)).statusCode).toBe(200);
      expect((await activation(p, running.id)).json()).toEqual({ errors: { base: ['not_activatable'] } });
      const next = (await bonusesOf(p)).find((g) => g.queue === 'ready')!;
      expect((await activation(p, next.id)).statusCode).toBe(200);
      running = next;
    }
    const after = await bonusesOf(p);
    const ours = after.filter((g) => gifts.some((x) => x.id === g.id));
    expect(ours.filter((g) => g.stage === 'canceled').map((g) => g.forfeited_cents)).toEqual([1_000, 1_000, 1_000]);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, bonus: 1_000 });
  });

  it('a player with bonuses turned off is offered no Activate, for bonuses and free spins alike', async () => {
    const p = await newPlayer();
    const spins = await operator('POST', `/api/operator/players/${p.id}/freespins`, {
      template_key: 'stellar-spins',
      currency: 'EUR',
      idempotency_key: `queue-spins-${p.id}`,
    });
    expect(spins.statusCode, spins.body).toBe(200);
    const off = await call(t, 'PATCH', '/api/player/update_bonus_settings', {
      cookie: p.cookie,
      payload: { can_issue: false },
    });
    expect(off.statusCode).toBe(200);
    const welcome = (await bonusesOf(p))[0]!;
    expect(welcome).toMatchObject({ queue: 'ready', actions: ['cancel'], activatable: false });
    expect((await activation(p, welcome.id)).json()).toEqual({ errors: { base: ['bonuses_disabled'] } });
    const listed = playerFreespinsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/freespins', { cookie: p.cookie })).json(),
    );
    expect(listed[0]).toMatchObject({ actions: ['cancel'], activatable: false });
  });

  it('the page hears when its gifts become queued and ready again', async () => {
    const p = await newPlayer();
    const waiting = (await bonusesOf(p))[0]!;
    const seen: RealtimeMessage[] = [];
    const stop = await bus.subscribe(playerTopic(p.id), (m) => seen.push(m));
    try {
      const gift = await grant(p);
      expect((await activation(p, gift.id)).statusCode).toBe(200);
      await t.app.orbitOutbox.drain();
      const told = () =>
        seen
          .filter((m) => m.event === 'bonuses_changes')
          .map((m) => playerBonusSchema.parse(m.data))
          .filter((b) => b.id === waiting.id);
      expect(told().at(-1)).toMatchObject({ queue: 'queued', actions: ['cancel'] });
      expect((await cancel(p, gift.id)).statusCode).toBe(200);
      await t.app.orbitOutbox.drain();
      expect(told().at(-1)).toMatchObject({ queue: 'ready', actions: ['activate', 'cancel'] });
    } finally {
      await stop();
    }
  });
});
