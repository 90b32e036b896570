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
import { lotterySchema, promoStatusSchema, QUEST_SIZES, tournamentSchema } from './promotions';
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

// ---- quests and achievements ------------------------------------------------------------------

/** The kinds of promotion the quests' screens manage (a plain tournament is the tournaments' screen's). */
export const BACKOFFICE_QUEST_KINDS = ['quest', 'achievement'] as const;

export const backofficeQuestsQuerySchema = backofficeTournamentsQuerySchema.extend({
  kind: z.enum(BACKOFFICE_QUEST_KINDS, { message: 'invalid' }).optional(),
});
export type BackofficeQuestsQuery = z.infer<typeof backofficeQuestsQuerySchema>;

const tournamentFields = operatorTournamentRequestSchema.shape;
const { frontend_identifier: _identifier, ...questFields } = tournamentFields;

/**
 * `POST /quests` and `PUT /quests/:id` (the schedule and prize table, while it has not started):
 * the tournament's contract with the identifier spelled from its parts, `<kind>--<size>--<slug>`
 * (the size one of the known sizes, whose level table it takes).
 */
export const backofficeQuestRequestSchema = z
  .object({
    kind: z.enum(BACKOFFICE_QUEST_KINDS, { message: 'invalid' }),
    size: z.enum(QUEST_SIZES, { message: 'invalid' }),
    slug: z
      .string()
      .max(80, 'too_long')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'invalid'),
    ...questFields,
  })
  .refine((q) => Date.parse(q.end_at) > Date.parse(q.start_at), { error: 'must_end_after_start', path: ['end_at'] })
  .refine((q) => q.currencies.includes(q.currency), { error: 'not_counted', path: ['currency'] });
export type BackofficeQuestRequest = z.infer<typeof backofficeQuestRequestSchema>;

/** The identifier the casino reads a quest by (`quest--m--comet-climb`). */
export const questIdentifier = (q: Pick<BackofficeQuestRequest, 'kind' | 'size' | 'slug'>) =>
  `${q.kind}--${q.size}--${q.slug}`;

/** `GET /quest-levels`: each size's level table, the bets (whole EUR) each level needs. */
export const backofficeQuestLevelsSchema = z.object({
  sizes: z.array(z.object({ size: z.enum(QUEST_SIZES), thresholds_eur: z.array(z.number().int().min(0)) })),
});
export type BackofficeQuestLevels = z.infer<typeof backofficeQuestLevelsSchema>;

/** A quest as the back office shows it: the tournament's view, its size's level table and each player's level. */
export const backofficeQuestSchema = backofficeTournamentSchema.extend({
  size: z.enum(QUEST_SIZES),
  slug: z.string(),
  thresholds_eur: z.array(z.number().int().min(0)),
  /** The players with bets, as the leaderboard orders them, with the level their bets reach (1 …). */
  standing: z.array(
    z.object({
      player_id: z.number().int().positive(),
      nickname: z.string(),
      bet_cents: z.number().int(),
      level: z.number().int().min(1),
      levels_count: z.number().int().min(1),
    }),
  ),
});
export type BackofficeQuest = z.infer<typeof backofficeQuestSchema>;
export const backofficeQuestsResponseSchema = backofficeTournamentsResponseSchema;
