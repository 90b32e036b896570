/** The header of an answer about one player (balances, gifts, standings): no cache may keep it. */
export const noStore = { 'cache-control': 'no-store' } as const;
