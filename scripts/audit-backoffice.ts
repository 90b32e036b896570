/**
 * `npm run audit:backoffice`: walks the back office's audit log from its first entry and checks
 * the hash chain (docs/backoffice.md "The audit chain") on the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR — stop the casino first). Exits 0 when every entry follows the
 * one before it and matches its hash; 1 naming the first entry that does not (an edit, a gap).
 */
import { checkAuditChain } from '../apps/server/src/modules/backoffice';
import { loadConfig } from '../apps/server/src/platform/config';
import { createDatabase } from '../apps/server/src/platform/db/client';

const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const broken = await checkAuditChain(database.db);
  if (broken === null) {
    console.log(`audit log (${database.kind}): ok, every entry follows the one before it and matches its hash`);
  } else {
    console.error(`BROKEN: audit entry ${broken.seq}: ${broken.problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
