import { MINIMUM_AGE_BY_LICENCE, type Licence } from '@orbit/contracts';

/**
 * The licence a request is served under. Estonian sites live on `ee.` subdomains or `.ee`
 * domains; everything else gets the configured default. (Geography and the player's own licence
 * refine this later; the host is the one signal a logged-out visitor always brings.)
 */
export function licenceForHost(host: string | undefined, fallback: Licence): Licence {
  if (!host) return fallback;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (name.startsWith('ee.') || name.endsWith('.ee')) return 'EE';
  return fallback;
}

/** Minimum age to register and play under each licence (Estonia: 21); the rule lives in the contracts. */
export const MINIMUM_AGE = MINIMUM_AGE_BY_LICENCE;
