/**
 * Where and how the platform calls a provider about free spins (docs/provider-protocol.md "Free
 * spins"): the provider's `freespins_url` and the secret its calls are signed with.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { providers } from './schema';

export type FreespinEndpoint = { provider: string; url: string; secret: string };

/** The provider of a game (`orbit/stellar-sevens` → `orbit`), if it takes free spins. */
export async function freespinEndpoint(db: Executor, game: string): Promise<FreespinEndpoint | undefined> {
  const identifier = game.slice(0, game.indexOf('/'));
  const [row] = await db
    .select({ url: providers.freespinsUrl, secret: providers.walletSecret, enabled: providers.enabled })
    .from(providers)
    .where(eq(providers.identifier, identifier));
  if (!row?.url || !row.secret || !row.enabled) return undefined;
  return { provider: identifier, url: row.url, secret: row.secret };
}
