CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_player_not_negative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'reserved')) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('bets', 'psp_clearing', 'bonus_funding', 'jackpot_pool', 'promotions')))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"payload_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_player" ON "ledger_accounts" USING btree ("user_id","currency","kind") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house" ON "ledger_accounts" USING btree ("currency","kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "outbox_events_pending" ON "outbox_events" USING btree ("available_at","id") WHERE "outbox_events"."processed_at" is null;--> statement-breakpoint
-- Accounts opened before the ledger existed get their ledger accounts (balance zero: no money had moved).
INSERT INTO "ledger_accounts" ("user_id", "currency", "kind") SELECT a."user_id", a."currency", k.kind FROM "accounts" a CROSS JOIN (VALUES ('real'), ('bonus'), ('reserved')) AS k(kind) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The house's accounts in every currency money can be held in (the seed opens those of currencies added later).
INSERT INTO "ledger_accounts" ("currency", "kind") SELECT c."code", k.kind FROM "currencies" c CROSS JOIN (VALUES ('bets'), ('psp_clearing'), ('bonus_funding'), ('jackpot_pool'), ('promotions')) AS k(kind) WHERE NOT c."demo" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- One transfer in one statement: the idempotency check, the immutable transfer row and its outbox
-- event, both balances under row locks taken in one global order (no deadlocks between crossing
-- transfers). Refusals raise, so nothing of a refused transfer remains:
--   OR001 account_not_found (DETAIL player|house), OR002 idempotency_conflict,
--   OR003 insufficient_funds (DETAIL = the balance the debit account holds).
CREATE FUNCTION ledger_account_id(p_user bigint, p_currency text, p_kind text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT id FROM ledger_accounts WHERE user_id = p_user AND currency = p_currency AND kind = p_kind AND p_user IS NOT NULL
  UNION ALL
  SELECT id FROM ledger_accounts WHERE user_id IS NULL AND currency = p_currency AND kind = p_kind AND p_user IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_transfer(
  p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_debit_user bigint, p_debit_kind text, p_credit_user bigint, p_credit_kind text,
  p_hash text, p_at timestamptz, p_event jsonb
) RETURNS TABLE (transfer_id bigint, replayed boolean, created_at timestamptz, debit_account_id bigint, credit_account_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_debit bigint := ledger_account_id(p_debit_user, p_currency, p_debit_kind);
  v_credit bigint := ledger_account_id(p_credit_user, p_currency, p_credit_kind);
  v_id bigint;
  v_balance bigint;
  v_first record;
BEGIN
  IF v_debit IS NULL OR v_credit IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'account_not_found',
      DETAIL = CASE WHEN (v_debit IS NULL AND p_debit_user IS NULL) OR (v_credit IS NULL AND p_credit_user IS NULL) THEN 'house' ELSE 'player' END;
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, reference, currency, amount, debit_account_id, credit_account_id, payload_hash, created_at)
  VALUES (p_key, p_kind, p_reference, p_currency, p_amount, v_debit, v_credit, p_hash, p_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    SELECT t.id, t.payload_hash, t.created_at, t.debit_account_id, t.credit_account_id INTO v_first
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    IF v_first.payload_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'OR002', MESSAGE = 'idempotency_conflict';
    END IF;
    RETURN QUERY SELECT v_first.id, true, v_first.created_at, v_first.debit_account_id, v_first.credit_account_id;
    RETURN;
  END IF;
  INSERT INTO outbox_events (topic, payload, created_at, available_at)
  VALUES ('wallet.transfer', p_event || jsonb_build_object('transferId', v_id), p_at, p_at);
  -- Lock order: players' accounts before the house's, then by id. Every transfer follows it, so
  -- none deadlocks; and a hot house account (bets) is locked last, held only until the commit.
  IF ROW(p_credit_user IS NULL, v_credit) < ROW(p_debit_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_debit AND (user_id IS NULL OR balance >= p_amount);
  IF NOT FOUND THEN
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_debit;
    RAISE EXCEPTION USING ERRCODE = 'OR003', MESSAGE = 'insufficient_funds', DETAIL = v_balance::text;
  END IF;
  IF ROW(p_credit_user IS NULL, v_credit) > ROW(p_debit_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  RETURN QUERY SELECT v_id, false, p_at, v_debit, v_credit;
END
$$;
