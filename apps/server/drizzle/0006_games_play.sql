CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"bet_cents" bigint DEFAULT 0 NOT NULL,
	"bet_real_cents" bigint DEFAULT 0 NOT NULL,
	"bet_bonus_cents" bigint DEFAULT 0 NOT NULL,
	"win_cents" bigint DEFAULT 0 NOT NULL,
	"jackpot_win_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bet" jsonb,
	"outcome" jsonb,
	"fair" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_rounds_provider_external" UNIQUE("provider_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"launch_token_hash" text NOT NULL,
	"session_token_hash" text,
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"currency" text NOT NULL,
	"licence" text NOT NULL,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"authenticated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_launch_token_hash_unique" UNIQUE("launch_token_hash"),
	CONSTRAINT "game_sessions_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" bigint,
	"reference_external_id" text,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"real_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"rolled_back" boolean DEFAULT false NOT NULL,
	"payload_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_transactions_external" UNIQUE("provider_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "jackpot_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"jackpot_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"seed_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"contribution_bp" integer NOT NULL,
	"hit_weight" bigint NOT NULL,
	"resets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "jackpot_levels_identifier" UNIQUE("jackpot_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"user_name" text NOT NULL,
	"round_reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jackpot_wins_round_reference_unique" UNIQUE("round_reference")
);
--> statement-breakpoint
CREATE TABLE "jackpots" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "jackpots_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "wallet_secret" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "launch_url" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_levels" ADD CONSTRAINT "jackpot_levels_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_level_id_jackpot_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."jackpot_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_user" ON "game_rounds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_sessions_user" ON "game_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_transactions_round" ON "provider_transactions" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "jackpot_wins_created" ON "jackpot_wins" USING btree ("created_at");