import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { installCsrfCheck } from './platform/http/csrf';
import { installErrorHandler } from './platform/http/error-handler';
import { healthRoutes } from './platform/http/health';
import { registerWeb } from './platform/http/web';
import { Mailer } from './platform/mail';
import { Outbox } from './platform/outbox/outbox';
import { modules } from './modules';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the web app (SSR) too; API tests leave it off. */
  web?: boolean;
  /** The time sessions, tokens and rate limits are measured against; tests pass a fake. */
  clock?: Clock;
  /** Run the background workers (outbox delivery); API tests deliver by hand with `app.orbitOutbox.drain()`. */
  workers?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox this app delivers from (tests drain it). */
    orbitOutbox: Outbox;
  }
}

export async function buildApp({ config, database, web = true, clock = systemClock, workers = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installCsrfCheck(app);

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

  await healthRoutes(app, database);
  const mailer = new Mailer(database.db, clock, app.log, config.smtpUrl, config.mailFrom);
  const outbox = new Outbox(database.db, clock, app.log);
  app.decorate('orbitOutbox', outbox);
  const ctx = { config, db: database.db, log: app.log, clock, mailer, outbox };
  for (const m of modules) {
    if (m.routes) await m.routes(app, ctx);
  }
  // Unknown API paths answer JSON, never the page's 404.
  app.all('/api/*', async (_request, reply) => reply.status(404).send({ errors: { base: ['not_found'] } }));
  if (web) await registerWeb(app, config);
  if (workers) {
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  }
  return app;
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
