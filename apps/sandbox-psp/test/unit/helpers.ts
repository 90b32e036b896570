import Fastify, { type FastifyInstance } from 'fastify';
import { createSandboxPsp, type SandboxPsp, type SandboxPspOptions } from '../../src/index';

export const API_KEY = 'test_api_key';
export const SECRET = 'whsec_test';
export const BASE = 'http://psp.test/sandbox-psp';

export type Captured = {
  url: string;
  headers: Record<string, string>;
  body: string;
  event: { id: string; type: string; created_at: string; payment: Record<string, any> };
};

export type Harness = {
  app: FastifyInstance;
  psp: SandboxPsp;
  now: { t: number };
  advance(ms: number): Promise<void>;
  delivered: Captured[];
  /** Status the fake merchant endpoint answers next (default 200). */
  respond: { status: number | 'network_error' };
  api(method: 'GET' | 'POST', url: string, body?: unknown, key?: string): Promise<{ status: number; json: any }>;
  form(
    url: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; location: string | undefined; body: string }>;
  close(): Promise<void>;
};

export async function harness(extra: Partial<SandboxPspOptions> = {}): Promise<Harness> {
  const now = { t: Date.parse('2026-03-01T12:00:00Z') };
  const delivered: Captured[] = [];
  const respond: Harness['respond'] = { status: 200 };
  const psp = createSandboxPsp({
    apiKey: API_KEY,
    webhookSecret: SECRET,
    publicBaseUrl: BASE,
    clock: () => new Date(now.t),
    settleDelayMs: { bank_transfer: 20_000, ewallet: 5_000 },
    blockIntervalMs: 5_000,
    autoRun: false,
    deliver: async (url, init) => {
      if (respond.status === 'network_error') throw new Error('ECONNREFUSED');
      delivered.push({ url, headers: init.headers, body: init.body, event: JSON.parse(init.body) });
      return { status: respond.status };
    },
    ...extra,
  });
  const app = Fastify();
  await app.register(psp.plugin, { prefix: '/sandbox-psp' });
  await app.ready();
  return {
    app,
    psp,
    now,
    delivered,
    respond,
    async advance(ms) {
      now.t += ms;
      await psp.runDue();
    },
    async api(method, url, body, key = API_KEY) {
      const res = await app.inject({
        method,
        url: `/sandbox-psp/api${url}`,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, json: res.body ? res.json() : undefined };
    },
    async form(url, fields) {
      const res = await app.inject({
        method: 'POST',
        url: `/sandbox-psp${url}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
    },
    close: () => app.close(),
  };
}

let counter = 0;
export function deposit(method: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    reference: `dep-${counter}-${Math.random().toString(36).slice(2)}`,
    amount_cents: 2500,
    currency: 'EUR',
    method,
    return_url: 'https://casino.test/cashbox/return?popup=1',
    notification_url: 'https://casino.test/api/cashbox/webhooks/sandbox',
    ...overrides,
  };
}

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'Jane Doe' };
