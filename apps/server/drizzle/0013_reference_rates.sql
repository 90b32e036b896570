CREATE TABLE "reference_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"eur_per_unit" numeric(30, 12) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reference_rates_positive" CHECK ("reference_rates"."eur_per_unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "reference_rates" ADD CONSTRAINT "reference_rates_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;