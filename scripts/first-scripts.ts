/**
 * The script files a page's HTML has the browser load before the page is interactive: its module
 * preloads, its script tags and the entry's inline `import()`s. `npm run bench:lobby` weighs them
 * (docs/performance.md), and a journey checks what must not be among them (public-web.test.ts).
 */
export function firstScriptsOf(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) files.add(m[1]!);
  return [...files];
}
