CREATE TABLE "reality_checks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_limit_accounts" (
	"limit_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "user_limit_accounts_limit_id_currency_pk" PRIMARY KEY("limit_id","currency")
);
--> statement-breakpoint
CREATE TABLE "user_limit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"limit_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"currency" text,
	"amount" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmable_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"mailed_at" timestamp with time zone,
	"confirm_until" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	CONSTRAINT "user_limit_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"minutes" integer,
	"created_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_limit_accounts" ADD CONSTRAINT "user_limit_accounts_limit_id_user_limits_id_fk" FOREIGN KEY ("limit_id") REFERENCES "public"."user_limits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_limit_changes" ADD CONSTRAINT "user_limit_changes_limit_id_user_limits_id_fk" FOREIGN KEY ("limit_id") REFERENCES "public"."user_limits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_limit_changes_limit" ON "user_limit_changes" USING btree ("limit_id");--> statement-breakpoint
CREATE INDEX "user_limit_changes_due" ON "user_limit_changes" USING btree ("confirmable_at") WHERE "user_limit_changes"."confirmed_at" is null and "user_limit_changes"."canceled_at" is null and "user_limit_changes"."expired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_limits_in_force" ON "user_limits" USING btree ("user_id","type",(case when "type" in ('cooling_off', 'self_exclusion') then '' else "period" end)) WHERE "user_limits"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "user_limits_user" ON "user_limits" USING btree ("user_id");