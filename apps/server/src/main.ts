import { ConfigError, loadConfig } from './platform/config';
import { createDatabase } from './platform/db/client';
import { seedForStart } from './seed';
import { buildApp } from './app';
import { recordSystemEvent } from './modules/backoffice';

// How long each part of a start took, said in the "serving" line (docs/performance.md "Start").
const phases: string[] = [];
let lapAt = 0;
const lap = (name: string) => {
  const now = performance.now();
  phases.push(`${name} ${((now - lapAt) / 1000).toFixed(2)} s`);
  lapAt = now;
};
lap('code');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
lap('database');
if (config.autoMigrate) {
  await database.migrate();
  lap('migrations');
  const seeded = await seedForStart(database.db, { demoPlayer: config.demoPlayer }, process.env.ORBIT_BUILD_ID);
  lap(seeded ? 'seed' : 'seed (done by this build before)');
}
const app = await buildApp({ config, database });
lap('app');

/** How long a graceful stop may take before the process ends anyway (docs/operations.md "Stopping"). */
const STOP_DEADLINE_MS = 10_000;
let stopping = false;
const shutdown = async (signal: string) => {
  // A second signal while stopping ends the process at once.
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Readiness answers 503 from now on; the calls in flight finish, new connections are refused and a
  // call on a kept-alive connection is answered 503 (fastify's close); the outbox and sweeps stop after
  // their batch. Whatever still holds on after the deadline is cut.
  app.orbitStopping = true;
  // A client that does not read its answer holds its connection open: cut what is left near the deadline.
  setTimeout(() => {
    app.log.warn('connections still open after 8 s of the graceful stop: closing them');
    app.server.closeAllConnections();
  }, STOP_DEADLINE_MS - 2_000).unref();
  setTimeout(() => {
    app.log.error(`the graceful stop took over ${STOP_DEADLINE_MS / 1000} s: ending the process`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  // A graceful stop is a significant event (docs/reports.md); the stop goes on if it cannot be written.
  await recordSystemEvent(database.db, new Date(), 'stop', { signal }).catch((error: unknown) =>
    app.log.error({ err: error }, 'the stop could not be recorded in the audit log'),
  );
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
lap('listen');
await recordSystemEvent(database.db, new Date(), 'start', {
  version: process.env.npm_package_version ?? 'unknown',
  database: database.kind,
});
app.log.info(
  `Orbit is serving on http://localhost:${config.port} (${database.kind}), started in ${(performance.now() / 1000).toFixed(2)} s: ${phases.join(', ')}`,
);
