import { featureFlagsConfigSchema } from '@orbit/contracts';
import { serverApi } from '../../lib/api';
import { flagDefaults, parseFlagOverrides, resolveFlags, type Flags } from './flags';

/**
 * The defaults in force for this render: the operator's (`/api/fe/config/feature-flags`, set in
 * the back office) over the code's. A config that cannot be read leaves the code's defaults.
 */
export async function serverFlagDefaults(apiFetch: typeof fetch): Promise<Flags> {
  try {
    return flagDefaults(
      await serverApi(apiFetch).get('/api/fe/config/feature-flags', { schema: featureFlagsConfigSchema }),
    );
  } catch (error) {
    console.error('LOAD_FEATURE_FLAGS_ERROR', error);
    return flagDefaults();
  }
}

/** The request's flags: the defaults in force, under the person's choices in the `orbit_ff` cookie. */
export async function requestFlags(request: Request, apiFetch: typeof fetch): Promise<Flags> {
  return resolveFlags(parseFlagOverrides(request.headers.get('cookie')), await serverFlagDefaults(apiFetch));
}
