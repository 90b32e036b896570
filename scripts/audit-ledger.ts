/**
 * `npm run audit:ledger`: proves the ledger's invariants on the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR — stop the casino first: an embedded database
 * has one user at a time). Exits 0 when every invariant holds; 1 with the first broken account.
 */
import { auditLedger } from '../apps/server/src/modules/wallet';
import { loadConfig } from '../apps/server/src/platform/config';
import { createDatabase } from '../apps/server/src/platform/db/client';

const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const audit = await auditLedger(database.db);
  console.log(`ledger audit (${database.kind}): ${audit.transfers} transfers, ${audit.accounts} accounts`);
  if (audit.ok) {
    console.log(
      'ok: legs sum to zero per currency, every balance equals the sum of its legs, no player account below zero',
    );
  } else {
    for (const problem of audit.problems) console.error(`BROKEN: ${problem}`);
    if (audit.firstBroken) console.error(`first broken account: ${JSON.stringify(audit.firstBroken)}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
