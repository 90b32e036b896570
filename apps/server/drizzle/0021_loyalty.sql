CREATE TABLE "adventure_days" (
	"user_id" bigint NOT NULL,
	"adventure" text NOT NULL,
	"day" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"gift_kind" text,
	"gift_id" bigint,
	"activatable_until" timestamp with time zone,
	CONSTRAINT "adventure_days_user_id_adventure_day_pk" PRIMARY KEY("user_id","adventure","day")
);
--> statement-breakpoint
CREATE TABLE "comp_point_accrual_rules" (
	"currency" text PRIMARY KEY NOT NULL,
	"cents_per_point" integer NOT NULL,
	"contributions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_point_accruals" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"millipoints" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_point_balances" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"chargeable" bigint DEFAULT 0 NOT NULL,
	"persistent" bigint DEFAULT 0 NOT NULL,
	"carry_millipoints" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comp_point_balances_chargeable_not_negative" CHECK ("comp_point_balances"."chargeable" >= 0),
	CONSTRAINT "comp_point_balances_persistent_not_negative" CHECK ("comp_point_balances"."persistent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "comp_point_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" text NOT NULL,
	"type" text NOT NULL,
	"group" text NOT NULL,
	"points" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"reward" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_point_rates" (
	"group" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"rates" jsonb NOT NULL,
	"points" integer,
	"wager" numeric(6, 2) DEFAULT 0 NOT NULL,
	"template_key" text,
	"freespins_count" integer,
	"games" text[] NOT NULL,
	"tab" text NOT NULL,
	"badges" text[] NOT NULL,
	"image" text,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_daily_activity" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"bet_cents" bigint DEFAULT 0 NOT NULL,
	"max_deposit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_daily_activity_user_id_day_currency_pk" PRIMARY KEY("user_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "loyalty_managers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"hours" text,
	"whatsapp" text,
	"telegram" text,
	"email" text,
	"group_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_managers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"manager_id" bigint NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_counted_deposits" (
	"payment_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_quarter_sums" (
	"user_id" bigint NOT NULL,
	"quarter" text NOT NULL,
	"currency" text NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"bet_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_quarter_sums_user_id_quarter_currency_pk" PRIMARY KEY("user_id","quarter","currency")
);
--> statement-breakpoint
CREATE TABLE "vip_statuses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"quarter" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_managers" ADD CONSTRAINT "player_managers_manager_id_loyalty_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."loyalty_managers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comp_point_accruals_user" ON "comp_point_accruals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_point_exchanges_key" ON "comp_point_exchanges" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "vip_statuses_quarter" ON "vip_statuses" USING btree ("quarter");