/**
 * `npm start`'s build step (docs/performance.md "Start"): each front end (the player's site, the
 * studio's game pages, the back office) is built again only when one of its inputs changed since
 * its last build: its sources, the shared contracts, the lockfile, the shared TypeScript settings,
 * the `VITE_*` variables. A content hash per file is kept beside the dependencies
 * (`node_modules/.cache/orbit-build/<name>.json`, written after a build succeeded), so that the
 * line printed says which file changed, or that nothing did.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type FrontEnd = {
  name: string;
  /** The npm workspace that builds it. */
  workspace: string;
  /** Files and folders (from the repository's root) whose contents make the build. */
  inputs: readonly string[];
  /** What the build writes; missing means built again whatever the hashes say. */
  output: string;
};

/** The server's bundle (scripts/bundle-server.ts). */
export const SERVER_BUNDLE = 'apps/server/dist/start.mjs';

const SHARED = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json', 'tsconfig.base.json'];

export const FRONT_ENDS: readonly FrontEnd[] = [
  { name: 'web', workspace: '@orbit/web', inputs: ['apps/web', ...SHARED], output: 'apps/web/build/client' },
  { name: 'studio', workspace: '@orbit/studio', inputs: ['apps/studio', ...SHARED], output: 'apps/studio/dist' },
  {
    name: 'backoffice',
    workspace: '@orbit/backoffice',
    inputs: ['apps/backoffice', ...SHARED],
    output: 'apps/backoffice/dist',
  },
  // The server as one module (scripts/bundle-server.ts), with the workspace packages it bundles in.
  {
    name: 'server',
    workspace: '@orbit/server',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/studio/src',
      'apps/studio/package.json',
      'apps/sandbox-psp/src',
      'apps/sandbox-psp/package.json',
      'scripts/bundle-server.ts',
      ...SHARED,
    ],
    output: SERVER_BUNDLE,
  },
];

/** Folders that are outputs, caches or tests, never inputs of a build. */
const SKIPPED = new Set(['node_modules', 'build', 'dist', '.react-router', 'test', '.cache', 'coverage']);

/** Each input file (path from `root`, `/`-separated) with the sha-256 of its contents. */
export function hashInputs(root: string, inputs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) {
        if (!SKIPPED.has(entry)) visit(path.posix.join(relative, entry));
      }
    } else if (stat.isFile()) {
      out[relative] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  for (const input of inputs) visit(input);
  // Build-time variables are inputs too (Vite writes them into the bundles).
  const vite = Object.keys(process.env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${process.env[name]}`)
    .join('\n');
  if (vite) out['(VITE_* variables)'] = createHash('sha256').update(vite).digest('hex');
  return out;
}

/** What changed between the last build's hashes and today's: files added, removed or edited. */
export function changedInputs(before: Record<string, string> | null, now: Record<string, string>): string[] {
  if (!before) return [];
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...names].filter((name) => before[name] !== now[name]).sort();
}

type Stamp = { built_at: string; files: Record<string, string> };

const stampPath = (root: string, name: string) => path.join(root, 'node_modules/.cache/orbit-build', `${name}.json`);

function readStamp(file: string): Stamp | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

/** Why a front end must be built again, or null when its last build stands. */
export function reasonToBuild(root: string, frontEnd: FrontEnd, files: Record<string, string>): string | null {
  if (!fs.existsSync(path.join(root, frontEnd.output))) return `no build yet (${frontEnd.output} is missing)`;
  const stamp = readStamp(stampPath(root, frontEnd.name));
  if (!stamp) return 'no record of its last build';
  const changed = changedInputs(stamp.files, files);
  if (changed.length === 0) return null;
  const more = changed.length > 1 ? ` and ${changed.length - 1} more` : '';
  return `${changed[0]} changed${more}`;
}

function main(root: string): number {
  for (const frontEnd of FRONT_ENDS) {
    const files = hashInputs(root, frontEnd.inputs);
    const reason = reasonToBuild(root, frontEnd, files);
    if (reason === null) {
      const stamp = readStamp(stampPath(root, frontEnd.name));
      console.log(`build: ${frontEnd.name} is up to date (nothing changed since its build of ${stamp?.built_at})`);
      continue;
    }
    console.log(`build: ${frontEnd.name} is built again: ${reason}`);
    const run = spawnSync('npm', ['run', 'build', '--workspace', frontEnd.workspace], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) return run.status ?? 1;
    const file = stampPath(root, frontEnd.name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ built_at: new Date().toISOString(), files } satisfies Stamp));
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));
}
