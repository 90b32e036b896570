/** A deposit as a player makes it in the API tests: through the shipped sandbox PSP. */
import { expect } from 'vitest';
import { depositResponseSchema } from '@orbit/contracts';
import type { TestApp } from './app';
import { call } from './identity';

/** A card deposit paid on the sandbox PSP's hosted page and credited on its signed webhook (events delivered). */
export async function depositThroughSandbox(t: TestApp, cookie: string, amountCents: number): Promise<void> {
  const res = await call(t, 'POST', '/api/cashbox/deposits', {
    cookie,
    payload: { payment_method: 'card_visa', amount_cents: amountCents, currency: 'EUR' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { redirect_url } = depositResponseSchema.parse(res.json());
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(redirect_url!).pathname,
    payload: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      holder: 'Ada Card',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode, paid.body.slice(0, 300)).toBe(303);
  await t.app.orbitSandboxPsp!.runDue();
  await t.app.orbitOutbox.drain();
}
