CREATE TABLE "promo_lootboxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"group_key" text NOT NULL,
	"title" text NOT NULL,
	"stage" text NOT NULL,
	"items" jsonb NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"roll" integer,
	"won_item" integer,
	"result" jsonb,
	"issue_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_lootboxes_issue" ON "promo_lootboxes" USING btree ("user_id","issue_key");--> statement-breakpoint
CREATE INDEX "promo_lootboxes_player" ON "promo_lootboxes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_lootboxes_due" ON "promo_lootboxes" USING btree ("valid_until") WHERE "promo_lootboxes"."stage" = 'issued';