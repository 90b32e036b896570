import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerSchema,
  playerStatsSchema,
  playerStatusesResponseSchema,
  subscriptionsSchema,
  type Player,
} from '@orbit/contracts';
import { DEMO_PLAYER, seedIdentity } from '../../src/modules/identity/seed';
import { emailTokens, sessions, userGroups, users } from '../../src/modules/identity/schema';
import { accounts } from '../../src/modules/wallet/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, lastMailTo, register, sessionCookieOf, signIn } from '../support/identity';

const clock = new FakeClock('2026-03-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

let seq = 0;
/** A fresh player (own address and IP, so rate limits of other tests do not meet it). */
async function newPlayer(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const email = `p${seq}@example.com`;
  const { cookie, player } = await register(t, { email, ...overrides }, `10.9.${seq}.1`);
  return { cookie, email, id: player.id };
}

const me = async (cookie: string): Promise<Player> => {
  const res = await call(t, 'GET', '/api/player', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return playerSchema.parse(res.json());
};
const patch = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t, 'PATCH', '/api/player', { cookie, payload, headers });

describe('PATCH /api/player (edition)', () => {
  it('changes profile details; the birthday goes in as DD/MM/YYYY and comes back ISO', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, {
      user: {
        nickname: ' Ace Two ',
        first_name: 'Zoë',
        last_name: "O'Neil",
        date_of_birth: '31/01/1990',
        gender: 'female',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        postal_code: '10117',
        mobile_phone: '+49 30 1234567',
        personal_id_number: 'AB123456789',
        time_zone: 'europe/berlin',
        receive_sms_promos: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      nickname: 'Ace Two',
      first_name: 'Zoë',
      last_name: "O'Neil",
      date_of_birth: '1990-01-31',
      gender: 'female',
      country: 'DE',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postal_code: '10117',
      mobile_phone: '+49 30 1234567',
      personal_id_number: 'AB123456789',
      time_zone: 'Europe/Berlin',
      receive_sms_promos: true,
    };
    expect(playerSchema.parse(res.json())).toMatchObject(expected);
    expect(await me(cookie)).toMatchObject(expected);
  });

  it('clears an optional field with null or an empty string', async () => {
    const { cookie } = await newPlayer();
    expect((await patch(cookie, { user: { city: 'Hamburg', address: 'Elbchaussee 2' } })).statusCode).toBe(200);
    const res = await patch(cookie, { context: 'edition', user: { city: null, address: '  ', nickname: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(cookie)).toMatchObject({ city: null, address: null, nickname: null });
  });

  it('refuses bad values with their codes and changes nothing, not even the good fields', async () => {
    const { cookie } = await newPlayer();
    const before = await me(cookie);
    const res = await patch(cookie, {
      user: {
        city: 'Munich',
        nickname: 'ab',
        first_name: '-',
        date_of_birth: '1990-01-31',
        gender: 'robot',
        postal_code: '1234',
        mobile_phone: '+1 (555)',
        personal_id_number: '1234567890',
        time_zone: 'Mars/Olympus_Mons',
        receive_promos: 'yes',
        country: 'XX',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        nickname: ['too_short'],
        first_name: ['invalid_name'],
        date_of_birth: ['invalid_date'],
        gender: ['invalid_gender'],
        postal_code: ['invalid_postal_code'],
        mobile_phone: ['invalid_phone'],
        personal_id_number: ['invalid_personal_id'],
        time_zone: ['invalid_time_zone'],
        receive_promos: ['invalid'],
        country: ['invalid_country'],
      },
    });
    expect(await me(cookie)).toEqual(before);
  });

  it('answers not_allowed for a field outside the context (or unknown) and changes nothing', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, {
      user: { city: 'Bonn', email: 'other@example.com', currency: 'USD', favourite_colour: 'red' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: { email: ['not_allowed'], currency: ['not_allowed'], favourite_colour: ['not_allowed'] },
    });
    const deposit = await patch(cookie, { context: 'deposit', user: { nickname: 'New Nick', city: 'Bonn' } });
    expect(deposit.json().errors.nickname).toEqual(['not_allowed']);
    expect((await me(cookie)).city).toBeNull();
  });

  it('refuses an unknown context', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, { context: 'registration', user: { city: 'Bonn' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { context: ['not_allowed'] } });
  });

  it('answers a guest 401', async () => {
    const res = await call(t, 'PATCH', '/api/player', { payload: { user: { city: 'Bonn' } } });
    expect(res.statusCode).toBe(401);
  });

  it('judges the postal code by the country the player will have', async () => {
    const { cookie } = await newPlayer();
    // 2000 is no German postal code, but it is an Australian one.
    expect((await patch(cookie, { user: { postal_code: '2000' } })).json()).toEqual({
      errors: { postal_code: ['invalid_postal_code'] },
    });
    const res = await patch(cookie, { user: { postal_code: '2000', country: 'au' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse(res.json())).toMatchObject({ country: 'AU', postal_code: '2000' });
  });
});

describe('PATCH /api/player: birthday and minimum age by licence', () => {
  // 19 years old on 2026-03-01.
  const nineteen = '15/02/2007';

  it('takes a 19-year-old under the CW licence', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, { user: { date_of_birth: nineteen } });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse(res.json()).date_of_birth).toBe('2007-02-15');
  });

  it('refuses the same birthday under the Estonian licence (21) and a 17-year-old anywhere', async () => {
    const { cookie } = await newPlayer();
    const ee = await patch(cookie, { user: { date_of_birth: nineteen } }, { host: 'ee.orbit.example' });
    expect(ee.statusCode).toBe(422);
    expect(ee.json()).toEqual({ errors: { date_of_birth: ['too_young'] } });
    const young = await patch(cookie, { user: { date_of_birth: '02/03/2008' } });
    expect(young.json()).toEqual({ errors: { date_of_birth: ['too_young'] } });
    expect((await patch(cookie, { user: { date_of_birth: '31/02/1990' } })).json()).toEqual({
      errors: { date_of_birth: ['invalid_date'] },
    });
    expect((await me(cookie)).date_of_birth).toBeNull();
  });
});

