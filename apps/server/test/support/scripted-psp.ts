/**
 * A payment provider whose answers the test decides: it speaks the sandbox PSP's merchant API
 * (apps/sandbox-psp/README.md) through the `fetch` the app is built with, so the cashbox's real
 * adapter, signatures and webhook route are exercised, while the test sets each payment's fate
 * (including an unreachable provider or a wrong amount) and sends the notifications itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { paymentSchema } from '@orbit/contracts';
import type { Fetch } from '../../src/platform/context';
import type { TestApp } from './app';
import { call } from './identity';

export type ScriptedPayment = {
  id: string;
  reference: string;
  kind: 'deposit' | 'payout';
  method: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'declined' | 'canceled' | 'failed';
  decline_reason: string | null;
  card: { brand: string; last4: string; token: string } | null;
  address: string | null;
  txid: string | null;
  destination?: string;
};

export const PSP_KEY = 'scripted-psp-api-key-0123456789';
export const PSP_SECRET = 'scripted-psp-webhook-secret-0123456789abcdef';

export class ScriptedPsp {
  readonly payments = new Map<string, ScriptedPayment>();
  readonly calls: Array<{ method: string; path: string; body: unknown }> = [];
  /** Set to make the next calls fail as a network error would. */
  unreachable = false;
  /** What a new card deposit starts as (one-click with a token settles at once). */
  private next = 0;

  /** The `fetch` to build the app with; `env` to give it (base URL, key, secret). */
  readonly env = {
    SANDBOX_PSP_URL: 'http://psp.test/sandbox',
    SANDBOX_PSP_API_KEY: PSP_KEY,
    SANDBOX_PSP_WEBHOOK_SECRET: PSP_SECRET,
  };

  readonly fetch: Fetch = async (url, init) => {
    if (this.unreachable) throw new Error('connect ECONNREFUSED');
    const { pathname } = new URL(url);
    const path = pathname.replace(/^\/sandbox/, '');
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    this.calls.push({ method: init.method, path, body });
    if (init.headers.authorization !== `Bearer ${PSP_KEY}`) return reply(401, { error: 'unauthorized' });
    const byId = /^\/api\/payments\/([^/]+)(\/cancel)?$/.exec(path);
    if (init.method === 'POST' && path === '/api/payments') {
      const oneClick = typeof body!.card_token === 'string';
      const p = this.create('deposit', body!, oneClick ? 'succeeded' : 'pending');
      if (oneClick) p.card = { brand: 'visa', last4: '4242', token: String(body!.card_token) };
      return reply(201, {
        id: p.id,
        status: p.status,
        redirect_url: oneClick ? null : `http://psp.test/sandbox/pay/${p.id}`,
      });
    }
    if (init.method === 'POST' && path === '/api/payouts') {
      const p = this.create('payout', body!, 'pending');
      p.destination = String(body!.destination);
      return reply(201, { id: p.id, status: p.status });
    }
    if (init.method === 'POST' && path === '/api/crypto/addresses') {
      return reply(200, {
        address: `tb1q${createHmac('sha256', 'addr').update(String(body!.reference)).digest('hex').slice(0, 38)}`,
        currency: body!.currency,
        confirmations_required: 2,
      });
    }
    if (byId && byId[2] && init.method === 'POST') {
      const p = this.payments.get(byId[1]!);
      if (!p) return reply(404, { error: 'not_found' });
      if (p.status !== 'pending') return reply(409, { error: 'not_pending' });
      p.status = 'canceled';
      return reply(200, p);
    }
    if (byId && init.method === 'GET') {
      const p = this.payments.get(byId[1]!);
      return p ? reply(200, p) : reply(404, { error: 'not_found' });
    }
    return reply(404, { error: 'not_found' });
  };

  private create(
    kind: 'deposit' | 'payout',
    body: Record<string, unknown>,
    status: ScriptedPayment['status'],
  ): ScriptedPayment {
    const id = `psp_${++this.next}`;
    const p: ScriptedPayment = {
      id,
      reference: String(body.reference),
      kind,
      method: String(body.method),
      amount_cents: Number(body.amount_cents),
      currency: String(body.currency),
      status,
      decline_reason: null,
      card: null,
      address: null,
      txid: null,
    };
    this.payments.set(id, p);
    return p;
  }

  /** The newest payment the casino opened here. */
  last(): ScriptedPayment {
    return [...this.payments.values()].at(-1)!;
  }

  /** A crypto deposit seen on the chain for an address (the casino has no payment for it yet). */
  cryptoDeposit(
    address: string,
    reference: string,
    currency: string,
    amount: number,
    status: ScriptedPayment['status'],
  ): ScriptedPayment {
    const id = `psp_${++this.next}`;
    const p: ScriptedPayment = {
      id,
      reference,
      kind: 'deposit',
      method: 'crypto',
      amount_cents: amount,
      currency,
      status,
      decline_reason: null,
      card: null,
      address,
      txid: randomBytes(32).toString('hex'),
    };
    this.payments.set(id, p);
    return p;
  }

  /** A webhook as the sandbox PSP signs it; `at` is the signing time (seconds are what count). */
  webhook(p: ScriptedPayment, at: Date, secret = PSP_SECRET): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: `payment.${p.status}`,
      created_at: at.toISOString(),
      payment: p,
    });
    const t = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    return { body, headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=${t},v1=${v1}` } };
  }
}

function reply(status: number, body: unknown) {
  const text = JSON.stringify(body);
  return Promise.resolve({ status, text: async () => text });
}

/**
 * A card deposit through the cashbox that `psp` approves and notifies (the signed webhook), its
 * events delivered; answers the payment's id. The same `cardToken` is one saved card.
 */
export async function cardDeposit(
  t: TestApp,
  psp: ScriptedPsp,
  at: Date,
  cookie: string,
  cents: number,
  currency = 'EUR',
  cardToken = `tok_${randomBytes(6).toString('hex')}`,
): Promise<number> {
  const res = await call(t, 'POST', '/api/cashbox/deposits', {
    cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency },
  });
  expect(res.statusCode, res.body).toBe(201);
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '4242', token: cardToken };
  const { body, headers } = psp.webhook(settled, at);
  const hook = await t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
  expect(hook.statusCode).toBe(200);
  await t.app.orbitOutbox.drain();
  return paymentSchema.parse(res.json().payment).id;
}
