/**
 * The docs name files that exist (docs/testing.md "The docs' paths"). Every repository path that
 * README.md, apps/<app>/README.md and docs/**\/*.md name — in backticks or in their prose:
 * `apps/…`, `packages/…`, `tests/…`, `docs/…`, `scripts/…`, and in an app's README a path inside
 * that app (`test/…`, `lib/…` of apps/web/app: its first folder is one of the app's, its app/'s or
 * its src/'s) — is a file or folder of the tree. Placeholders (`<m>`, `:slug`, `*`, `**`) stand for
 * any name, and at least one file must match. A path that moved fails here, with the doc naming it.
 * Fenced blocks (the layout trees) are drawn, not named, and are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders no doc path leads into: installed, built or generated, never in the repository. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.react-router', '.test-tmp', '.git']);

/** The first segments a repository path starts with. */
const REPO_ROOTS = ['apps', 'packages', 'tests', 'docs', 'scripts'];
/** The folders of an app its README's own paths start from: the app's, then its app/ or src/. */
const APP_BASES = ['', '/app', '/src'];

const isPlaceholder = (segment: string): boolean => /[<>*:[\]]/.test(segment);
const isFolder = (dir: string): boolean => existsSync(dir) && statSync(dir).isDirectory();

const FENCED_BLOCK = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
const CODE_SPAN = /(`+)([^`]+?)\1/g;

/** The inline code spans of a Markdown text, fenced blocks left out (their trees are drawn, not named). */
function codeSpans(markdown: string): string[] {
  return [...markdown.replace(FENCED_BLOCK, '').matchAll(CODE_SPAN)].map((m) => m[2]!.trim());
}

/** The repository paths a Markdown text names in its prose, outside code: `(docs/limits.md: …)`, links. */
function prosePaths(markdown: string): string[] {
  const prose = markdown.replace(FENCED_BLOCK, '').replace(CODE_SPAN, ' ');
  const bare = new RegExp(`(?:^|[\\s("'\\[])((?:${REPO_ROOTS.join('|')})/[\\w./<>*-]*[\\w/>*])`, 'gm');
  return [...prose.matchAll(bare)].map((m) => m[1]!);
}

/**
 * The repository paths a doc names, each as written and as the path from the repository's root:
 * those of its prose, and the code spans that look like a path (no spaces, a `/`, a known first
 * folder), with a trailing `:line`, `#anchor` or `?query` dropped. `appDir` is the app a README
 * belongs to: a span whose first folder is one of that app's (or of its app/ or src/) is inside it.
 */
