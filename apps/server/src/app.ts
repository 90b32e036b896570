import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { fileURLToPath } from 'node:url';
import { createSandboxPsp, fileStore, memoryStore, type SandboxPsp } from '@orbit/sandbox-psp';
import {
  createStudio,
  GAMES,
  fileStore as studioFileStore,
  memoryStore as studioMemoryStore,
  type Studio,
} from '@orbit/studio';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './platform/clock';
import { publicBase, type Config } from './platform/config';
import type { Fetch } from './platform/context';
import type { Database } from './platform/db/client';
import { installCsrfCheck } from './platform/http/csrf';
import { installNulGuard } from './platform/http/nul-guard';
import { installProxyTrust, proxyTrust } from './platform/http/proxy';
import { installSecurityHeaders } from './platform/http/security-headers';
import { serializeError, serializeRequest } from './platform/log';
import { installErrorHandler } from './platform/http/error-handler';
import { healthRoutes } from './platform/http/health';
import { registerWeb } from './platform/http/web';
import { Mailer } from './platform/mail';
import { Outbox } from './platform/outbox/outbox';
import { Sweeps } from './platform/jobs';
import { createPubSub, type PubSub } from './platform/realtime/pubsub';
import { modules } from './modules';
import { registerModules } from './module-order';
import { BACKOFFICE_COOKIE } from './modules/backoffice';
import { fromBlockedCountry, guestLicenceOf, licenceOf } from './modules/cms';
import { SANDBOX_PSP_PREFIX } from './modules/cashbox';
import { HOUSE_PROVIDER, STUDIO_PREFIX } from './modules/games';
import { peekPlayer, playerGroupsOf, SESSION_COOKIE } from './modules/identity';
import { JACKPOT_GAMES } from './modules/jackpots';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the web app (SSR) too; API tests leave it off. */
  web?: boolean;
  /** The time sessions, tokens and rate limits are measured against; tests pass a fake. */
  clock?: Clock;
  /** Run the background workers (outbox delivery); API tests deliver by hand with `app.orbitOutbox.drain()`. */
  workers?: boolean;
  /** Outgoing HTTP to partners (the PSP); tests pass one that calls this app in-process. */
  fetch?: Fetch;
  /** Realtime fan-out; default from REDIS_URL. Tests hand two apps one in-process bus. */
  pubsub?: PubSub;
  /** Where the log lines go (default stdout); given one, requests are logged in tests too (log-redaction.test.ts reads them). */
  logStream?: DestinationStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox this app delivers from (tests drain it). */
    orbitOutbox: Outbox;
    /** The periodic sweeps (tests run them with `runAll()`). */
    orbitSweeps: Sweeps;
    /** The sandbox PSP when this process serves it (tests settle it with `runDue()`). */
    orbitSandboxPsp?: SandboxPsp;
    /** The house game studio when this process serves it (tests deliver its pending wins with `retryPending()`). */
    orbitStudio?: Studio;
  }
}

