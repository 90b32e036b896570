/**
 * Which proxies in front of the casino are believed (TRUST_PROXY; docs/security.md "forged
 * forwarded headers"). One function decides: Fastify is given it for `request.ip`, `request.host`
 * and `request.protocol`, and the edge's other headers (the visitor's country) ask it too, so
 * that the two never disagree about a hop.
 */
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
  const trust = request.server.orbitProxies?.trust ?? false;
  const peer = request.raw.socket?.remoteAddress;
  return trust !== false && peer !== undefined && trust(peer, 0);
}
