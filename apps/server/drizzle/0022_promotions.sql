CREATE TABLE "promo_counted_deposits" (
	"payment_id" bigint PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_counted_transfers" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_lotteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"group_ids" integer[] NOT NULL,
	"comp_points_ticket_price" integer DEFAULT 0 NOT NULL,
	"deposit_scale_rules" jsonb NOT NULL,
	"max_tickets_per_player" integer NOT NULL,
	"money_budget_cents" bigint DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"winning_tickets" integer[],
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_lotteries_cap" CHECK ("promo_lotteries"."max_tickets_per_player" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_lottery_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lottery_id" integer NOT NULL,
	"number" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_kind" text NOT NULL,
	"promo_id" integer NOT NULL,
	"award_place" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_tournament_players" (
	"tournament_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"bet_cents" bigint DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"win_cents" bigint DEFAULT 0 NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"games" text[] DEFAULT '{}' NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"final_place" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_tournament_players_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"frontend_identifier" text NOT NULL,
	"strategy" text NOT NULL,
	"currencies" text[] NOT NULL,
	"currency" text NOT NULL,
	"game_categories" text[] NOT NULL,
	"providers" text[] NOT NULL,
	"group_ids" integer[] NOT NULL,
	"confirmation_required" boolean DEFAULT false NOT NULL,
	"money_budget_cents" bigint DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_tournaments_times" CHECK ("promo_tournaments"."end_at" > "promo_tournaments"."start_at")
);
--> statement-breakpoint
ALTER TABLE "promo_lottery_tickets" ADD CONSTRAINT "promo_lottery_tickets_lottery_id_promo_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."promo_lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_tournament_players" ADD CONSTRAINT "promo_tournament_players_tournament_id_promo_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."promo_tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_lotteries_slug" ON "promo_lotteries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "promo_lotteries_due" ON "promo_lotteries" USING btree ("end_at") WHERE "promo_lotteries"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_lottery_tickets_number" ON "promo_lottery_tickets" USING btree ("lottery_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_lottery_tickets_source" ON "promo_lottery_tickets" USING btree ("lottery_id","source_key");--> statement-breakpoint
CREATE INDEX "promo_lottery_tickets_player" ON "promo_lottery_tickets" USING btree ("lottery_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_payouts_place" ON "promo_payouts" USING btree ("promo_kind","promo_id","award_place");--> statement-breakpoint
CREATE INDEX "promo_tournament_players_rank" ON "promo_tournament_players" USING btree ("tournament_id","score","reached_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_tournaments_identifier" ON "promo_tournaments" USING btree ("frontend_identifier");--> statement-breakpoint
CREATE INDEX "promo_tournaments_due" ON "promo_tournaments" USING btree ("end_at") WHERE "promo_tournaments"."finished_at" is null;