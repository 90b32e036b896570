/**
 * The back office's single-page app, built into `apps/backoffice/dist` and served by the casino
 * under `/backoffice` (apps/server/src/modules/backoffice/routes/app.ts). Never part of the
 * player's bundles. `npx vite` in this folder serves it for development, the API calls going to
 * the casino at BACKOFFICE_API (default http://localhost:3000).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/backoffice/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2_000,
    rolldownOptions: {
      // MUI marks its modules 'use client' (for React Server Components); a single-page app has no
      // server components, so the directive means nothing here.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': process.env.BACKOFFICE_API ?? 'http://localhost:3000' } },
});
