/** `npm run db:migrate` and `npm run db:seed`: the same steps a start runs, on their own. */
import { loadConfig } from '../config';
import { createDatabase } from './client';
import { seedAll } from '../../seed';

const command = process.argv[2];
const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === 'migrate') {
    await database.migrate();
    console.log(`migrated (${database.kind})`);
  } else if (command === 'seed') {
    await database.migrate();
    await seedAll(database.db, { demoPlayer: config.demoPlayer });
    console.log(`seeded (${database.kind})`);
  } else {
    console.error('usage: cli.ts migrate|seed');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
