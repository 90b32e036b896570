// Test projects (run from the repository root):
//   npx vitest run --project unit      pure rules, validation, game math (no database)
//   npx vitest run --project api       server through app.inject(); PGlite by default,
//                                      PostgreSQL when DATABASE_URL is set (see .ci/run)
//   npx vitest run --project browser   real chromium (Debian's /usr/bin/chromium via
//                                      playwright-core) against the real server
// `npm test` (scripts/test.sh) runs lint, typecheck, build and all three.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignored = [
  '**/node_modules/**',
  '**/dist/**',
  '**/.test-tmp/**',
  'apps/web/build/**',
  'apps/web/.react-router/**',
];

export default defineConfig({
  test: {
    // The ten slowest tests and their share of their time limit close every run, so that a test
    // drifting towards its limit shows in the CI log before it fails (docs/testing.md).
    reporters: ['default', fileURLToPath(new URL('./scripts/slowest-tests-reporter.ts', import.meta.url))],
    // A project whose glob matches no file yet (or a --project filter that selects nothing)
    // must not fail the run.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Projects with different worker limits must run in separate groups:
          // unit first, then api (browser runs in its own `vitest run`).
          sequence: { groupOrder: 0 },
          // Pure functions: both cores, and one import of a module for all the files of a worker.
          maxWorkers: 2,
          isolate: false,
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/unit/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          exclude: ignored,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          sequence: { groupOrder: 1 },
          // tests/compat: a front end of this API family, brought unchanged (docs/compatibility.md).
          include: ['apps/server/test/api/**/*.test.ts', 'tests/compat/**/*.test.ts'],
          exclude: ignored,
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: true,
          // Each file gets its own database; two at a time keeps 2-core machines responsive.
          maxWorkers: 2,
          // A worker imports the server once for all its files (each file still builds its own app
          // on its own database): importing it per file was a third of the suite's time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['tests/browser/**/*.test.ts'],
          exclude: ignored,
          globalSetup: ['tests/browser/support/global-setup.ts'],
          // Each test is a whole journey (a dozen pages, hashing, proof-of-work captchas): up to 30 s
          // here with another file's journey beside it, twice that on a slow day of the project's
          // machines; 180 s keeps 3× headroom there (docs/testing.md).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // Two files at once, one per core: a file alone kept 1.2 of the 2 cores busy (its journeys
          // also wait on the server's clocks, draws and pushes), two kept 1.7 and the step took 930 s
          // instead of 1,270 (docs/testing.md). Each worker has its own chromium and each file its
          // own server and database, so files share nothing.
          fileParallelism: true,
          maxWorkers: 2,
          // One import of the server and the studio for the whole run; each file still starts its
          // own server on its own database.
          isolate: false,
          // The server renders pages with React's production build, as `npm start` does.
          env: { NODE_ENV: 'production' },
        },
      },
    ],
  },
});
