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

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // A graceful stop is a significant event (docs/reports.md); the stop goes on if it cannot be written.
  await recordSystemEvent(database.db, new Date(), 'stop', { signal }).catch((error: unknown) =>
    app.log.error({ err: error }, 'the stop could not be recorded in the audit log'),
  );
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
lap('listen');
await recordSystemEvent(database.db, new Date(), 'start', {
  version: process.env.npm_package_version ?? 'unknown',
  database: database.kind,
});
app.log.info(
  `Orbit is serving on http://localhost:${config.port} (${database.kind}), started in ${(performance.now() / 1000).toFixed(2)} s: ${phases.join(', ')}`,
);
