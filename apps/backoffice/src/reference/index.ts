/**
 * Reference data and flags (docs/backoffice.md "Reference data and flags"): pages of their own,
 * registered as resources whose list is the page, so that the menu offers each to its roles.
 */
import { FeatureFlagsPage } from './featureFlags';
import { LimitDefaultsPage } from './limitDefaults';
import { ReferenceRatesPage } from './rates';

export const referenceRates = {
  name: 'reference_rates',
  list: ReferenceRatesPage,
  options: { label: 'Reference rates' },
};
export const limitDefaults = { name: 'limit_defaults', list: LimitDefaultsPage, options: { label: 'Limit defaults' } };
export const featureFlags = { name: 'feature_flags', list: FeatureFlagsPage, options: { label: 'Feature flags' } };
