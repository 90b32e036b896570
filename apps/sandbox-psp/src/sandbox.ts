/**
 * The sandbox PSP: a pretend payment provider a casino integrates with as with a real one
 * (merchant API, hosted payment pages, signed webhooks), plus the merchant-side tools of a demo.
 * This file composes the parts: the engine (state and due work, `engine.ts`), the merchant API
 * (`merchant-api.ts`), the hosted pages (`hosted-pages.ts`) and the tools (`tools.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { createEngine, type SandboxPspOptions } from './engine';
import { hostedPages } from './hosted-pages';
import { merchantApi } from './merchant-api';
import type { SandboxStore } from './store';
import { merchantTools } from './tools';

export { DEFAULT_CONFIRMATIONS, publicPayment, type SandboxPspOptions } from './engine';
export { SANDBOX_IBAN } from './hosted-pages';
export { TEST_CARDS } from './cards';

export type SandboxPsp = {
  /** Register with `app.register(psp.plugin, { prefix: '/sandbox-psp' })`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Settles due payments and payouts, advances crypto confirmations, delivers due webhooks. */
  runDue(): Promise<void>;
  store: SandboxStore;
};

/** Builds a sandbox PSP: its Fastify plugin, its `runDue()` and its store. */
export function createSandboxPsp(options: SandboxPspOptions): SandboxPsp {
  const engine = createEngine(options);
  const { runDue } = engine;

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

    await app.register((api) => merchantApi(api, engine), { prefix: '/api' });
    await hostedPages(app, engine);
    await merchantTools(app, engine);
  }

  return { plugin, runDue, store: engine.store };
}

/** The Fastify plugin on its own; register with `{ prefix: '/sandbox-psp' }`. Runs due work on its timer only. */
export async function sandboxPsp(app: FastifyInstance, options: SandboxPspOptions): Promise<void> {
  await createSandboxPsp(options).plugin(app);
}
