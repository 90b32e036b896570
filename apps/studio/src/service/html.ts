import type { AnyGameMath } from '../games/types';

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
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(title)} · Orbit Originals</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const percent = (rtp: number) => `${(rtp * 100).toFixed(2)} %`;

/** The rules and paytable page of a game. */
export function rulesPage(game: AnyGameMath): string {
  const summary = game.rules.summary.map((line) => `<li>${h(line)}</li>`).join('');
  const rows = game.rules.paytable.map((row) => `<tr><td>${h(row.label)}</td><td>${h(row.pays)}</td></tr>`).join('');
  return page(
    `${game.title} rules`,
    `<h1>${h(game.title)}</h1><p class="muted">Orbit Originals · return to player ${h(percent(game.rtp))}</p>
<h2>Rules</h2><ul>${summary}</ul>
<h2>Paytable</h2>${rows ? `<table><tr><th>Combination</th><th>Pays</th></tr>${rows}</table>` : '<p class="muted">No paytable.</p>'}
<h2>Provably fair</h2><p>Every round is drawn from HMAC-SHA256(server seed, <code>client seed:nonce:cursor</code>). You see the
server seed's sha256 before you play, choose the client seed, and get the server seed once you rotate it: any round can then be
recomputed on the verifier page.</p>
<p class="muted">Malfunction voids all pays and plays.</p>`,
  );
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
