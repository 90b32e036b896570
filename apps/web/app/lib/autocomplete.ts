/**
 * What the player typed into the sign-in and registration forms, kept in local storage per
 * scope (global, login and registration) and offered again next time. Only values that
 * are not secret are kept: email, and for registration country, currency and nickname — never
 * passwords, codes or captcha tokens (the lists below are allow-lists).
 * - global: the email address, whichever form it was typed in (the reminder form reads it);
 * - login: the email the player signs in with (kept after sign-out: the next sign-in is prefilled;
 *   "Forget this address" in the sign-in form clears it and the global one);
 * - registration: until the account exists; a successful registration clears it (its email
 *   moves to login).
 */
export const AUTOCOMPLETE_FIELDS = {
  global: ['email'],
  login: ['email'],
  registration: ['email', 'country', 'currency', 'nickname'],
} as const;

export type AutocompleteScope = keyof typeof AUTOCOMPLETE_FIELDS;
export type AutocompleteValues = Partial<Record<string, string>>;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const KEY = 'orbit_autocomplete_';
const MAX_LENGTH = 254;

function storage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(scope: AutocompleteScope, store: Store | null): AutocompleteValues {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY + scope) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const allowed: readonly string[] = AUTOCOMPLETE_FIELDS[scope];
    return Object.fromEntries(
      Object.entries(parsed).filter(([field, value]) => allowed.includes(field) && typeof value === 'string'),
    );
  } catch {
    return {};
  }
}

/** The scope's values over the global ones (a form's own scope wins). */
export function rememberedValues(scope: AutocompleteScope, store: Store | null = storage()): AutocompleteValues {
  return scope === 'global' ? read('global', store) : { ...read('global', store), ...read(scope, store) };
}

/** Keeps the allowed, non-empty text values of a form (the email also in the global scope); everything else is ignored. */
export function rememberValues(
  scope: AutocompleteScope,
  values: Record<string, unknown>,
  store: Store | null = storage(),
) {
  const kept = read(scope, store);
  const allowed: readonly string[] = AUTOCOMPLETE_FIELDS[scope];
  for (const field of allowed) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() && value.length <= MAX_LENGTH) kept[field] = value.trim();
  }
  try {
    store?.setItem(KEY + scope, JSON.stringify(kept));
    if (scope !== 'global' && kept.email)
      store?.setItem(KEY + 'global', JSON.stringify({ ...read('global', store), email: kept.email }));
  } catch {
    // storage full or blocked: nothing is prefilled next time
  }
}

/** Forgets a whole scope. */
export function forgetValues(scope: AutocompleteScope, store: Store | null = storage()) {
  try {
    store?.removeItem(KEY + scope);
  } catch {
    // blocked storage keeps nothing anyway
  }
}
