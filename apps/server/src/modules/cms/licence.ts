import type { FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY_BY_LICENCE, licenceOfCountry, MINIMUM_AGE_BY_LICENCE, type Licence } from '@orbit/contracts';
import { fromTrustedProxy } from '../../platform/http/proxy';
import { visitorCountry } from './geo';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The country of the request's signed-in player (null: none given), or undefined for a guest:
     * plugged in by identity (a module above cms), read without counting as the player's activity.
     */
    orbitPlayerCountry?: (request: FastifyRequest) => Promise<string | null | undefined>;
  }
}

/** Where the licences come from: the configured hosts (LICENCE_HOSTS) and the default. */
export type LicenceSettings = { defaultLicence: Licence; licenceHosts: ReadonlyMap<string, Licence> | undefined };

/**
 * The licence the host alone decides, or null: a host LICENCE_HOSTS lists (with or without the
 * port); without LICENCE_HOSTS (development), `ee.` subdomains and `.ee` domains are EE. The host
 * is `request.host`: the Host header, or X-Forwarded-Host only from a proxy TRUST_PROXY names.
 */
export function hostLicence(host: string | undefined, settings: LicenceSettings): Licence | null {
  if (!host) return null;
  const withPort = host.trim().toLowerCase().replace(/\.$/, '');
  const name = withPort.replace(/:\d+$/, '').replace(/\.$/, '');
  if (settings.licenceHosts) return settings.licenceHosts.get(withPort) ?? settings.licenceHosts.get(name) ?? null;
  if (name.startsWith('ee.') || name.endsWith('.ee')) return 'EE';
  return null;
}

/** The licence of a host, else the default (the host rule alone; requests use `licenceOf`). */
export function licenceForHost(host: string | undefined, settings: LicenceSettings): Licence {
  return hostLicence(host, settings) ?? settings.defaultLicence;
}

/** What the choice of a request's licence rests on. */
export type LicenceFacts = {
  /** The licence of the host (`hostLicence`), or null. */
  host: Licence | null;
  /** The signed-in player's country (null: none given), undefined for a guest. */
  playerCountry: string | null | undefined;
  /** Where the visitor is (`visitorCountry`), asked only when host and player leave it open. */
  located: () => string | null;
};

/**
 * The order of the choice (docs/licences.md "Which licence a request gets"): a listed host, then a
 * signed-in player's country, then where the visitor is, then the default. A country chooses EE
 * (Estonia) or AU (Australia); any other country leaves the default.
 */
export function chooseLicence(facts: LicenceFacts, defaultLicence: Licence): Licence {
  if (facts.host) return facts.host;
  if (facts.playerCountry !== undefined) return licenceOfCountry(facts.playerCountry, defaultLicence);
  return licenceOfCountry(facts.located(), defaultLicence);
}

/**
 * A guest's licence (no player asked): the host, then where the visitor is, then the default. No
 * database call, so the page cache keys a guest's page by it.
 */
export function guestLicenceOf(request: FastifyRequest, settings: LicenceSettings): Licence {
  return chooseLicence(
    {
      host: hostLicence(request.host, settings),
      playerCountry: undefined,
      located: () => visitorCountry(request, fromTrustedProxy(request)),
    },
    settings.defaultLicence,
  );
}

const chosen = new WeakMap<FastifyRequest, Promise<Licence>>();

/**
 * The licence a request is served under (`chooseLicence`), found once per request. The player is
 * read only when the host leaves the choice open, and without extending their session.
 */
export function licenceOf(request: FastifyRequest, settings: LicenceSettings): Promise<Licence> {
  let licence = chosen.get(request);
  if (!licence) {
    const host = hostLicence(request.host, settings);
    const readPlayer = request.server.orbitPlayerCountry;
    licence = (host || !readPlayer ? Promise.resolve(undefined) : readPlayer(request)).then((playerCountry) =>
      chooseLicence(
        { host, playerCountry, located: () => visitorCountry(request, fromTrustedProxy(request)) },
        settings.defaultLicence,
      ),
    );
    chosen.set(request, licence);
  }
  return licence;
}

/** Minimum age to register and play under each licence (Estonia: 21); the rule lives in the contracts. */
export const MINIMUM_AGE = MINIMUM_AGE_BY_LICENCE;

/** The country a player gets when neither the request nor the visitor's location names one. */
export function defaultCountryFor(licence: Licence): string {
  return DEFAULT_COUNTRY_BY_LICENCE[licence];
}
