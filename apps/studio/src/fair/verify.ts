/**
 * Recomputes a round from its revealed seeds, exactly as the live round was played: the bet is
 * validated by the game, the draws are `RoundDraws(serverSeed, clientSeed, nonce)` and the
 * outcome is `game.play(draws, bet)`; a step game's (blackjack, video poker) is
 * `game.resolve(draws, bet, actions)` with the player's actions, which its outcome lists.
 * `scripts/verify-round.ts` is the command-line wrapper.
 */
import { isStepGame, type AnyGameMath } from '../games/types';
import { commitment as commit, RoundDraws } from './draws';

export type VerifyRoundInput = {
  game: AnyGameMath;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The bet as the client sent it; validated by `game.parseBet` (throws `RangeError`). */
  bet: unknown;
  /** A step game's actions in order (its outcome's `actions`); validated by `game.parseAction`. */
  actions?: readonly unknown[];
};

export type VerifiedRound = {
  /** sha256(serverSeed), hex: must equal the commitment shown before the round. */
  commitment: string;
  outcome: unknown;
  win: number;
  stake: number;
  /** 32-bit words the round consumed from the stream. */
  words: number;
  /** A step game's round not settled by these actions (the outcome is then the open round's view). */
  open?: true;
};

export function verifyRound({ game, serverSeed, clientSeed, nonce, bet, actions }: VerifyRoundInput): VerifiedRound {
  const parsed: unknown = game.parseBet(bet);
  const draws = new RoundDraws(serverSeed, clientSeed, nonce);
  const commitment = commit(serverSeed);
  if (isStepGame(game)) {
    const round = game.resolve(
      draws,
      parsed,
      (actions ?? []).map((a) => game.parseAction(a)),
    );
    return {
      commitment,
      outcome: round.outcome,
      win: round.win,
      stake: round.stake,
      words: draws.words,
      ...(round.next === null ? {} : { open: true as const }),
    };
  }
  const { outcome, win } = game.play(draws, parsed);
  return { commitment, outcome, win, stake: game.stake(parsed), words: draws.words };
}
