/**
 * The back office's single-page app (`apps/backoffice`, built into its `dist` by `npm run build`)
 * under `/backoffice`: its files from memory (read once at start: one page and its hashed assets),
 * every other path under `/backoffice/` answered with the page (the app routes in the browser).
 * Nobody may frame it; it is never cached but for its hashed files. Without a build the app is
 * simply not served (the API suites run without one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const backofficeAppDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../backoffice/dist',
);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Scripts only from the casino's own files, no framing at all (clickjacking an operator's click). */
const POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; script-src 'self'";

export async function appRoutes(app: FastifyInstance, dir: string = backofficeAppDir): Promise<void> {
  const indexPath = path.join(dir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.info('the back office app is not built (npm run build): /backoffice is not served');
    return;
  }
  const page = fs.readFileSync(indexPath);
  const assets = new Map<string, { body: Buffer; type: string }>();
  const assetsDir = path.join(dir, 'assets');
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { body: fs.readFileSync(path.join(assetsDir, name)), type });
  }
  const sendPage = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', POLICY)
      .header('x-robots-tag', 'noindex, nofollow')
      .send(page);

  app.get('/backoffice/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const asset = assets.get((request.params as { file: string }).file);
    if (!asset)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ errors: { base: ['not_found'] } });
    return reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  });
  app.get('/backoffice', { schema: { hide: true } }, async (_request, reply) => sendPage(reply));
  app.get('/backoffice/*', { schema: { hide: true } }, async (_request, reply) => sendPage(reply));
}
