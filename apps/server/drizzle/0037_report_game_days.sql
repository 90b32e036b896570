CREATE TABLE "report_game_daily" (
	"day" date NOT NULL,
	"game_id" integer NOT NULL,
	"currency" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"open_rounds" integer DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"jackpot_wins" bigint DEFAULT 0 NOT NULL,
	"freespin_rounds" integer DEFAULT 0 NOT NULL,
	"freespin_wins" bigint DEFAULT 0 NOT NULL,
	"settled_rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"stake_squares" numeric DEFAULT '0' NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_game_daily_day_game_id_currency_pk" PRIMARY KEY("day","game_id","currency")
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD COLUMN "with_games" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "game_rounds_created_at" ON "game_rounds" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_big_wins" ON "game_rounds" USING btree ("closed_at") WHERE "game_rounds"."status" = 'closed' and "game_rounds"."win_cents" >= 100000;