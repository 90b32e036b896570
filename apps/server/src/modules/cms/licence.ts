import { DEFAULT_COUNTRY_BY_LICENCE, MINIMUM_AGE_BY_LICENCE, type Licence } from '@orbit/contracts';

/** Where the licences come from: the configured hosts (LICENCE_HOSTS) and the default. */
export type LicenceSettings = { defaultLicence: Licence; licenceHosts: ReadonlyMap<string, Licence> | undefined };

/**
 * The licence a request is served under, from the host it was sent to (`request.host`: the Host
 * header, or X-Forwarded-Host only from a proxy TRUST_PROXY names). With LICENCE_HOSTS set only
 * those hosts choose (with or without the port); without it, Estonian sites live on `ee.`
 * subdomains or `.ee` domains. Everything else gets the default. (docs/security.md)
 */
export function licenceForHost(host: string | undefined, settings: LicenceSettings): Licence {
  if (!host) return settings.defaultLicence;
  const withPort = host.trim().toLowerCase().replace(/\.$/, '');
  const name = withPort.replace(/:\d+$/, '').replace(/\.$/, '');
  if (settings.licenceHosts)
    return settings.licenceHosts.get(withPort) ?? settings.licenceHosts.get(name) ?? settings.defaultLicence;
  if (name.startsWith('ee.') || name.endsWith('.ee')) return 'EE';
  return settings.defaultLicence;
}

/** Minimum age to register and play under each licence (Estonia: 21); the rule lives in the contracts. */
export const MINIMUM_AGE = MINIMUM_AGE_BY_LICENCE;

/** The country a player gets when neither the request nor the visitor's location names one. */
export function defaultCountryFor(licence: Licence): string {
  return DEFAULT_COUNTRY_BY_LICENCE[licence];
}
