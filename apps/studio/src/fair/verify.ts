/**
 * Recomputes a round from its revealed seeds, exactly as the live round was played: the bet is
 * validated by the game, the draws are `RoundDraws(serverSeed, clientSeed, nonce)` and the
 * outcome is `game.play(draws, bet)`. `scripts/verify-round.ts` is the command-line wrapper.
 */
import type { AnyGameMath } from '../games/types';
import { commitment as commit, RoundDraws } from './draws';

export type VerifyRoundInput = {
  game: AnyGameMath;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The bet as the client sent it; validated by `game.parseBet` (throws `RangeError`). */
  bet: unknown;
};

export type VerifiedRound = {
  /** sha256(serverSeed), hex: must equal the commitment shown before the round. */
  commitment: string;
  outcome: unknown;
  win: number;
  stake: number;
  /** 32-bit words the round consumed from the stream. */
  words: number;
};

export function verifyRound({ game, serverSeed, clientSeed, nonce, bet }: VerifyRoundInput): VerifiedRound {
  const parsed: unknown = game.parseBet(bet);
  const draws = new RoundDraws(serverSeed, clientSeed, nonce);
  const { outcome, win } = game.play(draws, parsed);
  return { commitment: commit(serverSeed), outcome, win, stake: game.stake(parsed), words: draws.words };
}
