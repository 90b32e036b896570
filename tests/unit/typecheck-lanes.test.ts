/**
 * `npm run typecheck` is two lanes that `npm test` runs side by side (scripts/test.sh): the
 * server's program beside the root's and the other workspaces'. The lanes name the workspaces one
 * by one, so a workspace added later with a `typecheck` script of its own must be named in one of
 * them, or nothing would check its types.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    name: string;
    workspaces?: string[];
    scripts?: Record<string, string>;
  };

it('checks the types of every workspace that has a typecheck script, in exactly one lane', () => {
  const top = readPackage('.');
  const lanes = `${top.scripts!['typecheck:server']} ${top.scripts!['typecheck:rest']}`;
  const named = [...lanes.matchAll(/--workspace (\S+)/g)].map((m) => m[1]);
  const checked = top
    .workspaces!.map(readPackage)
    .filter((workspace) => workspace.scripts?.typecheck)
    .map((workspace) => workspace.name);
  expect(checked.length).toBeGreaterThan(4);
  expect([...named].sort()).toEqual([...checked].sort());
  expect(top.scripts!.typecheck).toBe('npm run typecheck:server && npm run typecheck:rest');
  expect(top.scripts!['typecheck:rest']).toMatch(/^tsc -p tsconfig\.json && /);
});
