/**
 * Where a cashout goes, checked before sending (the server checks again), for both the cashbox's
 * withdraw form and the withdrawal-link page: the contract's rule (required, at most 120
 * characters), then the method's own: a card must be one of the player's saved ones, any other
 * method's destination must match its field's pattern (IBAN, wallet email, address).
 */
import { cashoutRequestSchema, isLithuanianIban, type PaymentMethod } from '@orbit/contracts';

export function destinationError(method: PaymentMethod, destination: string): string | undefined {
  const checked = cashoutRequestSchema.shape.destination.safeParse(destination);
  if (!checked.success) return checked.error.issues[0]?.message ?? 'invalid';
  const value = checked.data;
  if (method.type === 'card') return method.saved_profiles.some((p) => String(p.id) === value) ? undefined : 'invalid';
  const pattern = method.fields[0]?.pattern;
  if (pattern && !new RegExp(pattern).test(value)) return 'invalid';
  return undefined;
}

/** The message key of the destination field: per method field (`iban`, `wallet_email`, `address`, `card`). */
export function destinationKey(method: PaymentMethod): string {
  return method.type === 'card' ? 'card' : (method.fields[0]?.name ?? 'destination');
}

/** What the field starts with: a card payout goes to the first saved card (its id); other methods start empty. */
export function initialDestination(method: PaymentMethod | undefined): string {
  if (method?.type === 'card' && method.saved_profiles[0]) return String(method.saved_profiles[0].id);
  return '';
}

/**
 * A notice about the destination before sending: a valid Lithuanian IBAN puts the player in the
 * Lithuanian-IBAN group when the cashout is made (docs/rules/fields.md "IBAN"), and the form says so.
 */
export function destinationNotice(method: PaymentMethod, destination: string): 'lithuanian_iban' | undefined {
  return destinationKey(method) === 'iban' && isLithuanianIban(destination.trim()) ? 'lithuanian_iban' : undefined;
}
