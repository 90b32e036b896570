CREATE TABLE "jackpot_level_feeds" (
	"level_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "jackpot_level_feeds_pk" PRIMARY KEY("level_id","shard")
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_house";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jackpot_level_feeds" ADD CONSTRAINT "jackpot_level_feeds_level_id_jackpot_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."jackpot_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house" ON "ledger_accounts" USING btree ("currency","kind","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" >= 0 and ("ledger_accounts"."user_id" is null or "ledger_accounts"."shard" = 0));--> statement-breakpoint
-- The house's busiest accounts in shards: every bet and win moved money to or from the one `bets`
-- row of its currency (and every bet of a jackpot game into the one `jackpot_pool` row and the
-- three level rows), each held until its transaction committed, so bets sent at once waited in
-- line for it. A transfer with a player now uses the house shard of the player's id; the house's
-- balance of a kind is the sum of its shards. Lock order is unchanged: the player's accounts, then
-- the house's (by id), jackpot feeds, jackpot levels (hits only), promotions.
CREATE FUNCTION ledger_house_shards(p_kind text) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('bets', 'jackpot_pool') THEN 16 ELSE 1 END
$$;
--> statement-breakpoint
-- Declared IMMUTABLE over a body that is only STABLE (to_json), the hash was never inlined: each
-- transaction planned its SQL again at each call. STABLE, as its body is, it is inlined.
ALTER FUNCTION ledger_payload_hash(text, text, text, bigint, text, text) STABLE;
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("currency", "kind", "shard")
  SELECT a."currency", a."kind", s.shard FROM "ledger_accounts" a CROSS JOIN LATERAL generate_series(1, ledger_house_shards(a."kind") - 1) AS s(shard)
  WHERE a."user_id" IS NULL AND a."shard" = 0
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP FUNCTION ledger_move(text, text, text, text, bigint, bigint, text, bigint, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION ledger_transfer(text, text, text, text, bigint, bigint, text, bigint, text, text, timestamptz, jsonb);
--> statement-breakpoint
DROP FUNCTION ledger_account_id(bigint, text, text);
--> statement-breakpoint
-- A player's account, or the house's shard for `p_shard_key` (PL/pgSQL: its plans are kept per
-- connection, where an SQL function's UNION was planned again on every call).
CREATE FUNCTION ledger_account_id(p_user bigint, p_currency text, p_kind text, p_shard_key bigint) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_user IS NOT NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE user_id = p_user AND currency = p_currency AND kind = p_kind;
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE user_id IS NULL AND currency = p_currency AND kind = p_kind
      AND shard = p_shard_key % ledger_house_shards(p_kind);
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- One transfer (migration 0004's ledger_transfer(), which now calls this), with the house side in
-- the shard of the transfer's player (`p_shard_key` for a transfer between two house accounts;
-- shard 0 without one). The wallet's SQL calls it directly, with the hash and outbox event computed
-- here (`p_hash`, `p_event` null): one PL/pgSQL call a transfer, not two. A zero amount moves
-- nothing (a stake split over real and bonus money passes its empty part) and answers nulls.
CREATE FUNCTION ledger_move(p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_from_user bigint, p_from_kind text, p_to_user bigint, p_to_kind text, p_at timestamptz,
  p_shard_key bigint DEFAULT NULL, p_hash text DEFAULT NULL, p_event jsonb DEFAULT NULL,
  OUT transfer_id bigint, OUT replayed boolean, OUT created_at timestamptz, OUT debit_account_id bigint, OUT credit_account_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_shard_key bigint := coalesce(p_from_user, p_to_user, p_shard_key, 0);
  v_debit bigint;
  v_credit bigint;
  v_hash text := p_hash;
  v_event jsonb := p_event;
  v_from text;
  v_to text;
  v_balance bigint;
  v_first record;
BEGIN
  IF p_amount <= 0 THEN RETURN; END IF;
  v_debit := ledger_account_id(p_from_user, p_currency, p_from_kind, v_shard_key);
  v_credit := ledger_account_id(p_to_user, p_currency, p_to_kind, v_shard_key);
  IF v_debit IS NULL OR v_credit IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'account_not_found',
      DETAIL = CASE WHEN (v_debit IS NULL AND p_from_user IS NULL) OR (v_credit IS NULL AND p_to_user IS NULL) THEN 'house' ELSE 'player' END;
  END IF;
  IF v_hash IS NULL THEN
    v_from := CASE WHEN p_from_user IS NULL THEN 'house:' || p_from_kind ELSE 'player:' || p_from_user || ':' || p_from_kind END;
    v_to := CASE WHEN p_to_user IS NULL THEN 'house:' || p_to_kind ELSE 'player:' || p_to_user || ':' || p_to_kind END;
    v_hash := ledger_payload_hash(p_kind, p_reference, p_currency, p_amount, v_from, v_to);
    v_event := jsonb_build_object('kind', p_kind, 'reference', p_reference, 'currency', p_currency, 'amount', p_amount,
      'from', CASE WHEN p_from_user IS NULL THEN jsonb_build_object('house', p_from_kind) ELSE jsonb_build_object('player', p_from_user, 'kind', p_from_kind) END,
      'to', CASE WHEN p_to_user IS NULL THEN jsonb_build_object('house', p_to_kind) ELSE jsonb_build_object('player', p_to_user, 'kind', p_to_kind) END);
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, reference, currency, amount, debit_account_id, credit_account_id, payload_hash, created_at)
  VALUES (p_key, p_kind, p_reference, p_currency, p_amount, v_debit, v_credit, v_hash, p_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO transfer_id;
  IF transfer_id IS NULL THEN
    SELECT t.id, t.payload_hash, t.created_at, t.debit_account_id, t.credit_account_id INTO v_first
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    IF v_first.payload_hash IS DISTINCT FROM v_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'OR002', MESSAGE = 'idempotency_conflict';
    END IF;
    transfer_id := v_first.id; replayed := true; created_at := v_first.created_at;
    debit_account_id := v_first.debit_account_id; credit_account_id := v_first.credit_account_id;
    RETURN;
  END IF;
  INSERT INTO outbox_events (topic, payload, created_at, available_at)
  VALUES ('wallet.transfer', v_event || jsonb_build_object('transferId', transfer_id), p_at, p_at);
  -- Lock order: players' accounts before the house's, then by id. Every transfer follows it, so
  -- none deadlocks; and a hot house account (bets) is locked last, held only until the commit.
  IF ROW(p_to_user IS NULL, v_credit) < ROW(p_from_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_debit AND (user_id IS NULL OR balance >= p_amount);
  IF NOT FOUND THEN
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_debit;
    RAISE EXCEPTION USING ERRCODE = 'OR003', MESSAGE = 'insufficient_funds', DETAIL = v_balance::text;
  END IF;
  IF ROW(p_to_user IS NULL, v_credit) > ROW(p_from_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  replayed := false; created_at := p_at; debit_account_id := v_debit; credit_account_id := v_credit;
END
$$;
--> statement-breakpoint
-- The Ledger's transfer (TypeScript computes the hash and the event), as in migration 0004.
CREATE FUNCTION ledger_transfer(
  p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_debit_user bigint, p_debit_kind text, p_credit_user bigint, p_credit_kind text,
  p_hash text, p_at timestamptz, p_event jsonb, p_shard_key bigint DEFAULT NULL
) RETURNS TABLE (transfer_id bigint, replayed boolean, created_at timestamptz, debit_account_id bigint, credit_account_id bigint)
LANGUAGE sql AS $$
  SELECT * FROM ledger_move(p_key, p_kind, p_reference, p_currency, p_amount, p_debit_user, p_debit_kind, p_credit_user, p_credit_kind,
    p_at, p_shard_key, p_hash, p_event)
$$;
--> statement-breakpoint
-- As in migration 0009, in PL/pgSQL (plans kept per connection).
CREATE OR REPLACE FUNCTION jackpot_share(p_currency text, p_game text, p_amount bigint, OUT jackpot_id int, OUT share bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT j.id INTO jackpot_id FROM jackpots j WHERE j.currency = p_currency AND j.enabled AND p_game = ANY (j.games) ORDER BY j.id LIMIT 1;
  IF jackpot_id IS NULL THEN share := 0; RETURN; END IF;
  SELECT coalesce(sum(p_amount * l.contribution_bp / 10000), 0)::bigint INTO share FROM jackpot_levels l WHERE l.jackpot_id = jackpot_share.jackpot_id;
END
$$;
--> statement-breakpoint
-- As in migration 0009, the levels fed in the player's shard of `jackpot_level_feeds`. A hit takes
-- a lock of its jackpot first (two hits at once would each wait for the other's feed rows), then
-- the level's feed rows: it pays the level's amount with its feeds, and starts it again from its
-- seed, in the player's shard of the pool (a shard the bet already holds).
CREATE OR REPLACE FUNCTION jackpot_bet(p_jackpot int, p_share bigint, p_share_real bigint, p_user bigint, p_user_name text, p_currency text,
  p_amount bigint, p_draw bigint, p_reference text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_hit int;
  v_level record;
  v_fed bigint;
  v_shards smallint[];
  v_amount bigint;
  v_win bigint;
BEGIN
  PERFORM ledger_move('jackpot:feed:' || p_reference || ':real', 'bet', p_reference, p_currency, p_share_real, p_user, 'real', NULL, 'jackpot_pool', p_at);
  PERFORM ledger_move('jackpot:feed:' || p_reference || ':bonus', 'bet', p_reference, p_currency, p_share - p_share_real, p_user, 'bonus', NULL, 'jackpot_pool', p_at);
  IF p_draw IS NOT NULL THEN
    -- Slices of hit_weight values laid out from 0, grand first.
    SELECT id INTO v_hit FROM (
      SELECT id, sum(hit_weight) OVER (ORDER BY position DESC, id) AS upto FROM jackpot_levels WHERE jackpot_id = p_jackpot
    ) l WHERE p_draw < upto ORDER BY upto LIMIT 1;
  END IF;
  IF v_hit IS NOT NULL THEN PERFORM pg_advisory_xact_lock(hashtext('jackpot.hit'), p_jackpot); END IF;
  IF p_share > 0 THEN
    INSERT INTO jackpot_level_feeds (level_id, shard, amount_cents)
      SELECT id, p_user % ledger_house_shards('jackpot_pool'), p_amount * contribution_bp / 10000 FROM jackpot_levels WHERE jackpot_id = p_jackpot ORDER BY id
      ON CONFLICT (level_id, shard) DO UPDATE SET amount_cents = jackpot_level_feeds.amount_cents + excluded.amount_cents;
  END IF;
  IF v_hit IS NULL THEN RETURN NULL; END IF;
  SELECT * INTO v_level FROM jackpot_levels WHERE id = v_hit FOR NO KEY UPDATE;
  -- Only the rows taken here are paid and emptied: a shard's first feed, inserted by a bet meanwhile,
  -- counts towards the level's next amount.
  SELECT coalesce(sum(f.amount_cents), 0), array_agg(f.shard) INTO v_fed, v_shards FROM (
    SELECT shard, amount_cents FROM jackpot_level_feeds WHERE level_id = v_hit ORDER BY shard FOR UPDATE
  ) f;
  v_amount := v_level.amount_cents + v_fed;
  IF v_amount <= 0 THEN RETURN NULL; END IF;
  PERFORM ledger_move('jackpot:hit:' || p_reference, 'jackpot', p_reference, p_currency, v_amount, NULL, 'jackpot_pool', p_user, 'real', p_at);
  UPDATE jackpot_level_feeds SET amount_cents = 0 WHERE level_id = v_hit AND shard = ANY (v_shards) AND amount_cents <> 0;
  UPDATE jackpot_levels SET amount_cents = seed_cents, resets = resets + 1 WHERE id = v_hit;
  PERFORM ledger_move('jackpot:seed:' || v_hit || ':' || (v_level.resets + 1), 'jackpot', 'jackpot_level:' || v_hit, p_currency, v_level.seed_cents,
    NULL, 'promotions', NULL, 'jackpot_pool', p_at, p_user);
  INSERT INTO jackpot_wins (level_id, user_id, user_name, round_reference, currency, amount_cents, created_at)
  VALUES (v_hit, p_user, p_user_name, p_reference, p_currency, v_amount, p_at) RETURNING id INTO v_win;
  INSERT INTO outbox_events (topic, payload, created_at, available_at) VALUES ('jackpots.won', jsonb_build_object('winId', v_win), p_at, p_at);
  RETURN jsonb_build_object('level', v_level.identifier, 'name', v_level.name, 'amount_cents', v_amount);
END
$$;
--> statement-breakpoint
-- The bet and the win of migrations 0009 and 0007, answering a replay themselves (the platform no
-- longer looks the transaction id up in a round trip of its own before each call), and the bet
-- refusing a disabled game or provider (the platform keeps a game session's fixed facts in memory,
-- not these switches). More refusals: OR106 transaction_rolled_back, OR107 duplicate_transaction,
-- OR108 game_disabled.
CREATE OR REPLACE FUNCTION wallet_bet(p_provider int, p_external text, p_hash text, p_session bigint, p_user bigint, p_user_name text,
  p_game int, p_game_identifier text, p_currency text, p_round text, p_amount bigint, p_draw bigint, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_real bigint := 0;
  v_bonus bigint := 0;
  v_account record;
  v_from_real bigint;
  v_from_bonus bigint;
  v_round record;
  v_tx bigint;
  v_key text := 'wallet:' || p_provider || ':' || p_external;
  v_ref text;
  v_jackpot record;
  v_share_real bigint := 0;
  v_hit jsonb;
  v_response jsonb;
  v_seen record;
BEGIN
  -- A transaction id seen before answers its first answer (a replay), before anything else is looked at.
  SELECT kind, payload_hash, response INTO v_seen FROM provider_transactions WHERE provider_id = p_provider AND external_id = p_external;
  IF FOUND THEN
    IF v_seen.kind = 'rollback_marker' THEN RAISE EXCEPTION USING ERRCODE = 'OR106', MESSAGE = 'transaction_rolled_back'; END IF;
    IF v_seen.payload_hash <> p_hash THEN RAISE EXCEPTION USING ERRCODE = 'OR107', MESSAGE = 'duplicate_transaction'; END IF;
    RETURN v_seen.response;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM games g JOIN providers p ON p.id = g.provider_id WHERE g.id = p_game AND g.enabled AND p.enabled) THEN
    RAISE EXCEPTION USING ERRCODE = 'OR108', MESSAGE = 'game_disabled';
  END IF;
  FOR v_account IN SELECT kind, balance FROM ledger_accounts
      WHERE user_id = p_user AND currency = p_currency AND kind IN ('real', 'bonus') ORDER BY id FOR UPDATE LOOP
    IF v_account.kind = 'real' THEN v_real := v_account.balance; ELSE v_bonus := v_account.balance; END IF;
  END LOOP;
  v_from_real := least(p_amount, v_real);
  v_from_bonus := p_amount - v_from_real;
  IF v_from_bonus > v_bonus THEN
    RAISE EXCEPTION USING ERRCODE = 'OR101', MESSAGE = 'insufficient_funds', DETAIL = (v_real + v_bonus)::text;
  END IF;
  INSERT INTO game_rounds (provider_id, external_id, user_id, game_id, session_id, currency, bet_cents, bet_real_cents, bet_bonus_cents, created_at)
  VALUES (p_provider, p_round, p_user, p_game, p_session, p_currency, p_amount, v_from_real, v_from_bonus, p_at)
  ON CONFLICT (provider_id, external_id) DO UPDATE SET
    bet_cents = game_rounds.bet_cents + excluded.bet_cents,
    bet_real_cents = game_rounds.bet_real_cents + excluded.bet_real_cents,
    bet_bonus_cents = game_rounds.bet_bonus_cents + excluded.bet_bonus_cents,
    -- A round whose bets were all rolled back is open again with a new one.
    status = CASE WHEN game_rounds.status = 'rolled_back' THEN 'open' ELSE game_rounds.status END
  RETURNING id, user_id, status INTO v_round;
  IF v_round.user_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'OR102', MESSAGE = 'invalid_request'; END IF;
  IF v_round.status = 'closed' THEN RAISE EXCEPTION USING ERRCODE = 'OR103', MESSAGE = 'round_closed'; END IF;
  v_ref := 'round:' || v_round.id;
  v_response := jsonb_build_object('status', 'ok', 'currency', p_currency, 'balance_cents', v_real + v_bonus - p_amount,
    'transaction_id', gen_random_uuid()::text, 'jackpot_win', NULL);
  INSERT INTO provider_transactions (provider_id, external_id, kind, round_id, amount_cents, real_cents, bonus_cents, payload_hash, response, created_at)
  VALUES (p_provider, p_external, 'bet', v_round.id, p_amount, v_from_real, v_from_bonus, p_hash, v_response, p_at)
  RETURNING id INTO v_tx;
  SELECT * INTO v_jackpot FROM jackpot_share(p_currency, p_game_identifier, p_amount);
  IF v_jackpot.jackpot_id IS NOT NULL THEN v_share_real := least(v_jackpot.share, v_from_real); END IF;
  -- The house's hot rows last: held only until the commit.
  PERFORM ledger_move(v_key || ':real', 'bet', v_ref, p_currency, v_from_real - v_share_real, p_user, 'real', NULL, 'bets', p_at);
  PERFORM ledger_move(v_key || ':bonus', 'bet', v_ref, p_currency, v_from_bonus - (coalesce(v_jackpot.share, 0) - v_share_real), p_user, 'bonus', NULL, 'bets', p_at);
  IF v_jackpot.jackpot_id IS NULL THEN RETURN v_response; END IF;
  v_hit := jackpot_bet(v_jackpot.jackpot_id, v_jackpot.share, v_share_real, p_user, p_user_name, p_currency, p_amount, p_draw, v_ref || ':' || p_external, p_at);
  IF v_hit IS NULL THEN RETURN v_response; END IF;
  v_response := v_response || jsonb_build_object('balance_cents', v_real + v_bonus - p_amount + (v_hit ->> 'amount_cents')::bigint, 'jackpot_win', v_hit);
  UPDATE provider_transactions SET response = v_response WHERE id = v_tx;
  UPDATE game_rounds SET jackpot_win_cents = jackpot_win_cents + (v_hit ->> 'amount_cents')::bigint WHERE id = v_round.id;
  RETURN v_response;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_win(p_provider int, p_external text, p_hash text, p_user bigint, p_round text, p_reference text,
  p_amount bigint, p_currency text, p_bet jsonb, p_outcome jsonb, p_fair jsonb, p_public_multiple int, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  v_bet record;
  v_to_real bigint;
  v_to_bonus bigint;
  v_balance bigint;
  v_key text := 'wallet:' || p_provider || ':' || p_external;
  v_ref text;
  v_response jsonb;
  v_seen record;
BEGIN
  -- A transaction id seen before answers its first answer (a replay), before anything else is looked at.
  SELECT kind, payload_hash, response INTO v_seen FROM provider_transactions WHERE provider_id = p_provider AND external_id = p_external;
  IF FOUND THEN
    IF v_seen.kind = 'rollback_marker' THEN RAISE EXCEPTION USING ERRCODE = 'OR106', MESSAGE = 'transaction_rolled_back'; END IF;
    IF v_seen.payload_hash <> p_hash THEN RAISE EXCEPTION USING ERRCODE = 'OR107', MESSAGE = 'duplicate_transaction'; END IF;
    RETURN v_seen.response;
  END IF;
  SELECT * INTO v_round FROM game_rounds WHERE provider_id = p_provider AND external_id = p_round FOR UPDATE;
  IF NOT FOUND OR v_round.user_id <> p_user OR v_round.status = 'rolled_back' OR v_round.bet_cents = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'OR104', MESSAGE = 'transaction_not_found';
  END IF;
  IF v_round.status = 'closed' THEN RAISE EXCEPTION USING ERRCODE = 'OR103', MESSAGE = 'round_closed'; END IF;
  IF p_reference IS NOT NULL THEN
    SELECT kind, round_id, rolled_back INTO v_bet FROM provider_transactions WHERE provider_id = p_provider AND external_id = p_reference;
    IF NOT FOUND OR v_bet.kind <> 'bet' OR v_bet.round_id <> v_round.id OR v_bet.rolled_back THEN
      RAISE EXCEPTION USING ERRCODE = 'OR104', MESSAGE = 'transaction_not_found';
    END IF;
  END IF;
  IF p_currency <> v_round.currency THEN RAISE EXCEPTION USING ERRCODE = 'OR105', MESSAGE = 'wrong_currency'; END IF;
  v_to_real := floor(p_amount::numeric * v_round.bet_real_cents / v_round.bet_cents)::bigint;
  v_to_bonus := p_amount - v_to_real;
  v_ref := 'round:' || v_round.id;
  UPDATE game_rounds SET win_cents = p_amount, status = 'closed', closed_at = p_at, bet = p_bet, outcome = p_outcome, fair = p_fair
    WHERE id = v_round.id;
  IF p_amount >= p_public_multiple * v_round.bet_cents THEN
    INSERT INTO outbox_events (topic, payload, created_at, available_at) VALUES ('games.round_closed', jsonb_build_object('roundId', v_round.id), p_at, p_at);
  END IF;
  SELECT coalesce(sum(balance), 0) INTO v_balance FROM ledger_accounts WHERE user_id = p_user AND currency = v_round.currency AND kind IN ('real', 'bonus');
  v_response := jsonb_build_object('status', 'ok', 'currency', v_round.currency, 'balance_cents', v_balance + p_amount, 'transaction_id', gen_random_uuid()::text);
  INSERT INTO provider_transactions (provider_id, external_id, kind, round_id, reference_external_id, amount_cents, real_cents, bonus_cents, payload_hash, response, created_at)
  VALUES (p_provider, p_external, 'win', v_round.id, p_reference, p_amount, v_to_real, v_to_bonus, p_hash, v_response, p_at);
  PERFORM ledger_move(v_key || ':real', 'win', v_ref, v_round.currency, v_to_real, NULL, 'bets', p_user, 'real', p_at);
  PERFORM ledger_move(v_key || ':bonus', 'win', v_ref, v_round.currency, v_to_bonus, NULL, 'bets', p_user, 'bonus', p_at);
  RETURN v_response;
END
$$;
--> statement-breakpoint
-- Foreign keys to rows every bet would lock (FOR KEY SHARE): the currency of each transfer, the game
-- and provider of each round and provider transaction. Concurrent bets made those rows multixacts
-- and queued on their page. What they guarded stays held: a transfer's accounts have keys to their
-- currency (the audit proves the transfer's currency is theirs), a round's game and provider are its
-- session's, which has keys to them.
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_provider_id_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "provider_transactions" DROP CONSTRAINT "provider_transactions_provider_id_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_currency_currencies_code_fk";
