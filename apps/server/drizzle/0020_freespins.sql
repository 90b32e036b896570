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
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_freespins_user" ON "player_freespins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "player_freespins_due" ON "player_freespins" USING btree ("stage","activatable_until","valid_until") WHERE "player_freespins"."stage" in ('issued', 'activated');