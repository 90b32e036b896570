import { z } from 'zod';
/*
 * The player's money accounts (platform-core.md §3 "Account", api-contract.md "Player"):
 * one per currency, amounts in minor units.
 */

export const playerAccountSchema = z.object({
  currency: z.string(),
  /** Real plus bonus money. */
  amount_cents: z.number().int(),
  /** Real money minus what an active bonus locks. */
  available_to_cashout_cents: z.number().int(),
  available_to_bet_with_locked_cent: z.number().int(),
  hidden_at: z.string().nullable(),
  deposit_available: z.boolean(),
  active: z.boolean(),
});
export type PlayerAccount = z.infer<typeof playerAccountSchema>;
export const playerAccountsResponseSchema = z.array(playerAccountSchema);

/** `POST /api/player/accounts`: opens (or switches to) the account in that currency. */
export const openAccountRequestSchema = z.object({
  currency: z
    .string({ error: 'required' })
    .trim()
    .regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
});
export type OpenAccountRequest = z.infer<typeof openAccountRequestSchema>;
