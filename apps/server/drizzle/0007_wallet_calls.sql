-- A provider's bet and win, each one statement (one round trip), as ledger_transfer() is for a
-- transfer: the 500 bets a second of the games issue cannot afford a dozen round trips a call.
-- The platform checks the signature, the session, replays and the pre-bet rules first; these
-- functions do the money, in the lock order every transfer follows (the player's accounts, then
-- the house's bets, jackpot pool, jackpot levels, promotions). Refusals raise, so nothing remains:
--   OR101 insufficient_funds (DETAIL = real + bonus balance), OR102 invalid_request (the round is
--   another player's), OR103 round_closed, OR104 transaction_not_found, OR105 wrong_currency.
-- A provider transaction id seen concurrently raises 23505 (unique): the caller answers the replay.

-- The ledger's payload hash of a transfer, as the Ledger computes it in TypeScript:
-- base64url(sha256(JSON.stringify([kind, reference, currency, amount, from, to]))).
CREATE FUNCTION ledger_payload_hash(p_kind text, p_reference text, p_currency text, p_amount bigint, p_from text, p_to text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(rtrim(encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',' || to_json(p_reference)::text || ',' || to_json(p_currency)::text || ',' || p_amount::text || ','
        || to_json(p_from)::text || ',' || to_json(p_to)::text || ']', 'UTF8')), 'base64'), '='), '+/', '-_')
