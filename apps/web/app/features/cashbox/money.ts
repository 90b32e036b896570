// The money rules moved to `lib/money.ts` (the withdrawal page of an excluded player uses them
// too, and features do not import each other); the cashbox keeps its import path.
export * from '../../lib/money';
