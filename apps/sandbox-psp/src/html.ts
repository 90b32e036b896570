import type { FastifyReply } from 'fastify';

/** A posted HTML form's fields. */
export type Form = Record<string, string>;

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f8;color:#1c1f2a}
.ribbon{background:repeating-linear-gradient(45deg,#ffcf33,#ffcf33 14px,#ffd95e 14px,#ffd95e 28px);color:#3a2c00;text-align:center;font-weight:700;padding:6px;letter-spacing:.04em}
main{max-width:560px;margin:32px auto;padding:0 16px}
main.wide{max-width:920px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.05);padding:24px;margin-bottom:20px}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:0 0 12px}
.muted{color:#6b7080;font-size:13px}
.amount{font-size:28px;font-weight:700;margin:8px 0 16px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input,select{width:100%;padding:10px 12px;border:1px solid #cfd3dc;border-radius:8px;font:inherit}
.row{display:flex;gap:12px}.row>*{flex:1}
.actions{display:flex;gap:10px;margin-top:20px;flex-wrap:wrap}
button{padding:10px 18px;border-radius:8px;border:0;font:inherit;font-weight:600;cursor:pointer;background:#3b5bdb;color:#fff}
button.secondary{background:#e7e9ef;color:#1c1f2a}
button.danger{background:#e03131}
.error{background:#fff0f0;border:1px solid #ffc9c9;color:#c92a2a;border-radius:8px;padding:10px 12px;margin:12px 0}
.ok{background:#ebfbee;border:1px solid #b2f2bb;color:#2b8a3e;border-radius:8px;padding:10px 12px;margin:12px 0}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;word-break:break-all}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eceef3;vertical-align:top}
a{color:#3b5bdb}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;background:#e7e9ef}
.badge.succeeded{background:#d3f9d8}.badge.declined,.badge.failed{background:#ffe3e3}.badge.canceled{background:#f1f3f5}.badge.pending{background:#fff3bf}
`;

/** The sandbox's own mark, inline (no /favicon.ico request): a card in the ribbon's amber. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="7" width="28" height="19" rx="3" fill="#f59f00"/><rect x="2" y="11" width="28" height="4" fill="#1c1f2a"/><rect x="6" y="19" width="9" height="3" rx="1" fill="#fff"/></svg>',
)}`;

/** A whole sandbox page; `body` must already be escaped HTML. */
export function page(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="${FAVICON}"><title>${escapeHtml(title)} · Sandbox PSP</title><style>${STYLE}</style></head>
<body><div class="ribbon">Sandbox — no real money</div><main${options.wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

/** Sends a page: HTML, never stored (every page shows the state of a moment). */
export const sendHtml = (reply: FastifyReply, body: string, code = 200) =>
  reply.code(code).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
