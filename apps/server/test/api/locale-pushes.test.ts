/**
 * Live pushes and config documents in the player's language (docs/localisation.md "Live pushes",
 * "Config documents"): a push has no request, so `bonuses_changes`, `freespins_changes` and
 * `lootboxes_changes` name what they carry in the player's saved locale (chosen at sign-up,
 * changed by PATCH /api/player/update_locale); the wheel's boxes and segments and the adventure
 * calendar answer their routes in the request's locale, English without one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lootboxesResponseSchema,
  lootboxSchema,
  playerAdventureResponseSchema,
  playerBonusSchema,
  playerFreespinSchema,
  wheelSegmentSetsSchema,
  type Lootbox,
  type PlayerBonus,
  type PlayerFreespin,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register, XHR } from '../support/identity';
import { walletClient, type Player } from '../support/provider-wallet';

// A Monday: the demo adventure's weekly run starts today.
const clock = new FakeClock('2026-06-15T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
const bus = new MemoryPubSub();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, pubsub: bus });
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());

async function newPlayer(locale?: string): Promise<Player> {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `pushes${seq}@example.com`, ...(locale ? { locale } : {}) },
    `10.83.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}
const operator = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OPERATOR}`, ...XHR }, payload });

/** Every private message to the player while `act` runs (and the outbox is drained after it). */
async function pushesDuring(p: Player, act: () => Promise<void>): Promise<RealtimeMessage[]> {
  const seen: RealtimeMessage[] = [];
  const stop = await bus.subscribe(playerTopic(p.id), (m) => seen.push(m));
  try {
    await act();
    await t.app.orbitOutbox.drain();
    await t.app.orbitOutbox.drain();
  } finally {
    await stop();
  }
  return seen;
}
const bonusPushes = (seen: RealtimeMessage[]): PlayerBonus[] =>
  seen.filter((m) => m.event === 'bonuses_changes').map((m) => playerBonusSchema.parse(m.data));
const spinPushes = (seen: RealtimeMessage[]): PlayerFreespin[] =>
  seen.filter((m) => m.event === 'freespins_changes').map((m) => playerFreespinSchema.parse(m.data));
const boxPushes = (seen: RealtimeMessage[]): Lootbox[] =>
  seen.filter((m) => m.event === 'lootboxes_changes').map((m) => lootboxSchema.parse(m.data));

