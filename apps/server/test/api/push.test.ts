/**
 * Web push to a player's devices (docs/notifications.md "Push to a device"): the key, subscribing
 * (checked, idempotent per endpoint, ten per player, only one's own removed), and the pushes the
 * bell's news and a new gift send to a stand-in push service on 127.0.0.1, decrypted here as the
 * browser would (aes128gcm, ECDH P-256) and read: title, body in the player's language, the page
 * it opens. The push service's 410 deletes the subscription, a 500 counts a failure (five in a
 * row delete it); a player without devices gets nothing.
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushKeyResponseSchema } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { pushSent, pushSubscriptions } from '../../src/modules/notifications/schema';
import { LOTTERY_TICKETS_TOPIC, PROMO_RESULT_TOPIC, type PromoResultEvent } from '../../src/modules/promotions';
import { PRIZE_BONUS_TEMPLATE } from '../../src/modules/promotions/seed';
import { FakeClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { enqueueEvent } from '../../src/platform/outbox/outbox';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-06-15T10:00:00Z');
let t: TestApp;
let seq = 0;

/** The stand-in push service: what it was sent, per path, and the status each path answers. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
const answers = new Map<string, number>();
let service: http.Server;
let base = '';

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});

async function newPlayer(language = 'en') {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `push${seq}@example.com`, nickname: `pusher${seq}x${Date.now() % 100000}` },
    `10.73.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now(), language }).where(eq(users.id, player.id));
  await settle();
  return { cookie, id: player.id };
}

/** A browser's push subscription on the stand-in service: its keys, and how it reads a push. */
function newDevice() {
  const path = `/push/${++seq}-${randomBytes(4).toString('hex')}`;
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = {
    endpoint: `${base}${path}`,
    expirationTime: null,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  };
  /** RFC 8291 / RFC 8188 (aes128gcm), as the browser decrypts a push. */
  const decrypt = (body: Buffer): unknown => {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    const cipherText = body.subarray(21 + idLength);
    const shared = ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
    const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end > 0 && padded[end] === 0) end--;
    expect(padded[end], 'the last record’s delimiter').toBe(2);
    return JSON.parse(padded.subarray(0, end).toString('utf8'));
  };
  const pushes = () => received.filter((r) => r.path === path);
  return { path, json, decrypt, pushes };
}

/** Delivers every due event, then waits for the pushes sent in the background. */
async function settle(): Promise<void> {
  while ((await t.app.orbitOutbox.drain()) > 0);
  await t.app.orbitPush.settled();
}

const subscribe = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/api/push/subscriptions', { ...(cookie ? { cookie } : {}), payload, headers });

const devicesOf = (playerId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));

function tournamentResult(userId: number, promoId: number, cents: number): PromoResultEvent {
  return {
    kind: 'tournament',
    promoId,
    userId,
    title: 'Push Race',
    identifier: `tournament--push-race-${promoId}`,
    path: `/tournaments/push-race-${promoId}`,
    places: [1],
    prizes: [
      { place: 1, outcome: 'paid', currency: 'EUR', money_award_cents: cents, freespins_count: 0, comp_points: 0 },
    ],
  };
}

describe('the push key', () => {
  it('is made once in the demo casino and kept; a real casino without keys answers enabled:false', async () => {
    const first = pushKeyResponseSchema.parse((await call(t, 'GET', '/api/push/key')).json());
    expect(first.enabled).toBe(true);
    expect(Buffer.from(first.public_key!, 'base64url')).toHaveLength(65);
    const again = pushKeyResponseSchema.parse((await call(t, 'GET', '/api/push/key')).json());
    expect(again.public_key).toBe(first.public_key);

    const real = await createTestApp({ DEMO: '0' }, { clock });
    try {
      const res = await call(real, 'GET', '/api/push/key');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enabled: false, public_key: null });
    } finally {
      await real.close();
    }
  });

  it('VAPID keys must come in pairs and the subject must be mailto: or https:', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://casino.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ MAIL_FROM: 'Casino <ops@casino.example>' }).push.subject).toBe('mailto:ops@casino.example');
  });
});

