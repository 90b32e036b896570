/**
 * What `GET /batch` may call (docs/promotions.md, docs/security.md "The batch call"): each url is
 * resolved to the one path the router will see (WHATWG URL normalisation, then percent-decoding
 * until nothing changes) before it is checked, and the call made is that resolved path: what was
 * checked is what runs. Only plain `/api/` paths pass; `/batch` itself, dot segments, backslashes,
 * other hosts and the API's documentation never do.
 */
import { BATCH_MAX_URLS } from '@orbit/contracts';
import { AppError } from '../../platform/errors';
import { decodedFully } from '../../platform/http/decoding';

/** A placeholder origin: a url that resolves to any other one named a host of its own. */
const BASE = 'http://batch.invalid';
/** A batchable path once fully decoded: `/api/` and plain segments (no empty, `.` or `..` one, no `%`, `\`, `:`). */
const BATCHABLE_PATH = /^\/api(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)+$/;
/** Under `/api/` but not a call: the API's documentation (pages and the whole OpenAPI text). */
const NOT_CALLS = /^\/api\/docs(?:\/|$)/;
/** A url longer than this is no call of ours (a tournament's status is 30 characters). */
const MAX_URL_LENGTH = 512;
/** Percent-decoding rounds before a url counts as hiding something (`%25252e` is three). */
const MAX_DECODING_ROUNDS = 4;

/** The path and query `url` reaches, or null when it may not be batched. */
export function batchTarget(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  // Control characters, and backslashes (WHATWG URL reads `\` as `/`), are in no call of ours.
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return null;
  let target: URL;
  try {
    target = new URL(url.startsWith('/') ? url : `/${url}`, BASE);
  } catch {
    return null;
  }
  if (target.origin !== BASE) return null;
  const path = decodedFully(target.pathname, MAX_DECODING_ROUNDS);
  if (path === null || !BATCHABLE_PATH.test(path) || NOT_CALLS.test(path)) return null;
  // The decoded path holds only unreserved characters and slashes: the router sees exactly it.
  return path + target.search;
}

/**
 * The urls of a `/batch` query (`url[]=` and `url=` together; one listed twice is called once)
 * and the call each one makes; refused as a whole when there are more than BATCH_MAX_URLS (`too_many_urls`) or one
 * may not be batched (`url_not_batchable`), before any call is made.
 */
export function batchCalls(query: { 'url[]'?: string | string[]; url?: string | string[] }): Map<string, string> {
  const listed = [query['url[]'] ?? [], query.url ?? []].flat();
  if (listed.length > BATCH_MAX_URLS) throw AppError.validation({ 'url[]': ['too_many_urls'] });
  const calls = new Map<string, string>();
  for (const url of listed) {
    const target = batchTarget(url);
    if (target === null) throw AppError.validation({ 'url[]': ['url_not_batchable'] });
    calls.set(url, target);
  }
  return calls;
}
