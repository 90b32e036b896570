/**
 * The merchant API a casino calls server to server (`Authorization: Bearer <apiKey>`): payments
 * (hosted page or one-click with a saved card), their status and cancellation, payouts, crypto
 * deposit addresses. Requests are idempotent by their reference (the same body answers the
 * first answer, another body 409).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicPayment, type SandboxEngine } from './engine';
import { CRYPTO_CURRENCIES, type Payment } from './model';
import { canonical, newAddress, randomHex } from './values';

const amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reference = z.string().min(1).max(200);
const httpUrl = z.url({ protocol: /^https?$/ });
const fiat = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code');
const cryptoCurrency = z.enum(CRYPTO_CURRENCIES);

const paymentBody = z.object({
  reference,
  amount_cents: amount,
  currency: fiat,
  method: z.enum(['card', 'bank_transfer', 'ewallet', 'voucher']),
  return_url: httpUrl,
  notification_url: httpUrl,
  customer: z.object({ email: z.string().max(320).optional(), name: z.string().max(200).optional() }).optional(),
  card_token: z.string().min(1).max(100).optional(),
});

const payoutBody = z
  .object({
    reference,
    amount_cents: amount,
    currency: z.string().regex(/^[A-Z]{3,4}$/),
    method: z.enum(['card', 'bank_transfer', 'ewallet', 'crypto']),
    destination: z.string().min(1).max(200),
    notification_url: httpUrl,
  })
  .superRefine((b, ctx) => {
    const isCrypto = (CRYPTO_CURRENCIES as readonly string[]).includes(b.currency);
    if (b.method === 'crypto' && !isCrypto)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'crypto payouts need a crypto currency' });
    if (b.method !== 'crypto' && !/^[A-Z]{3}$/.test(b.currency))
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'ISO 4217 code' });
  });

const addressBody = z.object({ currency: cryptoCurrency, reference, notification_url: httpUrl });

function bearerMatches(header: string | undefined, apiKey: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  // Hashing first gives equal lengths, which timingSafeEqual needs.
  const given = createHash('sha256').update(header.slice(7)).digest();
  const expected = createHash('sha256').update(apiKey).digest();
  return timingSafeEqual(given, expected);
}

/** Registers the merchant API on `api` (the sandbox mounts it under `/api`). */
export async function merchantApi(api: FastifyInstance, engine: SandboxEngine): Promise<void> {
  const {
    state,
    save,
    clock,
    nowIso,
    nextId,
    required,
    settleDelay,
    blockIntervalMs,
    payUrl,
    awaitingCustomer,
    finish,
    existing,
  } = engine;

  function redirectFor(p: Payment): string {
    return p.pending_card ? `${payUrl(p)}/3ds` : payUrl(p);
  }

  api.addHook('onRequest', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, engine.options.apiKey))
      return reply.code(401).send({ error: 'unauthorized' });
  });

  const invalid = (reply: FastifyReply, error: z.ZodError) =>
    reply.code(422).send({ error: 'invalid_request', details: z.flattenError(error) });

  api.post('/payments', async (req, reply) => {
    const parsed = paymentBody.safeParse(req.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    const body = parsed.data;
    const prior = existing('deposit', body);
    if (prior === 'conflict') return reply.code(409).send({ error: 'reference_conflict' });
    if (prior)
      return reply.code(201).send({
        id: prior.id,
        status: prior.status,
        redirect_url: awaitingCustomer(prior) || prior.pending_card ? redirectFor(prior) : null,
        three_ds_required: Boolean(prior.pending_card),
      });

    const saved = body.card_token ? state.cards[body.card_token] : undefined;
    if (body.card_token && (!saved || body.method !== 'card')) {
      return reply
        .code(422)
        .send({ error: 'invalid_request', details: { fieldErrors: { card_token: ['unknown card token'] } } });
    }
    const now = nowIso();
    const p: Payment = {
      id: nextId('pay'),
      reference: body.reference,
      kind: 'deposit',
      method: body.method,
      amount_cents: body.amount_cents,
      currency: body.currency,
      status: 'pending',
      created_at: now,
      updated_at: now,
      return_url: body.return_url,
      notification_url: body.notification_url,
      ...(body.customer ? { customer: body.customer } : {}),
      request_fingerprint: canonical(body),
    };
    state.payments[p.id] = p;
    state.references[`deposit:${p.reference}`] = p.id;
    let redirect: string | null = redirectFor(p);
    if (saved) {
      if (saved.three_ds) {
        // A 3-D Secure card authenticates every time, even one-click.
        p.pending_card = { ...saved };
        redirect = `${payUrl(p)}/3ds`;
      } else {
        p.card = { brand: saved.brand, last4: saved.last4, token: body.card_token! };
        finish(p, 'succeeded');
        redirect = null;
      }
    }
    save();
    // `three_ds_required`: the redirect is the card's 3-D Secure challenge (a saved card that authenticates every time).
    return reply
      .code(201)
      .send({ id: p.id, status: p.status, redirect_url: redirect, three_ds_required: Boolean(p.pending_card) });
  });

  api.get<{ Params: { id: string } }>('/payments/:id', async (req, reply) => {
    const p = state.payments[req.params.id];
    if (!p) return reply.code(404).send({ error: 'not_found' });
    return publicPayment(p);
  });

  api.post<{ Params: { id: string } }>('/payments/:id/cancel', async (req, reply) => {
    const p = state.payments[req.params.id];
    if (!p) return reply.code(404).send({ error: 'not_found' });
    if (p.kind !== 'deposit' || p.method === 'crypto' || !awaitingCustomer(p) || p.pending_card) {
      if (p.status === 'canceled') return publicPayment(p);
      return reply.code(409).send({ error: 'not_cancelable', status: p.status });
    }
    finish(p, 'canceled');
    save();
    return publicPayment(p);
  });

  api.post('/payouts', async (req, reply) => {
    const parsed = payoutBody.safeParse(req.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    const body = parsed.data;
    const prior = existing('payout', body);
    if (prior === 'conflict') return reply.code(409).send({ error: 'reference_conflict' });
    if (prior) return reply.code(201).send({ id: prior.id, status: prior.status });
    const now = clock();
    const delay =
      body.method === 'bank_transfer'
        ? settleDelay.bank_transfer
        : body.method === 'crypto'
          ? required(body.currency) * blockIntervalMs
          : settleDelay.ewallet;
    const p: Payment = {
      id: nextId('po'),
      reference: body.reference,
      kind: 'payout',
      method: body.method,
      amount_cents: body.amount_cents,
      currency: body.currency,
      status: 'pending',
      destination: body.destination,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      notification_url: body.notification_url,
      request_fingerprint: canonical(body),
      settle_at: new Date(now.getTime() + delay).toISOString(),
    };
    if (body.method === 'crypto') p.txid = randomHex(32);
    state.payments[p.id] = p;
    state.references[`payout:${p.reference}`] = p.id;
    save();
    return reply.code(201).send({ id: p.id, status: p.status });
  });

  api.post('/crypto/addresses', async (req, reply) => {
    const parsed = addressBody.safeParse(req.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    const { currency, reference: ref, notification_url } = parsed.data;
    const key = `${currency}:${ref}`;
    let address = state.addressKeys[key];
    if (!address) {
      address = newAddress(currency);
      state.addressKeys[key] = address;
      state.addresses[address] = { address, currency, reference: ref, notification_url, created_at: nowIso() };
      save();
    }
    return { address, currency, confirmations_required: required(currency) };
  });
}
