ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'reserved', 'held')) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('bets', 'psp_clearing', 'bonus_funding', 'jackpot_pool', 'promotions')));--> statement-breakpoint
-- Every player account that exists gets its withdraw-only ledger account (new ones open it with the others).
INSERT INTO "ledger_accounts" ("user_id", "currency", "kind", "created_at")
  SELECT DISTINCT "user_id", "currency", 'held', now() FROM "ledger_accounts" WHERE "user_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
