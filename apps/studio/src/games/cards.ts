/**
 * The deck the studio's card games share (Orbit Video Poker, Orbit Blackjack): how a card is
 * numbered and how it is named.
 *
 * A card is an index 0 … 51: rank = index mod 13 (0 Ace, 1 Two … 9 Ten, 10 Jack, 11 Queen,
 * 12 King) and suit = ⌊index / 13⌋ in the order spades, hearts, diamonds, clubs (0 … 12 are the
 * spades Ace … King, 13 … 25 the hearts, 26 … 38 the diamonds, 39 … 51 the clubs). Rounds store
 * card indices, so this numbering is part of every card game's outcome: the platform's round page
 * (apps/web/app/features/rounds/outcome.ts) reads them the same way.
 *
 * Pure and isomorphic: the games' maths and the browser client (renderers, verifier) import it.
 */

/** Cards in a deck. */
export const DECK_SIZE = 52;
/** Ranks in a suit. */
export const RANK_COUNT = 13;

/** The suits, by suit number ⌊index / 13⌋. */
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

/** The ranks as a card's corner shows them, by rank number index mod 13. */
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** The ranks in words, by rank number. */
export const RANK_WORDS = [
  'Ace',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
] as const;

/** The rank number of a card: 0 Ace, 1 Two … 12 King. */
export const rankOf = (card: number): number => card % RANK_COUNT;
/** The suit number of a card: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
export const suitIndexOf = (card: number): number => Math.floor(card / RANK_COUNT);
export const suitOf = (card: number): Suit => SUITS[suitIndexOf(card)]!;

/** A card in words: "Queen of hearts". */
export const cardWords = (card: number): string => `${RANK_WORDS[rankOf(card)]} of ${suitOf(card)}`;
/** A card in short plain text, rank and suit initial: "Qh", "10s". */
export const cardShort = (card: number): string => `${RANK_LABELS[rankOf(card)]}${suitOf(card)[0]}`;