async function grantGift(p: Player): Promise<void> {
  const res = await operator(`/api/operator/players/${p.id}/bonuses`, {
    template_key: 'welcome-gift',
    currency: 'EUR',
    idempotency_key: `pushes-gift-${++seq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function grantSpins(p: Player): Promise<void> {
  const res = await operator(`/api/operator/players/${p.id}/freespins`, {
    template_key: 'stellar-spins',
    currency: 'EUR',
    idempotency_key: `pushes-spins-${++seq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function issueBox(p: Player): Promise<Lootbox> {
  const res = await operator(`/api/operator/players/${p.id}/lootboxes`, {
    tier: 'rocket_lite',
    currency: 'EUR',
    idempotency_key: `pushes-box-${++seq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return lootboxSchema.parse(res.json());
}
const itemTitles = (box: Lootbox) => box.items.map((i) => i.bonuses[0]!.title);
/** Pushes came, each with this title (a change may push a player's other gifts too: the queue moved). */
const allTitled = (pushed: Array<{ title: string }>, title: string) => {
  expect(pushed.length).toBeGreaterThan(0);
  expect(pushed.map((p) => p.title)).toEqual(pushed.map(() => title));
};

describe("pushes in the player's saved locale", () => {
  it('a player who chose German gets bonuses, free spins and wheel boxes pushed with German titles', async () => {
    const p = await newPlayer();
    const chosen = await call(t, 'PATCH', '/api/player/update_locale', { cookie: p.cookie, payload: { locale: 'de' } });
    expect(chosen.statusCode, chosen.body).toBe(200);

    let answered: Lootbox | undefined;
    const seen = await pushesDuring(p, async () => {
      await grantGift(p);
      await grantSpins(p);
      answered = await issueBox(p);
    });
    allTitled(bonusPushes(seen), 'Willkommensgeschenk');
    allTitled(spinPushes(seen), '10 Freispiele für Stellar Sevens');
    const [box] = boxPushes(seen);
    expect(box?.title).toBe('Raketenrad LITE');
    expect(itemTitles(box!)).toContain('10 Freispiele');
    expect(itemTitles(box!)).toContain('1 Bonus');
    // The operator who issued it reads the box as issued, in English.
    expect(answered?.title).toBe('Rocket wheel LITE');
    expect(itemTitles(answered!)).toContain('10 free spins');
  });

  it('a player who signed up in Italian reads Italian; the push follows a later change to French (fr-CA)', async () => {
    const p = await newPlayer('it');
    const italian = await pushesDuring(p, () => grantGift(p));
    allTitled(bonusPushes(italian), 'Regalo di benvenuto');

    await call(t, 'PATCH', '/api/player/update_locale', { cookie: p.cookie, payload: { locale: 'fr-CA' } });
    const french = await pushesDuring(p, async () => void (await issueBox(p)));
    expect(boxPushes(french).map((b) => b.title)).toEqual(['Roue fusée LITE']);
    expect(itemTitles(boxPushes(french)[0]!)).toContain('10 tours gratuits');
  });

  it('an English player, and an English variant, read English', async () => {
    for (const locale of [undefined, 'en-AU']) {
      const p = await newPlayer(locale);
      const seen = await pushesDuring(p, async () => {
        await grantGift(p);
        await grantSpins(p);
        await issueBox(p);
      });
      allTitled(bonusPushes(seen), 'Welcome gift');
      allTitled(spinPushes(seen), '10 free spins on Stellar Sevens');
      expect(boxPushes(seen).map((b) => b.title)).toEqual(['Rocket wheel LITE']);
    }
  });

  it('the wagering progress of a bet is pushed in German too', async () => {
    const p = await newPlayer('de');
    await grantGift(p);
    const [gift] = (await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json() as PlayerBonus[];
    const activated = await call(t, 'POST', `/api/player/bonuses/${gift!.id}/activation`, { cookie: p.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    await t.app.orbitOutbox.drain();
    const seen = await pushesDuring(p, async () => {
      const token = await client.session(p, 'orbit/stellar-sevens');
      const placed = await client.wallet('bet', {
        session_token: token,
        game: 'stellar-sevens',
        round_id: client.uid('round'),
        transaction_id: client.uid('bet'),
        amount_cents: 100,
        currency: 'EUR',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    });
    allTitled(
      bonusPushes(seen).filter((b) => b.amount_wager_cents > 0),
      'Willkommensgeschenk',
    );
  });

  it('opening a box answers in the page locale and pushes in the saved one', async () => {
    const p = await newPlayer('de');
    const box = await issueBox(p);
    let answer: Lootbox | undefined;
    const seen = await pushesDuring(p, async () => {
      const res = await call(t, 'POST', `/api/player/lootboxes/${box.id}/activation`, {
        cookie: p.cookie,
        headers: { locale: 'no' },
      });
      expect(res.statusCode, res.body).toBe(200);
      answer = lootboxSchema.parse(res.json());
    });
    expect(answer?.title).toBe('Raketthjul LITE');
    expect(boxPushes(seen).find((b) => b.stage === 'activated')?.title).toBe('Raketenrad LITE');
  });
});

describe('the wheel and the adventure in the page locale', () => {
  it("the player's boxes answer German names with locale de and English without", async () => {
    const p = await newPlayer();
    await issueBox(p);
    const boxes = async (headers: Record<string, string>) =>
      lootboxesResponseSchema.parse(
        (await call(t, 'GET', '/api/player/lootboxes', { cookie: p.cookie, headers })).json(),
      )[0]!;
    const german = await boxes({ locale: 'de' });
    expect(german.title).toBe('Raketenrad LITE');
    expect(itemTitles(german)).toEqual(expect.arrayContaining(['10 Freispiele', '1 Bonus', '100 Bonus']));
    const english = await boxes({});
    expect(english.title).toBe('Rocket wheel LITE');
    expect(itemTitles(english)).toEqual(expect.arrayContaining(['10 free spins', '1 bonus', '100 bonus']));
    expect(itemTitles(await boxes({ locale: 'et' }))).toContain('10 tasuta keerutust');
  });

  it('the wheel config answers its segments in the page locale, keeping their translations', async () => {
    const segments = async (headers: Record<string, string>) =>
      wheelSegmentSetsSchema
        .parse((await call(t, 'GET', '/api/fe/config/wheel-config-segments', { headers })).json())
        .segments_by_group.default!.map((s) => s.title);
    expect(await segments({ locale: 'de' })).toContain('10 Freispiele');
    expect(await segments({ locale: 'it' })).toContain('Bonus di 5');
    expect(await segments({})).toContain('10 free spins');
    const raw = (await call(t, 'GET', '/api/fe/config/wheel-config-segments', { headers: { locale: 'de' } })).json();
    expect(raw.segments_by_group.default[1].translations.no).toEqual({ title: '10 gratisspinn' });
  });

  it("the adventure's name and prizes answer German with locale de and English without", async () => {
    const p = await newPlayer();
    const adventure = async (headers: Record<string, string>) =>
      playerAdventureResponseSchema.parse(
        (await call(t, 'GET', '/api/player/adventure', { cookie: p.cookie, headers })).json(),
      ).adventure!;
    const german = await adventure({ locale: 'de' });
    expect(german.name).toBe('Orbit-Woche');
    expect(german.days[0]!.prize.title).toBe('5 Bonus');
    expect(german.days[0]!.prize.prize_title).toBe('Orbit-Woche__1/6__15/06/2026');
    expect(german.days.at(-1)!.prize.title).toBe('50 Superpreis');
    const english = await adventure({});
    expect(english.name).toBe('Orbit week');
    expect(english.days[0]!.prize.title).toBe('5 bonus');
    expect(english.days.at(-1)!.prize.title).toBe('50 super prize');
    expect((await adventure({ locale: 'fr-CA' })).name).toBe('Semaine Orbit');

    const config = (await call(t, 'GET', '/api/fe/config/vip-adventures', { headers: { locale: 'de' } })).json();
    expect(config.adventures[0].name).toBe('Orbit-Woche');
  });
});