describe('subscriptions', () => {
  it('guests are refused; bad addresses and keys get stable codes and store nothing', async () => {
    const device = newDevice();
    const guest = await subscribe(undefined, device.json);
    expect(guest.statusCode).toBe(401);

    const p = await newPlayer();
    const cases: Array<[unknown, string, string]> = [
      [{ ...device.json, endpoint: 'ftp://127.0.0.1/push' }, 'endpoint', 'invalid_push_endpoint'],
      [{ ...device.json, endpoint: 'http://push.example.com/x' }, 'endpoint', 'invalid_push_endpoint'],
      [{ ...device.json, endpoint: 'not a url' }, 'endpoint', 'invalid_push_endpoint'],
      [{ ...device.json, keys: { ...device.json.keys, p256dh: 'AAAA' } }, 'keys.p256dh', 'invalid_push_key'],
      [{ ...device.json, keys: { ...device.json.keys, auth: 'x!y' } }, 'keys.auth', 'invalid_push_key'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await subscribe(p.cookie, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ errors: { [field]: [code] } });
    }
    // Without the page's header the call is refused as cross-site (CSRF), like every other.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: p.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(device.json),
    });
    expect(forged.statusCode).toBe(403);
    expect(await devicesOf(p.id)).toEqual([]);
  });

  it('the same endpoint again updates it (and moves it to whoever signed in); ten per player, oldest replaced', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const device = newDevice();
    const ua = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36' };
    expect((await subscribe(a.cookie, device.json, ua)).statusCode).toBe(200);
    expect((await subscribe(a.cookie, device.json, ua)).statusCode).toBe(200);
    const [row] = await devicesOf(a.id);
    expect(row).toMatchObject({ endpoint: device.json.endpoint, userAgentClass: 'chrome-android', failures: 0 });
    expect(await devicesOf(a.id)).toHaveLength(1);

    // b signs in on the same device: it is b's now, not a's.
    expect((await subscribe(b.cookie, device.json)).statusCode).toBe(200);
    expect(await devicesOf(a.id)).toEqual([]);
    expect((await devicesOf(b.id)).map((d) => d.endpoint)).toEqual([device.json.endpoint]);

    // Ten more devices for b: the first (oldest) goes.
    const more = [];
    for (let i = 0; i < 10; i++) {
      clock.advance(1_000);
      const d = newDevice();
      more.push(d);
      expect((await subscribe(b.cookie, d.json)).statusCode).toBe(200);
    }
    const kept = (await devicesOf(b.id)).map((d) => d.endpoint).sort();
    expect(kept).toEqual(more.map((d) => d.json.endpoint).sort());
  });

  it('DELETE removes only the caller’s own subscription', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const device = newDevice();
    expect((await subscribe(a.cookie, device.json)).statusCode).toBe(200);
    const others = await call(t, 'DELETE', '/api/push/subscriptions', {
      cookie: b.cookie,
      payload: { endpoint: device.json.endpoint },
    });
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual({ removed: false });
    expect(await devicesOf(a.id)).toHaveLength(1);
    const own = await call(t, 'DELETE', '/api/push/subscriptions', {
      cookie: a.cookie,
      payload: { endpoint: device.json.endpoint },
    });
    expect(own.json()).toEqual({ removed: true });
    expect(await devicesOf(a.id)).toEqual([]);
    const guest = await call(t, 'DELETE', '/api/push/subscriptions', { payload: { endpoint: device.json.endpoint } });
    expect(guest.statusCode).toBe(401);
  });
});

