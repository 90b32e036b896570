/** Test cards and the card form's checks (Luhn, expiry, CVC, holder), as a real PSP's page does them. */

export type TestCard = { outcome: 'approve' | 'decline' | 'three_ds'; reason?: string };
/** Test card numbers; any other Luhn-valid number approves. */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { outcome: 'approve' },
  '4000000000000002': { outcome: 'decline', reason: 'card_declined' },
  '4000000000009995': { outcome: 'decline', reason: 'insufficient_funds' },
  '4000000000003220': { outcome: 'three_ds' },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}
