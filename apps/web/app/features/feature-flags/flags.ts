import { FEATURE_FLAG_CODE_DEFAULTS, type FeatureFlagName, type FeatureFlagsConfig } from '@orbit/contracts';

/**
 * Feature flags (the /ffc screen, docs/rules/page-shell.md "Feature flags"). The code's defaults
 * live here; the operator's defaults (the fe config `feature-flags`, set in the back office) go
 * over them; a person's own choices are kept in a cookie, over both, so that server rendering
 * sees the same flags as the browser.
 */
export const FLAG_DEFAULTS: Readonly<Record<FeatureFlagName, boolean>> = FEATURE_FLAG_CODE_DEFAULTS;

export type FlagName = FeatureFlagName;
export type Flags = Record<FlagName, boolean>;
export type FlagOverrides = Partial<Flags>;

export const FLAGS_COOKIE = 'orbit_ff';
/** A year: flags are a tester's long-lived setting. */
const MAX_AGE_S = 365 * 24 * 3600;

export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_DEFAULTS, name);
}

/** Reads the flags cookie out of a Cookie header; anything malformed counts as no choice. */
export function parseFlagOverrides(cookieHeader: string | null | undefined): FlagOverrides {
  if (!cookieHeader) return {};
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLAGS_COOKIE}=`))
    ?.slice(FLAGS_COOKIE.length + 1);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!parsed || typeof parsed !== 'object') return {};
    const out: FlagOverrides = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (isFlagName(name) && typeof value === 'boolean') out[name] = value;
    }
    return out;
  } catch {
    return {};
  }
}

/** The defaults in force: the code's, under the operator's (`feature-flags`; a flag it leaves out keeps the code's). */
export function flagDefaults(operator: FeatureFlagsConfig = {}): Flags {
  const out: Flags = { ...FLAG_DEFAULTS };
  for (const name of FLAG_NAMES) if (typeof operator[name] === 'boolean') out[name] = operator[name];
  return out;
}

/** The flags of a request: the defaults (`flagDefaults`), under the person's own choices. */
export function resolveFlags(overrides: FlagOverrides, defaults: Flags = FLAG_DEFAULTS): Flags {
  return { ...defaults, ...overrides };
}

/** Set-Cookie value keeping only the choices that differ from the defaults. */
export function flagsCookie(overrides: FlagOverrides, defaults: Flags = FLAG_DEFAULTS): string {
  const kept = Object.fromEntries(
    Object.entries(overrides).filter(([name, value]) => isFlagName(name) && defaults[name] !== value),
  );
  if (Object.keys(kept).length === 0) return clearFlagsCookie();
  return `${FLAGS_COOKIE}=${encodeURIComponent(JSON.stringify(kept))}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`;
}

export function clearFlagsCookie(): string {
  return `${FLAGS_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
