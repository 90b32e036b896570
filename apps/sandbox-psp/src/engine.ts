/**
 * The sandbox's engine: its state (payments, addresses, vouchers, saved cards, webhooks) kept in
 * a store, the payment state machine, and the due work (settling transfers, confirming crypto,
 * delivering signed webhooks in order per payment, with backoff). The routes act through it.
 */
import type { Payment, PaymentStatus, SandboxState, WebhookDelivery, CryptoCurrency } from './model';
import { signSandboxPayload } from './signature';
import { memoryStore, type SandboxStore } from './store';
import { canonical, randomHex } from './values';

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

export const DEFAULT_CONFIRMATIONS: Record<CryptoCurrency, number> = {
  BTC: 2,
  BCH: 2,
  LTC: 3,
  ETH: 3,
  DOG: 3,
  USDT: 3,
};
const MAX_WEBHOOK_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 5 * 60_000;

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

/** The engine the routes share (see createEngine). */
export type SandboxEngine = ReturnType<typeof createEngine>;

/** Builds the engine: loads the state (or starts one with the seed vouchers) and saves it at once. */
export function createEngine(options: SandboxPspOptions) {
  const store = options.store ?? memoryStore();
  const clock = options.clock ?? (() => new Date());
  const settleDelay = options.settleDelayMs ?? { bank_transfer: 20_000, ewallet: 5_000 };
  const confirmations: Record<string, number> = { ...DEFAULT_CONFIRMATIONS, ...options.confirmations };
  const blockIntervalMs = options.blockIntervalMs ?? 5_000;
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

  const payments = paymentStateMachine(state, nowIso, nextId);
  const deliverDue = webhookDelivery({
    state,
    save,
    clock,
    deliver: options.deliver ?? fetchDeliver,
    webhookSecret: options.webhookSecret,
  });
  const runDue = dueWork({ state, save, clock, required, blockIntervalMs, finish: payments.finish, deliverDue });

  const payUrl = (p: Payment) => `${base}/pay/${encodeURIComponent(p.id)}`;
  /** Still waiting for the customer on the hosted page. */
  const awaitingCustomer = (p: Payment) => p.status === 'pending' && !p.customer_done && !p.settle_at;

  return {
    options,
    store,
    state,
    save,
    clock,
    nowIso,
    nextId,
    masked,
    required,
    base,
    settleDelay,
    blockIntervalMs,
    payUrl,
    awaitingCustomer,
    ...payments,
    runDue,
  };
}

// ---------------------------------------------------------------- the payment state machine

/** A payment's end states, each announced by a webhook, and the idempotency of a new request. */
function paymentStateMachine(state: SandboxState, nowIso: () => string, nextId: (prefix: string) => string) {
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

  return { enqueueWebhook, finish, approveCard, existing };
}

// ---------------------------------------------------------------- due work

/**
 * `runDue()`: one pass at a time of the due work (README "runDue()"): settle the transfers and
 * payouts whose time has come, advance the crypto confirmations, deliver the due webhooks.
 */
function dueWork(parts: {
  state: SandboxState;
  save: () => void;
  clock: () => Date;
  required: (currency: string) => number;
  blockIntervalMs: number;
  finish: (p: Payment, status: PaymentStatus, reason?: string) => void;
  deliverDue: () => Promise<void>;
}): () => Promise<void> {
  const { state, save, clock, required, blockIntervalMs, finish, deliverDue } = parts;

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

  async function pass(): Promise<void> {
    const now = clock();
    settleDue(now);
    confirmDue(now);
    save();
    await deliverDue();
    save();
  }

  let running: Promise<void> | undefined;
  return function runDue(): Promise<void> {
    // One pass at a time: a timer tick during a slow delivery must not deliver twice.
    if (!running) {
      running = pass().finally(() => {
        running = undefined;
      });
    }
    return running;
  };
}

/**
 * Delivers the due webhooks, signed at send time, in order per payment (the next event of a
 * payment waits until the one before is acknowledged), with backoff; gives up on one after
 * MAX_WEBHOOK_ATTEMPTS.
 */
function webhookDelivery(parts: {
  state: SandboxState;
  save: () => void;
  clock: () => Date;
  deliver: NonNullable<SandboxPspOptions['deliver']>;
  webhookSecret: string;
}): () => Promise<void> {
  const { state, save, clock, deliver, webhookSecret } = parts;

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
          'x-sandbox-signature': signSandboxPayload(w.body, webhookSecret, now),
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

  return async function deliverDue(): Promise<void> {
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
  };
}
