import { resolveLocale, type Locale } from '../../client/src/i18n';
import { ALL_CATALOGUES as CATALOGUES } from '../../client/src/i18n/all';
import { symbolKey } from '../../client/src/i18n/names';
import type { AnyGameMath, RuleText, RuleValue } from '../games/types';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
const h = escapeHtml;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0b0d1a;color:#e8eaf6}
main{max-width:720px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.muted{color:#9aa0c3;font-size:13px}
ul{padding-left:20px}li{margin:4px 0}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #23284a;vertical-align:top}
a{color:#8fa8ff}
`;

/** A whole self-contained page; `body` must already be escaped HTML. */
export function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${h(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(title)} · Orbit Originals</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The rules and paytable page of a game, in the locale of the launch's `lang` (the game page's
 * Rules link passes it): the page's headings, explanations and the return to player (`Intl`, "96,00 %"
 * in German) are translated; the game's own rules and paytable lines come from its mathematics and
 * are written by the catalogues' `gameRules` (the game's `rules.lines`: keys and numbers, the numbers
 * written by `Intl` in the locale). English pages keep the game's English lines as they are.
 */
export function rulesPage(game: AnyGameMath, lang?: string | null): string {
  const locale = resolveLocale(lang);
  const texts = CATALOGUES[locale].rulesPage;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const rtp = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(game.rtp);
  const translated = locale.startsWith('en') ? null : ruleLines(game, locale);
  // A game without lines in the catalogues (a test's stand-in) keeps its English lines, marked English.
  const rulesLang = translated ? '' : ' lang="en"';
  const summary = (translated?.summary ?? game.rules.summary).map((line) => `<li>${h(line)}</li>`).join('');
  const rows = (translated?.paytable ?? game.rules.paytable)
    .map((row) => `<tr><td>${h(row.label)}</td><td>${h(row.pays)}</td></tr>`)
    .join('');
  return page(
    fill(texts.title, { game: game.title }),
    `<h1>${h(game.title)}</h1><p class="muted" data-testid="rules-rtp">${h(fill(texts.rtp, { rtp }))}</p>
<h2>${h(texts.rules)}</h2><ul${rulesLang}>${summary}</ul>
<h2>${h(texts.paytable)}</h2>${
      rows
        ? `<table><tr><th>${h(texts.combination)}</th><th>${h(texts.pays)}</th></tr><tbody${rulesLang}>${rows}</tbody></table>`
        : `<p class="muted">${h(texts.noPaytable)}</p>`
    }
<h2>${h(texts.fairTitle)}</h2><p>${h(texts.fair)}</p>
<p><a href="../fair?lang=${encodeURIComponent(locale)}">${h(texts.verifier)}</a></p>
<p class="muted">${h(texts.malfunction)}</p>`,
    locale,
  );
}

type Tree = { [key: string]: string | Tree };
function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

// `Intl.NumberFormat` is slow to build and a paytable writes hundreds of numbers: one per locale and style.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, decimals: number | undefined, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}|${decimals ?? ''}|${grouping}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? 6,
        useGrouping: grouping,
      })),
    );
  return format;
}

/** One value of a rules line as the locale writes it. */
function ruleValue(value: RuleValue, locale: Locale): string {
  if (typeof value === 'number') return numberFormat(locale, undefined, true).format(value);
  if ('text' in value) return value.text;
  if ('join' in value) return value.join.map((line) => ruleLine(line, locale)).join(value.separator);
  if ('symbol' in value) return lookup(CATALOGUES[locale].symbols, symbolKey(value.symbol)) ?? value.symbol;
  return numberFormat(locale, value.decimals, value.grouping ?? true).format(value.n);
}

/** A rules line in the locale; throws on a key the catalogue lacks or a placeholder left unfilled. */
export function ruleLine(line: RuleText, locale: Locale): string {
  // `gameRules` first; a name the page already has (a poker hand) by its full key.
  const text = lookup(CATALOGUES[locale].gameRules, line.key) ?? lookup(CATALOGUES[locale], line.key);
  if (text === undefined) throw new Error(`rules: no text ${line.key} in ${locale}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = line.values?.[name];
    if (value === undefined) throw new Error(`rules: ${line.key} has no value ${name}`);
    return ruleValue(value, locale);
  });
}

/** A game's rules and paytable lines in the locale, or null when the game has none in the catalogues. */
export function ruleLines(
  game: AnyGameMath,
  locale: Locale,
): { summary: string[]; paytable: { label: string; pays: string }[] } | null {
  const lines = game.rules.lines;
  if (!lines) return null;
  return {
    summary: lines.summary.map((line) => ruleLine(line, locale)),
    paytable: lines.paytable.map((row) => ({ label: ruleLine(row.label, locale), pays: ruleLine(row.pays, locale) })),
  };
}

/** What `/play/{game}` and `/fair` show while the browser client is not built. */
export function clientMissingPage(what: string): string {
  return page(
    'Client not built',
    `<h1>${h(what)}</h1><p>The game client is not built. Build it with <code>npm run build -w @orbit/studio</code> and restart.</p>`,
  );
}

export function notFoundPage(what: string): string {
  return page('Not found', `<h1>Not found</h1><p>${h(what)}</p>`);
}
