/**
 * The legal block (docs/licences.md "The legal block and guest mode"): visitors from a country in
 * BLOCKED_COUNTRIES may browse and play demo games, but neither register, sign in, deposit nor
 * play for real money. A player signed in elsewhere keeps the way to their money: withdrawals stay
 * open. Refusals answer 451 `{errors: {base: ['country_blocked']}}` before anything is changed.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { fromTrustedProxy } from '../../platform/http/proxy';
import { visitorCountry } from './geo';

/** The stable code of a refusal by the legal block. */
export const COUNTRY_BLOCKED = 'country_blocked';

/**
 * Whether the request comes from a blocked country: where the visitor is (the trusted edge's
 * header, else the offline table: `visitorCountry`) is in BLOCKED_COUNTRIES. An empty list asks
 * nothing and blocks nobody; an unknown country is not blocked.
 */
export function fromBlockedCountry(request: FastifyRequest, config: Pick<Config, 'blockedCountries'>): boolean {
  if (config.blockedCountries.size === 0) return false;
  const country = visitorCountry(request, fromTrustedProxy(request));
  return country !== null && config.blockedCountries.has(country);
}

/** The 451 refusal of the legal block. */
export const countryBlocked = () => new AppError(451, COUNTRY_BLOCKED);

/** Refuses (451 `country_blocked`) a request from a blocked country; does nothing otherwise. */
export function refuseBlockedCountry(request: FastifyRequest, config: Pick<Config, 'blockedCountries'>): void {
  if (fromBlockedCountry(request, config)) throw countryBlocked();
}
