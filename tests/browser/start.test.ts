/**
 * What `npm start` runs (docs/performance.md "Start"): the server's bundle
 * (`apps/server/dist/start.mjs`, written by `npm run build`) with plain node, on a fresh data
 * folder. It must find everything its sources find beside them (migrations, CMS content, the
 * player's site, the back office, the studio's pages), seed the database on its first start, and
 * skip the seed on the next start of the same build, still serving the seeded casino.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/server';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-start-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the bundle; answers its address, its "serving" line and a stop that waits for the exit. */
async function startBundle(env: Record<string, string> = {}) {
  const port = await freePort();
  // As `npm start` runs it: no NODE_ENV (the bundle's first lines decide production mode).
  const { NODE_ENV: _testMode, ...environment } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/start.mjs'], {
    cwd: root,
    env: { ...environment, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const serving = await Promise.race([
    (async () => {
      for (;;) {
        const line = output.split('\n').find((l) => l.includes('Orbit is serving'));
        if (line) return (JSON.parse(line) as { msg: string }).msg;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })(),
    exited.then((code) => {
      throw new Error(`the bundle ended (${code}) before serving:\n${output}`);
    }),
  ]);
  return {
    base: `http://127.0.0.1:${port}`,
    serving,
    exited,
    output: () => output,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      running.delete(child);
      if (code !== 0) console.error(`the bundle ended with ${code}:\n${output.split('\n').slice(-15).join('\n')}`);
      return code;
    },
  };
}

describe("npm start's server bundle", () => {
  // Two starts on a fresh folder: migrations and the seed once (seconds), then the quick start.
  it(
    'serves the casino from its bundle, seeds a fresh database, and skips the seed on the next start',
    {
      timeout: 120_000,
    },
    async () => {
      const first = await startBundle();
      try {
        expect(first.serving).toMatch(/started in [\d.]+ s: .*seed \d/);
        expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
        // The seeded catalogue (the seed ran), the player's lobby, the back office and a studio page.
        const providers = (await (await fetch(`${first.base}/api/games/providers`)).json()) as unknown[];
        expect(providers.length).toBeGreaterThan(0);
        // Pages render (React and the page server both in production mode: a mix answers 500).
        for (const address of ['/', '/de/tournaments', '/slots']) {
          const page = await fetch(`${first.base}${address}`);
          expect(page.status, address).toBe(200);
          expect(await page.text()).toContain('<html');
        }
        expect((await fetch(`${first.base}/backoffice`)).status).toBe(200);
        // A CMS page the seed read from the content folder beside its source.
        const pages = (await (await fetch(`${first.base}/api/cms/pages`)).json()) as unknown[];
        expect(pages.length).toBeGreaterThan(0);
      } finally {
        expect(await first.stop()).toBe(0);
      }

      const second = await startBundle();
      try {
        expect(second.serving).toContain('seed (done by this build before)');
        const providers = (await (await fetch(`${second.base}/api/games/providers`)).json()) as unknown[];
        expect(providers.length).toBeGreaterThan(0);
        const lobby = await fetch(`${second.base}/`);
        expect(lobby.status).toBe(200);
        await lobby.text();
      } finally {
        expect(await second.stop()).toBe(0);
      }
    },
  );

  it(
    'stops gracefully on SIGTERM: the calls in flight are answered, new connections are refused, the process ends within 10 s',
    { timeout: 120_000 },
    async () => {
      // Every page rendered anew, so that a few dozen renders keep the server busy for a while.
      const server = await startBundle({ PAGE_CACHE_SECONDS: '0' });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
      const get = (path: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${server.base}${path}`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            })
            .on('error', reject);
        });
      try {
        // The connections are open before the stop (a connection the kernel has not handed over yet is no call in flight).
        await Promise.all(Array.from({ length: 24 }, () => get('/api/health/live')));
        const pages = Array.from({ length: 24 }, (_, i) => get(i % 2 ? '/' : '/de/tournaments'));
        // The stop comes once the server has read every page request (its log says so): a request
        // still on its way in a kept-alive connection is the client's to send again, as browsers do.
        const received = () =>
          server.output().match(/"url":"(\/|\/de\/tournaments)"[^\n]*"msg":"incoming request"/g)?.length ?? 0;
        while (received() < 24) await new Promise((resolve) => setTimeout(resolve, 20));
        const stoppedAt = Date.now();
        server.kill('SIGTERM');
        expect(await Promise.all(pages)).toEqual(Array(24).fill(200));
        const code = await server.exited;
        expect(code).toBe(0);
        expect(Date.now() - stoppedAt).toBeLessThan(10_000);
        await expect(fetch(`${server.base}/api/health/live`)).rejects.toThrow();
      } finally {
        agent.destroy();
      }
    },
  );
});
