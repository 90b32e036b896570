import { defineConfig } from 'drizzle-kit';

// Each business module owns its tables in src/modules/<module>/schema.ts; one migration history.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
});
