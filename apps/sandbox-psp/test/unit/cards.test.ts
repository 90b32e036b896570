import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, GOOD_CARD, deposit, harness, type Harness } from './helpers';

let t: Harness;
beforeEach(async () => {
  t = await harness();
});
afterEach(() => t.close());

async function startCard(overrides: Record<string, unknown> = {}) {
  const created = await t.api('POST', '/payments', deposit('card', overrides));
  expect(created.status).toBe(201);
  return created.json as { id: string; status: string; redirect_url: string };
}

function returned(location: string | undefined) {
  const url = new URL(location!);
  return { url, paymentId: url.searchParams.get('payment_id'), status: url.searchParams.get('status') };
}

describe('card payments on the hosted page', () => {
  it('creates a pending payment whose redirect shows the card form with the amount and test cards', async () => {
    const p = await startCard();
    expect(p.status).toBe('pending');
    expect(p.redirect_url).toBe(`${BASE}/pay/${p.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-psp/pay/${p.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('25.00 EUR');
    expect(page.body).toContain('Sandbox — no real money');
    expect(page.body).toContain('4000 0000 0000 3220');
    // Its own icon, inline: the browser asks for no /favicon.ico.
    expect(page.body).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
  });

  it('approves 4242…, redirects 303 to return_url keeping its query, attaches card and sends payment.succeeded', async () => {
    const p = await startCard();
    const res = await t.form(`/pay/${p.id}`, GOOD_CARD);
    expect(res.status).toBe(303);
    const back = returned(res.location);
    expect(back.url.origin + back.url.pathname).toBe('https://casino.test/cashbox/return');
    expect(back.url.searchParams.get('popup')).toBe('1');
    expect(back.paymentId).toBe(p.id);
    expect(back.status).toBe('succeeded');

    const got = await t.api('GET', `/payments/${p.id}`);
    expect(got.json).toMatchObject({
      id: p.id,
      kind: 'deposit',
      method: 'card',
      amount_cents: 2500,
      currency: 'EUR',
      status: 'succeeded',
    });
    expect(got.json.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(got.json.card.token).toMatch(/^tok_/);

    await t.psp.runDue();
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.succeeded']);
    expect(t.delivered[0]!.url).toBe('https://casino.test/api/cashbox/webhooks/sandbox');
    expect(t.delivered[0]!.event.payment).toMatchObject({ id: p.id, status: 'succeeded', amount_cents: 2500 });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('declines %s with %s', async (number, reason) => {
    const p = await startCard();
    const res = await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number });
    expect(returned(res.location).status).toBe('declined');
    const got = await t.api('GET', `/payments/${p.id}`);
    expect(got.json).toMatchObject({ status: 'declined', decline_reason: reason });
    await t.psp.runDue();
    expect(t.delivered.map((d) => [d.event.type, d.event.payment.decline_reason])).toEqual([
      ['payment.declined', reason],
    ]);
  });

  it('asks 3-D Secure for 4000…3220 and approves when authentication completes', async () => {
    const p = await startCard();
    const res = await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number: '4000000000003220' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${BASE}/pay/${p.id}/3ds`);
    expect((await t.api('GET', `/payments/${p.id}`)).json.status).toBe('pending');

    const challenge = await t.app.inject({ method: 'GET', url: `/sandbox-psp/pay/${p.id}/3ds` });
    expect(challenge.body).toContain('Complete authentication');
    expect(challenge.body).toContain('Fail authentication');

    const done = await t.form(`/pay/${p.id}/3ds`, { result: 'complete' });
    expect(returned(done.location).status).toBe('succeeded');
    const got = await t.api('GET', `/payments/${p.id}`);
    expect(got.json.status).toBe('succeeded');
    expect(got.json.card.last4).toBe('3220');
  });

  it('declines with authentication_failed when 3-D Secure fails', async () => {
    const p = await startCard();
    await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number: '4000000000003220' });
    const res = await t.form(`/pay/${p.id}/3ds`, { result: 'fail' });
    expect(returned(res.location).status).toBe('declined');
    expect((await t.api('GET', `/payments/${p.id}`)).json).toMatchObject({
      status: 'declined',
      decline_reason: 'authentication_failed',
    });
  });

  it('cancels from the Cancel button', async () => {
    const p = await startCard();
    const res = await t.form(`/pay/${p.id}/cancel`, {});
    expect(returned(res.location).status).toBe('canceled');
    await t.psp.runDue();
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.canceled']);
  });

  it('re-renders the form with a message on a bad Luhn number or a past expiry, leaving the payment pending', async () => {
    const p = await startCard();
    const luhn = await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number: '4242 4242 4242 4241' });
    expect(luhn.status).toBe(422);
    expect(luhn.body).toContain('The card number is not valid.');
    expect(luhn.body).toContain('4242 4242 4242 4241');
    const expired = await t.form(`/pay/${p.id}`, { ...GOOD_CARD, expiry: '02/26' });
    expect(expired.body).toContain('The card has expired.');
    expect((await t.api('GET', `/payments/${p.id}`)).json.status).toBe('pending');
    await t.psp.runDue();
    expect(t.delivered).toHaveLength(0);
  });

  it('escapes what the customer typed', async () => {
    const p = await startCard();
    const res = await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number: '<script>x</script>' });
    expect(res.body).not.toContain('<script>x</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('charges a saved card token at once (one-click) with no redirect', async () => {
    const first = await startCard();
    await t.form(`/pay/${first.id}`, GOOD_CARD);
    const token = (await t.api('GET', `/payments/${first.id}`)).json.card.token as string;

    const again = await t.api('POST', '/payments', deposit('card', { card_token: token, amount_cents: 900 }));
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ status: 'succeeded', redirect_url: null });
    const got = await t.api('GET', `/payments/${again.json.id}`);
    expect(got.json).toMatchObject({ status: 'succeeded', amount_cents: 900, card: { last4: '4242', token } });
    await t.psp.runDue();
    expect(t.delivered.map((d) => d.event.payment.id)).toEqual([first.id, again.json.id]);

    const unknown = await t.api('POST', '/payments', deposit('card', { card_token: 'tok_nope' }));
    expect(unknown.status).toBe(422);
  });

  it('keeps a final payment final: the form cannot be submitted twice', async () => {
    const p = await startCard();
    await t.form(`/pay/${p.id}`, { ...GOOD_CARD, number: '4000000000000002' });
    await t.form(`/pay/${p.id}`, GOOD_CARD);
    expect((await t.api('GET', `/payments/${p.id}`)).json.status).toBe('declined');
  });
});

describe('saved 3-D Secure card', () => {
  it('asks for authentication again on one-click', async () => {
    const first = await startCard();
    await t.form(`/pay/${first.id}`, { ...GOOD_CARD, number: '4000000000003220' });
    await t.form(`/pay/${first.id}/3ds`, { result: 'complete' });
    const token = (await t.api('GET', `/payments/${first.id}`)).json.card.token as string;
    const again = await t.api('POST', '/payments', deposit('card', { card_token: token }));
    expect(again.json).toMatchObject({ status: 'pending', redirect_url: `${BASE}/pay/${again.json.id}/3ds` });
    const done = await t.form(`/pay/${again.json.id}/3ds`, { result: 'complete' });
    expect(new URL(done.location!).searchParams.get('status')).toBe('succeeded');
  });
});