function repoPaths(markdown: string, appDir?: string): { written: string; path: string }[] {
  const found = prosePaths(markdown).map((p) => ({ written: p, path: p }));
  for (const span of codeSpans(markdown)) {
    if (!/^[\w.\-/<>*:[\]#?=&]+$/.test(span) || !span.includes('/')) continue;
    if (span.includes('…') || span.includes('...') || span.includes('//')) continue;
    const token = span.replace(/(:\d+)+$/, '').replace(/[#?].*$/, '');
    const first = token.split('/')[0]!;
    if (REPO_ROOTS.includes(first)) found.push({ written: span, path: token });
    else if (appDir !== undefined && first !== '' && !isPlaceholder(first)) {
      const base = APP_BASES.map((b) => appDir + b).find((b) => isFolder(path.join(root, b, first)));
      if (base !== undefined) found.push({ written: span, path: `${base}/${token}` });
    }
  }
  return found;
}

/** A segment with placeholders as a pattern: `<m>`, `:slug`, `[id]` and `*` stand for any part of a name. */
function segmentPattern(segment: string): RegExp {
  const pattern = segment
    .split(/(<[^>]*>|:\w+|\[[^\]]*\]|\*)/)
    .map((part, i) => (i % 2 === 1 ? '[^/]*' : part.replace(/[.+?^${}()|\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

const entries = (dir: string): string[] => (isFolder(dir) ? readdirSync(dir).filter((n) => !SKIPPED_DIRS.has(n)) : []);

/** Whether `relative` (with placeholders and globs) names at least one file or folder under `base`. */
function pathExists(base: string, relative: string): boolean {
  const segments = relative.split('/').filter((s) => s !== '');
  const walk = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return true;
    const [segment, ...tail] = rest as [string, ...string[]];
    if (segment === '**') return walk(dir, tail) || entries(dir).some((n) => walk(path.join(dir, n), rest));
    if (!isPlaceholder(segment)) {
      const next = path.join(dir, segment);
      return existsSync(next) && (tail.length === 0 || statSync(next).isDirectory()) && walk(next, tail);
    }
    const pattern = segmentPattern(segment);
    return entries(dir).some((n) => pattern.test(n) && walk(path.join(dir, n), tail));
  };
  return walk(base, segments);
}

/** The docs the check reads: README.md, apps/<app>/README.md, docs/**\/*.md. */
function docs(): { doc: string; appDir?: string }[] {
  const list: { doc: string; appDir?: string }[] = [{ doc: 'README.md' }];
  for (const app of entries(path.join(root, 'apps')))
    if (existsSync(path.join(root, 'apps', app, 'README.md')))
      list.push({ doc: `apps/${app}/README.md`, appDir: `apps/${app}` });
  const walk = (dir: string): void => {
    for (const name of entries(path.join(root, dir)).sort()) {
      const relative = `${dir}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (name.endsWith('.md')) list.push({ doc: relative });
    }
  };
  walk('docs');
  return list;
}

describe('the check itself', () => {
  const sample = [
    'See `apps/server/src/modules/wallet/ledger.ts` and `docs/limits.md#anchor`, `npm run lint`,',
    'the modules `apps/server/src/modules/<m>/sql/`, `apps/web/app/routes/play.tsx:42`,',
    'a route `/profile/limits`, an app file `test/unit/messages.test.ts`, `apps/nowhere/x.ts`,',
    'and in prose (docs/testing.md: its rule), [a link](docs/rules/gifts.md), http://x.example/docs/no.md.',
    '```',
    'apps/in-a-fence/x.ts and `apps/in-a-fence/y.ts`',
    '```',
  ].join('\n');

  it('takes only repository paths from code spans outside fenced blocks', () => {
    expect(repoPaths(sample).map((p) => p.path)).toEqual([
      'docs/testing.md',
      'docs/rules/gifts.md',
      'apps/server/src/modules/wallet/ledger.ts',
      'docs/limits.md',
      'apps/server/src/modules/<m>/sql/',
      'apps/web/app/routes/play.tsx',
      'apps/nowhere/x.ts',
    ]);
    const web = repoPaths(sample + '\n`lib/money.ts`, `routes/nowhere.tsx`, `text/plain`', 'apps/web').map(
      (p) => p.path,
    );
    expect(web).toContain('apps/web/test/unit/messages.test.ts');
    expect(web).toContain('apps/web/app/lib/money.ts');
    expect(web).toContain('apps/web/app/routes/nowhere.tsx');
    expect(web).not.toContain('apps/web/text/plain');
  });

  it('resolves placeholders and globs, and refuses what matches nothing', () => {
    expect(pathExists(root, 'apps/server/src/modules/<m>/sql/')).toBe(true);
    expect(pathExists(root, 'apps/*/README.md')).toBe(true);
    expect(pathExists(root, 'docs/**/gifts.md')).toBe(true);
    expect(pathExists(root, 'apps/server/src/modules/<m>/no-such-file.ts')).toBe(false);
    expect(pathExists(root, 'apps/nowhere/x.ts')).toBe(false);
    // A file named as a folder is no match.
    expect(pathExists(root, 'README.md/x')).toBe(false);
  });
});

describe('the paths the docs name', () => {
  it.each(docs())('$doc names only paths that exist', ({ doc, appDir }) => {
    const missing = repoPaths(readFileSync(path.join(root, doc), 'utf8'), appDir)
      .filter((p) => !pathExists(root, p.path))
      .map((p) => `${doc}: \`${p.written}\` does not exist`);
    expect(missing).toEqual([]);
  });
});
