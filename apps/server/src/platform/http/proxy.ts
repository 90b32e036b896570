/**
 * Which proxies in front of the casino are believed (TRUST_PROXY; docs/security.md "forged
 * forwarded headers"). One function decides: Fastify is given it for `request.ip`, `request.host`
 * and `request.protocol`, and the edge's other headers (the visitor's country) ask it too, so
 * that the two never disagree about a hop.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Whether the hop at `address`, `hop` steps from the socket (0: the socket's peer), is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** TRUST_PROXY as a function (false: no proxy is trusted). */
    orbitProxies: { trust: ProxyTrust | false };
  }
}

/**
 * The address matcher Fastify compiles a list of proxies with (`@fastify/proxy-addr`, resolved
 * from Fastify itself: the very copy it uses), so that a list means here what it means there.
 */
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/proxy-addr') as {
  compile: (addresses: string[]) => ProxyTrust;
};

/** TRUST_PROXY as a function: a hop count trusts the nearest hops whoever they are; a list, the hops at those addresses. */
export function proxyTrust(setting: Config['trustProxy']): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** Hands the function to Fastify's requests and to `fromTrustedProxy` (before any route is added). */
export function installProxyTrust(app: FastifyInstance, trust: ProxyTrust | false): void {
  app.decorate('orbitProxies', { trust });
}

/**
 * Whether this request's socket peer is a proxy TRUST_PROXY names, so that the headers only a
 * proxy sets (the edge's country) count. A visitor who reaches the casino past its proxies
 * sends them in vain; TRUST_PROXY unset or `0` believes nobody.
 */
export function fromTrustedProxy(request: FastifyRequest): boolean {
  if (isInProcessCall(request)) return true;
  const trust = request.server.orbitProxies?.trust ?? false;
  const peer = request.raw.socket?.remoteAddress;
  return trust !== false && peer !== undefined && trust(peer, 0);
}

/**
 * Edge headers that carry the visitor's country: Cloudflare's `cf-ipcountry`, or `x-country-code`
 * set by another proxy (read by the cms module's `visitorCountry`).
 */
export const EDGE_COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

/**
 * In-process calls (a page's server-side API calls, `/batch`) are made by the server for a request
 * it already judged: they carry that request's edge headers with a secret only this process knows,
 * so that the edge's country counts for them exactly when it counted for the request itself
 * (docs/licences.md). A visitor cannot send the secret: it is never written anywhere.
 */
const IN_PROCESS_EDGE = 'x-orbit-edge';
const inProcessSecret = randomBytes(24).toString('base64url');
const secretBytes = Buffer.from(inProcessSecret);

/** Whether a request carries this process's secret (compared in constant time). */
function isInProcessCall(request: FastifyRequest): boolean {
  const sent = request.headers[IN_PROCESS_EDGE];
  if (typeof sent !== 'string') return false;
  const bytes = Buffer.from(sent);
  return bytes.length === secretBytes.length && timingSafeEqual(bytes, secretBytes);
}

/** The headers an in-process call for `request` carries of the edge: none unless the edge counted. */
export function inProcessEdgeHeaders(request: FastifyRequest): Record<string, string> {
  if (!fromTrustedProxy(request)) return {};
  const headers: Record<string, string> = { [IN_PROCESS_EDGE]: inProcessSecret };
  for (const name of EDGE_COUNTRY_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
