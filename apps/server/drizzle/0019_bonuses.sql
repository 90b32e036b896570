CREATE TABLE "bonus_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"percent" integer,
	"deposit_numbers" integer[],
	"money" jsonb NOT NULL,
	"wager_multiplier" numeric(6, 2) DEFAULT 35 NOT NULL,
	"contributions" jsonb NOT NULL,
	"games" text[],
	"freespins_count" integer,
	"activation_days" integer DEFAULT 7 NOT NULL,
	"wagering_days" integer DEFAULT 30 NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_templates_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"issue_key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"stage" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"percent" integer,
	"max_amount_cents" bigint,
	"min_deposit_cents" bigint,
	"wager_multiplier" numeric(6, 2) NOT NULL,
	"wager_requirement_cents" bigint NOT NULL,
	"wagered_cents" bigint DEFAULT 0 NOT NULL,
	"wagered_basis" bigint DEFAULT 0 NOT NULL,
	"max_bet_cents" bigint,
	"max_win_cents" bigint,
	"min_bet_cents" bigint NOT NULL,
	"contributions" jsonb NOT NULL,
	"games" text[],
	"group_key" text NOT NULL,
	"activation_days" integer NOT NULL,
	"wagering_days" integer NOT NULL,
	"activatable_until" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"payment_id" bigint,
	"converted_cents" bigint DEFAULT 0 NOT NULL,
	"forfeited_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_bonuses_issue_key_unique" UNIQUE("issue_key")
);
--> statement-breakpoint
CREATE TABLE "player_freespins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"issue_key" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"stage" text NOT NULL,
	"games" text[] NOT NULL,
	"count" integer NOT NULL,
	"performed" integer DEFAULT 0 NOT NULL,
	"bet_level_cents" bigint NOT NULL,
	"win_cents" bigint DEFAULT 0 NOT NULL,
	"wager_multiplier" numeric(6, 2) NOT NULL,
	"group_key" text NOT NULL,
	"activation_days" integer NOT NULL,
	"wagering_days" integer NOT NULL,
	"activatable_until" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"provider_issued_at" timestamp with time zone,
	"bonus_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_freespins_issue_key_unique" UNIQUE("issue_key")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "freespins_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_issue_bonuses" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_bonus_code" text;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_templates_code" ON "bonus_templates" USING btree ("code") WHERE "bonus_templates"."code" is not null and "bonus_templates"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "player_bonuses_user" ON "player_bonuses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_wagering" ON "player_bonuses" USING btree ("user_id") WHERE "player_bonuses"."stage" = 'handle_bets';--> statement-breakpoint
CREATE INDEX "player_bonuses_due" ON "player_bonuses" USING btree ("stage","activatable_until","valid_until") WHERE "player_bonuses"."stage" in ('issued', 'wait', 'handle_bets');--> statement-breakpoint
CREATE INDEX "player_freespins_user" ON "player_freespins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "player_freespins_due" ON "player_freespins" USING btree ("stage","activatable_until","valid_until") WHERE "player_freespins"."stage" in ('issued', 'activated');--> statement-breakpoint
-- The player's bonuses (module bonuses) decide the bet's bonus rules (max bet, games): every
-- change raises the player's pre-bet rules version, as the limits' tables do.
CREATE TRIGGER "player_bonuses_inserted_pre_bet" AFTER INSERT ON "player_bonuses" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
--> statement-breakpoint
CREATE TRIGGER "player_bonuses_updated_pre_bet" AFTER UPDATE ON "player_bonuses" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
--> statement-breakpoint
CREATE TRIGGER "player_bonuses_deleted_pre_bet" AFTER DELETE ON "player_bonuses" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
