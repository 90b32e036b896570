/**
 * The merchant-side tools of the sandbox, open to any visitor of a demo: the dashboard (recent
 * payments and webhooks), the crypto simulator (send to a deposit address the sandbox issued) and
 * the voucher desk. Ids, codes and addresses are shown cut short (docs/security.md): they are the
 * handles to act on a payment.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxEngine } from './engine';
import { escapeHtml as h, page, sendHtml as html, type Form } from './html';
import type { Payment } from './model';
import { CRYPTO_DECIMALS, displayAmount, formatMinor, parseDecimal, randomHex } from './values';

/** Registers the dashboard (`/`), `/crypto` and `/vouchers`. */
export async function merchantTools(app: FastifyInstance, engine: SandboxEngine): Promise<void> {
  cryptoSimulator(app, engine);
  voucherDesk(app, engine);
  dashboard(app, engine);
}

/** `/crypto`: simulated transactions to a deposit address the sandbox issued. */
function cryptoSimulator(app: FastifyInstance, engine: SandboxEngine): void {
  const { state, save, nowIso, nextId, masked, required, base, blockIntervalMs, enqueueWebhook } = engine;

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
        cryptoPage({ error: `Enter a positive amount with at most ${CRYPTO_DECIMALS[addr.currency]} decimals.` }, form),
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
}

/** `/vouchers`: issues single-use vouchers and lists them. */
function voucherDesk(app: FastifyInstance, engine: SandboxEngine): void {
  const { state, save, nowIso, masked, base } = engine;

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
}

/** `/`: the recent payments and the webhooks still waiting or failed. */
function dashboard(app: FastifyInstance, engine: SandboxEngine): void {
  const { state, masked, base } = engine;

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