$$;
--> statement-breakpoint
-- One ledger transfer between a player's (or the house's) account and another, with the hash and
-- outbox event the Ledger would write (`p_*_user` null: a house account).
CREATE FUNCTION ledger_move(p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_from_user bigint, p_from_kind text, p_to_user bigint, p_to_kind text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_from text := CASE WHEN p_from_user IS NULL THEN 'house:' || p_from_kind ELSE 'player:' || p_from_user || ':' || p_from_kind END;
  v_to text := CASE WHEN p_to_user IS NULL THEN 'house:' || p_to_kind ELSE 'player:' || p_to_user || ':' || p_to_kind END;
  v_side_from jsonb := CASE WHEN p_from_user IS NULL THEN jsonb_build_object('house', p_from_kind) ELSE jsonb_build_object('player', p_from_user, 'kind', p_from_kind) END;
  v_side_to jsonb := CASE WHEN p_to_user IS NULL THEN jsonb_build_object('house', p_to_kind) ELSE jsonb_build_object('player', p_to_user, 'kind', p_to_kind) END;
BEGIN
  IF p_amount <= 0 THEN RETURN; END IF;
  PERFORM ledger_transfer(p_key, p_kind, p_reference, p_currency, p_amount, p_from_user, p_from_kind, p_to_user, p_to_kind,
    ledger_payload_hash(p_kind, p_reference, p_currency, p_amount, v_from, v_to), p_at,
    jsonb_build_object('kind', p_kind, 'reference', p_reference, 'currency', p_currency, 'amount', p_amount, 'from', v_side_from, 'to', v_side_to));
END
$$;
--> statement-breakpoint
-- Feeds the jackpot of a bet's game and currency and pays the level its draw hits (docs/provider-protocol.md):
-- answers the hit as {level, name, amount_cents} or null.
CREATE FUNCTION jackpot_bet(p_user bigint, p_user_name text, p_currency text, p_game text, p_amount bigint, p_draw bigint,
  p_reference text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_jackpot int;
  v_total bigint;
  v_hit int;
  v_level record;
  v_win bigint;
BEGIN
  SELECT id INTO v_jackpot FROM jackpots WHERE currency = p_currency AND enabled AND p_game = ANY (games) ORDER BY id LIMIT 1;
  IF v_jackpot IS NULL THEN RETURN NULL; END IF;
  SELECT coalesce(sum(p_amount * contribution_bp / 10000), 0) INTO v_total FROM jackpot_levels WHERE jackpot_id = v_jackpot;
  PERFORM ledger_move('jackpot:feed:' || p_reference, 'jackpot', p_reference, p_currency, v_total, NULL, 'bets', NULL, 'jackpot_pool', p_at);
  IF p_draw IS NOT NULL THEN
    -- Slices of hit_weight values laid out from 0, grand first.
    SELECT id INTO v_hit FROM (
      SELECT id, sum(hit_weight) OVER (ORDER BY position DESC, id) AS upto FROM jackpot_levels WHERE jackpot_id = v_jackpot
    ) l WHERE p_draw < upto ORDER BY upto LIMIT 1;
  END IF;
  IF v_total = 0 AND v_hit IS NULL THEN RETURN NULL; END IF;
  UPDATE jackpot_levels SET amount_cents = amount_cents + p_amount * contribution_bp / 10000 WHERE jackpot_id = v_jackpot;
  IF v_hit IS NULL THEN RETURN NULL; END IF;
  SELECT * INTO v_level FROM jackpot_levels WHERE id = v_hit;
  IF v_level.amount_cents <= 0 THEN RETURN NULL; END IF;
  PERFORM ledger_move('jackpot:hit:' || p_reference, 'jackpot', p_reference, p_currency, v_level.amount_cents, NULL, 'jackpot_pool', p_user, 'real', p_at);
  UPDATE jackpot_levels SET amount_cents = seed_cents, resets = resets + 1 WHERE id = v_hit;
  PERFORM ledger_move('jackpot:seed:' || v_hit || ':' || (v_level.resets + 1), 'jackpot', 'jackpot_level:' || v_hit, p_currency, v_level.seed_cents,
    NULL, 'promotions', NULL, 'jackpot_pool', p_at);
  INSERT INTO jackpot_wins (level_id, user_id, user_name, round_reference, currency, amount_cents, created_at)
  VALUES (v_hit, p_user, p_user_name, p_reference, p_currency, v_level.amount_cents, p_at) RETURNING id INTO v_win;
  INSERT INTO outbox_events (topic, payload, created_at, available_at) VALUES ('jackpots.won', jsonb_build_object('winId', v_win), p_at, p_at);
  RETURN jsonb_build_object('level', v_level.identifier, 'name', v_level.name, 'amount_cents', v_level.amount_cents);
END
$$;
--> statement-breakpoint
-- A provider's bet: split over real money first, then bonus; added to its round; recorded under the
-- provider's transaction id with its answer; moved to the house; the jackpot fed. Answers the answer.
CREATE FUNCTION wallet_bet(p_provider int, p_external text, p_hash text, p_session bigint, p_user bigint, p_user_name text,
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
  v_hit jsonb;
  v_response jsonb;
BEGIN
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
  -- The house's hot rows last: held only until the commit.
  PERFORM ledger_move(v_key || ':real', 'bet', v_ref, p_currency, v_from_real, p_user, 'real', NULL, 'bets', p_at);
  PERFORM ledger_move(v_key || ':bonus', 'bet', v_ref, p_currency, v_from_bonus, p_user, 'bonus', NULL, 'bets', p_at);
  v_hit := jackpot_bet(p_user, p_user_name, p_currency, p_game_identifier, p_amount, p_draw, v_ref || ':' || p_external, p_at);
  IF v_hit IS NULL THEN RETURN v_response; END IF;
  v_response := v_response || jsonb_build_object('balance_cents', v_real + v_bonus - p_amount + (v_hit ->> 'amount_cents')::bigint, 'jackpot_win', v_hit);
  UPDATE provider_transactions SET response = v_response WHERE id = v_tx;
  UPDATE game_rounds SET jackpot_win_cents = jackpot_win_cents + (v_hit ->> 'amount_cents')::bigint WHERE id = v_round.id;
  RETURN v_response;
END
$$;
--> statement-breakpoint
-- A provider's win: closes its round, paid to real and bonus money in the proportion the round's
-- bets took from each (the real share rounded down). Answers the answer.
CREATE FUNCTION wallet_win(p_provider int, p_external text, p_hash text, p_user bigint, p_round text, p_reference text,
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
BEGIN
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
