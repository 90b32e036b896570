/**
 * The studio's browser clients, built into `apps/studio/dist/client` and served by the studio
 * under `/studio`: `index.html` is the game page (`/studio/play/{game}`), `fair.html` the
 * verifier (`/studio/fair`). Build: `npm run build -w @orbit/studio`.
 *
 * `npx vite --config client/vite.config.ts` serves them for development; the API calls
 * (`/studio/api/...`) go to the casino at STUDIO_API (default http://localhost:3000). Open
 * `/studio/?game=orbit-dice&mode=demo&licence=CW` (the slug comes from `?game=` when the path has no
 * `/play/{game}`).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/studio/',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        fair: fileURLToPath(new URL('./fair.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/studio/api': process.env.STUDIO_API ?? 'http://localhost:3000' },
  },
});
