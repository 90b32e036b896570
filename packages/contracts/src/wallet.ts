import { z } from 'zod';
/*
 * The player's money accounts (apps/server/src/modules/wallet/README.md):
 * one per currency, amounts in minor units.
 */

export const playerAccountSchema = z.object({
  currency: z.string(),
  /** Real plus bonus money. */
  amount_cents: z.number().int(),
  /** Of `amount_cents`, the bonus money (a wagering bonus and its winnings): never cashed out. */
  bonus_cents: z.number().int(),
  /** Real money plus withdraw-only money; no bonus money (a cashout is refused while a bonus wagers: docs/bonuses.md). */
  available_to_cashout_cents: z.number().int(),
  /**
   * Withdraw-only money: deposits that arrived past a deposit limit or during an exclusion. Not
   * in `amount_cents` (it cannot be played with); in `available_to_cashout_cents`.
   */
  held_cents: z.number().int(),
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

// ---- Reference rates (operator API: Authorization: Bearer <OPERATOR_TOKEN>) -------------------
/*
 * What one unit of each currency is worth in euros: how amounts in different currencies are
 * compared (a limit binds all of a player's currencies). Never used to move money.
 */

/** A positive decimal with at most 18 digits before the point and 12 after it. */
const eurPerUnitSchema = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{1,18}(\.\d{1,12})?$/, { error: 'invalid' })
  .refine((s) => /[1-9]/.test(s), { error: 'must_be_positive' });

export const referenceRateSchema = z.object({
  currency: z.string(),
  eur_per_unit: z.string(),
  updated_at: z.string(),
});
export const referenceRatesResponseSchema = z.object({ rates: z.array(referenceRateSchema) });
export type ReferenceRatesResponse = z.infer<typeof referenceRatesResponseSchema>;

/** `PUT /api/operator/reference_rates`: the given currencies get their new rate, all or none. */
export const updateReferenceRatesRequestSchema = z.object({
  rates: z
    .array(
      z.object({
        currency: z
          .string({ error: 'required' })
          .trim()
          .regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
        eur_per_unit: eurPerUnitSchema,
      }),
    )
    .min(1, { error: 'required' })
    .max(100, { error: 'too_long' }),
});
export type UpdateReferenceRatesRequest = z.infer<typeof updateReferenceRatesRequestSchema>;

/**
 * `GET /api/info/crypto_exchange_rates`: for every crypto currency, what one unit is worth in
 * each fiat currency (`{"BTC": {"EUR": 60000, "USD": 65217.3913…}}`), from the operator's
 * reference rates (docs/reference-rates.md), to 8 decimals. Play money is in neither list.
 */
export const cryptoExchangeRatesResponseSchema = z.record(z.string(), z.record(z.string(), z.number()));
export type CryptoExchangeRatesResponse = z.infer<typeof cryptoExchangeRatesResponseSchema>;
