import type { IncomingHttpHeaders } from 'node:http';

/**
 * Edge headers that carry the visitor's country (Cloudflare's `cf-ipcountry`, or `x-country-code`
 * set by another proxy). Orbit does no IP lookup of its own; without a header the default
 * country applies. `XX` (unknown) and `T1` (Tor) count as no answer.
 */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

/**
 * The visitor's country as the edge in front of the casino reported it, or null. Only an edge
 * the casino trusts (TRUST_PROXY set) is believed: reached directly, a visitor could send any
 * country header (docs/security.md).
 */
export function edgeCountry(headers: IncomingHttpHeaders, edgeTrusted: boolean): string | null {
  if (!edgeTrusted) return null;
  for (const name of COUNTRY_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}
