import { ConfigError, loadConfig } from './platform/config';
import { createDatabase } from './platform/db/client';
import { seedAll } from './seed';
import { buildApp } from './app';
import { recordSystemEvent } from './modules/backoffice';

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
if (config.autoMigrate) {
  await database.migrate();
  await seedAll(database.db, { demoPlayer: config.demoPlayer });
}
const app = await buildApp({ config, database });

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
await recordSystemEvent(database.db, new Date(), 'start', {
  version: process.env.npm_package_version ?? 'unknown',
  database: database.kind,
});
app.log.info(`Orbit is serving on http://localhost:${config.port} (${database.kind})`);
