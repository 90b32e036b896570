/**
 * The casino's server as a bundle (`apps/server/dist/start.mjs` and its chunks, docs/performance.md "Start"):
 * `npm start` runs it with plain node, so a start does not compile ~400 TypeScript files through
 * tsx's loader. The workspace packages (contracts, studio, sandbox PSP) are bundled in; every
 * other package stays an import of `node_modules`. A source file that finds its neighbours from
 * `import.meta.url` (migrations, CMS content, the web build) still finds them: each such use is
 * rewritten to the source file's own address, relative to the bundle. The build's id (a hash of
 * its inputs) is written in as `process.env.ORBIT_BUILD_ID`: the start seeds once per build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { FRONT_ENDS, hashInputs, SERVER_BUNDLE } from './build-if-changed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A hash of every input of the server's build: the seed of one build runs once per database. */
export function serverBuildId(): string {
  const inputs = FRONT_ENDS.find((build) => build.name === 'server')!.inputs;
  const files = Object.entries(hashInputs(root, inputs)).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 32);
}

export async function bundleServer(): Promise<void> {
  const outfile = path.join(root, SERVER_BUNDLE);
  const outdir = path.dirname(outfile);
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/start.ts')],
    outdir,
    outExtension: { '.js': '.mjs' },
    // `start.ts` sets NODE_ENV, then imports `main`: split there, so that main's packages (React
    // among them, which reads NODE_ENV as it loads) are imported after it. One file would hoist
    // every import above the first line and load React in development mode.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { 'process.env.ORBIT_BUILD_ID': JSON.stringify(serverBuildId()) },
    plugins: [
      {
        name: 'orbit-server',
        setup(build) {
          // Packages load from node_modules as they do under tsx; the workspace's own are sources.
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@orbit/') ? undefined : { path: args.path, external: true },
          );
          build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
            let contents = await fs.promises.readFile(args.path, 'utf8');
            if (contents.includes('import.meta.url')) {
              // Every file of the build is in `outdir`: relative to it, whichever chunk holds the code.
              const relative = path.relative(outdir, args.path).split(path.sep).join('/');
              contents = contents.replaceAll(
                'import.meta.url',
                `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
              );
            }
            return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
          });
        },
      },
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
