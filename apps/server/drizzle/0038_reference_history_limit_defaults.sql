CREATE TABLE "limit_default_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_rate_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"eur_per_unit" numeric(30, 12) NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text,
	CONSTRAINT "reference_rate_changes_positive" CHECK ("reference_rate_changes"."eur_per_unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "reference_rate_changes" ADD CONSTRAINT "reference_rate_changes_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reference_rate_changes_currency_valid_from" ON "reference_rate_changes" USING btree ("currency","valid_from","id");--> statement-breakpoint
INSERT INTO "reference_rate_changes" ("currency", "eur_per_unit", "valid_from", "changed_by", "reason")
  SELECT "currency", "eur_per_unit", "updated_at", 'seed', 'in force when the history began' FROM "reference_rates";
