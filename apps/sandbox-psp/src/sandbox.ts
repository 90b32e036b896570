import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml as h, page } from './html';
import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  type Payment,
  type PaymentStatus,
  type SandboxState,
  type WebhookDelivery,
} from './model';
import { signSandboxPayload } from './signature';
import { memoryStore, type SandboxStore } from './store';

export type SandboxPspOptions = {
  /** Merchant API key: server-to-server calls carry `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Signs webhooks (`X-Sandbox-Signature`). */
  webhookSecret: string;
  /** Absolute URL where the plugin's routes are reachable by a browser, e.g. http://localhost:3000/sandbox-psp. */
  publicBaseUrl: string;
  /** Default: memory. `fileStore(path)` keeps payments, addresses, vouchers and pending webhooks across restarts. */
  store?: SandboxStore;
  clock?: () => Date;
  settleDelayMs?: { bank_transfer: number; ewallet: number };
  confirmations?: Record<string, number>;
  blockIntervalMs?: number;
  deliver?: (url: string, init: { headers: Record<string, string>; body: string }) => Promise<{ status: number }>;
  /** Default true: runDue() runs on an unref'd timer cleared when the app closes. */
  autoRun?: boolean;
  /** How often the autoRun timer fires (default every second). */
  autoRunEveryMs?: number;
};

export type SandboxPsp = {
  /** Register with `app.register(psp.plugin, { prefix: '/sandbox-psp' })`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Settles due payments and payouts, advances crypto confirmations, delivers due webhooks. */
  runDue(): Promise<void>;
  store: SandboxStore;
};

export const DEFAULT_CONFIRMATIONS: Record<CryptoCurrency, number> = {
  BTC: 2,
  BCH: 2,
  LTC: 3,
  ETH: 3,
  DOG: 3,
  USDT: 3,
};
const CRYPTO_DECIMALS: Record<CryptoCurrency, number> = { BTC: 8, BCH: 8, LTC: 8, ETH: 8, DOG: 8, USDT: 6 };
const MAX_WEBHOOK_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 5 * 60_000;
export const SANDBOX_IBAN = 'DE89 3704 0044 0532 0130 00';

/** Pre-made single-use vouchers, value in whole units. */
const SEED_VOUCHERS: Array<[string, number]> = [
  ['EUR', 10],
  ['EUR', 50],
  ['EUR', 100],
  ['USD', 10],
  ['USD', 50],
  ['USD', 100],
  ['GBP', 10],
  ['GBP', 50],
  ['CHF', 50],
  ['CAD', 50],
  ['AUD', 50],
  ['SEK', 500],
  ['NOK', 500],
  ['DKK', 500],
  ['PLN', 200],
  ['BRL', 200],
];

type TestCard = { outcome: 'approve' | 'decline' | 'three_ds'; reason?: string };
/** Test card numbers; any other Luhn-valid number approves. */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { outcome: 'approve' },
  '4000000000000002': { outcome: 'decline', reason: 'card_declined' },
  '4000000000009995': { outcome: 'decline', reason: 'insufficient_funds' },
  '4000000000003220': { outcome: 'three_ds' },
};

// ---------------------------------------------------------------- request bodies

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

// ---------------------------------------------------------------- small helpers

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

