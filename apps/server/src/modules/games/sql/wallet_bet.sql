-- A provider's bet, one statement (one round trip): the replay's first answer, or the bet split
-- real money first, added to its round, recorded with its answer, moved to the house, the
-- jackpot fed and a hit paid. The platform checks the signature, the session and the pre-bet
-- rules first; this does the money, in the lock order every transfer follows (the player's
-- accounts, then the house's bets, jackpot pool, jackpot levels, promotions). Refusals raise, so
-- nothing remains: OR101 insufficient_funds (DETAIL = real + bonus balance), OR102
-- invalid_request (the round is another player's), OR103 round_closed, OR106
-- transaction_rolled_back, OR107 duplicate_transaction, OR108 game_disabled. A provider
-- transaction id seen concurrently raises 23505 (unique): the caller answers the replay.
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
  SELECT * INTO v_jackpot FROM jackpot_share(p_currency, p_game_identifier, p_amount, p_user);
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
