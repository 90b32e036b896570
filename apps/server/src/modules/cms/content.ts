import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Licence } from '@orbit/contracts';
import { MINIMUM_AGE } from './licence';
import { fillTemplate, parseFrontMatter, renderMarkdown } from './markdown';
import type { PageBlocks } from './schema';

const pagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content', 'pages');

/** Words that differ between licences in the page templates. */
const LICENCE_VARS: Record<Licence, Record<string, string>> = {
  CW: { operator: 'Orbit Entertainment N.V.', age: String(MINIMUM_AGE.CW) },
  EE: { operator: 'Orbit Entertainment OÜ', age: String(MINIMUM_AGE.EE) },
  GCB: { operator: 'Orbit Entertainment N.V.', age: String(MINIMUM_AGE.GCB) },
  AU: { operator: 'Orbit Entertainment Pty Ltd', age: String(MINIMUM_AGE.AU) },
};
const GENERIC_VARS = { operator: 'the operator', age: String(MINIMUM_AGE.CW) };

export type PageSeed = {
  slug: string;
  licence: Licence | null;
  locale: string;
  title: string;
  content: string;
  /** The markdown `content` was rendered from (the page's first version keeps it, docs/cms.md). */
  markdown: string;
  blocks: PageBlocks;
  categories: string[];
  position: number;
};

/**
 * The static pages in `content/pages/<slug>.<locale>.md`. A page whose header lists `licences`
 * is a template rendered once per licence; otherwise it is one page for every licence.
 */
export function loadPageSeeds(dir = pagesDir): PageSeed[] {
  const seeds: PageSeed[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const match = /^([a-z0-9-]+)\.([A-Za-z-]+)\.md$/.exec(file);
    if (!match) throw new Error(`static page file name must be <slug>.<locale>.md: ${file}`);
    const [, slug, locale] = match as unknown as [string, string, string];
    const { meta, body } = parseFrontMatter(fs.readFileSync(path.join(dir, file), 'utf8'));
    const licences: Array<Licence | null> = meta.licences
      ? (meta.licences.split(',').map((l) => l.trim()) as Licence[])
      : [null];
    for (const licence of licences) {
      const vars = licence ? LICENCE_VARS[licence] : GENERIC_VARS;
      const fill = (text: string) => fillTemplate(text, licence, vars);
      // The page's own H1 is the title; the page renders the title itself.
      const markdown = fill(body).replace(/^\s*#\s+.*\n/, '');
      const html = renderMarkdown(markdown);
      const title = fill(meta.title ?? slug);
      seeds.push({
        slug,
        licence,
        locale,
        title,
        content: html,
        markdown,
        blocks: {
          title: `${title} | Orbit`,
          description: fill(meta.description ?? ''),
          keywords: meta.keywords ?? '',
          json: meta.json ? (JSON.parse(meta.json) as Record<string, unknown>) : {},
          content_main: html,
        },
        categories: (meta.categories ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
        position: Number(meta.position ?? 0),
      });
    }
  }
  return seeds;
}
