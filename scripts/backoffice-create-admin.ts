/**
 * `npm run backoffice:create-admin -- <email> "<name>"`: a real deployment's first operator, an
 * admin (docs/backoffice.md "The first admin"). Prints a random password once; two-factor is set
 * up at the first sign-in, before anything else. Refuses an address already taken.
 */
import { randomBytes } from 'node:crypto';
import { createOperator } from '../apps/server/src/modules/backoffice';
import { loadConfig } from '../apps/server/src/platform/config';
import { createDatabase } from '../apps/server/src/platform/db/client';

const [email, name] = process.argv.slice(2);
if (!email || !name) {
  console.error('usage: npm run backoffice:create-admin -- <email> "<name>"');
  process.exit(2);
}
const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const password = `${randomBytes(12).toString('base64url')}-Aa1`;
  const created = await createOperator(database.db, { email, name, role: 'admin', password });
  console.log(`admin ${created.email} (id ${created.id}) created.`);
  console.log(`password (shown once): ${password}`);
  console.log('Sign in at /backoffice; two-factor is set up at the first sign-in.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
