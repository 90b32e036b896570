/**
 * The hosted payment pages a player is sent to (`/pay/:id`): card (with test cards and 3-D
 * Secure), bank transfer, e-wallet and voucher, each ending back at the merchant's return URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cardBrand, luhnValid, TEST_CARDS } from './cards';
import type { SandboxEngine } from './engine';
import { escapeHtml as h, page, sendHtml as html, type Form } from './html';
import type { Payment } from './model';
import { displayAmount, formatMinor, withResult } from './values';

export const SANDBOX_IBAN = 'DE89 3704 0044 0532 0130 00';

/** Registers the hosted pages (`/pay/:id`, its 3-D Secure step and its cancel). */
export async function hostedPages(app: FastifyInstance, engine: SandboxEngine): Promise<void> {
  const { state, save, clock, nowIso, settleDelay, payUrl, awaitingCustomer, enqueueWebhook, finish, approveCard } =
    engine;
  const { cardPage, threeDsPage, bankPage, ewalletPage, voucherPage, statusPage } = hostedPageViews(engine);

  const backToMerchant = (reply: FastifyReply, p: Payment) =>
    reply.code(303).header('location', withResult(p.return_url!, p)).send();

  function hostedPayment(req: FastifyRequest<{ Params: { id: string } }>): Payment | undefined {
    const p = state.payments[req.params.id];
    return p && p.kind === 'deposit' && p.method !== 'crypto' ? p : undefined;
  }
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

  /** Redeems a voucher for the payment: undefined when it paid, else what is wrong with the code. */
  function redeemVoucher(p: Payment, form: Form): string | undefined {
    const voucher = state.vouchers[(form.code ?? '').trim().toUpperCase()];
    if (!voucher) return 'This voucher code does not exist.';
    if (voucher.used_by) return 'This voucher has already been used.';
    if (voucher.currency !== p.currency)
      return `This voucher is in ${voucher.currency}, the payment is in ${p.currency}.`;
    if (voucher.value_cents < p.amount_cents)
      return `This voucher is worth ${formatMinor(voucher.value_cents, 2)} ${voucher.currency}, less than the amount.`;
    voucher.used_by = p.id;
    p.voucher_code = voucher.code;
    finish(p, 'succeeded');
    return undefined;
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
        const error = redeemVoucher(p, form);
        if (error) return html(reply, voucherPage(p, error, form.code), 422);
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
}

/** The hosted pages' HTML: a page per payment method, the 3-D Secure step, and a payment's status. */
function hostedPageViews({ base, settleDelay, payUrl }: SandboxEngine) {
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

  return { cardPage, threeDsPage, bankPage, ewalletPage, voucherPage, statusPage };
}
