CREATE TABLE "crypto_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"confirmations_required" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"destination" text,
	"cancellation_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_user_currency" ON "crypto_addresses" USING btree ("user_id","provider","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_address" ON "crypto_addresses" USING btree ("provider","address");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_external_id" ON "payments" USING btree ("provider","external_id") WHERE "payments"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_created" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open" ON "payments" USING btree ("action","state") WHERE "payments"."state" in ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_user_token" ON "saved_cards" USING btree ("user_id","provider","token");