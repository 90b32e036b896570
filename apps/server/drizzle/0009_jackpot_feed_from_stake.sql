-- The jackpot's share of a bet leaves the player's stake straight for the pool (player → jackpot_pool,
-- kind `bet`), instead of reaching the house's `bets` first and moving on (bets → jackpot_pool): the
-- hot `bets` row of a currency is then updated once a bet, not twice. What the house and the pool
-- each end up with is the same; a rollback still refunds the whole stake from `bets`.
-- The lock order stays: the player's accounts, the house's bets, jackpot pool, jackpot levels, promotions.
DROP FUNCTION wallet_bet(int, text, text, bigint, bigint, text, int, text, text, text, bigint, bigint, timestamptz);
--> statement-breakpoint
DROP FUNCTION jackpot_bet(bigint, text, text, text, bigint, bigint, text, timestamptz);
--> statement-breakpoint
-- The jackpot a bet of this game and currency feeds, and its share of the stake (0 when none).
CREATE FUNCTION jackpot_share(p_currency text, p_game text, p_amount bigint, OUT jackpot_id int, OUT share bigint)
LANGUAGE sql STABLE AS $$
  SELECT j.id, coalesce((SELECT sum(p_amount * contribution_bp / 10000) FROM jackpot_levels WHERE jackpot_id = j.id), 0)::bigint
  FROM jackpots j WHERE j.currency = p_currency AND j.enabled AND p_game = ANY (j.games) ORDER BY j.id LIMIT 1
$$;
--> statement-breakpoint
-- Feeds jackpot `p_jackpot` with `p_share` of the stake (its real part first, then its bonus part)
-- and pays the level the bet's draw hits (docs/provider-protocol.md): answers the hit as
-- {level, name, amount_cents} or null.
CREATE FUNCTION jackpot_bet(p_jackpot int, p_share bigint, p_share_real bigint, p_user bigint, p_user_name text, p_currency text,
  p_amount bigint, p_draw bigint, p_reference text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_hit int;
  v_level record;
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
  IF p_share = 0 AND v_hit IS NULL THEN RETURN NULL; END IF;
  UPDATE jackpot_levels SET amount_cents = amount_cents + p_amount * contribution_bp / 10000 WHERE jackpot_id = p_jackpot;
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
-- provider's transaction id with its answer; moved to the house, less the jackpot's share, which
-- moves to the pool. Answers the answer.
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
  v_jackpot record;
  v_share_real bigint := 0;
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