export async function buildApp({
  config,
  database,
  web = true,
  clock = systemClock,
  workers = true,
  fetch,
  pubsub: givenPubSub,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const proxies = proxyTrust(config.trustProxy);
  const app = Fastify({
    // Errors are logged without a failed query's parameters, requests without their query's
    // secrets (platform/log.ts).
    logger: {
      level: config.logLevel,
      serializers: { err: serializeError, req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One function decides which hops are proxies, for Fastify and the edge's headers (http/proxy.ts).
    trustProxy: proxies,
    logController: new LogController({ disableRequestLogging: config.env === 'test' && !logStream }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  installProxyTrust(app, proxies);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installCsrfCheck(app);
  installNulGuard(app);
  installSecurityHeaders(app, {
    frameAncestors: config.frameAncestors,
    https: publicBase(config).startsWith('https:'),
    sessionCookies: [SESSION_COOKIE, BACKOFFICE_COOKIE],
  });

  // Trailing slash is stripped by a permanent redirect (one URL per page).
  app.addHook('onRequest', async (request, reply) => {
    const [pathname, query] = splitUrl(request.url);
    if (pathname.length > 1 && pathname.endsWith('/') && !pathname.startsWith('/api/docs')) {
      return reply.redirect(pathname.replace(/\/+$/, '') + query, 301);
    }
  });

  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Orbit API', version: '0.1.0', description: 'Player-facing API of the Orbit casino platform' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mailer = new Mailer(database.db, clock, app.log, config.smtpUrl, config.mailFrom);
  const outbox = new Outbox(database.db, clock, app.log);
  const sweeps = new Sweeps(app.log);
  const pubsub = givenPubSub ?? (await createPubSub(config.redisUrl, app.log));
  if (!givenPubSub) app.addHook('onClose', async () => pubsub.close());
  await healthRoutes(app, database, pubsub);
  if (config.demo) {
    // Loud on purpose: a demo casino that somebody took for a real one gives away money.
    app.log.warn(
      'DEMO MODE (DEMO=1): the sandbox payment provider issues free vouchers, the demo player has a public password and ' +
        '/api/dev/mailbox shows every mail. Never for real money: set DEMO=0 for a real deployment (README, docs/security.md).',
    );
  }
  if (config.realtimeSecretGenerated && config.env === 'production') {
    app.log.warn('REALTIME_SECRET is not set: realtime connection tokens only work on the instance that issued them');
  }
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.decorate('orbitOutbox', outbox);
  app.decorate('orbitSweeps', sweeps);
  const ctx = { config, db: database.db, log: app.log, clock, mailer, outbox, sweeps, pubsub, fetch };
  await registerModules(app, modules, ctx);
  // Unknown API paths answer JSON, never the page's 404.
  app.all('/api/*', async (_request, reply) => reply.status(404).send({ errors: { base: ['not_found'] } }));
  if (config.sandboxPsp.enabled && !config.sandboxPsp.url) await mountSandboxPsp(app, config, clock, workers, fetch);
  if (config.studio.enabled) await mountStudio(app, config, clock, workers, fetch);
  // A guest's page is cached per licence: it may follow the visitor's country (docs/licences.md).
  if (web)
    await registerWeb(app, config, {
      pageVariant: (request) => guestLicenceOf(request, config),
      // A signed-in player's page is the guests' of their licence when its render reads nothing of them.
      player: {
        cookies: [SESSION_COOKIE],
        // A player in no group is offered what a guest is: the guests' copy of the licence.
        pageVariant: async (request) => {
          const [licence, groups] = await Promise.all([licenceOf(request, config), playerGroupsOf(request)]);
          return groups?.length ? `${licence} groups ${groups.join(',')}` : licence;
        },
      },
      // Guest mode (docs/licences.md "The legal block and guest mode"): a blocked country, and no live session.
      legalBlock: {
        blocked: (request) => fromBlockedCountry(request, config),
        signedIn: async (request) => (await peekPlayer(request)) !== null,
      },
    });
  if (workers) {
    app.addHook('onReady', async () => {
      outbox.start();
      sweeps.start();
    });
    app.addHook('onClose', async () => {
      await sweeps.stop();
      await outbox.stop();
    });
  }
  return app;
}

/**
 * The shipped sandbox PSP in this process, under /sandbox-psp: it plays an outside provider, so
 * the cashbox reaches it over HTTP like any PSP, and it keeps its own state (a file in DATA_DIR).
 */
async function mountSandboxPsp(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
  workers: boolean,
  fetch: Fetch | undefined,
): Promise<void> {
  const sandbox = createSandboxPsp({
    apiKey: config.sandboxPsp.apiKey,
    webhookSecret: config.sandboxPsp.webhookSecret,
    publicBaseUrl: `${publicBase(config)}${SANDBOX_PSP_PREFIX}`,
    store: config.env === 'test' ? memoryStore() : fileStore(path.join(config.dataDir, 'sandbox-psp.json')),
    clock: () => clock.now(),
    autoRun: workers,
    ...(fetch
      ? { deliver: async (url, init) => fetch(url, { method: 'POST', headers: init.headers, body: init.body }) }
      : {}),
  });
  await app.register(sandbox.plugin, { prefix: SANDBOX_PSP_PREFIX });
  app.decorate('orbitSandboxPsp', sandbox);
}

/** The built game clients of the studio (`npm run build`). */
const studioClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../studio/dist/client');

/**
 * The house game studio in this process, under /studio: it plays an outside provider, so it moves
 * money only through the signed wallet protocol, over HTTP to this same server (loopback), and
 * keeps its own state (seeds, demo balances) in a file of DATA_DIR.
 */
async function mountStudio(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
  workers: boolean,
  fetch: Fetch | undefined,
): Promise<void> {
  const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  const studio = createStudio({
    provider: HOUSE_PROVIDER,
    walletUrl: `http://${loopback}:${config.port}/api/wallet/${HOUSE_PROVIDER}`,
    walletSecret: config.studio.walletSecret,
    games: GAMES,
    // The casino decides which of its games feed a jackpot (one list, the jackpots module's); the
    // studio shows the jackpot on those and sends their draws.
    jackpotGames: JACKPOT_GAMES.filter((g) => g.startsWith(`${HOUSE_PROVIDER}/`)).map((g) =>
      g.slice(HOUSE_PROVIDER.length + 1),
    ),
    store: config.env === 'test' ? studioMemoryStore() : studioFileStore(path.join(config.dataDir, 'studio.json')),
    clock: () => clock.now(),
    clientDir: studioClientDir,
    retryIntervalMs: workers ? 30_000 : 0,
    log: app.log,
    ...(fetch ? { fetch } : {}),
  });
  await app.register(studio.plugin, { prefix: STUDIO_PREFIX });
  app.decorate('orbitStudio', studio);
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
