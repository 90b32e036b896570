/**
 * The back office acting on players and money: notes, ending sessions, blocks, the cashout queue
 * and manual adjustments with the four-eyes rule; every write audited, every refusal writing
 * nothing, two decisions at once deciding once (docs/backoffice.md).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain } from '../../src/modules/backoffice';
import { savedCards } from '../../src/modules/cashbox/schema';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { codeForStep, stepAt } from '../../src/modules/identity/totp';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, PASSWORD, register, sessionCookieOf, signIn } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';

const clock = new FakeClock('2026-11-29T10:00:00Z');
const TOKEN = 'machines-token-machines-token-machines-token';
let t: TestApp;
let admin: string;
let support: SignedInOperator;
let finance: SignedInOperator;
let finance2: SignedInOperator;
let marketing: SignedInOperator;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(
    { CASHOUT_AUTO_APPROVE_UNITS: '100', BACKOFFICE_FOUR_EYES_UNITS: '500', OPERATOR_TOKEN: TOKEN },
    { clock },
  );
  admin = await signInAdmin(t, clock);
  support = await newOperator(t, clock, admin, 'support');
  finance = await newOperator(t, clock, admin, 'finance');
  finance2 = await newOperator(t, clock, admin, 'finance');
  marketing = await newOperator(t, clock, admin, 'marketing');
});
afterEach(async () => {
  await expectLedgerHolds(t.database.db);
  expect(await checkAuditChain(t.database.db)).toBeNull();
});
afterAll(() => t.close());

/** A confirmed player with `cents` of real EUR money (a credit from the house, as the demo's). */
async function player(cents = 0) {
  seq++;
  const email = `desk${seq}@example.com`;
  const { cookie, player } = await register(t, { email }, `10.40.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  if (cents > 0)
    await new Ledger(clock).transfer(t.database.db, {
      idempotencyKey: `test:desk:${player.id}`,
      kind: 'adjustment',
      reference: 'test:desk',
      currency: 'EUR',
      amount: cents,
      from: { house: 'promotions' },
      to: { player: player.id, kind: 'real' },
    });
  return { id: player.id as number, cookie, email };
}

const post = (cookie: string, url: string, payload: unknown = {}) => call(t, 'POST', url, { cookie, payload });
const get = (cookie: string | undefined, url: string) => call(t, 'GET', url, { cookie });

async function cashout(p: { cookie: string }, cents: number) {
  const res = await post(p.cookie, '/api/cashbox/cashouts', {
    payment_method: 'bank_sofort',
    amount_cents: cents,
    currency: 'EUR',
    destination: 'DE89370400440532013000',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; state: string };
}

describe('acting on a player', () => {
  it('keeps notes append-only with their author, and audits each', async () => {
    const p = await player();
    const added = await post(support.cookie, `/api/backoffice/players/${p.id}/notes`, {
      body: '  Called about a bonus  ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ body: 'Called about a bonus', operator_id: support.id });
    const notes = await get(marketing.cookie, `/api/backoffice/players/${p.id}/notes`);
    expect(notes.json()).toMatchObject({ total: 1, data: [{ operator_name: 'The support operator' }] });
    // Marketing reads the card but writes no note; a blank note is refused; neither writes anything.
    const before = await auditCount(t);
    expect((await post(marketing.cookie, `/api/backoffice/players/${p.id}/notes`, { body: 'x' })).statusCode).toBe(403);
    const blank = await post(support.cookie, `/api/backoffice/players/${p.id}/notes`, { body: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ body: ['blank'] });
    expect(await auditCount(t)).toBe(before);
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    expect(await t.database.db.execute(sql`update player_notes set body = 'edited'`).catch(refusal)).toMatch(
      /player_notes is append-only: UPDATE refused/,
    );
    expect(await t.database.db.execute(sql`delete from player_notes`).catch(refusal)).toMatch(
      /player_notes is append-only: DELETE refused/,
    );
    const audit = await get(admin, `/api/backoffice/audit_log?action=player.note&target_id=${p.id}`);
    expect(audit.json().data[0]).toMatchObject({
      actor: support.email,
      role: 'support',
      after: { body: 'Called about a bonus' },
    });
  });

  it('ends one session or all of them: the cookie stops working at once', async () => {
    const p = await player();
    const second = await signIn(t, p.email, PASSWORD);
    const list = await get(support.cookie, `/api/backoffice/players/${p.id}/sessions`);
    expect(list.json().total).toBe(2);
    const sessions = list.json().data as Array<{ id: string; active: boolean }>;
    expect(sessions.every((s) => s.active)).toBe(true);
    const one = await post(support.cookie, `/api/backoffice/players/${p.id}/sessions/${sessions[0]!.id}/end`);
    expect(one.json()).toEqual({ ended: 1 });
    expect(
      (await post(support.cookie, `/api/backoffice/players/${p.id}/sessions/${sessions[0]!.id}/end`)).statusCode,
    ).toBe(409);
    const all = await post(support.cookie, `/api/backoffice/players/${p.id}/sessions/end_all`);
    expect(all.json()).toEqual({ ended: 1 });
    for (const cookie of [p.cookie, sessionCookieOf(second)])
      expect((await get(cookie, '/api/player/accounts')).statusCode).toBe(401);
    // Finance may not end sessions; another player's session id under this player ends nothing.
    expect((await post(finance.cookie, `/api/backoffice/players/${p.id}/sessions/end_all`)).statusCode).toBe(403);
    const other = await player();
    const otherSession = (await get(support.cookie, `/api/backoffice/players/${other.id}/sessions`)).json().data[0].id;
    expect(
      (await post(support.cookie, `/api/backoffice/players/${p.id}/sessions/${otherSession}/end`)).statusCode,
    ).toBe(409);
    expect((await get(other.cookie, '/api/player/accounts')).statusCode).toBe(200);
  });

  it('blocks a player: no sign-in, sessions over, a waiting cashout stays; unblocking needs a reason too', async () => {
    const p = await player(100_000);
    const waiting = await cashout(p, 50_000);
    const noReason = await post(support.cookie, `/api/backoffice/players/${p.id}/block`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['blank'] });
    const blocked = await post(support.cookie, `/api/backoffice/players/${p.id}/block`, { reason: 'Chargeback fraud' });
    expect(blocked.json()).toMatchObject({ blocked: true, reason: 'Chargeback fraud' });
    expect((await post(support.cookie, `/api/backoffice/players/${p.id}/block`, { reason: 'again' })).statusCode).toBe(
      409,
    );
    expect((await get(p.cookie, '/api/player/accounts')).statusCode).toBe(401);
    const refused = await signIn(t, p.email, PASSWORD, '10.41.0.1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: ['player_blocked'] });
    const queue = (await get(finance.cookie, '/api/backoffice/cashouts?per_page=200')).json();
    expect(queue.data.find((c: { id: number }) => c.id === waiting.id).facts.blocked).toBe(true);
    // Marketing cannot block; unblocking lets the player back in.
    expect((await post(marketing.cookie, `/api/backoffice/players/${p.id}/unblock`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const lifted = await post(support.cookie, `/api/backoffice/players/${p.id}/unblock`, { reason: 'Cleared by risk' });
    expect(lifted.json()).toMatchObject({ blocked: false });
    expect((await signIn(t, p.email, PASSWORD, '10.41.0.2')).statusCode).toBe(200);
    const audit = (await get(admin, `/api/backoffice/audit_log?target_type=player&target_id=${p.id}`)).json().data;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['player.unblock', 'player.block']);
    expect(audit[1]).toMatchObject({
      before: { blocked: false },
      after: { blocked: true },
      reason: 'Chargeback fraud',
    });
  });

  it("sets a stricter limit or an exclusion at the player's request, never a looser one", async () => {
    const p = await player(10_000);
    const limit = (amount: number) => ({
      limit: { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: amount }] },
      reason: 'Player asked by phone',
    });
    const set = await post(support.cookie, `/api/backoffice/players/${p.id}/limits`, limit(10_000));
    expect(set.statusCode, set.body).toBe(200);
    expect((await post(support.cookie, `/api/backoffice/players/${p.id}/limits`, limit(5_000))).statusCode).toBe(200);
    const before = await auditCount(t);
    const looser = await post(support.cookie, `/api/backoffice/players/${p.id}/limits`, limit(8_000));
    expect(looser.statusCode).toBe(422);
    expect(looser.json().errors).toEqual({ amount_cents: ['would_loosen'] });
    expect((await post(finance.cookie, `/api/backoffice/players/${p.id}/limits`, limit(1_000))).statusCode).toBe(403);
    expect(
      (await post(support.cookie, `/api/backoffice/players/${p.id}/limits`, { ...limit(1_000), reason: '' }))
        .statusCode,
    ).toBe(422);
    expect(await auditCount(t)).toBe(before);
    const mine = (await get(p.cookie, '/api/user_limits')).json() as Array<{
      type: string;
      accounts: Array<{ amount_cents: number }>;
    }>;
    const deposit = mine.find((l) => l.type === 'deposit')!;
    expect(deposit.accounts[0]!.amount_cents).toBe(5_000);
    // A cooling-off at the player's request: their sessions end, they cannot sign in.
    const cooling = await post(support.cookie, `/api/backoffice/players/${p.id}/limits`, {
      limit: { type: 'cooling_off', period: '24_hours' },
      reason: 'Player asked for a break in chat',
    });
    expect(cooling.statusCode, cooling.body).toBe(200);
    expect((await get(p.cookie, '/api/player/accounts')).statusCode).toBe(401);
    expect((await signIn(t, p.email, PASSWORD, '10.42.0.1')).json().errors).toEqual({ email: ['player_excluded'] });
    const audit = (await get(admin, `/api/backoffice/audit_log?action=player.limit.set&target_id=${p.id}`)).json();
    expect(audit.total).toBe(3);
    expect(audit.data[0]).toMatchObject({ after: { type: 'cooling_off' }, reason: 'Player asked for a break in chat' });
  });

  it('puts a player in a group and out of it, never into a level', async () => {
    const p = await player();
    const catalogue = (await get(marketing.cookie, '/api/backoffice/player_groups')).json().data as Array<{
      id: number;
      kind: string;
    }>;
    const group = catalogue.find((g) => g.kind === 'group' && g.id !== 255)!;
    const level = catalogue.find((g) => g.kind === 'level')!;
    const added = await post(marketing.cookie, `/api/backoffice/players/${p.id}/groups`, { add: [group.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.map((g: { id: number }) => g.id)).toContain(group.id);
    const before = await auditCount(t);
    const toLevel = await post(marketing.cookie, `/api/backoffice/players/${p.id}/groups`, { add: [level.id] });
    expect(toLevel.json().errors).toEqual({ add: ['level'] });
    expect(
      (await post(marketing.cookie, `/api/backoffice/players/${p.id}/groups`, { add: [999_999] })).json().errors,
    ).toEqual({
      add: ['unknown'],
    });
    expect((await post(marketing.cookie, `/api/backoffice/players/${p.id}/groups`, {})).statusCode).toBe(422);
    expect((await post(finance.cookie, `/api/backoffice/players/${p.id}/groups`, { add: [group.id] })).statusCode).toBe(
      403,
    );
    expect(await auditCount(t)).toBe(before);
    const removed = await post(marketing.cookie, `/api/backoffice/players/${p.id}/groups`, { remove: [group.id] });
    expect(removed.json().data.map((g: { id: number }) => g.id)).not.toContain(group.id);
    const audit = (await get(admin, `/api/backoffice/audit_log?action=player.groups&target_id=${p.id}`)).json().data;
    expect(audit[1].after.groups).toContain(group.id);
    expect(audit[0].after.groups).not.toContain(group.id);
  });

  it("cancels a player's free spins with a reason, and never another player's", async () => {
    const p = await player();
    const other = await player();
    const granted = await call(t, 'POST', `/api/operator/players/${p.id}/freespins`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { template_key: 'stellar-spins', currency: 'EUR', idempotency_key: `desk-spins-${p.id}` },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const spins = granted.json().id as number;
    const before = await auditCount(t);
    const foreign = await post(marketing.cookie, `/api/backoffice/players/${other.id}/freespins/${spins}/cancel`, {
      reason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await post(marketing.cookie, `/api/backoffice/players/${p.id}/freespins/${spins}/cancel`, {})).statusCode,
    ).toBe(422);
    expect(
      (await post(support.cookie, `/api/backoffice/players/${p.id}/freespins/${spins}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(await auditCount(t)).toBe(before);
    const canceled = await post(marketing.cookie, `/api/backoffice/players/${p.id}/freespins/${spins}/cancel`, {
      reason: 'Granted to the wrong player',
    });
    expect(canceled.json()).toEqual({ id: spins, stage: 'canceled' });
    const mine = (await get(p.cookie, '/api/player/freespins')).json() as Array<{ id: number; stage: string }>;
    expect(mine.find((f) => f.id === spins)?.stage).toBe('canceled');
    expect(
      (
        await post(marketing.cookie, `/api/backoffice/players/${p.id}/freespins/${spins}/cancel`, { reason: 'again' })
      ).json().errors,
    ).toEqual({
      base: ['not_cancelable'],
    });
    const audit = (
      await get(admin, `/api/backoffice/audit_log?action=player.freespins.cancel&target_id=${p.id}`)
    ).json().data;
    expect(audit[0]).toMatchObject({
      before: { freespin_id: spins, stage: 'issued' },
      reason: 'Granted to the wrong player',
    });
  });

  it('answers 404 for no such player and 422 for an id past 2^31, writing nothing', async () => {
    const before = await auditCount(t);
    expect((await post(support.cookie, '/api/backoffice/players/2147483000/notes', { body: 'x' })).statusCode).toBe(
      404,
    );
    const big = await post(support.cookie, '/api/backoffice/players/9999999999999999999/block', { reason: 'x' });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.id).toContain('too_big');
    expect((await post(support.cookie, '/api/backoffice/players/abc/block', { reason: 'x' })).statusCode).toBe(422);
    expect(await auditCount(t)).toBe(before);
  });
});

