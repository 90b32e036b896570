/**
 * Feature flags (the /ffc screen, docs/rules/page-shell.md "Feature flags"). Defaults live here in
 * code; a person's own choices are kept in a cookie so that server rendering sees the same flags
 * as the browser.
 */
export const FLAG_DEFAULTS = {
  lotteries: true,
  'test-quests': false,
  'chance-page': false,
  'promo-banner': true,
  tester: false,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
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

export function resolveFlags(overrides: FlagOverrides): Flags {
  return { ...FLAG_DEFAULTS, ...overrides };
}

/** Set-Cookie value keeping only the choices that differ from the defaults. */
export function flagsCookie(overrides: FlagOverrides): string {
  const kept = Object.fromEntries(
    Object.entries(overrides).filter(([name, value]) => isFlagName(name) && FLAG_DEFAULTS[name] !== value),
  );
  if (Object.keys(kept).length === 0) return clearFlagsCookie();
  return `${FLAGS_COOKIE}=${encodeURIComponent(JSON.stringify(kept))}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`;
}

export function clearFlagsCookie(): string {
  return `${FLAGS_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
