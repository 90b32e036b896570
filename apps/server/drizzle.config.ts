import { defineConfig } from 'drizzle-kit';

// Each business module owns its tables in src/modules/<module>/schema.ts, the platform its own
// (outbox) in src/platform/<part>/schema.ts; one migration history.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/*/schema.ts'],
  out: './drizzle',
});