describe('the cashout queue', () => {
  it('lists waiting cashouts with their facts; finance approves, the player sees it', async () => {
    const p = await player(80_000);
    const c = await cashout(p, 30_000);
    // Another player saved a card of the same brand and last four digits; a third another card.
    const twin = await player();
    const stranger = await player();
    const card = (userId: number, last4: string) => ({
      userId,
      provider: 'sandbox',
      token: `tok_${userId}`,
      brand: 'visa',
      last4,
      createdAt: clock.now(),
    });
    await t.database.db
      .insert(savedCards)
      .values([card(p.id, '4242'), card(twin.id, '4242'), card(stranger.id, '1881')]);
    const queue = await get(finance.cookie, '/api/backoffice/cashouts?per_page=200');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue.json().data.find((r: { id: number }) => r.id === c.id);
    expect(row.facts).toMatchObject({
      player: { id: p.id, email: p.email, account_age_days: 0 },
      bonuses_wagering: 0,
      verification: 'none',
      blocked: false,
    });
    // (Every test player registers from the same device: those show as `device`.)
    const byCard = (row.facts.shared_with as Array<{ player_id: number; via: string }>).filter((s) => s.via === 'card');
    expect(byCard).toEqual([{ player_id: twin.id, email: twin.email, via: 'card' }]);
    // Support may not see the queue nor decide; a decision needs a reason.
    expect((await get(support.cookie, '/api/backoffice/cashouts')).statusCode).toBe(403);
    expect(
      (await post(support.cookie, `/api/backoffice/cashouts/${c.id}/decision`, { decision: 'approve', reason: 'ok' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(finance.cookie, `/api/backoffice/cashouts/${c.id}/decision`, { decision: 'approve' })).statusCode,
    ).toBe(422);
    const approved = await post(finance.cookie, `/api/backoffice/cashouts/${c.id}/decision`, {
      decision: 'approve',
      reason: 'Deposits match',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: c.id, state: 'processing' });
    const mine = await get(p.cookie, '/api/player/payments');
    expect(mine.json().find((x: { id: number }) => x.id === c.id)).toMatchObject({ state: 'processing' });
    const audit = (await get(admin, `/api/backoffice/audit_log?action=cashout.approve&target_id=${c.id}`)).json().data;
    expect(audit[0]).toMatchObject({
      actor: finance.email,
      before: { state: 'pending' },
      after: { state: 'processing' },
      reason: 'Deposits match',
    });
  });

  it('decides once when two operators decide at the same time; a rejection gives the money back', async () => {
    const p = await player(80_000);
    const c = await cashout(p, 40_000);
    const answers = await Promise.all([
      post(finance.cookie, `/api/backoffice/cashouts/${c.id}/decision`, { decision: 'reject', reason: 'Docs missing' }),
      post(finance2.cookie, `/api/backoffice/cashouts/${c.id}/decision`, {
        decision: 'reject',
        reason: 'Docs missing',
      }),
      post(admin, `/api/backoffice/cashouts/${c.id}/decision`, { decision: 'approve', reason: 'Fine' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json() as { state: string };
    const b = await balancesOf(t.database.db, p.id, 'EUR');
    expect(b.reserved).toBe(won.state === 'rejected' ? 0 : 40_000);
    expect(b.real).toBe(won.state === 'rejected' ? 80_000 : 40_000);
    const entries = (await get(admin, `/api/backoffice/audit_log?target_type=payment&target_id=${c.id}`)).json();
    expect(entries.total).toBe(1);
  });
});

describe('manual adjustments', () => {
  const adjust = (cookie: string, body: Record<string, unknown>) => post(cookie, '/api/backoffice/adjustments', body);

  it('applies a small credit at once and keeps a large one waiting for a second operator', async () => {
    const p = await player();
    const small = await adjust(finance.cookie, {
      user_id: p.id,
      currency: 'EUR',
      direction: 'credit',
      amount_cents: 2_500,
      category: 'goodwill',
      reason: 'Delayed payout',
    });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json()).toMatchObject({ state: 'applied', four_eyes: false });
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(2_500);

    const large = await adjust(finance.cookie, {
      user_id: p.id,
      currency: 'EUR',
      direction: 'credit',
      amount_cents: 100_000,
      category: 'goodwill',
      reason: 'VIP goodwill',
    });
    expect(large.json()).toMatchObject({ state: 'pending', four_eyes: true, eur_cents: 100_000, transfer_id: null });
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(2_500);
    const id = large.json().id as number;
    const own = await post(finance.cookie, `/api/backoffice/adjustments/${id}/decision`, {
      decision: 'approve',
      reason: 'me',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors).toEqual({ base: ['own_adjustment'] });
    // Two approvals at once: the money moves once.
    const answers = await Promise.all([
      post(finance2.cookie, `/api/backoffice/adjustments/${id}/decision`, { decision: 'approve', reason: 'Checked' }),
      post(admin, `/api/backoffice/adjustments/${id}/decision`, { decision: 'approve', reason: 'Checked' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(102_500);
    const applied = (await get(finance.cookie, `/api/backoffice/adjustments/${id}`)).json();
    expect(applied).toMatchObject({ state: 'applied', created_by: finance.id });
    expect(applied.transfer_id).toEqual(expect.any(Number));
    const audit = (await get(admin, `/api/backoffice/audit_log?action=adjustment.approve&target_id=${p.id}`)).json()
      .data;
    expect(audit[0]).toMatchObject({ before: { state: 'pending' }, after: { state: 'applied' }, reason: 'Checked' });
  });

  it('counts one operator’s adjustments of a player over a day: a split amount still waits, 20 at once too', async () => {
    const p = await player();
    const credit = (cookie: string, cents: number) =>
      adjust(cookie, {
        user_id: p.id,
        currency: 'EUR',
        direction: 'credit',
        amount_cents: cents,
        category: 'goodwill',
        reason: 'split',
      });
    expect((await credit(finance.cookie, 30_000)).json()).toMatchObject({ state: 'applied', four_eyes: false });
    expect((await credit(finance.cookie, 30_000)).json()).toMatchObject({ state: 'pending', four_eyes: true });
    // Another operator's count is their own.
    expect((await credit(finance2.cookie, 30_000)).json()).toMatchObject({ state: 'applied' });
    const q = await player();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust(finance.cookie, {
          user_id: q.id,
          currency: 'EUR',
          direction: 'credit',
          amount_cents: 10_000,
          category: 'goodwill',
          reason: 'x',
        }),
      ),
    );
    const states = answers.map((a) => (a.json() as { state: string }).state);
    expect(states.filter((x) => x === 'applied')).toHaveLength(5);
    expect(states.filter((x) => x === 'pending')).toHaveLength(15);
    expect((await balancesOf(t.database.db, q.id, 'EUR')).real).toBe(50_000);
  });

  it('never debits past the balance, and refuses bad input, other roles and players, writing nothing', async () => {
    const p = await player(1_000);
    const before = await auditCount(t);
    const over = await adjust(finance.cookie, {
      user_id: p.id,
      currency: 'EUR',
      direction: 'debit',
      amount_cents: 1_001,
      category: 'correction',
      reason: 'Double credit',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: ['insufficient_funds'] });
    for (const bad of [
      { amount_cents: 0 },
      { amount_cents: 2 ** 53 },
      { amount_cents: 1.5 },
      { category: 'gift' },
      { reason: '' },
      { currency: 'eur' },
      { user_id: 2 ** 31 },
    ]) {
      const res = await adjust(finance.cookie, {
        user_id: p.id,
        currency: 'EUR',
        direction: 'credit',
        amount_cents: 100,
        category: 'goodwill',
        reason: 'x',
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const noAccount = await adjust(finance.cookie, {
      user_id: p.id,
      currency: 'USD',
      direction: 'credit',
      amount_cents: 100,
      category: 'goodwill',
      reason: 'x',
    });
    expect(noAccount.json().errors).toEqual({ currency: ['no_account'] });
    const body = {
      user_id: p.id,
      currency: 'EUR',
      direction: 'credit',
      amount_cents: 100,
      category: 'goodwill',
      reason: 'x',
    };
    expect((await adjust(support.cookie, body)).statusCode).toBe(403);
    expect((await adjust(marketing.cookie, body)).statusCode).toBe(403);
    expect((await adjust(p.cookie, body)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/backoffice/adjustments', { payload: body })).statusCode).toBe(401);
    expect(await auditCount(t)).toBe(before);
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(1_000);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from balance_adjustments where user_id = ${p.id}`,
    );
    expect(Number((rows.rows[0] as { n: number }).n)).toBe(0);
  });

  it('a waiting debit the balance no longer covers stays waiting; a rejection moves nothing', async () => {
    const p = await player(200_000);
    const debit = await adjust(finance.cookie, {
      user_id: p.id,
      currency: 'EUR',
      direction: 'debit',
      amount_cents: 150_000,
      category: 'chargeback',
      reason: 'Chargeback 1234',
    });
    expect(debit.json()).toMatchObject({ state: 'pending' });
    await cashout(p, 100_000);
    const id = debit.json().id as number;
    const uncovered = await post(finance2.cookie, `/api/backoffice/adjustments/${id}/decision`, {
      decision: 'approve',
      reason: 'ok',
    });
    expect(uncovered.statusCode).toBe(422);
    expect((await get(finance.cookie, `/api/backoffice/adjustments/${id}`)).json().state).toBe('pending');
    const rejected = await post(finance2.cookie, `/api/backoffice/adjustments/${id}/decision`, {
      decision: 'reject',
      reason: 'Wrong player',
    });
    expect(rejected.json()).toMatchObject({ state: 'rejected', transfer_id: null, decision_reason: 'Wrong player' });
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(100_000);
    const list = (await get(finance.cookie, `/api/backoffice/adjustments?user_id=${p.id}&state=rejected`)).json();
    expect(list.total).toBe(1);
  });
});

describe('the audit log beyond the operators', () => {
  it("writes the machines' token API into the log as actor `token`, but not its reads nor its refusals", async () => {
    const p = await player(80_000);
    const c = await cashout(p, 30_000);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const before = await auditCount(t);
    expect((await call(t, 'GET', '/api/operator/cashouts', { headers: bearer(TOKEN) })).statusCode).toBe(200);
    const wrong = await call(t, 'POST', `/api/operator/payments/${c.id}/review`, {
      headers: bearer('not-the-token-not-the-token-not-the-token'),
      payload: { decision: 'reject', reason: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await auditCount(t)).toBe(before);
    const review = await call(t, 'POST', `/api/operator/payments/${c.id}/review`, {
      headers: bearer(TOKEN),
      payload: { decision: 'reject', reason: 'Script: duplicate request' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const [entry] = (
      await get(admin, `/api/backoffice/audit_log?target_id=${c.id}&target_type=/api/operator/payments/:id/review`)
    ).json().data as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({
      actor: 'token',
      operator_id: null,
      action: 'token:POST /api/operator/payments/:id/review',
      reason: 'Script: duplicate request',
      after: { request: { decision: 'reject' }, response: { id: c.id, state: 'rejected' } },
    });
  });

  it('exports the filtered log as CSV, oldest first, to audit readers only', async () => {
    const p = await player();
    for (const body of ['First, with a "quote"', 'Second, on two\nlines'])
      await post(support.cookie, `/api/backoffice/players/${p.id}/notes`, { body });
    const csv = await get(admin, `/api/backoffice/audit_log.csv?action=player.note&target_id=${p.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-2026-\d\d-\d\d\.csv"$/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('seq,at,actor,role,ip,action,target_type,target_id,before,after,reason,hash');
    expect(csv.body).toContain('"{""body"":""First, with a \\""quote\\""""}"');
    expect(csv.body.indexOf('First')).toBeLessThan(csv.body.indexOf('Second'));
    expect((await get(finance.cookie, '/api/backoffice/audit_log.csv')).statusCode).toBe(403);
    expect((await get(undefined, '/api/backoffice/audit_log.csv')).statusCode).toBe(401);
  });
});

describe('lists sorted on the server', () => {
  it('sorts players and operators by the column asked, and refuses a column it does not sort by', async () => {
    const a = await player();
    const b = await player();
    const q = `q=desk&per_page=200`;
    const ids = async (url: string) =>
      ((await get(admin, url)).json().data as Array<{ id: number; email: string }>).map((r) => r.id);
    const newest = await ids(`/api/backoffice/players?${q}`);
    expect(newest.indexOf(b.id)).toBeLessThan(newest.indexOf(a.id));
    const oldest = await ids(`/api/backoffice/players?${q}&sort=created_at&order=ASC`);
    expect(oldest.indexOf(a.id)).toBeLessThan(oldest.indexOf(b.id));
    const byEmail = (await get(admin, `/api/backoffice/players?${q}&sort=email&order=ASC`)).json().data as Array<{
      email: string;
    }>;
    expect(byEmail.map((r) => r.email)).toEqual(byEmail.map((r) => r.email).sort());
    const bad = await get(admin, '/api/backoffice/players?sort=password_hash');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: ['invalid'] });
    const roles = (await get(admin, '/api/backoffice/operators?sort=role&order=DESC&per_page=200')).json()
      .data as Array<{
      role: string;
    }>;
    expect(roles.map((r) => r.role)).toEqual(
      roles
        .map((r) => r.role)
        .sort()
        .reverse(),
    );
  });
});

describe('operators changed by the admin', () => {
  it('changes a role at the next call, switches an account off with its sessions, never one’s own', async () => {
    const sue = await newOperator(t, clock, admin, 'support');
    const patch = (cookie: string, id: number, payload: unknown) =>
      call(t, 'PATCH', `/api/backoffice/operators/${id}`, { cookie, payload });
    const changed = await patch(admin, sue.id, { role: 'finance', email: 'ignored@orbit.example' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'finance', email: sue.email, active: true });
    expect((await get(sue.cookie, '/api/backoffice/cashouts')).statusCode).toBe(200);
    const before = await auditCount(t);
    expect((await patch(sue.cookie, finance.id, { active: false })).statusCode).toBe(403);
    const adminId = (await get(admin, '/api/backoffice/me')).json().operator.id as number;
    expect((await patch(admin, adminId, { role: 'support' })).json().errors).toEqual({ base: ['own_account'] });
    expect((await patch(admin, sue.id, {})).statusCode).toBe(422);
    expect((await patch(admin, 2_147_483_000, { active: false })).statusCode).toBe(404);
    expect(await auditCount(t)).toBe(before);
    const off = await patch(admin, sue.id, { active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect((await get(sue.cookie, '/api/backoffice/me')).statusCode).toBe(401);
    clock.advance(31_000);
    const again = await call(t, 'POST', '/api/backoffice/sign_in', {
      payload: { email: sue.email, password: sue.password, otp: codeForStep(sue.secret, stepAt(clock.now())) },
    });
    expect(again.json().errors).toEqual({ base: ['operator_inactive'] });
    const audit = (await get(admin, `/api/backoffice/audit_log?action=operator.update&target_id=${sue.id}`)).json()
      .data;
    expect(audit[0]).toMatchObject({
      before: { role: 'finance', active: true },
      after: { role: 'finance', active: false },
    });
    expect(audit[1]).toMatchObject({ before: { role: 'support' }, after: { role: 'finance' } });
  });
});
