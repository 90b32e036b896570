CREATE TABLE "balance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"eur_cents" bigint NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transfer_id" bigint,
	CONSTRAINT "balance_adjustments_amount" CHECK ("balance_adjustments"."amount" > 0),
	CONSTRAINT "balance_adjustments_direction" CHECK ("balance_adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "balance_adjustments_state" CHECK ("balance_adjustments"."state" in ('pending', 'applied', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "player_blocks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL,
	"operator_id" bigint,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_state" ON "balance_adjustments" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_user" ON "balance_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_notes_user" ON "player_notes" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'reserved', 'held')) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('bets', 'psp_clearing', 'bonus_funding', 'jackpot_pool', 'promotions', 'adjustments')));--> statement-breakpoint
-- The adjustments' house account in every currency that has house accounts already (new
-- currencies get it from openHouseAccounts).
INSERT INTO "ledger_accounts" ("currency", "kind", "shard", "created_at")
  SELECT DISTINCT a."currency", 'adjustments', 0, now() FROM "ledger_accounts" a WHERE a."user_id" IS NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "player_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_notes is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "player_notes_no_update_or_delete" BEFORE UPDATE OR DELETE ON "player_notes"
  FOR EACH ROW EXECUTE FUNCTION "player_notes_append_only"();
--> statement-breakpoint
CREATE TRIGGER "player_notes_no_truncate" BEFORE TRUNCATE ON "player_notes"
  FOR EACH STATEMENT EXECUTE FUNCTION "player_notes_append_only"();
