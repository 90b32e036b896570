/** Search starts once the query is longer than 2 characters, debounced 300 ms (docs/rules/page-shell.md "Search"). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;

export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

export function isSearchable(query: string): boolean {
  return normalizeQuery(query).length >= SEARCH_MIN_LENGTH;
}

export type Debounced<A extends unknown[]> = ((...args: A) => void) & { cancel(): void };

/** Calls `fn` once `ms` have passed without a new call (the last call's arguments win). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
