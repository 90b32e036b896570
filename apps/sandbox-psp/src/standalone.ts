/**
 * Runs the sandbox PSP on its own, as a separate "outside" provider:
 *   PSP_PORT (4010) PSP_PUBLIC_URL (http://localhost:<port>) PSP_API_KEY PSP_WEBHOOK_SECRET PSP_DATA_FILE (memory if unset)
 *   node --import tsx apps/sandbox-psp/src/standalone.ts
 */
import Fastify from 'fastify';
import { createSandboxPsp } from './sandbox';
import { fileStore } from './store';

const port = Number(process.env.PSP_PORT ?? 4010);
const app = Fastify({ logger: true });
const psp = createSandboxPsp({
  apiKey: process.env.PSP_API_KEY ?? 'sandbox_api_key',
  webhookSecret: process.env.PSP_WEBHOOK_SECRET ?? 'sandbox_webhook_secret',
  publicBaseUrl: process.env.PSP_PUBLIC_URL ?? `http://localhost:${port}`,
  ...(process.env.PSP_DATA_FILE ? { store: fileStore(process.env.PSP_DATA_FILE) } : {}),
});
await app.register(psp.plugin);
await app.listen({ port, host: process.env.PSP_HOST ?? '127.0.0.1' });
