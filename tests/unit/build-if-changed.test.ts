/**
 * `npm start` builds a front end again only when an input changed (scripts/build-if-changed.ts):
 * in a folder of its own, the reasons it gives before a first build, after one, and after a
 * source, a shared contract or a build output changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedInputs, hashInputs, reasonToBuild, type FrontEnd } from '../../scripts/build-if-changed';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-build-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const frontEnd: FrontEnd = {
  name: 'web',
  workspace: '@orbit/web',
  inputs: ['apps/web', 'packages/contracts/src'],
  output: 'apps/web/build/client',
};
/** What a successful build leaves: its output and the record of its inputs. */
const built = (files: Record<string, string>) => {
  write('apps/web/build/client/index.js', 'bundle');
  write('node_modules/.cache/orbit-build/web.json', JSON.stringify({ built_at: 'then', files }));
};

describe('building only what changed', () => {
  it('builds the first time, then not until a source or a shared contract changes', () => {
    write('apps/web/app/root.tsx', 'export const a = 1;');
    write('packages/contracts/src/index.ts', 'export const b = 2;');
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toMatch(/no build yet/);

    built(hashInputs(root, frontEnd.inputs));
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toBeNull();
    // Its own output, tests and dependencies are not inputs.
    write('apps/web/build/client/other.js', 'more');
    write('apps/web/test/unit/x.test.ts', 'test');
    write('apps/web/node_modules/pkg/index.js', 'dep');
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toBeNull();

    write('packages/contracts/src/index.ts', 'export const b = 3;');
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toBe(
      'packages/contracts/src/index.ts changed',
    );
    write('apps/web/app/new-page.tsx', 'export {};');
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toBe(
      'apps/web/app/new-page.tsx changed and 1 more',
    );
  });

  it('builds again when the output is gone, and names removed files', () => {
    built(hashInputs(root, frontEnd.inputs));
    fs.rmSync(path.join(root, 'apps/web/build'), { recursive: true });
    expect(reasonToBuild(root, frontEnd, hashInputs(root, frontEnd.inputs))).toMatch(/missing/);
    expect(changedInputs({ 'a.ts': '1', 'b.ts': '2' }, { 'a.ts': '1' })).toEqual(['b.ts']);
    expect(changedInputs(null, { 'a.ts': '1' })).toEqual([]);
  });
});