function randomFrom(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A testnet-looking address; random, not derived from keys (nothing is ever spent). */
function newAddress(currency: CryptoCurrency): string {
  switch (currency) {
    case 'BTC':
      return `tb1q${randomFrom(BECH32, 38)}`;
    case 'LTC':
      return `tltc1q${randomFrom(BECH32, 38)}`;
    case 'BCH':
      return `bchtest:q${randomFrom(BECH32, 41)}`;
    case 'DOG':
      return `n${randomFrom(BASE58, 33)}`;
    case 'ETH':
    case 'USDT':
      return `0x${randomHex(20)}`;
  }
}

/** Stable JSON (sorted keys), so the same request in another key order is still the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** Minor units → "12.34" (no floating point). */
function formatMinor(value: number, decimals: number): string {
  if (decimals === 0) return String(value);
  const s = String(value).padStart(decimals + 1, '0');
  const whole = s.slice(0, -decimals);
  // Fiat shows every decimal (25.00); crypto drops trailing zeros (0.015).
  const frac = decimals <= 2 ? s.slice(-decimals) : s.slice(-decimals).replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${frac}`;
}

/** "0.01" → minor units with `decimals` places, or null when malformed or too precise. */
function parseDecimal(text: string, decimals: number): number | null {
  const m = /^\s*(\d{1,15})(?:[.,](\d+))?\s*$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const value = Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

function displayAmount(p: { amount_cents: number; currency: string }): string {
  const decimals = CRYPTO_DECIMALS[p.currency as CryptoCurrency] ?? 2;
  return `${formatMinor(p.amount_cents, decimals)} ${p.currency}`;
}

function withResult(returnUrl: string, p: Payment): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_id', p.id);
  url.searchParams.set('status', p.status);
  return url.toString();
}

/** What the merchant sees of a payment (API answers and webhook bodies). */
export function publicPayment(p: Payment) {
  return {
    id: p.id,
    reference: p.reference,
    kind: p.kind,
    method: p.method,
    amount_cents: p.amount_cents,
    currency: p.currency,
    status: p.status,
    ...(p.decline_reason ? { decline_reason: p.decline_reason } : {}),
    ...(p.card ? { card: p.card } : {}),
    ...(p.voucher_code ? { voucher_code: p.voucher_code } : {}),
    ...(p.address ? { address: p.address } : {}),
    ...(p.txid ? { txid: p.txid } : {}),
    ...(p.destination ? { destination: p.destination } : {}),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

function emptyState(now: Date): SandboxState {
  const state: SandboxState = {
    version: 1,
    seq: 0,
    payments: {},
    references: {},
    addressKeys: {},
    addresses: {},
    transactions: [],
    vouchers: {},
    cards: {},
    webhooks: [],
  };
  for (const [currency, whole] of SEED_VOUCHERS) {
    const code = `SANDBOX-${currency}-${whole}`;
    state.vouchers[code] = { code, currency, value_cents: whole * 100, created_at: now.toISOString() };
  }
  return state;
}

async function fetchDeliver(url: string, init: { headers: Record<string, string>; body: string }) {
  const res = await fetch(url, {
    method: 'POST',
    headers: init.headers,
    body: init.body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  return { status: res.status };
}

function bearerMatches(header: string | undefined, apiKey: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  // Hashing first gives equal lengths, which timingSafeEqual needs.
  const given = createHash('sha256').update(header.slice(7)).digest();
  const expected = createHash('sha256').update(apiKey).digest();
  return timingSafeEqual(given, expected);
}

type Form = Record<string, string>;

// ---------------------------------------------------------------- the sandbox

/** Builds a sandbox PSP: its Fastify plugin, its `runDue()` and its store. */
export function createSandboxPsp(options: SandboxPspOptions): SandboxPsp {
  const store = options.store ?? memoryStore();
  const clock = options.clock ?? (() => new Date());
  const settleDelay = options.settleDelayMs ?? { bank_transfer: 20_000, ewallet: 5_000 };
  const confirmations: Record<string, number> = { ...DEFAULT_CONFIRMATIONS, ...options.confirmations };
  const blockIntervalMs = options.blockIntervalMs ?? 5_000;
  const deliver = options.deliver ?? fetchDeliver;
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base))
    throw new Error(`sandbox PSP: publicBaseUrl must be an absolute http(s) URL, got "${base}"`);

  const state: SandboxState = store.load() ?? emptyState(clock());
  const save = () => store.save(state);
  save();

  const nowIso = () => clock().toISOString();
  const nextId = (prefix: string) => `${prefix}_${randomHex(12)}`;
  /** An identifier cut to its last four characters, for the pages every visitor can see. */
  const masked = (id: string) => `…${id.slice(-4)}`;
  const required = (currency: string) => confirmations[currency] ?? 3;

  function enqueueWebhook(p: Payment, type: string): void {
    const event = { id: nextId('evt'), type, created_at: nowIso(), payment: publicPayment(p) };
    state.seq += 1;
    state.webhooks.push({
      id: event.id,
      seq: state.seq,
      payment_id: p.id,
      type,
      url: p.notification_url,
      body: JSON.stringify(event),
      state: 'pending',
      attempts: 0,
      next_attempt_at: event.created_at,
    });
  }

  function finish(p: Payment, status: PaymentStatus, reason?: string): void {
    p.status = status;
    if (reason) p.decline_reason = reason;
    p.updated_at = nowIso();
    delete p.settle_at;
    delete p.pending_card;
    const type =
      p.kind === 'payout'
        ? `payout.${status}`
        : p.method === 'crypto'
          ? `crypto.deposit.${status}`
          : `payment.${status}`;
    enqueueWebhook(p, type);
  }

  function approveCard(p: Payment, card: { brand: string; last4: string; three_ds: boolean }): void {
    const token = `tok_${randomHex(12)}`;
    state.cards[token] = card;
    p.card = { brand: card.brand, last4: card.last4, token };
    finish(p, 'succeeded');
  }

  /** The idempotency check shared by payments and payouts: an answer, or undefined to create. */
  function existing(kind: 'deposit' | 'payout', body: unknown): Payment | 'conflict' | undefined {
    const ref = (body as { reference: string }).reference;
    const id = state.references[`${kind}:${ref}`];
    if (!id) return undefined;
    const p = state.payments[id]!;
    return p.request_fingerprint === canonical(body) ? p : 'conflict';
  }

  // ---------------------------------------------------------------- due work

  function settleDue(now: Date): void {
    for (const p of Object.values(state.payments)) {
      if (p.status !== 'pending' || !p.settle_at || new Date(p.settle_at) > now) continue;
      if (p.kind === 'payout' && p.destination?.includes('FAIL')) finish(p, 'failed', 'destination_rejected');
      else finish(p, 'succeeded');
    }
  }

  function confirmDue(now: Date): void {
    for (const tx of state.transactions) {
      const need = required(tx.currency);
      const blocks = Math.floor((now.getTime() - new Date(tx.seen_at).getTime()) / blockIntervalMs);
      tx.confirmations = Math.min(need, Math.max(tx.confirmations, blocks));
      const p = state.payments[tx.payment_id];
      if (p && tx.confirmations >= need && p.status === 'pending') finish(p, 'succeeded');
    }
  }

  async function attempt(w: WebhookDelivery): Promise<boolean> {
    const now = clock();
    w.attempts += 1;
    let status = 0;
    try {
      const res = await deliver(w.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'orbit-sandbox-psp/1',
          'x-sandbox-event-id': w.id,
          // Signed at send time, so a retry hours later is still within the receiver's tolerance.
          'x-sandbox-signature': signSandboxPayload(w.body, options.webhookSecret, now),
        },
        body: w.body,
      });
      status = res.status;
      w.last_status = status;
      delete w.last_error;
    } catch (error) {
      w.last_error = (error as Error).message;
      delete w.last_status;
    }
    if (status >= 200 && status < 300) {
      w.state = 'delivered';
      return true;
    }
    if (w.attempts >= MAX_WEBHOOK_ATTEMPTS) {
      w.state = 'failed';
      return true; // given up: later events of the payment may go
    }
    const backoff = Math.min(1000 * 2 ** (w.attempts - 1), MAX_BACKOFF_MS);
    w.next_attempt_at = new Date(clock().getTime() + backoff).toISOString();
    return false;
  }

  async function deliverDue(): Promise<void> {
    const byPayment = new Map<string, WebhookDelivery[]>();
    for (const w of state.webhooks) {
      if (w.state !== 'pending') continue;
      const list = byPayment.get(w.payment_id) ?? [];
      list.push(w);
      byPayment.set(w.payment_id, list);
    }
    await Promise.all(
      [...byPayment.values()].map(async (list) => {
        list.sort((a, b) => a.seq - b.seq);
        // In order: the next event of a payment waits until the one before is acknowledged.
        for (const w of list) {
          if (new Date(w.next_attempt_at) > clock()) return;
          const done = await attempt(w);
          save();
          if (!done) return;
        }
      }),
    );
    // Keep the file small: delivered events older than a day are dropped.
    const cutoff = clock().getTime() - 86_400_000;
    state.webhooks = state.webhooks.filter(
      (w) => w.state !== 'delivered' || new Date(w.next_attempt_at).getTime() > cutoff,
    );
  }

  async function pass(): Promise<void> {
    const now = clock();
    settleDue(now);
    confirmDue(now);
    save();
    await deliverDue();
    save();
  }

  let running: Promise<void> | undefined;
  function runDue(): Promise<void> {
    // One pass at a time: a timer tick during a slow delivery must not deliver twice.
    if (!running) {
      running = pass().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  // ---------------------------------------------------------------- pages

  const payUrl = (p: Payment) => `${base}/pay/${encodeURIComponent(p.id)}`;

  function header(p: Payment, title: string): string {
    return `<h1>${h(title)}</h1><div class="muted">Payment <span class="mono">${h(p.id)}</span> · reference <span class="mono">${h(p.reference)}</span></div>
<div class="amount">${h(displayAmount(p))}</div>`;
  }

  const cancelButton = (p: Payment) =>
    `<form method="post" action="${h(payUrl(p))}/cancel"><button class="secondary" type="submit">Cancel</button></form>`;

  function cardPage(p: Payment, error?: string, form: Form = {}): string {
    const cards = Object.entries(TEST_CARDS)
      .map(
        ([n, c]) =>
          `<tr><td class="mono">${h(n.replace(/(\d{4})(?=\d)/g, '$1 '))}</td><td>${h(c.outcome === 'approve' ? 'approves' : c.outcome === 'three_ds' ? 'asks for 3-D Secure' : `declines: ${c.reason}`)}</td></tr>`,
      )
      .join('');
    return page(
      'Card payment',
      `<div class="card">${header(p, 'Pay by card')}
${error ? `<div class="error">${h(error)}</div>` : ''}
<form method="post" action="${h(payUrl(p))}" id="card-form">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${h(form.number)}">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" value="${h(form.expiry)}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${h(form.cvc)}"></div></div>
<label for="holder">Card holder</label><input id="holder" name="holder" autocomplete="cc-name" placeholder="Jane Doe" value="${h(form.holder ?? p.customer?.name)}">
</form>
<div class="actions"><button type="submit" form="card-form">Pay ${h(displayAmount(p))}</button>${cancelButton(p)}</div></div>
<div class="card"><h2>Test cards</h2><table>${cards}</table><p class="muted">Any future expiry, any 3-digit CVC, any holder. Other Luhn-valid numbers approve.</p></div>`,
    );
  }

  function threeDsPage(p: Payment): string {
    return page(
      '3-D Secure',
      `<div class="card">${header(p, '3-D Secure authentication')}
<p>Your bank asks you to confirm this payment with card ending <b>${h(p.pending_card?.last4)}</b>.</p>
<form method="post" action="${h(payUrl(p))}/3ds"><div class="actions">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button class="danger" type="submit" name="result" value="fail">Fail authentication</button></div></form></div>`,
    );
  }

  function bankPage(p: Payment): string {
    return page(
      'Bank transfer',
      `<div class="card">${header(p, 'Pay by bank transfer')}
<table><tr><th>Beneficiary</th><td>Sandbox PSP Ltd.</td></tr><tr><th>IBAN</th><td class="mono">${h(SANDBOX_IBAN)}</td></tr>
<tr><th>BIC</th><td class="mono">SBXPDEFFXXX</td></tr><tr><th>Reference to quote</th><td class="mono"><b>${h(p.id)}</b></td></tr>
<tr><th>Amount</th><td>${h(displayAmount(p))}</td></tr></table>
<p class="muted">The transfer settles about ${h(Math.round(settleDelay.bank_transfer / 1000))} s after you confirm.</p>
<div class="actions"><form method="post" action="${h(payUrl(p))}"><button type="submit">I have sent the transfer</button></form>${cancelButton(p)}</div></div>`,
    );
  }

  function ewalletPage(p: Payment): string {
    return page(
      'SandboxWallet',
      `<div class="card">${header(p, 'Sign in to SandboxWallet')}
<p>Signed in as <b>${h(p.customer?.email ?? 'player@sandbox.test')}</b>. Approve a payment of ${h(displayAmount(p))} to the merchant?</p>
<div class="actions"><form method="post" action="${h(payUrl(p))}"><button type="submit">Approve</button></form>${cancelButton(p)}</div></div>`,
    );
  }

  function voucherPage(p: Payment, error?: string, code = ''): string {
    return page(
      'Voucher',
      `<div class="card">${header(p, 'Pay with a voucher')}
${error ? `<div class="error">${h(error)}</div>` : ''}
<form method="post" action="${h(payUrl(p))}" id="voucher-form"><label for="code">Voucher code</label>
<input id="code" name="code" placeholder="SANDBOX-${h(p.currency)}-50" value="${h(code)}" autocomplete="off"></form>
<div class="actions"><button type="submit" form="voucher-form">Redeem</button>${cancelButton(p)}</div>
<p class="muted">A voucher pays once, in its own currency, if its value covers the amount. <a href="${h(base)}/vouchers">Issue a new voucher</a>.</p></div>`,
    );
  }

  function statusPage(p: Payment): string {
    const back = p.return_url
      ? `<div class="actions"><a href="${h(withResult(p.return_url, p))}"><button type="button">Return to merchant</button></a></div>`
      : '';
    return page(
      'Payment',
      `<div class="card">${header(p, 'Payment')}<p>Status: <span class="badge ${h(p.status)}">${h(p.status)}</span>${p.decline_reason ? ` (${h(p.decline_reason)})` : ''}</p>${back}</div>`,
    );
  }

  const html = (reply: FastifyReply, body: string, code = 200) =>
    reply.code(code).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const backToMerchant = (reply: FastifyReply, p: Payment) =>
    reply.code(303).header('location', withResult(p.return_url!, p)).send();

  function hostedPayment(req: FastifyRequest<{ Params: { id: string } }>): Payment | undefined {
    const p = state.payments[req.params.id];
    return p && p.kind === 'deposit' && p.method !== 'crypto' ? p : undefined;
  }
  /** Still waiting for the customer on the hosted page. */
  const awaitingCustomer = (p: Payment) => p.status === 'pending' && !p.customer_done && !p.settle_at;

  function notFound(reply: FastifyReply) {
    return html(reply, page('Not found', '<div class="card"><h1>Payment not found</h1></div>'), 404);
  }

  function submitCard(p: Payment, form: Form): string | undefined {
    const number = (form.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return 'The card number is not valid.';
    const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
    const month = Number(exp?.[1]);
    if (!exp || month < 1 || month > 12) return 'Enter the expiry as MM/YY.';
    const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
    // A card is valid through the last day of its expiry month.
    if (Date.UTC(year, month, 1) <= clock().getTime()) return 'The card has expired.';
    if (!/^\d{3,4}$/.test(form.cvc ?? '')) return 'Enter the 3- or 4-digit CVC.';
    if (!(form.holder ?? '').trim()) return 'Enter the card holder’s name.';
    const test = TEST_CARDS[number] ?? { outcome: 'approve' };
    const card = { brand: cardBrand(number), last4: number.slice(-4), three_ds: test.outcome === 'three_ds' };
    if (test.outcome === 'decline') finish(p, 'declined', test.reason);
    else if (test.outcome === 'three_ds') {
      p.pending_card = card;
      p.updated_at = nowIso();
    } else approveCard(p, card);
    return undefined;
  }

  // ---------------------------------------------------------------- plugin

  async function plugin(app: FastifyInstance): Promise<void> {
    // Hosted pages post plain HTML forms. Reuse the host's parser if it has one.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }

    app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 400 || status === 415)
        return reply.code(422).send({ error: 'invalid_request', details: error.message });
      if (status < 500) return reply.code(status).send({ error: error.code ?? 'error', details: error.message });
      app.log.error(error);
      return reply.code(500).send({ error: 'internal_error' });
    });

    if (options.autoRun ?? true) {
      const timer = setInterval(() => {
        runDue().catch((error: unknown) => app.log.error(error));
      }, options.autoRunEveryMs ?? 1000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }

    // ---- merchant API

    await app.register(
      async (api) => {
        api.addHook('onRequest', async (req, reply) => {
          if (!bearerMatches(req.headers.authorization, options.apiKey))
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
          return reply.code(201).send({ id: p.id, status: p.status, redirect_url: redirect });
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
      },
      { prefix: '/api' },
    );

    function redirectFor(p: Payment): string {
      return p.pending_card ? `${payUrl(p)}/3ds` : payUrl(p);
    }

    // ---- hosted payment pages
    // A payment's id, a voucher's code and a deposit address are what a visitor acts with (pay,
    // cancel, redeem, send to): the public merchant pages (dashboard, vouchers, crypto) show them
    // cut short, so that no visitor can act on another's payment (docs/security.md).

    app.get<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
      const p = hostedPayment(req);
      if (!p) return notFound(reply);
      if (p.pending_card && p.status === 'pending')
        return reply
          .code(303)
          .header('location', `${payUrl(p)}/3ds`)
          .send();
      if (!awaitingCustomer(p)) return html(reply, statusPage(p));
      switch (p.method) {
        case 'card':
          return html(reply, cardPage(p));
        case 'bank_transfer':
          return html(reply, bankPage(p));
        case 'ewallet':
          return html(reply, ewalletPage(p));
        default:
          return html(reply, voucherPage(p));
      }
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
      const p = hostedPayment(req);
      if (!p) return notFound(reply);
      if (!awaitingCustomer(p) || p.pending_card) return reply.code(303).header('location', payUrl(p)).send();
      const form = (req.body ?? {}) as Form;
      switch (p.method) {
        case 'card': {
          const error = submitCard(p, form);
          if (error) return html(reply, cardPage(p, error, form), 422);
          save();
          if (p.pending_card)
            return reply
              .code(303)
              .header('location', `${payUrl(p)}/3ds`)
              .send();
          return backToMerchant(reply, p);
        }
        case 'bank_transfer':
        case 'ewallet': {
          p.customer_done = true;
          p.settle_at = new Date(clock().getTime() + settleDelay[p.method]).toISOString();
          p.updated_at = nowIso();
          enqueueWebhook(p, 'payment.pending');
          save();
          return backToMerchant(reply, p);
        }
        default: {
          const code = (form.code ?? '').trim().toUpperCase();
          const voucher = state.vouchers[code];
          let error: string | undefined;
          if (!voucher) error = 'This voucher code does not exist.';
          else if (voucher.used_by) error = 'This voucher has already been used.';
          else if (voucher.currency !== p.currency)
            error = `This voucher is in ${voucher.currency}, the payment is in ${p.currency}.`;
          else if (voucher.value_cents < p.amount_cents)
            error = `This voucher is worth ${formatMinor(voucher.value_cents, 2)} ${voucher.currency}, less than the amount.`;
          if (error || !voucher) return html(reply, voucherPage(p, error, form.code), 422);
          voucher.used_by = p.id;
          p.voucher_code = voucher.code;
          finish(p, 'succeeded');
          save();
          return backToMerchant(reply, p);
        }
      }
    });

    app.get<{ Params: { id: string } }>('/pay/:id/3ds', async (req, reply) => {
      const p = hostedPayment(req);
      if (!p) return notFound(reply);
      if (!p.pending_card || p.status !== 'pending') return reply.code(303).header('location', payUrl(p)).send();
      return html(reply, threeDsPage(p));
    });

    app.post<{ Params: { id: string } }>('/pay/:id/3ds', async (req, reply) => {
      const p = hostedPayment(req);
      if (!p) return notFound(reply);
      if (!p.pending_card || p.status !== 'pending') return reply.code(303).header('location', payUrl(p)).send();
      const result = ((req.body ?? {}) as Form).result;
      if (result === 'complete') approveCard(p, p.pending_card);
      else if (result === 'fail') finish(p, 'declined', 'authentication_failed');
      else return html(reply, threeDsPage(p), 422);
      save();
      return backToMerchant(reply, p);
    });

    app.post<{ Params: { id: string } }>('/pay/:id/cancel', async (req, reply) => {
      const p = hostedPayment(req);
      if (!p) return notFound(reply);
      if (awaitingCustomer(p)) {
        finish(p, 'canceled');
        save();
        return backToMerchant(reply, p);
      }
      return reply.code(303).header('location', payUrl(p)).send();
    });

    // ---- crypto: simulated transactions

    function cryptoPage(message?: { ok?: string; error?: string }, form: Form = {}): string {
      const rows = state.transactions
        .slice(-30)
        .reverse()
        .map((tx) => {
          const need = required(tx.currency);
          return `<tr><td class="mono">${h(tx.txid.slice(0, 16))}…</td><td class="mono">${h(masked(tx.address))}</td><td>${h(formatMinor(tx.amount, CRYPTO_DECIMALS[tx.currency]))} ${h(tx.currency)}</td><td>${h(tx.confirmations)} / ${h(need)}</td></tr>`;
        })
        .join('');
      return page(
        'Send crypto',
        `<div class="card"><h1>Send a simulated transaction</h1><p class="muted">Pays a deposit address the sandbox issued. One confirmation every ${h(blockIntervalMs / 1000)} s.</p>
${message?.error ? `<div class="error">${h(message.error)}</div>` : ''}${message?.ok ? `<div class="ok">${h(message.ok)}</div>` : ''}
<form method="post" action="${h(base)}/crypto"><label for="address">Address</label><input id="address" name="address" class="mono" value="${h(form.address)}" autocomplete="off">
<label for="amount">Amount (whole units, e.g. 0.01)</label><input id="amount" name="amount" inputmode="decimal" value="${h(form.amount)}">
<div class="actions"><button type="submit">Broadcast transaction</button><a href="${h(base)}/">Dashboard</a></div></form></div>
<div class="card"><h2>Recent transactions</h2>${rows ? `<table><tr><th>txid</th><th>Address</th><th>Amount</th><th>Confirmations</th></tr>${rows}</table>` : '<p class="muted">None yet.</p>'}</div>`,
        { wide: true },
      );
    }

    app.get('/crypto', async (_req, reply) => html(reply, cryptoPage()));

    app.post('/crypto', async (req, reply) => {
      const form = (req.body ?? {}) as Form;
      const addr = state.addresses[(form.address ?? '').trim()];
      if (!addr) return html(reply, cryptoPage({ error: 'Unknown address: use one the sandbox issued.' }, form), 422);
      const value = parseDecimal(form.amount ?? '', CRYPTO_DECIMALS[addr.currency]);
      if (!value)
        return html(
          reply,
          cryptoPage(
            { error: `Enter a positive amount with at most ${CRYPTO_DECIMALS[addr.currency]} decimals.` },
            form,
          ),
          422,
        );
      const now = nowIso();
      const txid = randomHex(32);
      const p: Payment = {
        id: nextId('pay'),
        reference: addr.reference,
        kind: 'deposit',
        method: 'crypto',
        amount_cents: value,
        currency: addr.currency,
        status: 'pending',
        address: addr.address,
        txid,
        created_at: now,
        updated_at: now,
        notification_url: addr.notification_url,
      };
      state.payments[p.id] = p;
      state.transactions.push({
        txid,
        address: addr.address,
        currency: addr.currency,
        amount: value,
        confirmations: 0,
        seen_at: now,
        payment_id: p.id,
      });
      enqueueWebhook(p, 'crypto.deposit.pending');
      save();
      return html(reply, cryptoPage({ ok: `Broadcast ${txid}` }), 201);
    });

    // ---- vouchers

    function vouchersPage(message?: { ok?: string; error?: string }): string {
      const rows = Object.values(state.vouchers)
        .slice(-40)
        .reverse()
        .map(
          (v) =>
            `<tr><td class="mono">${h(masked(v.code))}</td><td>${h(formatMinor(v.value_cents, 2))} ${h(v.currency)}</td><td>${v.used_by ? `used by <span class="mono">${h(masked(v.used_by))}</span>` : 'unused'}</td></tr>`,
        )
        .join('');
      return page(
        'Vouchers',
        `<div class="card"><h1>Issue a voucher</h1>
${message?.error ? `<div class="error">${h(message.error)}</div>` : ''}${message?.ok ? `<div class="ok">New voucher code: <b class="mono" id="voucher-code">${h(message.ok)}</b></div>` : ''}
<form method="post" action="${h(base)}/vouchers"><div class="row"><div><label for="currency">Currency</label><input id="currency" name="currency" placeholder="EUR" maxlength="3"></div>
<div><label for="value">Value (e.g. 25.00)</label><input id="value" name="value" inputmode="decimal" placeholder="25.00"></div></div>
<div class="actions"><button type="submit">Issue voucher</button><a href="${h(base)}/">Dashboard</a></div></form></div>
<div class="card"><h2>Vouchers</h2><table>${rows}</table></div>`,
        { wide: true },
      );
    }

    app.get('/vouchers', async (_req, reply) => html(reply, vouchersPage()));

    app.post('/vouchers', async (req, reply) => {
      const form = (req.body ?? {}) as Form;
      const currency = (form.currency ?? '').trim().toUpperCase();
      const value = parseDecimal(form.value ?? '', 2);
      if (!/^[A-Z]{3}$/.test(currency) || !value)
        return html(reply, vouchersPage({ error: 'Enter a 3-letter currency and a positive value.' }), 422);
      const code = `SBX-${currency}-${randomHex(4).toUpperCase()}`;
      state.vouchers[code] = { code, currency, value_cents: value, created_at: nowIso() };
      save();
      return html(reply, vouchersPage({ ok: code }), 201);
    });

    // ---- dashboard

    app.get('/', async (_req, reply) => {
      const payments = Object.values(state.payments)
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .slice(0, 50)
        .map(
          (p) =>
            `<tr><td class="mono">${h(masked(p.id))}</td><td>${h(p.kind)}</td><td>${h(p.method)}</td><td>${h(displayAmount(p))}</td><td><span class="badge ${h(p.status)}">${h(p.status)}</span>${p.decline_reason ? ` <span class="muted">${h(p.decline_reason)}</span>` : ''}</td><td class="mono">${h(p.reference)}</td><td class="muted">${h(p.created_at)}</td></tr>`,
        )
        .join('');
      const hooks = state.webhooks
        .filter((w) => w.state !== 'delivered')
        .map(
          (w) =>
            `<tr><td class="mono">${h(w.id)}</td><td>${h(w.type)}</td><td><span class="badge ${w.state === 'failed' ? 'failed' : 'pending'}">${h(w.state)}</span></td><td>${h(w.attempts)}</td><td>${h(w.last_status ?? w.last_error ?? '')}</td><td class="muted">${h(w.next_attempt_at)}</td></tr>`,
        )
        .join('');
      return html(
        reply,
        page(
          'Dashboard',
          `<div class="card"><h1>Sandbox PSP</h1><p class="muted">A pretend payment provider for development: nothing here moves real money.</p>
<div class="actions"><a href="${h(base)}/crypto">Send a simulated crypto transaction</a><a href="${h(base)}/vouchers">Issue a voucher</a></div></div>
<div class="card"><h2>Webhooks waiting or failed</h2>${hooks ? `<table><tr><th>Event</th><th>Type</th><th>State</th><th>Attempts</th><th>Last answer</th><th>Next attempt</th></tr>${hooks}</table>` : '<p class="muted">All delivered.</p>'}</div>
<div class="card"><h2>Recent payments</h2>${payments ? `<table><tr><th>Id</th><th>Kind</th><th>Method</th><th>Amount</th><th>Status</th><th>Reference</th><th>Created</th></tr>${payments}</table>` : '<p class="muted">None yet.</p>'}</div>`,
          { wide: true },
        ),
      );
    });
  }

  return { plugin, runDue, store };
}

/** The Fastify plugin on its own; register with `{ prefix: '/sandbox-psp' }`. Runs due work on its timer only. */
export async function sandboxPsp(app: FastifyInstance, options: SandboxPspOptions): Promise<void> {
  await createSandboxPsp(options).plugin(app);
}
