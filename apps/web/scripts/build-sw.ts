/**
 * Builds the service worker after the web build (`npm run build`, docs/rules/page-shell.md "Install
 * as an app"): the offline pages from the messages (`pwa.offline.*`, one per locale), then
 * `sw/sw.ts` bundled by Vite into `build/client/sw.js` with the precache list in place of
 * `self.__WB_MANIFEST` (the files `isPrecachedFile` picks, each with its content's hash as revision).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { isPrecachedFile } from '../sw/rules';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(web, 'build', 'client');
const messagesDir = path.join(web, 'app', 'i18n', 'messages');
const LOCALES = ['en', 'de', 'en-AU', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW'];

type OfflineTexts = { title: string; text: string; retry: string };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One locale's offline page: no script (the static files' policy allows none inline), the site's colours. */
export function offlineHtml(locale: string, t: OfflineTexts): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b1020">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<link rel="icon" href="/icons/icon-192.png">
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#e8ecff;font:16px/1.5 system-ui,sans-serif;text-align:center}
main{padding:24px;max-width:28rem}
img{width:96px;height:96px;border-radius:24px}
a{display:inline-block;margin-top:16px;padding:10px 20px;border-radius:999px;background:#ffc24b;color:#0b1020;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main data-offline-page>
<img src="/icons/icon-192.png" alt="">
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.text)}</p>
<a href="">${escapeHtml(t.retry)}</a>
</main>
</body>
</html>
`;
}

function writeOfflinePages(): void {
  for (const locale of LOCALES) {
    const messages = JSON.parse(fs.readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')) as {
      pwa: { offline: OfflineTexts };
    };
    const file = locale === 'en' ? 'offline.html' : `offline.${locale}.html`;
    fs.writeFileSync(path.join(client, file), offlineHtml(locale, messages.pwa.offline));
  }
}

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** The precache list: every static file of the shell, its hash as revision (hashed names change anyway). */
function precacheManifest(): Array<{ url: string; revision: string }> {
  return listFiles(client)
    .filter(isPrecachedFile)
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: createHash('sha256')
        .update(fs.readFileSync(path.join(client, file)))
        .digest('hex')
        .slice(0, 16),
    }));
}

async function main(): Promise<void> {
  if (!fs.existsSync(client)) throw new Error(`${client} is missing: run react-router build first`);
  writeOfflinePages();
  const manifest = precacheManifest();
  const out = path.join(web, 'build', '.sw');
  await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    publicDir: false,
    define: {
      'self.__WB_MANIFEST': JSON.stringify(manifest),
      __ORBIT_LOCALES__: JSON.stringify(LOCALES),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: out,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      lib: {
        entry: path.join(web, 'sw', 'sw.ts'),
        formats: ['iife'],
        name: 'orbitServiceWorker',
        fileName: () => 'sw.js',
      },
    },
  });
  fs.copyFileSync(path.join(out, 'sw.js'), path.join(client, 'sw.js'));
  fs.rmSync(out, { recursive: true, force: true });
  console.log(`service worker: build/client/sw.js, ${manifest.length} files precached`);
}

await main();