describe('PATCH /api/player (deposit and cashout contexts)', () => {
  const depositDetails = {
    first_name: 'Ann',
    last_name: 'Lee',
    date_of_birth: '01/05/1985',
    city: 'Sydney',
    address: '1 George St',
    postal_code: '2000',
    mobile_phone: '+61 2 9999 0000',
    country: 'AU',
  };

  it('requires every deposit field to be filled after the update, and saves none when one is missing', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, {
      context: 'deposit',
      user: { first_name: 'Ann', last_name: 'Lee', city: 'Sydney' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        date_of_birth: ['required'],
        address: ['required'],
        postal_code: ['required'],
        mobile_phone: ['required'],
      },
    });
    expect((await me(cookie)).first_name).toBeNull();

    const ok = await patch(cookie, { context: 'deposit', user: depositDetails });
    expect(ok.statusCode, ok.body).toBe(200);
    // The deposit form has no state field: it is not filled in behind the player's back.
    expect(playerSchema.parse(ok.json())).toMatchObject({ first_name: 'Ann', postal_code: '2000', state: null });

    // Fields saved earlier count: a later deposit form may send only what changed; clearing one is refused.
    expect((await patch(cookie, { context: 'deposit', user: { city: 'Newcastle' } })).statusCode).toBe(200);
    expect((await patch(cookie, { context: 'deposit', user: { city: null } })).json()).toEqual({
      errors: { city: ['required'] },
    });
  });

  it('fills an empty Australian state from the postcode where the form shows the state', async () => {
    const { cookie } = await newPlayer();
    const res = await patch(cookie, {
      context: 'cashout',
      user: { ...depositDetails, postal_code: '2600', gender: 'male', personal_id_number: '12345678901' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 2600 is the Australian Capital Territory (2600–2618), not New South Wales.
    expect(playerSchema.parse(res.json())).toMatchObject({
      state: 'ACT',
      postal_code: '2600',
      personal_id_number: '12345678901',
    });
  });

  it('fills a Canadian province from the first letter, but never overwrites a state the player typed', async () => {
    const { cookie } = await newPlayer({ country: 'CA', currency: 'CAD' });
    const res = await patch(cookie, { user: { postal_code: 'k1a 0b1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse(res.json())).toMatchObject({ postal_code: 'K1A 0B1', state: 'ON' });

    const typed = await patch(cookie, { user: { state: 'Somewhere', postal_code: 'H2X 1Y4' } });
    expect(playerSchema.parse(typed.json())).toMatchObject({ postal_code: 'H2X 1Y4', state: 'Somewhere' });
  });

  it('requires the cashout fields, state and personal id included', async () => {
    const { cookie } = await newPlayer({ country: 'DE' });
    const res = await patch(cookie, {
      context: 'cashout',
      user: { ...depositDetails, country: 'DE', postal_code: '10117' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: { gender: ['required'], state: ['required'], personal_id_number: ['required'] },
    });
  });
});

describe('terms acceptance', () => {
  const termsClock = new FakeClock('2026-03-01T10:00:00Z');
  let tt: TestApp;
  beforeAll(async () => {
    // The terms change five minutes after the player accepted them at registration.
    tt = await createTestApp({ TERMS_UPDATED_AT: '2026-03-01T10:05:00Z' }, { clock: termsClock });
  });
  afterAll(() => tt.close());

  it('asks again when the terms changed after the acceptance, and clears it after context terms_acceptance', async () => {
    const { cookie } = await register(tt, { email: 'terms@example.com' });
    const get = async () => playerSchema.parse((await call(tt, 'GET', '/api/player', { cookie })).json());
    // Accepted at registration (10:00), before the terms' last change (10:05): asked again.
    expect((await get()).auth_fields_missed).toEqual(['terms_acceptance']);

    const refused = await call(tt, 'PATCH', '/api/player', {
      cookie,
      payload: { context: 'terms_acceptance', user: { terms_acceptance: false, city: 'Bonn' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { city: ['not_allowed'], terms_acceptance: ['must_be_accepted'] } });
    expect((await get()).auth_fields_missed).toEqual(['terms_acceptance']);

    termsClock.set('2026-03-01T10:10:00Z');
    const res = await call(tt, 'PATCH', '/api/player', {
      cookie,
      payload: { context: 'terms_acceptance', user: { terms_acceptance: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerSchema.parse(res.json()).auth_fields_missed).toEqual([]);
    expect((await get()).auth_fields_missed).toEqual([]);
    const [row] = await tt.database.db
      .select({ at: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.email, 'terms@example.com'));
    expect(row!.at!.toISOString()).toBe('2026-03-01T10:10:00.000Z');
  });

  it('does not ask a player who accepted after the change (the main app has no TERMS_UPDATED_AT)', async () => {
    const { cookie } = await newPlayer();
    expect((await me(cookie)).auth_fields_missed).toEqual([]);
  });
});

describe('PUT /api/player/password', () => {
  const NEW_PASSWORD = 'Brand-New-Secret-7';
  const change = (cookie: string, user: Record<string, unknown>, ip = '10.8.0.1') =>
    call(t, 'PUT', '/api/player/password', { cookie, payload: { user }, ip });

  it('changes the password, ends every other session, keeps this one, and mails a notice', async () => {
    const { cookie: here, email } = await newPlayer();
    const other = await signIn(t, email, PASSWORD, '10.8.1.1');
    expect(other.statusCode, other.body).toBe(200);
    const there = sessionCookieOf(other);

    const res = await change(here, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});

    expect((await call(t, 'GET', '/api/player', { cookie: here })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/player', { cookie: there })).statusCode).toBe(401);

    expect((await signIn(t, email, PASSWORD, '10.8.1.2')).json()).toEqual({
      errors: { email: ['invalid_credentials'] },
    });
    expect((await signIn(t, email, NEW_PASSWORD, '10.8.1.3')).statusCode).toBe(200);

    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('/support');
  });

  it('refuses a wrong current password, keeps the old one, and locks after 5 tries like sign-in', async () => {
    const { cookie, email } = await newPlayer();
    for (let i = 0; i < 5; i++) {
      const res = await change(
        cookie,
        { current_password: `wrong-${i}-password`, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        `10.8.2.${i}`,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { current_password: ['invalid'] } });
    }
    const locked = await change(
      cookie,
      { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      '10.8.2.9',
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(16 * 60_000);
    expect((await signIn(t, email, PASSWORD, '10.8.2.10')).statusCode).toBe(200);
  });

  it('judges the new password by the shared rules and changes nothing on bad input', async () => {
    const { cookie, email } = await newPlayer();
    const short = await change(cookie, {
      current_password: PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json()).toEqual({ errors: { password: ['too_short'] } });
    const mismatch = await change(cookie, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: 'Something-Else-1',
    });
    expect(mismatch.json()).toEqual({ errors: { password_confirmation: ['does_not_match'] } });
    const common = await change(cookie, {
      current_password: PASSWORD,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(common.json()).toEqual({ errors: { password: ['too_common'] } });
    expect((await signIn(t, email, PASSWORD, '10.8.3.1')).statusCode).toBe(200);
  });
});

describe('PATCH /api/player/update_locale', () => {
  it('sets a site locale and refuses others', async () => {
    const { cookie } = await newPlayer();
    const res = await call(t, 'PATCH', '/api/player/update_locale', { cookie, payload: { locale: 'fr-CA' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    expect((await me(cookie)).language).toBe('fr-CA');
    for (const locale of ['xx', 'fr', 'DE', '']) {
      const bad = await call(t, 'PATCH', '/api/player/update_locale', { cookie, payload: { locale } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ errors: { locale: ['invalid'] } });
    }
    expect((await me(cookie)).language).toBe('fr-CA');
  });
});

describe('/api/subscriptions', () => {
  it('reads and changes either or both promo opt-ins', async () => {
    const { cookie } = await newPlayer({ receive_promos: true, receive_sms_promos: false });
    const get = async () => subscriptionsSchema.parse((await call(t, 'GET', '/api/subscriptions', { cookie })).json());
    expect(await get()).toEqual({ receive_promos: true, receive_sms_promos: false });

    const one = await call(t, 'PUT', '/api/subscriptions', { cookie, payload: { receive_sms_promos: true } });
    expect(one.json()).toEqual({ receive_promos: true, receive_sms_promos: true });
    const both = await call(t, 'PUT', '/api/subscriptions', {
      cookie,
      payload: { receive_promos: false, receive_sms_promos: false },
    });
    expect(both.json()).toEqual({ receive_promos: false, receive_sms_promos: false });
    expect(await me(cookie)).toMatchObject({ receive_promos: false, receive_sms_promos: false });

    expect((await call(t, 'PUT', '/api/subscriptions', { cookie, payload: {} })).json()).toEqual({
      errors: { base: ['required'] },
    });
    expect(
      (await call(t, 'PUT', '/api/subscriptions', { cookie, payload: { receive_promos: 'yes' } })).statusCode,
    ).toBe(422);
    expect(await get()).toEqual({ receive_promos: false, receive_sms_promos: false });
    expect((await call(t, 'GET', '/api/subscriptions')).statusCode).toBe(401);
  });
});

describe('groups, VIP statuses and levels', () => {
  it('lists the twelve levels with their comp-point ranges and every seeded group, the VIP statuses among them', async () => {
    const res = await call(t, 'GET', '/api/info/statuses');
    expect(res.statusCode).toBe(200);
    const statuses = playerStatusesResponseSchema.parse(res.json());
    const levels = statuses.filter((s) => s.status === 'level');
    expect(levels.map((l) => l.id)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012]);
    expect(levels[0]).toMatchObject({ name: 'Launchpad' });
    expect(levels[0]!.conditions).toEqual([
      { persistent_comp_points: { type: 'range', min: 0, max: 100, exclude_end: true } },
    ]);
    expect(levels.at(-1)!.conditions[0]!.persistent_comp_points.max).toBeNull();
    // Each level starts where the one below ends.
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!.conditions[0]!.persistent_comp_points.min).toBe(
        levels[i - 1]!.conditions[0]!.persistent_comp_points.max,
      );
    }
    const groups = statuses.filter((s) => s.status === 'group');
    expect(groups.map((g) => g.id).sort((a, b) => a - b)).toEqual([
      21, 26, 100, 255, 257, 258, 259, 543, 544, 545, 631, 759, 916, 1101, 1117, 1308, 1309, 131811,
    ]);
    // The VIP statuses first, in their order, each without comp-point conditions (the VIP club sets them).
    expect(groups.slice(0, 6).map((g) => [g.id, g.name])).toEqual([
      [1117, 'Rising star'],
      [257, 'Bronze'],
      [258, 'Silver'],
      [259, 'Gold'],
      [255, 'Platinum'],
      [759, 'Diamond'],
    ]);
    expect(groups[0]!.conditions).toEqual([]);
    expect(groups.filter((g) => g.writable).map((g) => g.id)).toEqual([543, 544, 545]);
  });

  it('puts a new player on the first level and in the entry VIP status', async () => {
    const { cookie } = await newPlayer();
    expect(await me(cookie)).toMatchObject({
      statuses: [
        { id: 1001, name: 'Launchpad' },
        { id: 1117, name: 'Rising star' },
      ],
      groups: [1001, 1117],
      level: { id: 'level_1', name: 'Launchpad', conditions: { persistent_comp_points: { min: 0, max: 100 } } },
    });
  });

  it('joins and leaves writable groups; an A/B arm replaces the other', async () => {
    const { cookie } = await newPlayer();
    const join = await call(t, 'POST', '/api/player/groups', { cookie, payload: { groups: { add: [545, 543] } } });
    expect(join.statusCode, join.body).toBe(200);
    expect(playerSchema.parse(join.json())).toMatchObject({
      groups: [1001, 1117, 543, 545],
      statuses: [
        { id: 1001, name: 'Launchpad' },
        { id: 1117, name: 'Rising star' },
        { id: 543, name: 'A/B test: arm A' },
        { id: 545, name: 'Live chat: second provider' },
      ],
    });
    const swap = await call(t, 'POST', '/api/player/groups', {
      cookie,
      payload: { groups: { add: [544], remove: [545] } },
    });
    expect(playerSchema.parse(swap.json()).groups).toEqual([1001, 1117, 544]);
    expect((await me(cookie)).groups).toEqual([1001, 1117, 544]);
  });

  it('refuses house-only and unknown groups, and changes nothing', async () => {
    const { cookie } = await newPlayer();
    const house = await call(t, 'POST', '/api/player/groups', { cookie, payload: { groups: { add: [545, 21] } } });
    expect(house.statusCode).toBe(422);
    expect(house.json()).toEqual({ errors: { groups: ['not_writable'] } });
    const tier = await call(t, 'POST', '/api/player/groups', {
      cookie,
      payload: { groups: { add: [], remove: [1117] } },
    });
    expect(tier.json()).toEqual({ errors: { groups: ['not_writable'] } });
    const unknown = await call(t, 'POST', '/api/player/groups', {
      cookie,
      payload: { groups: { add: [545, 999_999] } },
    });
    expect(unknown.json()).toEqual({ errors: { groups: ['unknown'] } });
    expect((await me(cookie)).groups).toEqual([1001, 1117]);
  });
});

describe('GET /api/player/stats', () => {
  it('counts completed sign-ins (registration signs in too) and keeps the previous sign-in time', async () => {
    const { cookie, email } = await newPlayer();
    const registeredAt = clock.now().toISOString();
    const first = playerStatsSchema.parse((await call(t, 'GET', '/api/player/stats', { cookie })).json());
    expect(first).toEqual({
      sign_in_count: 1,
      current_sign_in_at: registeredAt,
      last_sign_in_at: null,
      created_at: registeredAt,
    });

    clock.advance(60_000);
    // A failed sign-in does not count.
    expect((await signIn(t, email, 'not-the-password', '10.7.0.1')).statusCode).toBe(422);
    const res = await signIn(t, email, PASSWORD, '10.7.0.2');
    const stats = playerStatsSchema.parse(
      (await call(t, 'GET', '/api/player/stats', { cookie: sessionCookieOf(res) })).json(),
    );
    expect(stats).toEqual({
      sign_in_count: 2,
      current_sign_in_at: clock.now().toISOString(),
      last_sign_in_at: registeredAt,
      created_at: registeredAt,
    });
    expect((await call(t, 'GET', '/api/player/stats')).statusCode).toBe(401);
  });
});

describe('the demo player', () => {
  it('is seeded confirmed, with an EUR account and the entry tier, and signs in with the documented password', async () => {
    const res = await signIn(t, DEMO_PLAYER.email, DEMO_PLAYER.password, '10.6.0.1');
    expect(res.statusCode, res.body).toBe(200);
    const player = playerSchema.parse(res.json());
    expect(player).toMatchObject({
      email: 'demo@orbit.example',
      nickname: 'Demo Ace',
      currency: 'EUR',
      // The demo player is seeded with 1,250 persistent comp points (docs/loyalty.md "Demo").
      level: { id: 'level_5' },
      auth_fields_missed: [],
    });
    expect(player.confirmed_at).not.toBeNull();
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.userId, player.id));
    expect(rows).toMatchObject([{ currency: 'EUR', active: true }]);
    // 500 EUR of play money, credited through the ledger.
    const balances = (await call(t, 'GET', '/api/player/accounts', { cookie: sessionCookieOf(res) })).json();
    expect(balances).toMatchObject([{ currency: 'EUR', amount_cents: DEMO_PLAYER.welcomeCreditCents }]);
  });

  it('is left as the player changed it by the next seed run', async () => {
    const cookie = sessionCookieOf(await signIn(t, DEMO_PLAYER.email, DEMO_PLAYER.password, '10.6.0.2'));
    expect((await patch(cookie, { user: { nickname: 'Changed Me' } })).statusCode).toBe(200);
    await seedIdentity(t.database.db, { demoPlayer: true });
    await seedIdentity(t.database.db, { demoPlayer: true });
    expect((await me(cookie)).nickname).toBe('Changed Me');
    expect((await call(t, 'GET', '/api/player/accounts', { cookie })).json()).toMatchObject([
      { amount_cents: DEMO_PLAYER.welcomeCreditCents },
    ]);
    const [n] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, DEMO_PLAYER.email));
    expect(n!.n).toBe(1);
    expect((await signIn(t, DEMO_PLAYER.email, DEMO_PLAYER.password, '10.6.0.3')).statusCode).toBe(200);
  });

  it('is left out when the operator turns it off (DEMO_PLAYER=0), while the tiers are still seeded', async () => {
    const id = (await demoId())!;
    for (const table of [sessions, emailTokens, userGroups])
      await t.database.db.delete(table).where(eq(table.userId, id));
    await t.database.db.delete(accounts).where(eq(accounts.userId, id));
    await t.database.db.delete(users).where(eq(users.id, id));
    await seedIdentity(t.database.db, { demoPlayer: false });
    expect(await demoId()).toBeUndefined();
    expect((await signIn(t, DEMO_PLAYER.email, DEMO_PLAYER.password, '10.6.0.4')).statusCode).toBe(422);
    expect((await call(t, 'GET', '/api/info/statuses')).json()).toContainEqual(expect.objectContaining({ id: 1117 }));
  });
});

async function demoId(): Promise<number | undefined> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PLAYER.email));
  return row?.id;
}