describe('pushes', () => {
  it('a tournament result reaches every device of the player, encrypted, in their language; none for others', async () => {
    const [p, quiet] = [await newPlayer('de'), await newPlayer()];
    const [phone, laptop] = [newDevice(), newDevice()];
    expect((await subscribe(p.cookie, phone.json)).statusCode).toBe(200);
    expect((await subscribe(p.cookie, laptop.json)).statusCode).toBe(200);
    const before = received.length;
    const promoId = 900_000 + seq;

    await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, tournamentResult(p.id, promoId, 3_000), clock.now());
    await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, tournamentResult(quiet.id, promoId, 1_000), clock.now());
    await settle();

    for (const device of [phone, laptop]) {
      const [push] = device.pushes();
      expect(push, 'one push per device').toBeDefined();
      expect(device.pushes()).toHaveLength(1);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBe(7200);
      const key = pushKeyResponseSchema.parse((await call(t, 'GET', '/api/push/key')).json()).public_key!;
      expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
      expect(device.decrypt(push!.body)).toEqual({
        title: 'Turnier beendet',
        body: 'Turnier Push Race beendet — du bist auf Platz 1, dein Preis: 30,00\u00a0€ Bonus liegt bei deinen Geschenken',
        url: '/de/profile/gifts',
        tag: `tournament:${promoId}`,
      });
    }
    // The player without devices: nothing sent anywhere for them.
    expect(received.length - before).toBe(2);
    const [row] = await devicesOf(p.id);
    expect(row!.lastSuccessAt).not.toBeNull();

    // The same result delivered again makes no second notification, so no second push.
    await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, tournamentResult(p.id, promoId, 3_000), clock.now());
    await settle();
    expect(phone.pushes()).toHaveLength(1);
  });

  it('new lottery tickets and a new gift are pushed once, in English by default', async () => {
    const p = await newPlayer();
    const device = newDevice();
    expect((await subscribe(p.cookie, device.json)).statusCode).toBe(200);
    await enqueueEvent(
      t.database.db,
      LOTTERY_TICKETS_TOPIC,
      {
        lotteryId: 77,
        userId: p.id,
        title: 'Moon Draw',
        slug: 'moon-draw',
        count: 3,
        total: 5,
        sourceKey: `push-${seq}`,
      },
      clock.now(),
    );
    await settle();
    expect(device.pushes().map((r) => device.decrypt(r.body))).toEqual([
      {
        title: 'Lottery tickets',
        body: 'You got 3 tickets in Moon Draw',
        url: '/lottery/moon-draw',
        tag: expect.any(String),
      },
    ]);

    const gift = await t.app.orbitBonuses.grant(p.id, PRIZE_BONUS_TEMPLATE, 'EUR', `push-gift-${seq}`, 1_000);
    await settle();
    const pushes = device.pushes().map((r) => device.decrypt(r.body));
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toMatchObject({ title: 'New gift', url: '/profile/gifts', tag: `gift:bonus:${gift.id}` });
    expect((pushes[1] as { body: string }).body).toMatch(/^New gift: .+/);
    // The gift's later change (activated, cancelled ...) is no new gift: the record holds it once.
    const sent = await t.database.db
      .select()
      .from(pushSent)
      .where(and(eq(pushSent.playerId, p.id), eq(pushSent.sourceKey, `gift:bonus:${gift.id}`)));
    expect(sent).toHaveLength(1);
    const cancel = await call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: p.cookie });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    await settle();
    expect(device.pushes()).toHaveLength(2);
  });

  it('410 from the push service deletes the subscription; 500 counts failures, five in a row delete it', async () => {
    const p = await newPlayer();
    const [gone, flaky] = [newDevice(), newDevice()];
    answers.set(gone.path, 410);
    answers.set(flaky.path, 500);
    expect((await subscribe(p.cookie, gone.json)).statusCode).toBe(200);
    expect((await subscribe(p.cookie, flaky.json)).statusCode).toBe(200);
    const result = (n: number) => tournamentResult(p.id, 950_000 + seq * 10 + n, 500);

    await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, result(1), clock.now());
    await settle();
    expect(gone.pushes()).toHaveLength(1);
    let rows = await devicesOf(p.id);
    expect(rows.map((r) => [r.endpoint, r.failures])).toEqual([[flaky.json.endpoint, 1]]);
    // The bell got its notification all the same.
    const listed = await call(t, 'GET', '/api/player/notifications', { cookie: p.cookie });
    expect((listed.json() as unknown[]).length).toBeGreaterThanOrEqual(1);

    for (let n = 2; n <= 4; n++) {
      await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, result(n), clock.now());
      await settle();
    }
    rows = await devicesOf(p.id);
    expect(rows.map((r) => r.failures)).toEqual([4]);
    await enqueueEvent(t.database.db, PROMO_RESULT_TOPIC, result(5), clock.now());
    await settle();
    expect(flaky.pushes()).toHaveLength(5);
    expect(await devicesOf(p.id)).toEqual([]);
  });
});
