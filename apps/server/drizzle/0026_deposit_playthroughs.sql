CREATE TABLE "deposit_playthroughs" (
	"payment_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"played_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"played_at" timestamp with time zone,
	"forfeited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "deposit_playthroughs_waiting" ON "deposit_playthroughs" USING btree ("user_id","currency","created_at","payment_id") WHERE "deposit_playthroughs"."played_at" is null and "deposit_playthroughs"."forfeited_at" is null;