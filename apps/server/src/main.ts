import { ConfigError, loadConfig } from './platform/config';
import { createDatabase } from './platform/db/client';
import { seedAll } from './seed';
import { buildApp } from './app';

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
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Orbit is serving on http://localhost:${config.port} (${database.kind})`);
