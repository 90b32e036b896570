/**
 * Tournaments (quests, achievements) and lotteries managed in the back office
 * (`/api/backoffice/tournaments`, `/lotteries`, docs/backoffice.md "Promotions"). A promotion is
 * written with the very contracts the operator API takes (`operatorTournamentRequestSchema`,
 * `operatorLotteryRequestSchema`) and answered as the casino answers it, plus what only an
 * operator sees: the prize table as written, the whole leaderboard with player ids, the payouts,
 * a lottery's verification data after its draw.
 */
import { z } from 'zod';
import { INT32_MAX } from './bounds';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { localisedTextsSchema } from './localised';
import { lotterySchema, promoStatusSchema, tournamentSchema } from './promotions';
import {
  operatorLotteryRequestSchema,
  operatorPrizeSchema,
  operatorTournamentRequestSchema,
} from './promotions-operator';

const id = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');

export const backofficePromotionParamsSchema = z.object({ id });

/** The lists' filters: the status (from the times), the kind of tournament, a part of the title or identifier. */
export const backofficeTournamentsQuerySchema = backofficeListQuerySchema.extend({
  status: promoStatusSchema.optional(),
  kind: z.enum(['tournament', 'quest', 'achievement'], { message: 'invalid' }).optional(),
  q: z.string().trim().max(100, 'too_long').optional(),
});
export type BackofficeTournamentsQuery = z.infer<typeof backofficeTournamentsQuerySchema>;

export const backofficeLotteriesQuerySchema = backofficeListQuerySchema.extend({
  status: promoStatusSchema.optional(),
  q: z.string().trim().max(100, 'too_long').optional(),
});
export type BackofficeLotteriesQuery = z.infer<typeof backofficeLotteriesQuerySchema>;

/** A prize as the operator wrote it (template keys, comp points): what the edit form holds. */
export const backofficePrizeTableSchema = z.array(operatorPrizeSchema);

/** One place paid (or kept as skipped with its reason) by the end job or the draw. */
export const backofficePromoPayoutSchema = z.object({
  award_place: z.number().int().positive(),
  player_id: z.number().int().positive(),
  outcome: z.enum(['paid', 'skipped']),
  currency: z.string().nullable(),
  paid_at: z.string(),
});

/** A leaderboard row as an operator sees it: the player's id beside the public name. */
export const backofficeLeaderboardRowSchema = z.object({
  /** The final place once finished, else the live one (the casino's order). */
  place: z.number().int().positive(),
  player_id: z.number().int().positive(),
  nickname: z.string(),
  score: z.number(),
  bets: z.number().int(),
  bet_cents: z.number().int(),
  wins: z.number().int(),
  win_cents: z.number().int(),
  reached_at: z.string().nullable(),
});
export type BackofficeLeaderboardRow = z.infer<typeof backofficeLeaderboardRowSchema>;

/** The most leaderboard rows the show page reads. */
export const BACKOFFICE_LEADERBOARD_MAX = 100;

export const backofficeTournamentSchema = tournamentSchema.extend({
  /** The title and description in other locales as stored (the edit form sends them back unchanged). */
  translations: localisedTextsSchema,
  prize_table: backofficePrizeTableSchema,
  /** Players with a score. */
  players_count: z.number().int().min(0),
  leaderboard: z.array(backofficeLeaderboardRowSchema),
  payouts: z.array(backofficePromoPayoutSchema),
});
export type BackofficeTournament = z.infer<typeof backofficeTournamentSchema>;
export const backofficeTournamentsResponseSchema = backofficeList(tournamentSchema);

/** `POST /tournaments`: the operator API's own contract (an identifier in use is 422 `taken`). */
export const backofficeTournamentCreateRequestSchema = operatorTournamentRequestSchema;
/** `PUT /tournaments/:id`: the whole tournament again, only while it has not started. */
export const backofficeTournamentUpdateRequestSchema = operatorTournamentRequestSchema;

/** What anyone re-runs to check a drawn lottery (`npm run verify-draw`), and the server's own re-run of it. */
export const backofficeLotteryVerificationSchema = z.object({
  lottery_id: z.number().int().positive(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  tickets_count: z.number().int().min(0),
  places: z.number().int().min(0),
  winning_tickets: z.array(z.number().int().positive()),
  /** sha256(server_seed) equals the hash published since the lottery was created. */
  seed_matches_hash: z.boolean(),
  /** The draw re-run from the published data gives the published winners. */
  winners_match: z.boolean(),
  /** The public check, as a command line. */
  command: z.string(),
});
export type BackofficeLotteryVerification = z.infer<typeof backofficeLotteryVerificationSchema>;

export const backofficeLotterySchema = lotterySchema.extend({
  prize_table: backofficePrizeTableSchema,
  /** The winners with their player ids (the public answer masks them). */
  winner_players: z.array(
    z.object({
      award_place: z.number().int().positive(),
      ticket_number: z.number().int().positive(),
      player_id: z.number().int().positive(),
    }),
  ),
  payouts: z.array(backofficePromoPayoutSchema),
  /** Null until the draw. */
  verification: backofficeLotteryVerificationSchema.nullable(),
});
export type BackofficeLottery = z.infer<typeof backofficeLotterySchema>;
export const backofficeLotteriesResponseSchema = backofficeList(lotterySchema);

/** `POST /lotteries`: the operator API's own contract; the server seed is chosen then and only its hash shown. */
export const backofficeLotteryCreateRequestSchema = operatorLotteryRequestSchema;
