import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSandboxPsp } from '../../src/index';
import { API_KEY, BASE, SECRET, deposit } from './helpers';

describe('autoRun', () => {
  it('settles and delivers on its own timer, and closes cleanly', async () => {
    const types: string[] = [];
    const psp = createSandboxPsp({
      apiKey: API_KEY,
      webhookSecret: SECRET,
      publicBaseUrl: BASE,
      settleDelayMs: { bank_transfer: 0, ewallet: 0 },
      autoRunEveryMs: 20,
      deliver: async (_url, init) => {
        types.push(JSON.parse(init.body).type);
        return { status: 200 };
      },
    });
    const app = Fastify();
    await app.register(psp.plugin, { prefix: '/sandbox-psp' });
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox-psp/api/payments',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: deposit('ewallet'),
    });
    const id = created.json().id as string;
    await app.inject({
      method: 'POST',
      url: `/sandbox-psp/pay/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await expect.poll(() => types, { timeout: 1_500, interval: 20 }).toEqual(['payment.pending', 'payment.succeeded']);
    await app.close();
  });
});
