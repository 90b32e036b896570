export { GameSearch } from './search-box';
export { debounce, isSearchable, normalizeQuery, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from './search-logic';
